export function isErrorResponse(data: unknown): boolean;
export default class PageCacheHandler {
  constructor(ctx: Record<string, unknown>);
  get(key: string, ctx: Record<string, unknown>): Promise<{ value?: { kind?: string } | null } | null>;
  set(key: string, data: unknown, ctx: Record<string, unknown>): Promise<void>;
}
