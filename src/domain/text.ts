import type { z } from "zod";

/**
 * Text the database can store (issue 21): PostgreSQL refuses a NUL byte in text, and a
 * lone UTF-16 surrogate (half of an emoji, cut by a careless client) has no UTF-8 form.
 * Every free-text field of the API goes through `storableText`, so such input is a 422
 * with the field's code instead of a failed query.
 */
// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnstorableText(value: string): boolean {
  return UNSTORABLE_TEXT.test(value);
}

/** The one refinement of free-text fields: `storableText(z.string().trim().max(100), "client__firstname__invalid_characters")`. */
export function storableText<T extends z.ZodType<string | null | undefined>>(schema: T, code: string): T {
  return schema.refine((value) => typeof value !== "string" || !hasUnstorableText(value), { error: code }) as unknown as T;
}

/** Generic code for unstorable text outside a validated field (a query string, a body read raw). */
export const INVALID_CHARACTERS_CODE = "text__invalid_characters";
