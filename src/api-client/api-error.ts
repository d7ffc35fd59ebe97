import { NO_NETWORK, UNHANDLED } from "@/domain/errors";

/** Error bodies whose `error` field SPEC §8 recognises. */
export const RECOGNISED_ERRORS = [
  "Bad Request",
  "Unauthorized",
  "Forbidden",
  "Not Found",
  "Unprocessable Entity",
  "Internal Server Error",
] as const;

/** Status of an ApiError that got no HTTP response. */
export const NO_RESPONSE_STATUS = 0;

function asCodeList(value: unknown): string[] | null {
  const items = Array.isArray(value) ? value : [value];
  const codes = items
    .filter((item): item is string | number => (typeof item === "string" && item.trim() !== "") || typeof item === "number")
    .map(String);
  return codes.length > 0 ? codes : null;
}

/**
 * Error codes of a failed call (SPEC §8). Status 0 is a call that never reached the
 * server. A 422 or an "Unprocessable Entity" body lists its codes in `errors`; the other
 * recognised bodies carry one in `message`; anything else is `unhandled`.
 */
export function codesFromResponse(status: number, body: unknown): string[] {
  if (status === NO_RESPONSE_STATUS) return [NO_NETWORK];
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [UNHANDLED];
  const { error, errors, message } = body as { error?: unknown; errors?: unknown; message?: unknown };
  if (typeof error !== "string" || !(RECOGNISED_ERRORS as readonly string[]).includes(error)) return [UNHANDLED];
  const listed = error === "Unprocessable Entity" || status === 422 ? errors : message;
  return asCodeList(listed) ?? [UNHANDLED];
}

export interface SerializedApiError {
  name: "ApiError";
  message: string;
  status: number;
  statusText: string;
  body: unknown;
  codes: string[];
}

/** A failed API call: HTTP status, body and status text, and the error codes to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  readonly codes: string[];

  constructor(status: number, body: unknown, statusText = "", codes?: string[], options?: { message?: string; cause?: unknown }) {
    const resolved = codes && codes.length > 0 ? [...codes] : codesFromResponse(status, body);
    super(
      options?.message ??
        (status === NO_RESPONSE_STATUS
          ? `API call failed without a response: ${resolved.join(", ")}`
          : `API call failed with ${status}${statusText ? ` ${statusText}` : ""}: ${resolved.join(", ")}`),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.codes = resolved;
  }

  /** The call never reached the server. */
  get isNetworkError(): boolean {
    return this.codes.includes(NO_NETWORK);
  }

  /** Plain data, so the error survives Redux actions and logs. */
  toJSON(): SerializedApiError {
    return {
      name: "ApiError",
      message: this.message,
      status: this.status,
      statusText: this.statusText,
      body: this.body,
      codes: [...this.codes],
    };
  }

  static fromJSON(data: SerializedApiError): ApiError {
    return new ApiError(data.status, data.body, data.statusText, data.codes, { message: data.message });
  }
}

export function isSerializedApiError(value: unknown): value is SerializedApiError {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<SerializedApiError>;
  return (
    v.name === "ApiError" &&
    typeof v.status === "number" &&
    typeof v.message === "string" &&
    Array.isArray(v.codes) &&
    v.codes.every((c) => typeof c === "string")
  );
}

/** A failed `fetch` (offline, DNS, CORS) rejects with a TypeError. */
export function networkError(cause: unknown): ApiError {
  return new ApiError(NO_RESPONSE_STATUS, null, "Network Error", [NO_NETWORK], { cause });
}

/**
 * Any thrown value as an ApiError: API errors (live or serialized) as they are, anything
 * else as `unhandled` keeping its message. Network failures are recognised where fetch
 * is called (networkError), because elsewhere a TypeError is a programming error.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isSerializedApiError(error)) return ApiError.fromJSON(error);
  const message =
    typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string"
      ? (error as { message: string }).message
      : typeof error === "string"
        ? error
        : undefined;
  return new ApiError(NO_RESPONSE_STATUS, error ?? null, "", [UNHANDLED], {
    message: message && message !== "" ? message : "Unexpected failure",
    cause: error,
  });
}
