import { describe, expect, it } from "vitest";
import { signInHeaders, type TestContext } from "./app";
import { CALLERS, type CallerName } from "./authorization-matrix";

/**
 * The authorisation matrix of a family file: the callers of describeAuthorizationMatrix
 * plus the file's own members (owner, editor, reader, notary) and a stranger (the seeded
 * client, who holds nothing on it). A row's request may be computed when the case runs, so
 * a row that changes or deletes something gets a fresh target for each caller.
 */
export type FamilyRole = "owner" | "editor" | "reader" | "notary";
export type FamilyCaller = Exclude<CallerName, "client"> | FamilyRole | "stranger";

export interface FamilyMatrixRow {
  /** Label shown in the test name. */
  title: string;
  request: (caller: FamilyCaller) => string | Promise<string>;
  /** The JSON body, or a function giving it when the case runs (ids of fixtures made in beforeAll). */
  body?: unknown;
  expect: Partial<Record<FamilyCaller, number>>;
}

const REFUSALS: Record<number, unknown> = {
  401: { error: "Unauthorized", message: "unauthorized" },
  403: { error: "Forbidden", message: "forbidden" },
  404: { error: "Not Found", message: "not_found" },
};

async function headersOf(ctx: TestContext, caller: FamilyCaller, family: () => Record<FamilyRole, string>): Promise<Record<string, string>> {
  if (caller === "owner" || caller === "editor" || caller === "reader" || caller === "notary") return signInHeaders(ctx.db, "client", family()[caller]);
  const entry: { realm: "client" | "business_user"; email: string; forge?: Record<string, string> } | null = caller === "stranger" ? CALLERS.client : CALLERS[caller];
  if (!entry) return {};
  const headers = await signInHeaders(ctx.db, entry.realm, entry.email);
  return entry.forge ? { ...headers, ...entry.forge } : headers;
}

export function describeFamilyMatrix(title: string, context: () => TestContext, family: () => Record<FamilyRole, string>, rows: readonly FamilyMatrixRow[]): void {
  const cases = rows.flatMap((row) => Object.entries(row.expect).map(([caller, status]) => [row.title, caller as FamilyCaller, status!, row] as const));
  describe(`authorisation matrix: ${title}`, () => {
    it.each(cases)("%s as %s answers %i", async (_title, caller, status, row) => {
      const ctx = context();
      const request = await row.request(caller);
      const [method, path] = request.split(" ", 2) as [string, string];
      const headers: Record<string, string> = { ...(await headersOf(ctx, caller, family)) };
      const body: unknown = typeof row.body === "function" ? await (row.body as () => unknown)() : row.body;
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await ctx.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(response.status).toBe(status);
      if (REFUSALS[status]) expect(await response.json()).toEqual(REFUSALS[status]);
    });
  });
}
