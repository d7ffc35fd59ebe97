import type { IncomingMessage, ServerResponse } from "node:http";

export function hasMalformedPath(url: string): boolean;
export function rejectMalformedPath(req: IncomingMessage, res: ServerResponse): boolean;
