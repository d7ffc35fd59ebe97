import { eq } from "drizzle-orm";
import { OPERATOR } from "@/config/brand";
import { invoiceTotals } from "@/domain/invoices/totals";
import type { InvoiceEntityType } from "@/domain/schemas/entity-invoice";
import type { Db } from "@/server/db/client";
import { entityInvoicePrestations, entityInvoices } from "@/server/db/schema/invoices";
import { ApiError, notFoundError } from "@/server/http/errors";
import { buildCiiXml, type CiiInvoice, type CiiParty } from "@/server/integrations/facturx/cii-xml";
import { renderFacturxPdf } from "@/server/integrations/facturx/facturx-pdf";
import { ENTITY_TABLES } from "@/server/services/invoices/entity-invoices";

/**
 * The Factur-X of a validated entity invoice: the seller is the partner that billed, the
 * buyer the product's operator (config/brand.ts). SIRET/SIREN go in when the data has them;
 * no VAT id is invented where the data has none.
 */

/** "12 rue de la Paix, 75002 Paris" → its street, postcode and city. */
export function splitFrenchAddress(address: string): { line: string; postcode: string | null; city: string | null } {
  const match = /^(.*),\s*(\d{5})\s+(.+)$/.exec(address.trim());
  return match ? { line: match[1]!.trim(), postcode: match[2]!, city: match[3]!.trim() } : { line: address.trim(), postcode: null, city: null };
}

function operatorParty(): CiiParty {
  return { name: OPERATOR.legalName, siren: OPERATOR.siren, address: { ...splitFrenchAddress(OPERATOR.address), country: "FR" } };
}

async function partnerParty(db: Db, type: string, id: number, fallbackName: string): Promise<CiiParty> {
  const table = ENTITY_TABLES[type as InvoiceEntityType];
  if (!table) return { name: fallbackName };
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) return { name: fallbackName };
  const siret = "siret" in row ? (row.siret as string | null) : null;
  return { name: row.name, siret, address: { line: row.address, postcode: row.postalCode, city: row.city, country: row.countryCode } };
}

export async function facturxInvoice(db: Db, id: number): Promise<CiiInvoice> {
  const [row] = await db.select().from(entityInvoices).where(eq(entityInvoices.id, id));
  if (!row) throw notFoundError();
  if (row.validatedAt === null || row.number === null) throw new ApiError(422, "entity_invoice__facturx__draft");
  const prestations = await db.select().from(entityInvoicePrestations).where(eq(entityInvoicePrestations.entityInvoiceId, id)).orderBy(entityInvoicePrestations.id);
  let creditNoteOf: string | null = null;
  if (row.creditNoteOfId !== null) {
    const [original] = await db.select({ number: entityInvoices.number }).from(entityInvoices).where(eq(entityInvoices.id, row.creditNoteOfId));
    creditNoteOf = original?.number ?? null;
  }
  const totals = invoiceTotals(prestations);
  return {
    number: row.number,
    issueDate: row.validatedAt,
    creditNoteOf,
    seller: await partnerParty(db, row.entityType, row.entityId, row.entityName),
    buyer: operatorParty(),
    lines: prestations.map((p) => ({ description: p.description, costHt: p.costHt, vatRateBp: p.vatRateBp })),
    vat: totals.vat,
    costTaxExcl: totals.costTaxExcl,
    costTaxIncl: totals.costTaxIncl,
    payee: row.payeeIban ? { iban: row.payeeIban, bic: row.payeeBic } : null,
  };
}

export async function facturxXml(db: Db, id: number): Promise<{ number: string; xml: string }> {
  const invoice = await facturxInvoice(db, id);
  return { number: invoice.number, xml: buildCiiXml(invoice) };
}

export async function facturxPdf(db: Db, id: number): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await facturxInvoice(db, id);
  return { number: invoice.number, pdf: await renderFacturxPdf(invoice, buildCiiXml(invoice)) };
}
