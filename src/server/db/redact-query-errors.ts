import { DrizzleQueryError } from "drizzle-orm";
import { PgPreparedQuery } from "drizzle-orm/pg-core";

/**
 * A failed query's error must not carry the family's data (issue 21). Drizzle's error
 * message is "Failed query: <sql> params: <values>" and the driver's error may quote the
 * refused value ('invalid input syntax …: "claire@…"') or the conflicting row ('Key
 * (email)=(…)'). Whoever logs the error (our handler, Next.js, a process crash) would
 * print them. So every failed query is rethrown with the SQL text (placeholders only),
 * the number of values, and the driver error reduced to its codes: SQLSTATE, constraint,
 * table, column, which is what callers test (unique violations) and what debugging needs.
 */

const KEPT_FIELDS = ["code", "severity", "constraint", "table", "column", "schema", "dataType", "routine"] as const;

/** The driver error without its message, detail, hint or where (which may quote values). */
export function redactDriverError(error: unknown): Error {
  const source = (error && typeof error === "object" ? error : {}) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const field of KEPT_FIELDS) if (typeof source[field] === "string") kept[field] = source[field];
  const summary = [kept.code ? `SQLSTATE ${String(kept.code)}` : "database error", kept.constraint ? `constraint ${String(kept.constraint)}` : null]
    .filter(Boolean)
    .join(", ");
  const redacted = Object.assign(new Error(summary), kept);
  redacted.name = error instanceof Error ? error.constructor.name || error.name : "DatabaseError";
  return redacted;
}

export function redactQueryError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const params = Array.isArray(error.params) ? error.params : [];
  return new DrizzleQueryError(error.query, [`${params.length} values withheld`], redactDriverError(error.cause));
}

let installed = false;

/** Patches Drizzle's one place where queries fail (every driver's prepared query goes through it). Idempotent. */
export function installQueryErrorRedaction(): void {
  if (installed) return;
  installed = true;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: (...args: unknown[]) => Promise<unknown> };
  const original = prototype.queryWithCache;
  prototype.queryWithCache = async function queryWithCache(this: unknown, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      throw redactQueryError(error);
    }
  };
}
