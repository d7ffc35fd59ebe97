import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals } from "@/server/db/schema/deals";
import { eq } from "drizzle-orm";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { assignDeal, businessUserId, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";

/**
 * GET /api/v1/deals/{id}/quote.pdf: the legal quote of a funeral deal for the advisors who
 * run it (the family's copy stays on the funnel's token route). Roles 0-2 on every deal, a
 * partner professional never (the quote names the family and its price), clients and
 * visitors 401.
 */
let ctx: TestContext;
let funeral: BackOfficeDeal;
let assigned: BackOfficeDeal;

beforeAll(async () => {
  ctx = await createTestApp();
  funeral = await submittedDeal(ctx, "devis.pdf@example.org", { firstname: "Agathe", lastname: "Roux" });
  assigned = await submittedDeal(ctx, "devis.pro@example.org");
  await assignDeal(ctx, assigned.id, await businessUserId(ctx, "pro@demo.test"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describeAuthorizationMatrix<"family">(
  "a deal's quote PDF for the back-office",
  () => ctx,
  [
    { request: "GET /api/v1/deals/:funeral/quote.pdf", expect: { visitor: 401, client: 401, family: 401, forged: 401, borrowed: 401, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } },
    { request: "GET /api/v1/deals/:assigned/quote.pdf", expect: { visitor: 401, family: 401, advisor: 200, guest: 403, pro: 403 } },
    { request: "GET /api/v1/deals/999999/quote.pdf", expect: { visitor: 401, admin: 404, advisor: 404, guest: 403, pro: 403 } },
  ],
  {
    callers: () => ({ family: { realm: "client", email: funeral.ownerEmail } }),
    params: () => ({ funeral: funeral.id, assigned: assigned.id }),
  },
);

describe("GET /api/v1/deals/{id}/quote.pdf", () => {
  it("answers the legal quote as an inline, uncached PDF naming the family", async () => {
    const headers = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
    const response = await ctx.app.request(`/api/v1/deals/${funeral.id}/quote.pdf`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="devis-obseques-${funeral.id}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it("is 404 for a deal that holds no funeral quote", async () => {
    const headers = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
    await ctx.db.update(deals).set({ quote: null }).where(eq(deals.id, assigned.id));
    const response = await ctx.app.request(`/api/v1/deals/${assigned.id}/quote.pdf`, { headers });
    expect(response.status).toBe(404);
  });
});
