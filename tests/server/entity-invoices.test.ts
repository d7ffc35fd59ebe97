import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGapless } from "@/domain/invoices/numbering";
import type { EntityInvoiceView } from "@/domain/schemas/entity-invoice";
import { entityInvoices } from "@/server/db/schema/invoices";
import { crematoriums, funeralParlors } from "@/server/db/schema/partners";
import { validateEntityInvoice } from "@/server/services/invoices/entity-invoices";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { call, submittedDeal } from "./helpers/back-office-fixtures";

/** Entity invoices end to end on the API: drafts, totals, validation numbers, immutability, credit notes, transfers. */
let ctx: TestContext;
let director: Record<string, string>;
let crematoriumId = 0;
let parlorId = 0;
let dealId = 0;

type One = { data: EntityInvoiceView };
type Many = { data: EntityInvoiceView[] };

beforeAll(async () => {
  ctx = await createTestApp();
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
  const [crematorium] = await ctx.db.select({ id: crematoriums.id }).from(crematoriums).limit(1);
  const [parlor] = await ctx.db.select({ id: funeralParlors.id }).from(funeralParlors).limit(1);
  crematoriumId = crematorium!.id;
  parlorId = parlor!.id;
  dealId = (await submittedDeal(ctx, "facture.famille@example.org")).id;
}, 60_000);
afterAll(async () => ctx?.close());

async function draft(entity: { type: string; id: number }, group = { type: "month", id: 3, year: 2026 }) {
  const created = await call<One>(ctx, "POST", "/api/v1/entity_invoices", director, { entity, group });
  expect(created.status).toBe(201);
  return created.body.data;
}

async function withPrestations(invoiceId: number, lines: { cost_ht: number; cost_ttc: number; vat_rate_bp?: number; deal_id?: number }[]) {
  let last: One | null = null;
  for (const [index, line] of lines.entries()) {
    const answer = await call<One>(ctx, "POST", `/api/v1/entity_invoices/${invoiceId}/prestations`, director, { description: `Prestation ${index + 1}`, ...line });
    expect(answer.status).toBe(201);
    last = answer.body;
  }
  return last!.data;
}

describe("entity invoices", () => {
  it("creates a draft for a partner with the §5 group rule and its name", async () => {
    const invoice = await draft({ type: "Crematorium", id: crematoriumId });
    expect(invoice).toMatchObject({ state: "draft", number: null, group: { type: "month", id: 3000, year: 2026 }, entity: { type: "Crematorium", id: crematoriumId }, cost_tax_excl: 0, cost_tax_incl: 0 });
    expect(invoice.entity.name.length).toBeGreaterThan(0);
    const unknown = await call(ctx, "POST", "/api/v1/entity_invoices", director, { entity: { type: "Crematorium", id: 999_999 }, group: { type: "month", id: 3, year: 2026 } });
    expect(unknown).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["entity_invoice__entity__unknown"] } });
  });

  it("keeps the totals the sums of the prestations, with the VAT per rate, through add, change and delete", async () => {
    const invoice = await draft({ type: "Crematorium", id: crematoriumId });
    const filled = await withPrestations(invoice.id, [
      { cost_ht: 50_000, cost_ttc: 60_000, deal_id: dealId },
      { cost_ht: 10_000, cost_ttc: 11_000, vat_rate_bp: 1000 },
    ]);
    expect(filled).toMatchObject({ cost_tax_excl: 60_000, cost_tax_incl: 71_000, vat: [{ rate_bp: 2000, base: 50_000, tax: 10_000 }, { rate_bp: 1000, base: 10_000, tax: 1_000 }] });
    expect(filled.prestations[0]).toMatchObject({ deal_id: dealId, cost_ht: 50_000 });
    const changed = await call<One>(ctx, "PUT", `/api/v1/entity_invoices/${invoice.id}/prestations/${filled.prestations[1]!.id}`, director, { description: "Salle", cost_ht: 20_000, cost_ttc: 24_000, vat_rate_bp: 2000 });
    expect(changed.body.data).toMatchObject({ cost_tax_excl: 70_000, cost_tax_incl: 84_000, vat: [{ rate_bp: 2000, base: 70_000, tax: 14_000 }] });
    const removed = await call<One>(ctx, "DELETE", `/api/v1/entity_invoices/${invoice.id}/prestations/${filled.prestations[0]!.id}`, director);
    expect(removed.body.data).toMatchObject({ cost_tax_excl: 20_000, cost_tax_incl: 24_000 });
    const [row] = await ctx.db.select().from(entityInvoices).where(eq(entityInvoices.id, invoice.id));
    expect([row!.costTaxExcl, row!.costTaxIncl]).toEqual([20_000, 24_000]);
  });

  it("refuses a prestation whose incl. amount is not excl. plus its VAT, an unknown deal, a bad rate, and keeps the draft as it was", async () => {
    const invoice = await draft({ type: "Crematorium", id: crematoriumId });
    const wrong = await call(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/prestations`, director, { description: "Four", cost_ht: 10_000, cost_ttc: 11_999, deal_id: 999_999 });
    expect(wrong).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["entity_invoice_prestation__cost_ttc__inconsistent", "entity_invoice_prestation__deal_id__unknown"] } });
    const rate = await call<{ errors: string[] }>(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/prestations`, director, { description: "Four", cost_ht: 100, cost_ttc: 107, vat_rate_bp: 700 });
    expect(rate.status).toBe(422);
    expect(rate.body.errors).toContain("entity_invoice_prestation__vat_rate_bp__invalid");
    const blank = await call<{ errors: string[] }>(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/prestations`, director, { description: "  ", cost_ht: 100, cost_ttc: 120 });
    expect(blank.body.errors).toContain("entity_invoice_prestation__description__blank");
    const after = await call<One>(ctx, "GET", `/api/v1/entity_invoices/${invoice.id}`, director);
    expect(after.body.data.prestations).toEqual([]);
  });

  it("validates with the next number of the entity's year, then refuses every write (422) and an empty draft", async () => {
    const empty = await draft({ type: "FuneralParlor", id: parlorId });
    expect((await call(ctx, "POST", `/api/v1/entity_invoices/${empty.id}/validate`, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__prestations__empty"] });
    const invoice = await draft({ type: "FuneralParlor", id: parlorId });
    const filled = await withPrestations(invoice.id, [{ cost_ht: 30_000, cost_ttc: 36_000 }]);
    const validated = await call<One>(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/validate`, director);
    expect(validated.status).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(validated.body.data).toMatchObject({ state: "validated", number: `${year}-00001` });
    const immutable = { status: 422, body: { error: "Unprocessable Entity", errors: ["entity_invoice__state__immutable"] } };
    expect(await call(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/validate`, director)).toEqual(immutable);
    expect(await call(ctx, "PUT", `/api/v1/entity_invoices/${invoice.id}`, director, { group: { type: "quarter", id: 1, year: 2026 } })).toEqual(immutable);
    expect(await call(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/prestations`, director, { description: "x", cost_ht: 100, cost_ttc: 120 })).toEqual(immutable);
    expect(await call(ctx, "PUT", `/api/v1/entity_invoices/${invoice.id}/prestations/${filled.prestations[0]!.id}`, director, { description: "x", cost_ht: 100, cost_ttc: 120 })).toEqual(immutable);
    expect(await call(ctx, "DELETE", `/api/v1/entity_invoices/${invoice.id}/prestations/${filled.prestations[0]!.id}`, director)).toEqual(immutable);
    const second = await draft({ type: "FuneralParlor", id: parlorId });
    await withPrestations(second.id, [{ cost_ht: 100, cost_ttc: 120 }]);
    expect((await call<One>(ctx, "POST", `/api/v1/entity_invoices/${second.id}/validate`, director)).body.data.number).toBe(`${year}-00002`);
  });

  it("corrects a validated invoice with a credit note: negated prestations, its own number in the same sequence, only once", async () => {
    const invoice = await draft({ type: "Graveyard", id: (await ctx.db.query.graveyards.findFirst())!.id });
    await withPrestations(invoice.id, [{ cost_ht: 12_345, cost_ttc: 14_814 }]);
    expect((await call(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/credit_note`, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__credit_note__draft"] });
    await call(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/validate`, director);
    const note = await call<One>(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/credit_note`, director);
    expect(note.status).toBe(201);
    expect(note.body.data).toMatchObject({ state: "draft", credit_note_of: invoice.id, cost_tax_excl: -12_345, cost_tax_incl: -14_814, vat: [{ rate_bp: 2000, base: -12_345, tax: -2_469 }] });
    const validated = await call<One>(ctx, "POST", `/api/v1/entity_invoices/${note.body.data.id}/validate`, director);
    expect(validated.body.data.number).toMatch(/-00002$/);
    expect((await call(ctx, "POST", `/api/v1/entity_invoices/${invoice.id}/credit_note`, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__credit_note__exists"] });
    expect((await call(ctx, "POST", `/api/v1/entity_invoices/${note.body.data.id}/credit_note`, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__credit_note__of_credit_note"] });
  });

  it("numbers concurrent validations of one entity without a gap or a repeat", async () => {
    const supplier = (await ctx.db.query.suppliers.findFirst())!;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const invoice = await draft({ type: "Supplier", id: supplier.id });
      await withPrestations(invoice.id, [{ cost_ht: 1_000 + i, cost_ttc: 1_000 + i + Math.round(((1_000 + i) * 2000) / 10_000) }]);
      ids.push(invoice.id);
    }
    const now = new Date();
    const results = await Promise.allSettled([...ids, ids[0]!].map((id) => validateEntityInvoice(ctx.db, id, now)));
    // The same draft twice: exactly one of the two validations wins, the other finds it frozen.
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    const rows = await ctx.db.select().from(entityInvoices).where(and(eq(entityInvoices.entityType, "Supplier"), eq(entityInvoices.entityId, supplier.id)));
    const sequences = rows.map((r) => r.numberSeq!);
    expect(sequences).toHaveLength(6);
    expect(isGapless(sequences)).toBe(true);
  });

  it("lists with filters and paging, and runs pending payments, bank transfers and their reset", async () => {
    const list = await call<Many & { meta: { total_count: number } }>(ctx, "GET", `/api/v1/entity_invoices?entity_type=FuneralParlor&entity_id=${parlorId}&state=validated&group_id=3&group_year=2026&per_page=1`, director);
    expect(list.status).toBe(200);
    expect(list.body.meta.total_count).toBe(2);
    expect(list.body.data).toHaveLength(1);
    const drafts = await call<Many>(ctx, "GET", `/api/v1/entity_invoices?entity_type=FuneralParlor&entity_id=${parlorId}&state=draft`, director);
    expect(drafts.body.data.every((i) => i.state === "draft")).toBe(true);
    const badFilter = await call<{ errors: string[] }>(ctx, "GET", "/api/v1/entity_invoices?state=lost&from=2026-13-45", director);
    expect(badFilter.status).toBe(422);
    expect(badFilter.body.errors).toEqual(expect.arrayContaining(["entity_invoice__state__invalid", "entity_invoice__from__invalid"]));

    const today = new Date().toISOString().slice(0, 10);
    const pending = await call<Many>(ctx, "GET", `/api/v1/entity_invoices/pending_payments?from=${today}&to=${today}`, director);
    const parlorPending = pending.body.data.filter((i) => i.entity.type === "FuneralParlor");
    expect(parlorPending).toHaveLength(2);
    expect(pending.body.data.every((i) => i.state === "validated")).toBe(true);
    const none = await call<Many>(ctx, "GET", "/api/v1/entity_invoices/pending_payments?to=2000-01-01", director);
    expect(none.body.data).toEqual([]);

    const ids = parlorPending.map((i) => i.id);
    const paid = await call<Many>(ctx, "POST", "/api/v1/entity_invoices/pending_payments/bank_transfers", director, { ids, bank_transfer_label: "VIR PAISIBLE 2026-03" });
    expect(paid.status).toBe(200);
    expect(paid.body.data.map((i) => [i.state, i.bank_transfer_label])).toEqual([
      ["paid", "VIR PAISIBLE 2026-03"],
      ["paid", "VIR PAISIBLE 2026-03"],
    ]);
    expect((await call(ctx, "POST", "/api/v1/entity_invoices/pending_payments/bank_transfers", director, { ids, bank_transfer_label: "again" })).body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__state__not_pending"] });
    expect((await call(ctx, "POST", "/api/v1/entity_invoices/pending_payments/bank_transfers", director, { ids: [...ids, 999_999], bank_transfer_label: "x" })).status).toBe(404);
    const reset = await call<Many>(ctx, "POST", "/api/v1/entity_invoices/pending_payments/reset", director, { ids });
    expect(reset.body.data.map((i) => [i.state, i.bank_transfer_label])).toEqual([
      ["validated", null],
      ["validated", null],
    ]);
    expect((await call(ctx, "POST", "/api/v1/entity_invoices/pending_payments/reset", director, { ids })).body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__state__not_paid"] });
  });

  it("finds validated invoices through the two autocompletes", async () => {
    const invoices = await call<{ id: number; name: string; number: string | null }[]>(ctx, "GET", "/api/v1/autocompletes/entity_invoices?q=", director);
    expect(invoices.status).toBe(200);
    const numbered = invoices.body.find((i) => i.number !== null);
    expect(numbered?.name).toContain(`n° ${numbered?.number}`);
    const linked = await draft({ type: "Crematorium", id: crematoriumId });
    await withPrestations(linked.id, [{ cost_ht: 100, cost_ttc: 120, deal_id: dealId }]);
    const withInvoices = await call<{ id: number }[]>(ctx, "GET", `/api/v1/autocompletes/deals_with_invoices?q=${dealId}`, director);
    expect(withInvoices.body.map((d) => d.id)).toEqual([dealId]);
  });
});
