import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { INVALID_CHARACTERS_CODE } from "@/domain/text";

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
  501: "Not Implemented",
  502: "Bad Gateway",
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

/** 429 rate_limited: the error handler answers it with Retry-After, whichever limit refused. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "rate_limited");
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

/** SQLSTATEs of text PostgreSQL cannot store: invalid byte sequence, untranslatable character. */
const UNSTORABLE_TEXT_STATES = new Set(["22021", "22P05"]);

/** The `code`s along an error's cause chain (SQLSTATE of a failed query, errno of a system call). */
export function errorCodesOf(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" || typeof code === "number") codes.push(String(code));
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * One log line for an unexpected failure, without personal data: a failed query's
 * message carries its SQL and its parameters (names, e-mails, phones of families), and
 * a driver's message may quote the refused value. So: the error classes, the codes
 * (SQLSTATE) and where it happened (stack frames), never a message or a value.
 */
export function describeError(error: unknown): string {
  const names: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    names.push(current instanceof Error ? current.constructor.name || current.name : typeof current);
    current = (current as { cause?: unknown }).cause;
  }
  if (names.length === 0) names.push(typeof error);
  const frames =
    error instanceof Error && error.stack
      ? error.stack
          .split("\n")
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 8)
          .join("\n")
      : "";
  const codes = errorCodesOf(error);
  return `${names.join(" <- ")}${codes.length > 0 ? ` code=${codes.join(",")}` : ""}${frames ? `\n${frames}` : ""}`;
}

/** Logs unexpected failures with the request id; answers them without any internal detail. */
export function handleError(error: unknown, c: Context): Response {
  if (error instanceof RateLimitedError) c.header("Retry-After", String(error.retryAfterSeconds));
  if (error instanceof ApiError) return errorResponse(c, error.status, error.codes);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    if (status === 400 && /json/i.test(error.message)) return errorResponse(c, 400, "invalid_json");
    if (status === 413) return errorResponse(c, 413, "payload_too_large");
    if (status < 500) return errorResponse(c, status, status === 401 ? "unauthorized" : status === 403 ? "forbidden" : status === 404 ? "not_found" : "bad_request");
  }
  const codes = errorCodesOf(error);
  // Text the database refused (a NUL byte in a field no schema refines): the caller's input, not our failure.
  if (codes.some((code) => UNSTORABLE_TEXT_STATES.has(code))) return errorResponse(c, 422, INVALID_CHARACTERS_CODE);
  const requestId = (c.get as (key: string) => unknown)("requestId");
  console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname} failed (request ${String(requestId ?? "-")}): ${describeError(error)}`);
  return errorResponse(c, 500, "internal_error");
}

export function handleNotFound(c: Context): Response {
  return errorResponse(c, 404, "not_found");
}
