import type { Context } from "hono";
import { errorBodySchema, unprocessableBodySchema } from "@/domain/schemas/common";
import { RateLimitedError } from "@/server/services/deal-extras/rate-limited";

/** Error responses shared by the route descriptions of the OpenAPI document. */
const json = <T>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

export const errorResponses = {
  400: json(errorBodySchema, "Malformed request (invalid_json...)"),
  401: json(errorBodySchema, "Not signed in, or not with the right kind of account (unauthorized)"),
  403: json(errorBodySchema, "Signed in without the required role (forbidden)"),
  404: json(errorBodySchema, "Unknown resource (not_found)"),
  413: json(errorBodySchema, "Body over the size limit (payload_too_large)"),
  422: json(unprocessableBodySchema, "Invalid input: one code per problem"),
  500: json(errorBodySchema, "Unexpected failure (internal_error)"),
} as const;

export function jsonResponse<T>(schema: T, description: string) {
  return json(schema, description);
}

/** Runs a handler whose use case may refuse with RateLimitedError: the 429 then carries Retry-After. */
export async function limited<T>(c: Context, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RateLimitedError) c.header("Retry-After", String(error.retryAfterSeconds));
    throw error;
  }
}
