import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { idSchema, pagingMetaSchema } from "@/domain/schemas/common";
import {
  bankTransferSchema,
  billablePrestationSchema,
  billableQuerySchema,
  entityInvoiceCreateSchema,
  entityInvoiceListQuerySchema,
  entityInvoiceSchema,
  entityInvoiceUpdateSchema,
  pendingPaymentsQuerySchema,
  pendingResetSchema,
  prestationWriteSchema,
} from "@/domain/schemas/entity-invoice";
import { guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import {
  addPrestation,
  createCreditNote,
  createEntityInvoice,
  deletePrestation,
  getEntityInvoice,
  listEntityInvoices,
  pendingPayments,
  recordBankTransfer,
  resetPendingPayments,
  updateEntityInvoice,
  updatePrestation,
  validateEntityInvoice,
} from "@/server/services/invoices/entity-invoices";
import { listBillablePrestations } from "@/server/services/invoices/billable-prestations";
import { facturxPdf, facturxXml } from "@/server/services/invoices/facturx";
import { transferFile } from "@/server/services/invoices/transfer-file";

/**
 * Entity invoices (SPEC §7): partners' invoices to the product. Admins and funeral directors
 * (0-1) write, validate and record transfers; advisors (2) read; analytics guests and partner
 * pros (3-4) are refused (403); clients and visitors 401.
 */
const READERS = signedIn({ business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
const WRITERS = signedIn({ business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR] });
const NO_STORE = { "cache-control": "private, no-store" };
const TAGS = ["Entity invoices"];
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] };
const one = (description: string) => jsonResponse(z.object({ data: entityInvoiceSchema }), description);
const many = (description: string) => jsonResponse(z.object({ data: z.array(entityInvoiceSchema) }), description);
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const invoiceParams = z.object({ id: idSchema });
const prestationParams = z.object({ id: idSchema, prestation_id: idSchema });

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/entity_invoices",
  tags: TAGS,
  summary: "Entity invoices, filtered by entity, group, state and period, paginated (roles 0-2)",
  middleware: [guard(READERS)] as const,
  request: { query: entityInvoiceListQuerySchema },
  responses: {
    200: jsonResponse(z.object({ data: z.array(entityInvoiceSchema), meta: pagingMetaSchema, totals: z.object({ cost_tax_excl: z.number().int(), cost_tax_incl: z.number().int() }) }), "A page, and the totals of the whole filter"),
    ...refusals,
  },
});

const billableRoute = createRoute({
  method: "get",
  path: "/api/v1/entity_invoices/billable_prestations",
  tags: TAGS,
  summary: "A partner's prestations of a period, read from its signed deals' quotes, not on an invoice yet (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { query: billableQuerySchema },
  responses: { 200: jsonResponse(z.object({ data: z.array(billablePrestationSchema) }), "Billable prestations"), ...refusals },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/api/v1/entity_invoices",
  tags: TAGS,
  summary: "A draft invoice for a partner and a group, with the billable prestations picked and typed ones in one transaction (roles 0-1); group ids under 1000 are multiplied by 1000",
  middleware: [guard(WRITERS)] as const,
  request: json(entityInvoiceCreateSchema),
  responses: { 201: one("The draft"), 400: errorResponses[400], ...refusals },
});

const pendingRoute = createRoute({
  method: "get",
  path: "/api/v1/entity_invoices/pending_payments",
  tags: TAGS,
  summary: "Validated invoices not paid yet, validated between from and to (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { query: pendingPaymentsQuerySchema },
  responses: { 200: many("Pending payments"), ...refusals },
});

const transferRoute = createRoute({
  method: "post",
  path: "/api/v1/entity_invoices/pending_payments/bank_transfers",
  tags: TAGS,
  summary: "Record the bank transfer that paid pending invoices (ids, bank_transfer_label) (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: json(bankTransferSchema),
  responses: { 200: many("The paid invoices"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const resetRoute = createRoute({
  method: "post",
  path: "/api/v1/entity_invoices/pending_payments/reset",
  tags: TAGS,
  summary: "Put paid invoices back to pending, without their transfer label (a bounced transfer) (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: json(pendingResetSchema),
  responses: { 200: many("The pending invoices"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const transferFileRoute = createRoute({
  method: "get",
  path: "/api/v1/entity_invoices/pending_payments/transfer.xml",
  tags: TAGS,
  summary: "The SEPA credit-transfer file (pain.001.001.09) paying the invoices validated between from and to, netted per partner account (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { query: pendingPaymentsQuerySchema },
  responses: { 200: { description: "pain.001.001.09 XML", content: { "application/xml": { schema: z.string() } } }, ...refusals },
});

const getRoute = createRoute({
  method: "get",
  path: "/api/v1/entity_invoices/{id}",
  tags: TAGS,
  summary: "One entity invoice with its prestations and VAT per rate (roles 0-2)",
  middleware: [guard(READERS)] as const,
  request: { params: invoiceParams },
  responses: { 200: one("The invoice"), 404: errorResponses[404], ...refusals },
});

const putRoute = createRoute({
  method: "put",
  path: "/api/v1/entity_invoices/{id}",
  tags: TAGS,
  summary: "Change a draft's group (roles 0-1); a validated invoice is immutable (422)",
  middleware: [guard(WRITERS)] as const,
  request: { params: invoiceParams, ...json(entityInvoiceUpdateSchema) },
  responses: { 200: one("The invoice"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const validateRoute = createRoute({
  method: "post",
  path: "/api/v1/entity_invoices/{id}/validate",
  tags: TAGS,
  summary: "Validate a draft: it takes the next number of its entity's yearly sequence and is frozen (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { params: invoiceParams },
  responses: { 200: one("The validated invoice"), 404: errorResponses[404], ...refusals },
});

const creditNoteRoute = createRoute({
  method: "post",
  path: "/api/v1/entity_invoices/{id}/credit_note",
  tags: TAGS,
  summary: "A draft credit note correcting a validated invoice, its prestations negated (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { params: invoiceParams },
  responses: { 201: one("The credit note draft"), 404: errorResponses[404], ...refusals },
});

const addPrestationRoute = createRoute({
  method: "post",
  path: "/api/v1/entity_invoices/{id}/prestations",
  tags: TAGS,
  summary: "Add a prestation to a draft (description, cost_ht, cost_ttc, vat_rate_bp, deal_id) (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { params: invoiceParams, ...json(prestationWriteSchema) },
  responses: { 201: one("The invoice"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const putPrestationRoute = createRoute({
  method: "put",
  path: "/api/v1/entity_invoices/{id}/prestations/{prestation_id}",
  tags: TAGS,
  summary: "Change a draft's prestation (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { params: prestationParams, ...json(prestationWriteSchema) },
  responses: { 200: one("The invoice"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const deletePrestationRoute = createRoute({
  method: "delete",
  path: "/api/v1/entity_invoices/{id}/prestations/{prestation_id}",
  tags: TAGS,
  summary: "Remove a draft's prestation (roles 0-1)",
  middleware: [guard(WRITERS)] as const,
  request: { params: prestationParams },
  responses: { 200: one("The invoice"), 404: errorResponses[404], ...refusals },
});

const facturxXmlRoute = createRoute({
  method: "get",
  path: "/api/v1/entity_invoices/{id}/facturx.xml",
  tags: TAGS,
  summary: "The Factur-X CII XML (EN 16931 profile) of a validated invoice (roles 0-2)",
  middleware: [guard(READERS)] as const,
  request: { params: invoiceParams },
  responses: { 200: { description: "CrossIndustryInvoice XML", content: { "application/xml": { schema: z.string() } } }, 404: errorResponses[404], ...refusals },
});

const facturxPdfRoute = createRoute({
  method: "get",
  path: "/api/v1/entity_invoices/{id}/facturx.pdf",
  tags: TAGS,
  summary: "The Factur-X PDF/A-3 of a validated invoice, its XML embedded as factur-x.xml (roles 0-2)",
  middleware: [guard(READERS)] as const,
  request: { params: invoiceParams },
  responses: { 200: { description: "The PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } }, 404: errorResponses[404], ...refusals },
});

const fileHeaders = (type: string, name: string) => ({ "content-type": type, "content-disposition": `attachment; filename="${name}"`, "cache-control": "private, no-store" });

export function registerEntityInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/entity_invoices – list with filters
  app.openapi(listRoute, async (c) => c.json(await listEntityInvoices(c.get("db"), c.req.valid("query")), 200, NO_STORE));
  // POST /api/v1/entity_invoices – a draft
  app.openapi(createRouteDef, async (c) => c.json({ data: await createEntityInvoice(c.get("db"), c.req.valid("json")) }, 201, NO_STORE));
  // GET /api/v1/entity_invoices/billable_prestations – what a partner may bill for a period
  app.openapi(billableRoute, async (c) => c.json({ data: await listBillablePrestations(c.get("db"), c.req.valid("query")) }, 200, NO_STORE));
  // GET /api/v1/entity_invoices/pending_payments – validated, unpaid
  app.openapi(pendingRoute, async (c) => c.json({ data: await pendingPayments(c.get("db"), c.req.valid("query")) }, 200, NO_STORE));
  // POST /api/v1/entity_invoices/pending_payments/bank_transfers – record a transfer
  app.openapi(transferRoute, async (c) => c.json({ data: await recordBankTransfer(c.get("db"), c.req.valid("json"), new Date()) }, 200, NO_STORE));
  // POST /api/v1/entity_invoices/pending_payments/reset – back to pending
  app.openapi(resetRoute, async (c) => c.json({ data: await resetPendingPayments(c.get("db"), c.req.valid("json"), new Date()) }, 200, NO_STORE));
  // GET /api/v1/entity_invoices/pending_payments/transfer.xml – the SEPA transfer file
  app.openapi(transferFileRoute, async (c) => {
    const now = new Date();
    const { xml } = await transferFile(c.get("db"), c.req.valid("query"), now);
    return c.body(xml, 200, fileHeaders("application/xml; charset=utf-8", `virements-${now.toISOString().slice(0, 10)}.xml`));
  });
  // GET /api/v1/entity_invoices/{id} – one invoice
  app.openapi(getRoute, async (c) => c.json({ data: await getEntityInvoice(c.get("db"), c.req.valid("param").id) }, 200, NO_STORE));
  // GET /api/v1/entity_invoices/{id}/facturx.xml – the CII XML
  app.openapi(facturxXmlRoute, async (c) => {
    const { number, xml } = await facturxXml(c.get("db"), c.req.valid("param").id);
    return c.body(xml, 200, fileHeaders("application/xml; charset=utf-8", `facture-${number}.xml`));
  });
  // GET /api/v1/entity_invoices/{id}/facturx.pdf – the Factur-X PDF/A-3
  app.openapi(facturxPdfRoute, async (c) => {
    const { number, pdf } = await facturxPdf(c.get("db"), c.req.valid("param").id);
    return c.body(new Uint8Array(pdf), 200, fileHeaders("application/pdf", `facture-${number}.pdf`));
  });
  // PUT /api/v1/entity_invoices/{id} – a draft's group
  app.openapi(putRoute, async (c) => c.json({ data: await updateEntityInvoice(c.get("db"), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 200, NO_STORE));
  // POST /api/v1/entity_invoices/{id}/validate – number and freeze
  app.openapi(validateRoute, async (c) => c.json({ data: await validateEntityInvoice(c.get("db"), c.req.valid("param").id, new Date()) }, 200, NO_STORE));
  // POST /api/v1/entity_invoices/{id}/credit_note – correct a validated invoice
  app.openapi(creditNoteRoute, async (c) => c.json({ data: await createCreditNote(c.get("db"), c.req.valid("param").id, new Date()) }, 201, NO_STORE));
  // POST /api/v1/entity_invoices/{id}/prestations – add a prestation
  app.openapi(addPrestationRoute, async (c) => c.json({ data: await addPrestation(c.get("db"), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 201, NO_STORE));
  // PUT /api/v1/entity_invoices/{id}/prestations/{prestation_id} – change a prestation
  app.openapi(putPrestationRoute, async (c) => {
    const { id, prestation_id } = c.req.valid("param");
    return c.json({ data: await updatePrestation(c.get("db"), id, prestation_id, c.req.valid("json"), new Date()) }, 200, NO_STORE);
  });
  // DELETE /api/v1/entity_invoices/{id}/prestations/{prestation_id} – remove a prestation
  app.openapi(deletePrestationRoute, async (c) => {
    const { id, prestation_id } = c.req.valid("param");
    return c.json({ data: await deletePrestation(c.get("db"), id, prestation_id, new Date()) }, 200, NO_STORE);
  });
}
