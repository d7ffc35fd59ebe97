import { ApiError, networkError, toApiError } from "@/api-client/api-error";
import {
  TOKEN_HEADERS,
  clearSession,
  hasStoredTokens,
  readStoredCompany,
  readTokens,
  saveTokens,
  type AuthTokens,
} from "@/api-client/auth-storage";
import { defaultHosts, resolveUrl, type ApiHosts } from "@/api-client/base-url";
import { toFormData, toQueryString, type FormValue, type QueryParams } from "@/api-client/query-string";
import { sessionId } from "@/api-client/session-id";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  /** Sent in bracket-array form (`ids[]=1&ids[]=2`). */
  query?: QueryParams;
  /** Extra headers; they win over the computed ones. */
  headers?: Record<string, string>;
  /** Send the per-session id in the `session-id` header. */
  withSession?: boolean;
  /** Send a plain-object body as multipart form data (files stay files). */
  asForm?: boolean;
  signal?: AbortSignal;
  /**
   * Whether a 401 with stored tokens calls the session-expired handler (the tokens are
   * cleared either way). Token validation, sign-in and sign-out handle a 401 themselves.
   */
  notifySessionExpired?: boolean;
}

export interface BodyRequestOptions extends RequestOptions {
  body?: unknown;
}

/** What the app does when the server says the session is over (usually: go to login). */
export type SessionExpiredHandler = () => void;

let sessionExpiredHandler: SessionExpiredHandler | null = null;
const sessionExpiredListeners = new Set<SessionExpiredHandler>();

/** Registers the app's reaction to an expired session (one at a time; null removes it). */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  sessionExpiredHandler = handler;
}

/** Lets state holders (the Redux store) forget the user too; returns the unsubscribe. */
export function onSessionExpired(listener: SessionExpiredHandler): () => void {
  sessionExpiredListeners.add(listener);
  return () => void sessionExpiredListeners.delete(listener);
}

function notifySessionExpired(): void {
  for (const listener of [...sessionExpiredListeners]) listener();
  sessionExpiredHandler?.();
}

function authHeaders(tokens: AuthTokens | null): Record<string, string> {
  if (!tokens) return {};
  const headers: Record<string, string> = { "token-type": "Bearer" };
  for (const name of TOKEN_HEADERS) {
    const value = tokens[name];
    if (value) headers[name] = value;
  }
  return headers;
}

/** Keeps the tokens a response rotated (read through `header`, so XHR uploads share it). */
export function captureTokensFrom(header: (name: string) => string | null): void {
  const rotated: AuthTokens = {};
  for (const name of TOKEN_HEADERS) {
    const value = header(name);
    if (value) rotated[name] = value;
  }
  saveTokens(rotated);
}

function captureTokens(response: Response): void {
  captureTokensFrom((name) => response.headers.get(name));
}

/** The headers every call carries: the company, then the session's tokens. */
export function identityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const company = readStoredCompany();
  if (company) headers["company-id"] = String(company.id);
  return Object.assign(headers, authHeaders(readTokens()));
}

function contentType(response: Response): string {
  return (response.headers.get("content-type") ?? "").toLowerCase();
}

function isJson(type: string): boolean {
  return type.includes("application/json") || /\+json\b/.test(type);
}

async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (text === "") return null;
  if (!isJson(contentType(response))) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = contentType(response);
  if (type.includes("application/pdf")) return response.blob();
  const text = await response.text();
  if (!isJson(type)) return text;
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ApiError(response.status, text, response.statusText, undefined, {
      message: `API answered ${response.status} with malformed JSON`,
      cause,
    });
  }
}

export interface ApiClientConfig {
  /** Hosts of the bases; defaults to the public configuration (same origin when unset). */
  hosts?: ApiHosts;
  /** Fetch implementation; defaults to the global one, looked up on each call. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: BodyRequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: BodyRequestOptions): Promise<T>;
}

/** The typed fetch client of SPEC §7-§8. */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  async function request<T>(method: HttpMethod, path: string, options: BodyRequestOptions = {}): Promise<T> {
    const query = toQueryString(options.query);
    const base = resolveUrl(path, config.hosts ?? defaultHosts());
    const url = query === "" ? base : `${base}${base.includes("?") ? "&" : "?"}${query}`;

    const headers: Record<string, string> = { Accept: "application/json" };
    let body: BodyInit | undefined;
    if (options.body !== undefined && method !== "GET") {
      if (options.body instanceof FormData) {
        // No Content-Type: the browser writes it with the multipart boundary.
        body = options.body;
      } else if (options.asForm && typeof options.body === "object" && options.body !== null) {
        body = toFormData(options.body as Record<string, FormValue>);
      } else {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(options.body);
      }
    }
    Object.assign(headers, identityHeaders());
    if (options.withSession) headers["session-id"] = sessionId();
    Object.assign(headers, options.headers);

    const doFetch = config.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, credentials: "include", signal: options.signal });
    } catch (error) {
      // A cancelled call is the caller's decision, not a failure to report.
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      if (error instanceof Error && error.name === "AbortError") throw error;
      throw error instanceof TypeError ? networkError(error) : toApiError(error);
    }

    if (response.status === 401) {
      if (hasStoredTokens()) {
        clearSession();
        if (options.notifySessionExpired !== false) notifySessionExpired();
      }
    } else {
      captureTokens(response);
    }

    if (!response.ok) {
      throw new ApiError(response.status, await readErrorBody(response), response.statusText);
    }
    return (await readBody(response)) as T;
  }

  return {
    request,
    get: (path, options) => request("GET", path, options),
    post: (path, body, options) => request("POST", path, { ...options, body }),
    put: (path, body, options) => request("PUT", path, { ...options, body }),
    patch: (path, body, options) => request("PATCH", path, { ...options, body }),
    delete: (path, options) => request("DELETE", path, options),
  };
}

/** The app's client, on the configured hosts. */
export const api: ApiClient = createApiClient();
