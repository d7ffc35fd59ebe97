import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error shape of the API (DESIGN "Errors"): 422 answers
 * `{ error: "Unprocessable Entity", errors: [codes] }`, every other failure
 * `{ error: "<status text>", message: "<code>" }`.
 */
export const STATUS_TEXT: Partial<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? "Internal Server Error" : "Bad Request");
}

/** Thrown by handlers and services to answer a client error with a code. */
export class ApiError extends Error {
  readonly codes: string[];
  constructor(
    readonly status: ContentfulStatusCode,
    code: string | string[],
  ) {
    const codes = Array.isArray(code) ? code : [code];
    super(codes.join(", "));
    this.name = "ApiError";
    this.codes = codes.length > 0 ? codes : ["unhandled"];
  }
}

export const notFoundError = (code = "not_found") => new ApiError(404, code);
export const unauthorizedError = () => new ApiError(401, "unauthorized");
export const forbiddenError = () => new ApiError(403, "forbidden");

export function errorBody(status: number, codes: string[]) {
  return status === 422
    ? { error: "Unprocessable Entity" as const, errors: codes }
    : { error: statusText(status), message: codes[0] ?? "unhandled" };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, code: string | string[]): Response {
  return c.json(errorBody(status, Array.isArray(code) ? code : [code]), status);
}

/** Logs unexpected failures with the request id; answers them without any internal detail. */
export function handleError(error: unknown, c: Context): Response {
  if (error instanceof ApiError) return errorResponse(c, error.status, error.codes);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    if (status === 400 && /json/i.test(error.message)) return errorResponse(c, 400, "invalid_json");
    if (status === 413) return errorResponse(c, 413, "payload_too_large");
    if (status < 500) return errorResponse(c, status, status === 401 ? "unauthorized" : status === 403 ? "forbidden" : status === 404 ? "not_found" : "bad_request");
  }
  const requestId = (c.get as (key: string) => unknown)("requestId");
  console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname} failed (request ${String(requestId ?? "-")}):`, error);
  return errorResponse(c, 500, "internal_error");
}

export function handleNotFound(c: Context): Response {
  return errorResponse(c, 404, "not_found");
}
