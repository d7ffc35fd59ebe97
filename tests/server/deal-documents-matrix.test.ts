import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { assignDeal, businessUserId, call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";
import { makePdf, uploadForm } from "./helpers/document-fixtures";

/**
 * Every deal-documents route of issue 14 against every caller: visitors, clients and the
 * deal's own family 401 (not family routes), analytics guests 403, a partner professional
 * (4) on the deal assigned to them only (404 on another), roles 0-2 on every deal. Bodies
 * are chosen so every admitted caller gets the same answer and nothing is sent.
 */
let ctx: TestContext;
let mine: BackOfficeDeal;
let other: BackOfficeDeal;
let myDocument = 0;
let otherDocument = 0;
let myBatch = 0;
let otherBatch = 0;
let myEdition = 0;
let otherEdition = 0;
let myRequest = 0;
let otherRequest = 0;
const quiet: Mailer = { send: async () => ({ id: "0", transport: "outbox" }) };

async function uploaded(dealId: number): Promise<number> {
  const headers = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  const response = await ctx.app.request(`/api/v1/deals/${dealId}/documents`, { method: "POST", headers, body: uploadForm(makePdf()) });
  return ((await response.json()) as { data: { id: number } }).data.id;
}
async function batch(dealId: number): Promise<number> {
  const headers = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  return (await call<{ data: { id: number } }>(ctx, "POST", `/api/v1/deals/${dealId}/documents/batches`, headers, { name: "Mairie" })).body.data.id;
}

async function edition(dealId: number): Promise<number> {
  const headers = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  const templates = await call<{ data: Array<{ id: number }> }>(ctx, "GET", "/api/v1/editable_documents", headers);
  return (await call<{ data: { id: number } }>(ctx, "POST", "/api/v1/document_editions", await signInHeaders(ctx.db, "business_user", "conseiller@demo.test"), { deal_id: dealId, editable_document_id: templates.body.data[0]!.id })).body.data.id;
}

/** A signature request already cancelled: every admitted caller then gets the same 422 on cancel, nothing changes. */
async function closedRequest(deal: BackOfficeDeal, documentId: number): Promise<number> {
  const headers = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  const [owner] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, deal.ownerEmail));
  const created = await call<{ data: { id: number } }>(ctx, "POST", "/api/v1/signature_requests", headers, { deal_id: deal.id, document_id: documentId, client_id: owner!.id });
  await call(ctx, "POST", `/api/v1/signature_requests/${created.body.data.id}/cancel`, headers);
  return created.body.data.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(quiet);
  mine = await submittedDeal(ctx, "docs.pro@example.org");
  other = await submittedDeal(ctx, "docs.autre@example.org");
  await assignDeal(ctx, mine.id, await businessUserId(ctx, "pro@demo.test"));
  myDocument = await uploaded(mine.id);
  otherDocument = await uploaded(other.id);
  myBatch = await batch(mine.id);
  otherBatch = await batch(other.id);
  myEdition = await edition(mine.id);
  otherEdition = await edition(other.id);
  myRequest = await closedRequest(mine, myDocument);
  otherRequest = await closedRequest(other, otherDocument);
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

const NONE = { visitor: 401, client: 401, family: 401, forged: 401, borrowed: 401 } as const;
const WORK = (status: number) => ({ ...NONE, admin: status, director: status, advisor: status, guest: 403 }) as const;
const INJECTION = { email: "mairie@example.org\nBcc: spy@example.com", name: "Mairie" };

describeAuthorizationMatrix<"family">(
  "deal documents",
  () => ctx,
  [
    { request: "GET /api/v1/deals/:mine/documents", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/deals/:other/documents", expect: { ...WORK(200), pro: 404 } },
    { request: "GET /api/v1/deals/999999/documents", expect: { ...WORK(404), pro: 404 } },
    // No multipart body: 422 for whoever may upload, decided after the access check.
    { request: "POST /api/v1/deals/:mine/documents", expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/deals/:other/documents", expect: { ...WORK(422), pro: 404 } },
    { request: "GET /api/v1/deals/:mine/documents/:my_document/file", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/deals/:other/documents/:other_document/file", expect: { ...WORK(200), pro: 404 } },
    { request: "GET /api/v1/deals/:mine/documents/:other_document/file", expect: { ...WORK(404), pro: 404 } },
    { request: "DELETE /api/v1/deals/:mine/documents/999999", expect: { ...WORK(404), pro: 404 } },
    { request: "DELETE /api/v1/deals/:mine/documents/:other_document", expect: { ...WORK(404), pro: 404 } },
    { request: "GET /api/v1/deals/:mine/documents/batches", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/deals/:other/documents/batches", expect: { ...WORK(200), pro: 404 } },
    { request: "POST /api/v1/deals/:mine/documents/batches", body: { name: "Crématorium" }, expect: { ...WORK(201), pro: 201 } },
    { request: "POST /api/v1/deals/:other/documents/batches", body: { name: "Crématorium" }, expect: { ...WORK(201), pro: 404 } },
    { request: "POST /api/v1/deals/:mine/documents/batches/:my_batch/documents", body: () => ({ document_id: otherDocument }), expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/deals/:mine/documents/batches/:other_batch/documents", body: () => ({ document_id: myDocument }), expect: { ...WORK(404), pro: 404 } },
    { request: "DELETE /api/v1/deals/:mine/documents/batches/:my_batch/documents/999999", expect: { ...WORK(404), pro: 404 } },
    { request: "POST /api/v1/deals/:mine/documents/batches/:my_batch/recipients", body: INJECTION, expect: { ...WORK(422), pro: 422 } },
    // The body is judged before the deal (it says nothing of the deal); a valid one shows the pro's 404.
    { request: "POST /api/v1/deals/:other/documents/batches/:other_batch/recipients", body: INJECTION, expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/deals/:other/documents/batches/:other_batch/recipients", body: { email: "mairie@example.org", name: "Mairie" }, expect: { ...NONE, guest: 403, pro: 404 } },
    { request: "DELETE /api/v1/deals/:mine/documents/batches/:my_batch/recipients/999999", expect: { ...WORK(404), pro: 404 } },
    // An empty batch cannot go: 422 for every admitted caller, nothing is sent.
    { request: "POST /api/v1/deals/:mine/documents/batches/:my_batch/send_batch", expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/deals/:other/documents/batches/:other_batch/send_batch", expect: { ...WORK(422), pro: 404 } },
    { request: "GET /api/v1/document_types", expect: { ...WORK(200), pro: 200 } },
    // Booking transactions: an unknown booking is 404 for the admitted callers.
    { request: "GET /api/v1/deals/:mine/booking_transactions", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/deals/:other/booking_transactions", expect: { ...WORK(200), pro: 404 } },
    { request: "PUT /api/v1/deals/:mine/booking_transactions/999999", body: { status: "booking_accepted" }, expect: { ...WORK(404), pro: 404 } },
    // No multipart body: 422 for whoever may upload.
    { request: "POST /api/v1/upload_files", expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/deals/:mine/documents", body: { upload_file_id: 999999 }, expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/deals/:other/documents", body: { upload_file_id: 999999 }, expect: { ...WORK(422), pro: 404 } },
    // Templates and editions: an edition belongs to its deal's rule.
    { request: "GET /api/v1/editable_documents", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/editable_documents/999999", expect: { ...WORK(404), pro: 404 } },
    { request: "GET /api/v1/document_editions?deal_id=:mine", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/document_editions?deal_id=:other", expect: { ...WORK(200), pro: 404 } },
    { request: "POST /api/v1/document_editions", body: () => ({ deal_id: other.id, editable_document_id: 999999 }), expect: { ...WORK(422), pro: 404 } },
    { request: "POST /api/v1/document_editions", body: () => ({ deal_id: mine.id, editable_document_id: 999999 }), expect: { ...WORK(422), pro: 422 } },
    { request: "GET /api/v1/document_editions/:my_edition", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/document_editions/:other_edition", expect: { ...WORK(200), pro: 404 } },
    { request: "PUT /api/v1/document_editions/:other_edition", body: { content: "Texte [à compléter : date du décès]" }, expect: { ...WORK(200), pro: 404 } },
    // Still marked incomplete: 422 for every admitted caller, no PDF is produced.
    { request: "POST /api/v1/document_editions/:other_edition/generate", expect: { ...WORK(422), pro: 404 } },
    { request: "POST /api/v1/document_editions/:my_edition/generate", expect: { ...WORK(422), pro: 422 } },
    // Signature requests: the advisor's side follows the deal; the signer's side is the token only.
    { request: "GET /api/v1/signature_requests?deal_id=:mine", expect: { ...WORK(200), pro: 200 } },
    { request: "GET /api/v1/signature_requests?deal_id=:other", expect: { ...WORK(200), pro: 404 } },
    { request: "POST /api/v1/signature_requests", body: () => ({ deal_id: other.id, document_id: myDocument, client_id: 999999 }), expect: { ...WORK(422), pro: 404 } },
    { request: "POST /api/v1/signature_requests", body: () => ({ deal_id: mine.id, document_id: otherDocument, client_id: 999999 }), expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/signature_requests/:my_request/cancel", expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/signature_requests/:other_request/cancel", expect: { ...WORK(422), pro: 404 } },
    { request: "POST /api/v1/signature_requests/999999/cancel", expect: { ...WORK(404), pro: 404 } },
    { request: "POST /api/v1/signature_requests/:my_request/resend", expect: { ...WORK(422), pro: 422 } },
    { request: "POST /api/v1/signature_requests/:other_request/resend", expect: { ...WORK(422), pro: 404 } },
    { request: "POST /api/v1/signature_requests/999999/resend", expect: { ...WORK(404), pro: 404 } },
    { request: "GET /api/v1/signatures/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", expect: { visitor: 404, client: 404, family: 404, admin: 404, pro: 404 } },
  ],
  {
    callers: () => ({ family: { realm: "client", email: other.ownerEmail } }),
    params: () => ({ mine: mine.id, other: other.id, my_document: myDocument, other_document: otherDocument, my_batch: myBatch, other_batch: otherBatch, my_edition: myEdition, other_edition: otherEdition, my_request: myRequest, other_request: otherRequest }),
  },
);
