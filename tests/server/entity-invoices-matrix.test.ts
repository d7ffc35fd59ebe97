import { afterAll, beforeAll } from "vitest";
import { crematoriums } from "@/server/db/schema/partners";
import { entityInvoicePrestations, entityInvoices } from "@/server/db/schema/invoices";
import { createTestApp, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";

/**
 * Every entity-invoice route against every caller: roles 0-1 write and validate, advisors (2)
 * read, analytics guests and partner pros (3-4) 403, clients and visitors 401. Write bodies
 * are chosen so every admitted caller gets the same answer (422 on a validated invoice,
 * 404 on a missing prestation) and the fixtures stay as they are.
 */
let ctx: TestContext;
let crematoriumId = 0;
let validatedId = 0;
let draftId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const [crematorium] = await ctx.db.select({ id: crematoriums.id, name: crematoriums.name }).from(crematoriums).limit(1);
  crematoriumId = crematorium!.id;
  const base = { entityType: "Crematorium", entityId: crematorium!.id, entityName: crematorium!.name, groupType: "month" as const, groupId: 3000, groupYear: 2026 };
  const [validated] = await ctx.db
    .insert(entityInvoices)
    .values({ ...base, costTaxExcl: 100, costTaxIncl: 120, number: "2026-00001", numberYear: 2026, numberSeq: 1, validatedAt: new Date() })
    .returning({ id: entityInvoices.id });
  const [draft] = await ctx.db.insert(entityInvoices).values(base).returning({ id: entityInvoices.id });
  validatedId = validated!.id;
  draftId = draft!.id;
  await ctx.db.insert(entityInvoicePrestations).values({ entityInvoiceId: validatedId, description: "Crémation", costHt: 100, costTtc: 120 });
}, 60_000);
afterAll(async () => ctx?.close());

const NONE = { visitor: 401, client: 401, forged: 401, borrowed: 401, guest: 403, pro: 403 } as const;
const READ = { ...NONE, admin: 200, director: 200, advisor: 200 } as const;
const WRITE = (status: number) => ({ ...NONE, admin: status, director: status, advisor: 403 }) as const;
const immutable = WRITE(422);

describeAuthorizationMatrix(
  "entity invoices",
  () => ctx,
  [
    { request: "GET /api/v1/entity_invoices?per_page=5", expect: READ },
    { request: "GET /api/v1/entity_invoices/:validated", expect: READ },
    { request: "GET /api/v1/entity_invoices/999999", expect: { ...NONE, admin: 404, advisor: 404 } },
    { request: "POST /api/v1/entity_invoices", body: () => ({ entity: { type: "Crematorium", id: 999_999 }, group: { type: "month", id: 3, year: 2026 } }), expect: immutable },
    { request: "POST /api/v1/entity_invoices", body: () => ({ entity: { type: "Crematorium", id: crematoriumId }, group: { type: "deal", id: 7, year: 2026 } }), expect: { ...NONE, director: 201, advisor: 403 } },
    { request: "PUT /api/v1/entity_invoices/:validated", body: { group: { type: "quarter", id: 1, year: 2026 } }, expect: immutable },
    { request: "PUT /api/v1/entity_invoices/:draft", body: { group: { type: "quarter", id: 1, year: 2026 } }, expect: WRITE(200) },
    { request: "POST /api/v1/entity_invoices/:validated/prestations", body: { description: "Urne", cost_ht: 100, cost_ttc: 120 }, expect: immutable },
    { request: "PUT /api/v1/entity_invoices/:draft/prestations/999999", body: { description: "Urne", cost_ht: 100, cost_ttc: 120 }, expect: WRITE(404) },
    { request: "DELETE /api/v1/entity_invoices/:draft/prestations/999999", expect: WRITE(404) },
    { request: "POST /api/v1/entity_invoices/:validated/validate", expect: immutable },
    { request: "POST /api/v1/entity_invoices/:draft/validate", expect: { ...NONE, admin: 422, advisor: 403 } },
    { request: "POST /api/v1/entity_invoices/:draft/credit_note", expect: WRITE(422) },
    { request: "GET /api/v1/entity_invoices/pending_payments", expect: WRITE(200) },
    { request: "GET /api/v1/entity_invoices/billable_prestations?entity_type=Crematorium&entity_id=:crematorium&from=2026-03-01&to=2026-03-31", expect: WRITE(200) },
    {
      request: "POST /api/v1/entity_invoices",
      body: () => ({ entity: { type: "Crematorium", id: crematoriumId }, group: { type: "month", id: 3, year: 2026 }, billable: [{ deal_id: 999_999, source_code: `CREMATORIUM-${crematoriumId}` }] }),
      expect: immutable,
    },
    { request: "GET /api/v1/entity_invoices/pending_payments/transfer.xml?to=2000-01-01", expect: WRITE(422) },
    { request: "GET /api/v1/entity_invoices/:validated/facturx.xml", expect: READ },
    { request: "GET /api/v1/entity_invoices/:validated/facturx.pdf", expect: { ...READ, advisor: 200 } },
    { request: "GET /api/v1/entity_invoices/:draft/facturx.pdf", expect: { ...NONE, admin: 422, director: 422, advisor: 422 } },
    { request: "POST /api/v1/entity_invoices/pending_payments/bank_transfers", body: { ids: [999_999], bank_transfer_label: "VIR" }, expect: WRITE(404) },
    { request: "POST /api/v1/entity_invoices/pending_payments/reset", body: () => ({ ids: [validatedId] }), expect: WRITE(422) },
    { request: "GET /api/v1/autocompletes/entity_invoices?q=", expect: READ },
    { request: "GET /api/v1/autocompletes/deals_with_invoices?q=", expect: READ },
  ],
  { params: () => ({ validated: validatedId, draft: draftId, crematorium: crematoriumId }) },
);
