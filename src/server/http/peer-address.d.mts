import type { IncomingMessage } from "node:http";

export const PEER_ADDRESS_HEADER: "x-paisible-peer-address";
export function peerStamp(address: string): string;
export function readPeerAddress(value: string | undefined | null): string | null;
export function stampPeerAddress(req: IncomingMessage): void;
