import type { Context } from "hono";
import type { z } from "zod";
import { errorResponse } from "@/server/http/errors";

/**
 * Turns zod issues into error codes. A schema message that already is a code
 * (`autocomplete__q__too_long`) is used as is; otherwise the code is built from the
 * field path and the kind of problem (`limit__invalid`, `lastname__missing`).
 */
const CODE = /^[a-z0-9_]+$/;

export function issueCodes(issues: readonly z.core.$ZodIssue[], input: unknown): string[] {
  const codes = issues.map((issue) => {
    if (CODE.test(issue.message)) return issue.message;
    const path = issue.path.map(String).join("__") || "body";
    if (issue.code === "invalid_type" && valueAt(input, issue.path) === undefined) return `${path}__missing`;
    switch (issue.code) {
      case "too_big":
        return `${path}__${issue.origin === "string" || issue.origin === "array" ? "too_long" : "too_big"}`;
      case "too_small":
        return `${path}__${issue.origin === "string" || issue.origin === "array" ? "too_short" : "too_small"}`;
      case "unrecognized_keys":
        return `${path}__unknown_keys`;
      default:
        return `${path}__invalid`;
    }
  });
  return [...new Set(codes)];
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Default hook of every validated route: 422 with the codes, never the raw zod report. */
export function validationHook(
  result: { success: true; data: unknown } | { success: false; error: z.ZodError; data?: unknown },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return errorResponse(c, 422, issueCodes(result.error.issues, result.data));
}
