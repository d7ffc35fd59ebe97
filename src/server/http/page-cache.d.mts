import type { IncomingMessage, ServerResponse } from "node:http";

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;
export interface PageCacheOptions {
  maxBytes?: number;
  maxEntryBytes?: number;
  maxAgeSeconds?: number;
  now?: () => number;
}
export interface PageCache {
  handle(req: IncomingMessage, res: ServerResponse, next: Handler): unknown;
  stats(): { entries: number; bytes: number };
  clear(): void;
}
export function cacheKey(req: IncomingMessage): string | null;
export function storableSeconds(status: number, headers: Record<string, string | string[] | number | undefined>, maxAgeSeconds: number): number;
export function createPageCache(options?: PageCacheOptions): PageCache;
export function shareForInvalidation<T extends { clear(): void }>(cache: T): T;
export function clearSharedPageCaches(): void;
