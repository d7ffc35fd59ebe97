import { errorBodySchema, unprocessableBodySchema } from "@/domain/schemas/common";

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

