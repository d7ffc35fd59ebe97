import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodDays } from "@/domain/invoices/billable";
import type { BillablePrestation, EntityInvoiceView } from "@/domain/schemas/entity-invoice";
import { deals, dealSteps } from "@/server/db/schema/deals";
import { entityInvoices } from "@/server/db/schema/invoices";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { call, submittedDeal } from "./helpers/back-office-fixtures";

/**
 * Grouping a partner's prestations (issue 16): the billable lines come from the signed deals'
 * quotes, dated by the step at the partner, never twice on live invoices; the draft and its
 * picked lines are created in one transaction.
 */
let ctx: TestContext;
let director: Record<string, string>;
let crematoriumId = 0;
let signedId = 0;
let unsignedId = 0;
const now = new Date();
const month = periodDays("month", now.getUTCFullYear(), now.getUTCMonth() + 1);
const group = { type: "month", id: now.getUTCMonth() + 1, year: now.getUTCFullYear() };

type One = { data: EntityInvoiceView };

async function sign(id: number) {
  expect((await call(ctx, "PUT", `/api/v1/deals/${id}/state`, director, { state: "signed" })).status).toBe(200);
}

async function billable(entityId = crematoriumId, period = month, type = "Crematorium") {
  const answer = await call<{ data: BillablePrestation[] }>(ctx, "GET", `/api/v1/entity_invoices/billable_prestations?entity_type=${type}&entity_id=${entityId}&from=${period.from}&to=${period.to}`, director);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const keys = (lines: BillablePrestation[]) => lines.map((l) => ({ deal_id: l.deal_id, source_code: l.source_code }));

beforeAll(async () => {
  ctx = await createTestApp();
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
  signedId = (await submittedDeal(ctx, "groupe.signe@example.org", { lastname: "Signé" })).id;
  unsignedId = (await submittedDeal(ctx, "groupe.devis@example.org", { lastname: "Devis" })).id;
  await sign(signedId);
  const [step] = await ctx.db.select({ locationId: dealSteps.locationId }).from(dealSteps).where(and(eq(dealSteps.dealId, signedId), eq(dealSteps.stepType, "cremation")));
  crematoriumId = step!.locationId!;
}, 60_000);
afterAll(async () => ctx?.close());

describe("billable prestations", () => {
  it("lists the crematorium's lines of signed deals of the period, as their quotes priced them", async () => {
    const lines = await billable();
    const mine = lines.filter((l) => l.deal_id === signedId);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.source_code === `CREMATORIUM-${crematoriumId}` || l.source_code.startsWith(`CREMATORIUM-${crematoriumId}-`))).toBe(true);
    expect(lines.some((l) => l.deal_id === unsignedId)).toBe(false);
    const [deal] = await ctx.db.select({ quote: deals.quote }).from(deals).where(eq(deals.id, signedId));
    const quoteLines = (deal!.quote as { lines: { sourceCode: string; amountTtcCents: number }[] }).lines;
    for (const line of mine) {
      // Advanced costs: the crematorium's own price, taxes included, proposed at 0 % as the quote holds it.
      expect(line).toMatchObject({ vat_rate_bp: 0, cost_ht: line.cost_ttc, date: month.from.slice(0, 7) + line.date.slice(7) });
      expect(line.cost_ttc).toBe(quoteLines.find((q) => q.sourceCode === line.source_code)!.amountTtcCents);
      expect(line.deal_label).toContain("Henri");
    }
  });

  it("dates a prestation by the deal's step at the partner", async () => {
    await ctx.db.update(dealSteps).set({ scheduledAt: new Date("2025-02-14T09:00:00Z") }).where(and(eq(dealSteps.dealId, signedId), eq(dealSteps.stepType, "cremation")));
    expect((await billable()).some((l) => l.deal_id === signedId)).toBe(false);
    const february = await billable(crematoriumId, periodDays("month", 2025, 2));
    expect(february.filter((l) => l.deal_id === signedId).every((l) => l.date === "2025-02-14")).toBe(true);
    expect((await billable(crematoriumId, periodDays("quarter", 2025, 1))).some((l) => l.deal_id === signedId)).toBe(true);
    await ctx.db.update(dealSteps).set({ scheduledAt: null }).where(and(eq(dealSteps.dealId, signedId), eq(dealSteps.stepType, "cremation")));
  });

  it("has nothing for another partner, a supplier, or a crematorium whose id only starts the same", async () => {
    expect(await billable(crematoriumId * 10 + 7)).toEqual([]);
    expect(await billable(1, month, "Supplier")).toEqual([]);
    const bad = await call(ctx, "GET", `/api/v1/entity_invoices/billable_prestations?entity_type=Crematorium&entity_id=${crematoriumId}&from=2026-13-01&to=2026-01-31`, director);
    expect(bad.status).toBe(422);
  });

  it("creates the month's invoice with the picked lines in one call, then never proposes them again", async () => {
    const lines = (await billable()).filter((l) => l.deal_id === signedId);
    const typed = { description: "Frais de dossier", cost_ht: 1_000, cost_ttc: 1_200, vat_rate_bp: 2000 };
    const created = await call<One>(ctx, "POST", "/api/v1/entity_invoices", director, { entity: { type: "Crematorium", id: crematoriumId }, group, billable: keys(lines), prestations: [typed] });
    expect(created.status).toBe(201);
    const invoice = created.body.data;
    expect(invoice.group).toEqual({ ...group, id: group.id * 1000 });
    expect(invoice.prestations).toHaveLength(lines.length + 1);
    expect(invoice.prestations.filter((p) => p.deal_id === signedId).map((p) => p.description)).toEqual(lines.map((l) => l.description));
    expect(invoice.cost_tax_excl).toBe(lines.reduce((s, l) => s + l.cost_ht, 0) + 1_000);
    expect(invoice.cost_tax_incl).toBe(lines.reduce((s, l) => s + l.cost_ttc, 0) + 1_200);
    expect((await billable()).some((l) => l.deal_id === signedId)).toBe(false);

    const again = await call(ctx, "POST", "/api/v1/entity_invoices", director, { entity: { type: "Crematorium", id: crematoriumId }, group, billable: keys(lines) });
    expect(again).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["entity_invoice__billable__unavailable"] } });

    // Corrected by a validated credit note, the deal may be billed again.
    expect((await call(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/validate`, director)).status).toBe(200);
    const note = await call<One>(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/credit_note`, director);
    expect((await billable()).some((l) => l.deal_id === signedId)).toBe(false);
    expect((await call(ctx, "POST", `/api/v1/entity_invoices/${note.body.data.id}/validate`, director)).status).toBe(200);
    expect((await billable()).filter((l) => l.deal_id === signedId)).toEqual(lines);
  });

  it("refuses an unknown line, an unsigned deal or a bad typed prestation and creates nothing", async () => {
    const before = await ctx.db.select({ value: count() }).from(entityInvoices);
    const entity = { type: "Crematorium", id: crematoriumId };
    const unknown = await call(ctx, "POST", "/api/v1/entity_invoices", director, { entity, group, billable: [{ deal_id: signedId, source_code: "CREMATORIUM-0" }] });
    const unsigned = await call(ctx, "POST", "/api/v1/entity_invoices", director, { entity, group, billable: [{ deal_id: unsignedId, source_code: `CREMATORIUM-${crematoriumId}` }] });
    const supplier = await call(ctx, "POST", "/api/v1/entity_invoices", director, { entity: { type: "Supplier", id: 1 }, group, billable: [{ deal_id: signedId, source_code: "CREMATORIUM-1" }] });
    const inconsistent = await call(ctx, "POST", "/api/v1/entity_invoices", director, { entity, group, prestations: [{ description: "Urne", cost_ht: 1_000, cost_ttc: 1_000, vat_rate_bp: 2000 }] });
    for (const answer of [unknown, unsigned]) expect(answer.body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__billable__unavailable"] });
    expect(supplier.status).toBe(422);
    expect(inconsistent.body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice_prestation__cost_ttc__inconsistent"] });
    const after = await ctx.db.select({ value: count() }).from(entityInvoices);
    expect(after[0]!.value).toBe(before[0]!.value);
  });

  it("gives a line to one invoice only when two are created at once", async () => {
    const other = (await submittedDeal(ctx, "groupe.course@example.org", { lastname: "Course" })).id;
    await sign(other);
    const lines = (await billable()).filter((l) => l.deal_id === other);
    const body = { entity: { type: "Crematorium", id: crematoriumId }, group, billable: keys(lines) };
    const answers = await Promise.all([call(ctx, "POST", "/api/v1/entity_invoices", director, body), call(ctx, "POST", "/api/v1/entity_invoices", director, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
  });

  it("sorts the list and totals the whole filter", async () => {
    const page = await call<{ data: EntityInvoiceView[]; totals: { cost_tax_excl: number; cost_tax_incl: number } }>(
      ctx,
      "GET",
      `/api/v1/entity_invoices?entity_type=Crematorium&entity_id=${crematoriumId}&sort=total&direction=asc&per_page=1`,
      director,
    );
    expect(page.status).toBe(200);
    const all = await call<{ data: EntityInvoiceView[] }>(ctx, "GET", `/api/v1/entity_invoices?entity_type=Crematorium&entity_id=${crematoriumId}&per_page=100`, director);
    expect(page.body.totals.cost_tax_incl).toBe(all.body.data.reduce((s, i) => s + i.cost_tax_incl, 0));
    expect(page.body.data[0]!.cost_tax_incl).toBe(Math.min(...all.body.data.map((i) => i.cost_tax_incl)));
  });
});
