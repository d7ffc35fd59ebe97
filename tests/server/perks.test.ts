import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FamilyPerks, FamilyPerkView, PerkCategoryView, PerkUsageView, PerkView } from "@/domain/schemas/perk";
import { todayInFrance } from "@/domain/time";
import { perkCategories, perks, perkUsages } from "@/server/db/schema/content";
import { deals } from "@/server/db/schema/deals";
import { cityhalls } from "@/server/db/schema/geo";
import { defuncts } from "@/server/db/schema/procedures";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { call } from "./helpers/back-office-fixtures";
import { createFamily, type FamilyFixture } from "./helpers/family-fixtures";

/**
 * Perks' behaviour (issue 16): what the back-office writes and reads, what a family is
 * offered (enabled, in its dates, in its deal's area), and the abuse cases: a usage for a
 * deal the caller does not hold, for a disabled, expired, future or out-of-area perk, a
 * second usage (double tap, two relatives racing) — never a second row.
 */
let ctx: TestContext;
let lyon: FamilyFixture;
let paris: FamilyFixture;
let director: Record<string, string>;
let advisor: Record<string, string>;
let owner: Record<string, string>;
let editor: Record<string, string>;
let parisOwner: Record<string, string>;
let category = 0;
const ids: Record<string, number> = {};

const shift = (days: number) => todayInFrance(new Date(Date.now() + days * 86_400_000));

async function diedIn(family: FamilyFixture, insee: string) {
  const [deal] = await ctx.db.select({ defunctId: deals.defunctId }).from(deals).where(eq(deals.id, family.dealId));
  const [commune] = await ctx.db.select({ id: cityhalls.id }).from(cityhalls).where(eq(cityhalls.inseeCode, insee));
  await ctx.db.update(defuncts).set({ deathCityhallId: commune!.id }).where(eq(defuncts.id, deal!.defunctId!));
}

beforeAll(async () => {
  ctx = await createTestApp();
  lyon = await createFamily(ctx.db, "perks-lyon");
  paris = await createFamily(ctx.db, "perks-paris");
  await diedIn(lyon, "69123");
  await diedIn(paris, "75056");
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
  advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  owner = await signInHeaders(ctx.db, "client", lyon.emails.owner);
  editor = await signInHeaders(ctx.db, "client", lyon.emails.editor);
  parisOwner = await signInHeaders(ctx.db, "client", paris.emails.owner);
  const [row] = await ctx.db.insert(perkCategories).values({ name: "Tests", kind: "perks", position: 50 }).returning({ id: perkCategories.id });
  category = row!.id;
  const base = { perkCategoryId: category, partnerName: "Partenaire test" };
  const rows = await ctx.db
    .insert(perks)
    .values([
      { ...base, name: "T ouverte", code: "OPEN-1", url: "https://example.org/offre", phone: "01 02 03 04 05" },
      { ...base, name: "T désactivée", active: false },
      { ...base, name: "T expirée", validUntil: shift(-1) },
      { ...base, name: "T future", validFrom: shift(2) },
      { ...base, name: "T Lyon", departmentCode: "69" },
      { ...base, name: "T dernier jour", validFrom: shift(-10), validUntil: shift(0) },
    ])
    .returning({ id: perks.id, name: perks.name });
  for (const r of rows) ids[r.name.slice(2)] = r.id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const testPerks = (answer: FamilyPerks) => answer.perks.filter((p) => p.category.id === category).map((p) => p.name.slice(2));

describe("the back-office", () => {
  it("creates a perk with every field, lists it with its category and usage count, and changes it", async () => {
    const created = await call<{ data: PerkView }>(ctx, "POST", "/api/v1/perks", director, {
      perk_category_id: category,
      name: "  Réduction fleurs  ",
      partner_name: "Fleurs du Rhône",
      benefit: "-10 %",
      description: "Sur une composition.",
      how_to_use: "Donnez le code.",
      conditions: "Une fois.",
      valid_from: "2026-01-01",
      valid_until: "2030-12-31",
      department_code: "69",
      url: "https://example.org/fleurs",
      phone: "+33 4 00 00 00 00",
      code: "FLEURS10",
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Réduction fleurs", enabled: true, demo: false, usages_count: 0, department_code: "69", category: { id: category, kind: "perks" } });
    const changed = await call<{ data: PerkView }>(ctx, "PUT", `/api/v1/perks/${created.body.data.id}`, director, { enabled: false, benefit: "", department_code: null });
    expect(changed.body.data).toMatchObject({ enabled: false, benefit: null, department_code: null, code: "FLEURS10" });
    const list = await call<{ data: PerkView[] }>(ctx, "GET", `/api/v1/perks?perk_category_id=${category}&enabled=false`, advisor);
    expect(list.body.data.map((p) => p.name).sort()).toEqual(["Réduction fleurs", "T désactivée"]);
  });

  it("refuses bad input with the fields' codes, unknown references with 422, never a 500", async () => {
    const bad = await call<{ errors: string[] }>(ctx, "POST", "/api/v1/perks", director, {
      perk_category_id: category,
      name: " ",
      partner_name: "P",
      url: "javascript:alert(1)",
      phone: "call me",
      valid_from: "2026-02-30",
      department_code: "ZZ",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(expect.arrayContaining(["perk__name__blank", "perk__url__invalid", "perk__phone__invalid", "perk__valid_from__invalid", "perk__department_code__invalid"]));
    const period = await call<{ errors: string[] }>(ctx, "POST", "/api/v1/perks", director, { perk_category_id: category, name: "N", partner_name: "P", valid_from: "2026-05-02", valid_until: "2026-05-01" });
    expect(period.body.errors).toEqual(["perk__valid_until__before_valid_from"]);
    const refs = await call<{ errors: string[] }>(ctx, "POST", "/api/v1/perks", director, { perk_category_id: 999999, name: "N", partner_name: "P", department_code: "98" });
    expect(refs.status).toBe(422);
    expect(refs.body.errors).toEqual(["perk__perk_category_id__unknown", "perk__department_code__unknown"]);
    // One date changed alone is checked against the other as stored.
    const stored = await call(ctx, "PUT", `/api/v1/perks/${ids["dernier jour"]}`, director, { valid_from: shift(5) });
    expect(stored.status).toBe(422);
    const kind = await call<{ errors: string[] }>(ctx, "POST", "/api/v1/perk_categories", director, { name: "X", kind: "coupons" });
    expect(kind.body.errors).toEqual(["perk_category__kind__invalid"]);
  });

  it("orders categories by position with their number of perks; an empty one is deleted, a full one refused", async () => {
    const made = await call<{ data: PerkCategoryView }>(ctx, "POST", "/api/v1/perk_categories", director, { name: "Démarches", kind: "paperworks", position: 0 });
    const list = await call<{ data: PerkCategoryView[] }>(ctx, "GET", "/api/v1/perk_categories", advisor);
    const positions = list.body.data.map((c) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(list.body.data.find((c) => c.id === category)?.perks_count).toBeGreaterThanOrEqual(6);
    expect((await call<{ errors: string[] }>(ctx, "DELETE", `/api/v1/perk_categories/${category}`, director)).body.errors).toEqual(["perk_category__perks__present"]);
    expect((await call(ctx, "DELETE", `/api/v1/perk_categories/${made.body.data.id}`, director)).status).toBe(204);
  });
});

describe("the family", () => {
  it("is offered the enabled perks within their dates, those of its area, and no code before using one", async () => {
    const answer = await call<{ data: FamilyPerks }>(ctx, "GET", `/api/v1/deals/${lyon.dealId}/perks`, owner);
    expect(answer.status).toBe(200);
    expect(answer.body.data.can_use).toBe(true);
    expect(testPerks(answer.body.data).sort()).toEqual(["Lyon", "dernier jour", "ouverte"]);
    const open = answer.body.data.perks.find((p) => p.id === ids.ouverte)!;
    expect(open).toMatchObject({ used_at: null, code: null, url: null, phone: null, partner_name: "Partenaire test" });
    // Paris: no Lyon offer.
    const other = await call<{ data: FamilyPerks }>(ctx, "GET", `/api/v1/deals/${paris.dealId}/perks`, parisOwner);
    expect(testPerks(other.body.data).sort()).toEqual(["dernier jour", "ouverte"]);
    // A reader sees the offers but may not use them.
    const reader = await call<{ data: FamilyPerks }>(ctx, "GET", `/api/v1/deals/${lyon.dealId}/perks`, await signInHeaders(ctx.db, "client", lyon.emails.reader));
    expect(reader.body.data.can_use).toBe(false);
  });

  it("uses a perk once: the code and contact come back, a second tap writes nothing more", async () => {
    const first = await call<{ data: FamilyPerkView }>(ctx, "POST", `/api/v1/perks/${ids.ouverte}/usages`, owner, { deal_id: lyon.dealId });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ code: "OPEN-1", url: "https://example.org/offre", phone: "01 02 03 04 05" });
    expect(first.body.data.used_at).toEqual(expect.any(Number));
    const again = await call<{ errors: string[] }>(ctx, "POST", `/api/v1/perks/${ids.ouverte}/usages`, editor, { deal_id: lyon.dealId });
    expect(again).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["perk_usage__already_recorded"] } });
    const rows = await ctx.db.select().from(perkUsages).where(and(eq(perkUsages.perkId, ids.ouverte!), eq(perkUsages.dealId, lyon.dealId)));
    expect(rows).toHaveLength(1);
    const list = await call<{ data: FamilyPerks }>(ctx, "GET", `/api/v1/deals/${lyon.dealId}/perks`, editor);
    expect(list.body.data.perks.find((p) => p.id === ids.ouverte)).toMatchObject({ code: "OPEN-1", used_at: first.body.data.used_at });
    // The directors see who used it; the list counts it.
    const usages = await call<{ data: PerkUsageView[] }>(ctx, "GET", `/api/v1/perks/${ids.ouverte}/usages`, director);
    expect(usages.body.data).toEqual([expect.objectContaining({ deal_id: lyon.dealId, client_id: lyon.clientIds.owner, client_name: "Claire Martin" })]);
    expect((await call<{ data: PerkView }>(ctx, "GET", `/api/v1/perks/${ids.ouverte}`, advisor)).body.data.usages_count).toBe(1);
    // A used perk is kept from deletion; disabled, it stays on the family's list with its code.
    expect((await call<{ errors: string[] }>(ctx, "DELETE", `/api/v1/perks/${ids.ouverte}`, director)).body.errors).toEqual(["perk__usages__present"]);
    await call(ctx, "PUT", `/api/v1/perks/${ids.ouverte}`, director, { enabled: false });
    const after = await call<{ data: FamilyPerks }>(ctx, "GET", `/api/v1/deals/${lyon.dealId}/perks`, owner);
    expect(after.body.data.perks.find((p) => p.id === ids.ouverte)).toMatchObject({ code: "OPEN-1" });
    await call(ctx, "PUT", `/api/v1/perks/${ids.ouverte}`, director, { enabled: true });
  });

  it("records one row when relatives tap at the same time", async () => {
    const answers = await Promise.all([owner, editor, owner, editor].map((headers) => call(ctx, "POST", `/api/v1/perks/${ids["dernier jour"]}/usages`, headers, { deal_id: lyon.dealId })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    expect(await ctx.db.select().from(perkUsages).where(eq(perkUsages.perkId, ids["dernier jour"]!))).toHaveLength(1);
  });
});

describe("abuse", () => {
  it("refuses a usage for a deal the caller does not hold (404, as for the deal) and writes nothing", async () => {
    const stranger = await call(ctx, "POST", `/api/v1/perks/${ids.Lyon}/usages`, parisOwner, { deal_id: lyon.dealId });
    expect(stranger.status).toBe(404);
    const noDeal = await call(ctx, "POST", `/api/v1/perks/${ids.Lyon}/usages`, owner, { deal_id: 999999 });
    expect(noDeal.status).toBe(404);
    const bad = await call<{ errors: string[] }>(ctx, "POST", `/api/v1/perks/${ids.Lyon}/usages`, owner, { deal_id: "1; drop table perks" });
    expect(bad.body.errors).toEqual(["perk_usage__deal_id__invalid"]);
    expect(await ctx.db.select().from(perkUsages).where(eq(perkUsages.perkId, ids.Lyon!))).toHaveLength(0);
  });

  it.each(["désactivée", "expirée", "future"])("refuses the %s perk (422 perk_usage__perk__unavailable)", async (name) => {
    const answer = await call<{ errors: string[] }>(ctx, "POST", `/api/v1/perks/${ids[name]}/usages`, owner, { deal_id: lyon.dealId });
    expect(answer).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["perk_usage__perk__unavailable"] } });
    expect(await ctx.db.select().from(perkUsages).where(eq(perkUsages.perkId, ids[name]!))).toHaveLength(0);
  });

  it("refuses a perk of another area, and the family's hidden perks never show their code", async () => {
    const answer = await call<{ errors: string[] }>(ctx, "POST", `/api/v1/perks/${ids.Lyon}/usages`, parisOwner, { deal_id: paris.dealId });
    expect(answer.body.errors).toEqual(["perk_usage__perk__unavailable"]);
    const list = await call<{ data: FamilyPerks }>(ctx, "GET", `/api/v1/deals/${paris.dealId}/perks`, parisOwner);
    expect(JSON.stringify(list.body.data)).not.toContain("OPEN-1");
  });

  it("keeps staff fields and other families' usages out of the family's answer", async () => {
    const list = await call<{ data: FamilyPerks }>(ctx, "GET", `/api/v1/deals/${paris.dealId}/perks`, parisOwner);
    for (const perk of list.body.data.perks) {
      expect(perk).not.toHaveProperty("usages_count");
      expect(perk).not.toHaveProperty("enabled");
      // The Lyon family used "ouverte": the Paris family has not.
      if (perk.id === ids.ouverte) expect(perk.used_at).toBeNull();
    }
  });
});
