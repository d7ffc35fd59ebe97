import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_BANK_ACCOUNT } from "@/config/brand";
import { isValidBic, isValidIban } from "@/domain/invoices/iban";
import type { EntityInvoiceView } from "@/domain/schemas/entity-invoice";
import { crematoriums, funeralParlors } from "@/server/db/schema/partners";
import { sepaText } from "@/server/services/invoices/transfer-file";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { call } from "./helpers/back-office-fixtures";

/**
 * The SEPA transfer file (pain.001.001.09) of a period's pending payments. No npm package
 * ships the official ISO 20022 pain.001 XSD, so the file is checked for being well-formed
 * XML (xmllint) and for its content, not against the schema (see docs/architecture.md).
 */
let ctx: TestContext;
let director: Record<string, string>;
const PARLOR_IBAN = "FR14 2004 1010 0505 0001 3M0 2606";
const CREMATORIUM_IBAN = "DE89370400440532013000";

beforeAll(async () => {
  ctx = await createTestApp();
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
}, 60_000);
afterAll(async () => ctx?.close());

async function validatedInvoice(entity: { type: string; id: number }, costHt: number, iban: string | null, bic = "PSSTFRPPXXX"): Promise<EntityInvoiceView> {
  const created = await call<{ data: EntityInvoiceView }>(ctx, "POST", "/api/v1/entity_invoices", director, { entity, group: { type: "month", id: 3, year: 2026 } });
  const id = created.body.data.id;
  if (iban) expect((await call(ctx, "PUT", `/api/v1/entity_invoices/${id}`, director, { payee_iban: iban, payee_bic: bic })).status).toBe(200);
  await call(ctx, "POST", `/api/v1/entity_invoices/${id}/prestations`, director, { description: "Soins de conservation", cost_ht: costHt, cost_ttc: costHt + Math.round(costHt / 5) });
  return (await call<{ data: EntityInvoiceView }>(ctx, "POST", `/api/v1/entity_invoices/${id}/validate`, director)).body.data;
}

async function transfer(query = "") {
  const response = await ctx.app.request(`/api/v1/entity_invoices/pending_payments/transfer.xml${query}`, { headers: director });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("bank accounts", () => {
  it("checks IBANs (mod 97) and BICs", () => {
    expect(isValidIban(PARLOR_IBAN)).toBe(true);
    expect(isValidIban(CREMATORIUM_IBAN)).toBe(true);
    expect(isValidIban(OPERATOR_BANK_ACCOUNT.iban)).toBe(true);
    expect(isValidIban("FR7630006000011234567890188")).toBe(false);
    expect(isValidIban("FR76")).toBe(false);
    expect(isValidBic("AGRIFRPP")).toBe(true);
    expect(isValidBic("AGRIFRPPXXX")).toBe(true);
    expect(isValidBic("AGRI")).toBe(false);
  });
  it("keeps SEPA text to its character set", () => {
    expect(sepaText("Crématorium de l'Île & Père-Lachaise", 70)).toBe("Crematorium de l'Ile Pere-Lachaise");
    expect(sepaText("a".repeat(200), 140)).toHaveLength(140);
  });
});

describe("GET /api/v1/entity_invoices/pending_payments/transfer.xml", () => {
  it("stores a draft's payee account normalized and refuses an invalid one", async () => {
    const [parlor] = await ctx.db.select({ id: funeralParlors.id }).from(funeralParlors).limit(1);
    const created = await call<{ data: EntityInvoiceView }>(ctx, "POST", "/api/v1/entity_invoices", director, { entity: { type: "FuneralParlor", id: parlor!.id }, group: { type: "month", id: 4, year: 2026 } });
    const wrong = await call(ctx, "PUT", `/api/v1/entity_invoices/${created.body.data.id}`, director, { payee_iban: "FR76 0000", payee_bic: "x" });
    expect(wrong).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["entity_invoice__payee_iban__invalid", "entity_invoice__payee_bic__invalid"] } });
    const right = await call<{ data: EntityInvoiceView }>(ctx, "PUT", `/api/v1/entity_invoices/${created.body.data.id}`, director, { payee_iban: PARLOR_IBAN, payee_bic: "psstfrppxxx" });
    expect(right.body.data).toMatchObject({ payee_iban: "FR1420041010050500013M02606", payee_bic: "PSSTFRPPXXX" });
    // A German BIC cannot pay a French IBAN.
    expect((await call(ctx, "PUT", `/api/v1/entity_invoices/${created.body.data.id}`, director, { payee_bic: "COBADEFFXXX" })).body).toEqual({ error: "Unprocessable Entity", errors: ["entity_invoice__payee_bic__invalid"] });
  });

  it("says when there is nothing to pay, and when a pending invoice has no IBAN", async () => {
    expect(await transfer("?to=2000-01-01")).toMatchObject({ status: 422, text: JSON.stringify({ error: "Unprocessable Entity", errors: ["entity_invoice__transfer__empty"] }) });
    const [crematorium] = await ctx.db.select({ id: crematoriums.id }).from(crematoriums).limit(1);
    const noIban = await validatedInvoice({ type: "Crematorium", id: crematorium!.id }, 1_000, null);
    expect((await transfer()).text).toContain("entity_invoice__payee_iban__missing");
    // Paid by other means: out of the pending payments, out of the file.
    await call(ctx, "POST", "/api/v1/entity_invoices/pending_payments/bank_transfers", director, { ids: [noIban.id], bank_transfer_label: "Chèque" });
  });

  it("pays each partner account once, its invoices netted with its credit notes, in a well-formed pain.001.001.09", async () => {
    const [parlor] = await ctx.db.select({ id: funeralParlors.id }).from(funeralParlors).limit(1);
    const [crematorium] = await ctx.db.select({ id: crematoriums.id }).from(crematoriums).limit(1);
    const first = await validatedInvoice({ type: "FuneralParlor", id: parlor!.id }, 50_000, PARLOR_IBAN);
    const second = await validatedInvoice({ type: "FuneralParlor", id: parlor!.id }, 25_000, PARLOR_IBAN);
    const third = await validatedInvoice({ type: "Crematorium", id: crematorium!.id }, 10_000, CREMATORIUM_IBAN, "COBADEFFXXX");
    const note = await call<{ data: EntityInvoiceView }>(ctx, "POST", `/api/v1/entity_invoices/${second.id}/credit_note`, director);
    const noteView = (await call<{ data: EntityInvoiceView }>(ctx, "POST", `/api/v1/entity_invoices/${note.body.data.id}/validate`, director)).body.data;

    const today = new Date().toISOString().slice(0, 10);
    const file = await transfer(`?from=${today}&to=${today}`);
    expect(file.status).toBe(200);
    expect(file.type).toContain("application/xml");
    const lint = spawnSync("xmllint", ["--noout", "-"], { input: file.text, encoding: "utf8" });
    expect(lint.stderr).toBe("");
    expect(file.text).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect(file.text).toContain("<NbOfTxs>2</NbOfTxs>");
    // 600 € for the parlour (first; second and its credit note cancel out), 120 € for the crematorium.
    expect(file.text).toContain("<CtrlSum>720.00</CtrlSum>");
    expect(file.text).toMatch(/<InstdAmt Ccy="EUR">600\.00<\/InstdAmt>/);
    expect(file.text).toMatch(/<InstdAmt Ccy="EUR">120\.00<\/InstdAmt>/);
    expect(file.text).toContain("FR1420041010050500013M02606");
    expect(file.text).toContain(CREMATORIUM_IBAN);
    expect(file.text).toContain(OPERATOR_BANK_ACCOUNT.iban);
    expect(file.text).toContain(`Factures ${first.number} ${second.number} ${noteView.number}`);
    expect(file.text).toContain(third.number!);
    expect(file.text).toContain("Paisible SAS DEMO");
  });
});
