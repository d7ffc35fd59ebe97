import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/query";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { cityhalls } from "@/server/db/schema/geo";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { searchTerm } from "@/server/services/search-text";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";

/**
 * The deals board's search reads deals.search_names / search_commune (migration 0017's
 * triggers) instead of joining the deceased, the owners and the commune. It must answer
 * exactly what the join answered, and stay right when any of those change.
 */
let ctx: TestContext;
let advisor: Record<string, string>;
let first: BackOfficeDeal;
let second: BackOfficeDeal;

beforeAll(async () => {
  ctx = await createTestApp();
  advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  first = await submittedDeal(ctx, "marie-helene.dupre@example.org", { firstname: "Marie-Hélène", lastname: "Dupré" });
  second = await submittedDeal(ctx, "o.ndiaye@example.org", { firstname: "Oumar", lastname: "N'Diaye" });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** The join the board ran before the search columns (the reference answer). */
async function joinedSearch(raw: string): Promise<number[]> {
  const term = searchTerm(raw);
  const matches = (column: string) => sql`(${sql.raw(column)} LIKE ${term.prefix} OR ${sql.raw(column)} LIKE ${term.word})`;
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM deals WHERE
      defunct_id IN (SELECT d.id FROM defuncts d WHERE ${matches("d.search_name")})
      OR id IN (SELECT a.deal_id FROM deal_abilities a JOIN clients c ON c.id = a.client_id WHERE a.role = 'owner' AND ${matches("c.search_name")})
      OR defunct_id IN (SELECT d.id FROM defuncts d JOIN cityhalls ch ON ch.id = d.death_cityhall_id WHERE ch.search_name LIKE ${term.prefix})
      ORDER BY id`,
  );
  return rows.map((r) => Number(r.id));
}

async function boardSearch(q: string): Promise<number[]> {
  const answer = await call<{ data: Array<{ id: number }> }>(ctx, "GET", `/api/v1/deals?per_page=100&q=${encodeURIComponent(q)}`, advisor);
  expect(answer.status).toBe(200);
  return answer.body.data.map((d) => d.id).sort((a, b) => a - b);
}

describe("deals board search column", () => {
  it("answers what joining the deceased, the owners and the commune answered", async () => {
    const terms = ["dupre", "DUPRÉ", "marie", "helene", "marie helene", "ndiaye", "n diaye", "diaye", "oumar", "henri", "bernard", "henri bernard", "bernard marie", "lyon", "ly", "yon", "example", "example org", "o ndiaye", "zzz", "a", "b"];
    for (const term of terms) expect(await boardSearch(term), term).toEqual(await joinedSearch(term));
    expect(await boardSearch("dupre")).toEqual([first.id]);
  });

  it("follows a renamed deceased, a renamed owner, a new owner, a removed owner and a moved commune of death", async () => {
    await ctx.db.update(defuncts).set({ lastname: "Quernéhervé" }).where(eq(defuncts.id, second.defunctId!));
    expect(await boardSearch("quernehe")).toEqual([second.id]);

    const [owner] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, first.ownerEmail));
    await ctx.db.update(clients).set({ lastname: "Vasseur-Kérouac" }).where(eq(clients.id, owner!.id));
    expect(await boardSearch("kerouac")).toEqual([first.id]);

    // The first deal's owner joins the second deal as an editor (not searched), then becomes its owner, then leaves it.
    const [ability] = await ctx.db.insert(dealAbilities).values({ dealId: second.id, clientId: owner!.id, role: "editor" }).returning({ id: dealAbilities.id });
    expect(await boardSearch("kerouac")).toEqual([first.id]);
    await ctx.db.update(dealAbilities).set({ role: "editor" }).where(eq(dealAbilities.dealId, second.id));
    await ctx.db.update(dealAbilities).set({ role: "owner" }).where(eq(dealAbilities.id, ability!.id));
    expect(await boardSearch("kerouac")).toEqual([first.id, second.id].sort((a, b) => a - b));
    expect(await boardSearch("o ndiaye")).toEqual([]);
    await ctx.db.delete(dealAbilities).where(eq(dealAbilities.id, ability!.id));
    expect(await boardSearch("kerouac")).toEqual([first.id]);

    const [brest] = await ctx.db.select({ id: cityhalls.id }).from(cityhalls).where(eq(cityhalls.inseeCode, "29019"));
    await ctx.db.update(defuncts).set({ deathCityhallId: brest!.id }).where(eq(defuncts.id, first.defunctId!));
    expect(await boardSearch("brest")).toContain(first.id);
    expect(await boardSearch("lyon")).not.toContain(first.id);

    // The deal's deceased replaced by another one.
    await ctx.db.update(deals).set({ defunctId: second.defunctId }).where(eq(deals.id, first.id));
    expect(await boardSearch("quernehe")).toEqual([first.id, second.id].sort((a, b) => a - b));
    for (const term of ["quernehe", "kerouac", "brest", "lyon", "dupre", "marie"]) expect(await boardSearch(term), term).toEqual(await joinedSearch(term));
  });
});
