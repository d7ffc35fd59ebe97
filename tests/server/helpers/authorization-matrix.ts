import { describe, expect, it } from "vitest";
import { signInHeaders, type TestContext } from "./app";

/**
 * Who calls in an authorisation-matrix row: a visitor, the seeded client, each seeded
 * business role, and two broken credentials (a forged token, a token sent with another
 * user's uid), which must count as no session at all.
 */
export const CALLERS = {
  visitor: null,
  client: { realm: "client", email: "client@demo.test" },
  admin: { realm: "business_user", email: "admin@demo.test" },
  director: { realm: "business_user", email: "directeur@demo.test" },
  advisor: { realm: "business_user", email: "conseiller@demo.test" },
  guest: { realm: "business_user", email: "analyste@demo.test" },
  pro: { realm: "business_user", email: "pro@demo.test" },
  forged: { realm: "business_user", email: "admin@demo.test", forge: { "access-token": "forged" } },
  borrowed: { realm: "business_user", email: "admin@demo.test", forge: { uid: "directeur@demo.test" } },
} as const satisfies Record<string, { realm: "client" | "business_user"; email: string; forge?: Record<string, string> } | null>;

export type CallerName = keyof typeof CALLERS;

/** A caller a matrix adds to the seeded ones (a family member of a fixture: owner, reader, notary…). */
export type ExtraCaller = { realm: "client" | "business_user"; email: string } | null;

export interface MatrixRow<Extra extends string = never> {
  /** "GET /api/v1/deals?per_page=1"; the method defaults to GET. `:name` segments are filled from the matrix's params. */
  request: string;
  /** The JSON body, or a function giving it when the test runs (ids of fixtures made in beforeAll). */
  body?: unknown;
  /** The status each caller gets; callers left out are not tried on this row. Tried in this order. */
  expect: Partial<Record<CallerName | Extra, number>>;
}

export interface MatrixOptions<Extra extends string> {
  /** Callers beyond the seeded ones, resolved when the test runs (fixtures are made in beforeAll). */
  callers?: () => Record<Extra, ExtraCaller>;
  /** Values of the `:name` segments of the rows' requests, resolved when the test runs. */
  params?: () => Record<string, string | number>;
}

const REFUSALS: Record<number, unknown> = {
  401: { error: "Unauthorized", message: "unauthorized" },
  403: { error: "Forbidden", message: "forbidden" },
};

async function headersOf(ctx: TestContext, name: string, extra: Record<string, ExtraCaller>): Promise<Record<string, string>> {
  const caller: { realm: "client" | "business_user"; email: string; forge?: Record<string, string> } | null | undefined =
    name in extra ? extra[name] : CALLERS[name as CallerName];
  if (!caller) return {};
  const headers = await signInHeaders(ctx.db, caller.realm, caller.email);
  return caller.forge ? { ...headers, ...caller.forge } : headers;
}

/**
 * One test per (row, caller): the status is the one in the table and a refusal has the
 * shared error body (401 unauthorized, 403 forbidden). A domain's matrix test is its table.
 */
export function describeAuthorizationMatrix<Extra extends string = never>(
  title: string,
  context: () => TestContext,
  rows: readonly MatrixRow<Extra>[],
  options: MatrixOptions<Extra> = {},
): void {
  const cases = rows.flatMap((row) => Object.entries(row.expect).map(([caller, status]) => ({ row, caller, status: status as number })));
  describe(`authorisation matrix: ${title}`, () => {
    it.each(cases.map((c) => [c.row.request, c.caller, c.status, c] as const))("%s as %s answers %i", async (_request, _caller, _status, { row, caller, status }) => {
      const ctx = context();
      const [method, template] = row.request.includes(" ") ? (row.request.split(" ", 2) as [string, string]) : ["GET", row.request];
      const params = options.params?.() ?? {};
      const path = template.replace(/:([a-z_]+)/gi, (whole, name: string) => (name in params ? encodeURIComponent(String(params[name])) : whole));
      const extra = (options.callers?.() ?? {}) as Record<string, ExtraCaller>;
      const headers: Record<string, string> = { ...(await headersOf(ctx, caller, extra)) };
      const body: unknown = typeof row.body === "function" ? (row.body as () => unknown)() : row.body;
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await ctx.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(response.status).toBe(status);
      if (REFUSALS[status]) expect(await response.json()).toEqual(REFUSALS[status]);
    });
  });
}
