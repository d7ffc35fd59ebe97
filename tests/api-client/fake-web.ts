import { vi } from "vitest";

/** In-memory Web Storage, so tests see exactly what the code keeps in local storage. */
export class FakeStorage implements Storage {
  private values = new Map<string, string>();
  get length(): number {
    return this.values.size;
  }
  clear(): void {
    this.values.clear();
  }
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }
}

export function installFakeStorage(): { local: FakeStorage; session: FakeStorage } {
  const local = new FakeStorage();
  const session = new FakeStorage();
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", session);
  return { local, session };
}

export function installFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
}

/** The [url, init] of the nth fetch call, with headers as a plain object. */
export function callOf(fetchMock: ReturnType<typeof installFetch>, n = 0) {
  const call = fetchMock.mock.calls[n];
  if (!call) throw new Error(`fetch was called ${fetchMock.mock.calls.length} times, wanted call #${n}`);
  const [url, init = {}] = call;
  return { url: String(url), init, headers: (init.headers ?? {}) as Record<string, string> };
}

export const TOKENS_KEY = "paisible.auth-tokens";
export const USER_KEY = "paisible.user";
export const COMPANY_KEY = "paisible.company";
export const ATTRIBUTION_KEY = "paisible.attribution";

export function storeTokens(local: Storage, tokens: Record<string, string> = { "access-token": "tok-1", client: "cli-1", expiry: "1900000000", uid: "marie@example.test" }) {
  local.setItem(TOKENS_KEY, JSON.stringify(tokens));
}
