import type { IncomingMessage } from "node:http";

export const PEER_ADDRESS_HEADER: "x-paisible-peer-address";
export function stampPeerAddress(req: IncomingMessage): void;
