import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "@/server/db/schema/content";
import { documents, signatureRequests } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { SIGNATURE_REQUEST_EMAIL_JOB } from "@/server/services/deal-documents/signature-requests";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { assignDeal, businessUserId, call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";
import { makePdf, makePng, uploadForm } from "./helpers/document-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

/**
 * Signature requests (issue 14): a deal's PDF sent to a family member, signed on the
 * sandbox signer through a hashed 256-bit link, the signed copy stored with its signature
 * page, the advisor notified; and the link's abuse cases (guessing, replay, expiry).
 */
interface RequestView {
  id: number;
  status: string;
  signed_document_id: number | null;
  signer_name: string;
}

let ctx: TestContext;
let deal: BackOfficeDeal;
let otherDeal: BackOfficeDeal;
let ownerId = 0;
let otherOwnerId = 0;
let pdfId = 0;
const pdf = makePdf({ padding: 1024 });
const recorder = recordingMailer();
const later = () => new Date(Date.now() + 60_000);
const as = (email: string) => signInHeaders(ctx.db, "business_user", email);
const ADVISOR = "conseiller@demo.test";

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recorder.mailer);
  deal = await submittedDeal(ctx, "signature.famille@example.org", { firstname: "Élise", lastname: "Bernard" });
  otherDeal = await submittedDeal(ctx, "signature.autre@example.org");
  ownerId = (await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, deal.ownerEmail)))[0]!.id;
  otherOwnerId = (await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, otherDeal.ownerEmail)))[0]!.id;
  pdfId = await upload(deal.id, pdf, "pouvoir.pdf");
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

async function upload(dealId: number, file: Buffer, name: string): Promise<number> {
  const response = await ctx.app.request(`/api/v1/deals/${dealId}/documents`, { method: "POST", headers: await as(ADVISOR), body: uploadForm(file, {}, name) });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Requests a signature and runs the e-mail job; answers the request and the mailed token. */
async function requested(): Promise<{ request: RequestView; token: string }> {
  const created = await call<{ data: RequestView }>(ctx, "POST", "/api/v1/signature_requests", await as(ADVISOR), { deal_id: deal.id, document_id: pdfId, client_id: ownerId });
  expect(created.status).toBe(201);
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [SIGNATURE_REQUEST_EMAIL_JOB], now: later });
  const mail = recorder.sent.filter((m) => m.tag === "signature_request").at(-1)!;
  const token = /\/signature\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  return { request: created.body.data, token };
}

const signer = (method: string, token: string, suffix = "", body?: unknown) => call(ctx, method, `/api/v1/signatures/${token}${suffix}`, {}, body);

describe("signature requests", () => {
  it("sends the link, lets the family member read and sign, stores the signed copy and tells the advisor", async () => {
    const { request, token } = await requested();
    expect(request).toMatchObject({ status: "requested", signer_name: "Élise Bernard" });
    const mail = recorder.sent.filter((m) => m.tag === "signature_request").at(-1)!;
    expect(mail.to).toBe(deal.ownerEmail);
    expect(mail.subject).toBe("Document à signer : pouvoir.pdf – Paisible");
    // Only the hash is stored.
    const [row] = await ctx.db.select().from(signatureRequests).where(eq(signatureRequests.id, request.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);

    const view = await ctx.app.request(`/api/v1/signatures/${token}`);
    expect(view.status).toBe(200);
    expect(view.headers.get("referrer-policy")).toBe("no-referrer");
    expect(view.headers.get("x-robots-tag")).toContain("noindex");
    expect(((await view.json()) as { data: unknown }).data).toMatchObject({ document_name: "pouvoir.pdf", signer_name: "Élise Bernard", status: "requested" });
    const file = await ctx.app.request(`/api/v1/signatures/${token}/file`);
    expect(file.headers.get("content-disposition")).toMatch(/^inline/);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    expect((await signer("POST", token, "/sign", { name: "Quelqu'un d'autre", consent: true })).body).toEqual({ error: "Unprocessable Entity", errors: ["signature__name__mismatch"] });
    expect((await signer("POST", token, "/sign", { name: "Élise Bernard", consent: false })).body).toEqual({ error: "Unprocessable Entity", errors: ["signature__consent__required"] });
    expect((await signer("POST", token, "/sign", { name: " ", consent: true })).body).toEqual({ error: "Unprocessable Entity", errors: ["signature__name__blank"] });

    const signed = await signer("POST", token, "/sign", { name: "elise  BERNARD", consent: true });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ data: { status: "signed", signed_at: expect.any(Number) } });

    const [after] = await ctx.db.select().from(signatureRequests).where(eq(signatureRequests.id, request.id));
    expect(after!.status).toBe("signed");
    expect(after!.documentSha256).toBe((await ctx.db.select({ sha: documents.sha256 }).from(documents).where(eq(documents.id, pdfId)))[0]!.sha);
    const [copy] = await ctx.db.select().from(documents).where(eq(documents.id, after!.signedDocumentId!));
    expect(copy).toMatchObject({ dealId: deal.id, name: "pouvoir (signé).pdf", contentType: "application/pdf" });
    const download = await ctx.app.request(`/api/v1/deals/${deal.id}/documents/${copy!.id}/file`, { headers: await as(ADVISOR) });
    const signedPdf = await PDFDocument.load(Buffer.from(await download.arrayBuffer()));
    const originalPdf = await PDFDocument.load(pdf);
    expect(signedPdf.getPageCount()).toBe(originalPdf.getPageCount() + 1);

    const advisorId = await businessUserId(ctx, ADVISOR);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.businessUserId, advisorId));
    expect(told.some((n) => n.kind === "signature_signed" && n.dealId === deal.id)).toBe(true);

    const listed = await call<{ data: RequestView[] }>(ctx, "GET", `/api/v1/signature_requests?deal_id=${deal.id}`, await as(ADVISOR));
    expect(listed.body.data.find((r) => r.id === request.id)).toMatchObject({ status: "signed", signed_document_id: copy!.id });
  });

  it("names the advisor who asks, and writes to a family member in the language of the deal's funnel", async () => {
    const { token } = await requested();
    expect((await signer("GET", token)).body).toMatchObject({ data: { requested_by: expect.stringMatching(/\S/) } });
    const arabic = await submittedDeal(ctx, "signature.arabe@example.org", { firstname: "Amal", lastname: "Haddad", locale: "ar" });
    const arabicOwner = (await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, arabic.ownerEmail)))[0]!.id;
    const document = await upload(arabic.id, pdf, "pouvoir.pdf");
    const created = await call(ctx, "POST", "/api/v1/signature_requests", await as(ADVISOR), { deal_id: arabic.id, document_id: document, client_id: arabicOwner });
    expect(created.status).toBe(201);
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [SIGNATURE_REQUEST_EMAIL_JOB], now: later });
    const mail = recorder.sent.filter((m) => m.tag === "signature_request" && m.to === arabic.ownerEmail).at(-1)!;
    expect(mail.locale).toBe("ar");
    expect(mail.subject).toContain("pouvoir.pdf");
    expect(mail.subject).not.toContain("Document à signer");
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toMatch(/\/\/ar(\.|--)[^/]+\/signature\/[A-Za-z0-9_-]{43}/);
  });

  it("lets the signer decline, once", async () => {
    const { token } = await requested();
    expect((await signer("POST", token, "/decline")).body).toMatchObject({ data: { status: "declined" } });
    expect((await signer("POST", token, "/sign", { name: "Élise Bernard", consent: true })).body).toEqual({ error: "Unprocessable Entity", errors: ["signature__status__closed"] });
  });

  it("refuses what cannot be signed or who cannot sign, with their codes", async () => {
    const png = await upload(deal.id, await makePng(), "photo.png");
    const notPdf = await call(ctx, "POST", "/api/v1/signature_requests", await as(ADVISOR), { deal_id: deal.id, document_id: png, client_id: otherOwnerId });
    expect(notPdf.body).toEqual({ error: "Unprocessable Entity", errors: ["signature_request__document_id__not_pdf", "signature_request__client_id__not_member"] });
    const foreign = await call(ctx, "POST", "/api/v1/signature_requests", await as(ADVISOR), { deal_id: otherDeal.id, document_id: pdfId, client_id: otherOwnerId });
    expect(foreign.body).toEqual({ error: "Unprocessable Entity", errors: ["signature_request__document_id__not_found"] });
    await assignDeal(ctx, deal.id, await businessUserId(ctx, "pro@demo.test"));
    expect((await call(ctx, "POST", "/api/v1/signature_requests", await as("pro@demo.test"), { deal_id: otherDeal.id, document_id: pdfId, client_id: otherOwnerId })).status).toBe(404);
    expect((await call(ctx, "GET", `/api/v1/signature_requests?deal_id=${otherDeal.id}`, await as("pro@demo.test"))).status).toBe(404);
    expect((await call(ctx, "GET", `/api/v1/signature_requests?deal_id=${deal.id}`, await as("pro@demo.test"))).status).toBe(200);
    expect((await call(ctx, "GET", `/api/v1/signature_requests?deal_id=${deal.id}`, await as("analyste@demo.test"))).status).toBe(403);
    expect((await call(ctx, "GET", `/api/v1/signature_requests?deal_id=${deal.id}`, {})).status).toBe(401);
  });
});

describe("abuse: the signing link", () => {
  it("answers a guessed or malformed token as not found, whatever its shape", async () => {
    for (const guess of [randomBytes(32).toString("base64url"), "a".repeat(43), "short", "../../etc/passwd"]) {
      const answer = await ctx.app.request(`/api/v1/signatures/${encodeURIComponent(guess)}`);
      expect([404, 422], guess).toContain(answer.status);
      expect((await ctx.app.request(`/api/v1/signatures/${encodeURIComponent(guess)}/sign`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "x", consent: true }) })).status).not.toBe(200);
    }
  });

  it("refuses a replay after signing, and then gives only the signed copy", async () => {
    const { token } = await requested();
    expect((await signer("POST", token, "/sign", { name: "Élise Bernard", consent: true })).status).toBe(200);
    expect((await signer("POST", token, "/sign", { name: "Élise Bernard", consent: true })).body).toEqual({ error: "Unprocessable Entity", errors: ["signature__status__closed"] });
    expect((await signer("POST", token, "/decline")).body).toEqual({ error: "Unprocessable Entity", errors: ["signature__status__closed"] });
    const file = await ctx.app.request(`/api/v1/signatures/${token}/file`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.equals(pdf)).toBe(false);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe((await PDFDocument.load(pdf)).getPageCount() + 1);
    const signedCopies = await ctx.db.select().from(signatureRequests).where(eq(signatureRequests.dealId, otherDeal.id));
    expect(signedCopies).toEqual([]);
  });

  it("expires the link after its validity, and signs nothing then", async () => {
    const { request, token } = await requested();
    await ctx.db.update(signatureRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signatureRequests.id, request.id));
    const listed = await call<{ data: RequestView[] }>(ctx, "GET", `/api/v1/signature_requests?deal_id=${deal.id}`, await as(ADVISOR));
    expect(listed.body.data.find((r) => r.id === request.id)!.status).toBe("expired");
    expect((await signer("GET", token)).body).toMatchObject({ data: { status: "expired" } });
    expect((await signer("POST", token, "/sign", { name: "Élise Bernard", consent: true })).body).toEqual({ error: "Unprocessable Entity", errors: ["signature__status__expired"] });
    expect((await ctx.app.request(`/api/v1/signatures/${token}/file`)).status).toBe(404);
  });

  it("stops a cancelled link at once: it reads like a link that never existed", async () => {
    const { request, token } = await requested();
    const guess = await ctx.app.request(`/api/v1/signatures/${randomBytes(32).toString("base64url")}`);
    const cancelled = await call<{ data: RequestView }>(ctx, "POST", `/api/v1/signature_requests/${request.id}/cancel`, await as(ADVISOR));
    expect(cancelled.body.data).toMatchObject({ id: request.id, status: "cancelled" });
    const view = await ctx.app.request(`/api/v1/signatures/${token}`);
    expect(view.status).toBe(guess.status);
    expect(await view.text()).toBe(await guess.text());
    expect((await signer("POST", token, "/sign", { name: "Élise Bernard", consent: true })).status).toBe(404);
    expect((await ctx.app.request(`/api/v1/signatures/${token}/file`)).status).toBe(404);
    const again = await call(ctx, "POST", `/api/v1/signature_requests/${request.id}/cancel`, await as(ADVISOR));
    expect(again.body).toEqual({ error: "Unprocessable Entity", errors: ["signature_request__status__closed"] });
  });

  it("sends a new link on request: the old one stops working, the new one signs", async () => {
    const { request, token } = await requested();
    const resent = await call<{ data: RequestView }>(ctx, "POST", `/api/v1/signature_requests/${request.id}/resend`, await as(ADVISOR));
    expect(resent.body.data).toMatchObject({ id: request.id, status: "requested" });
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [SIGNATURE_REQUEST_EMAIL_JOB], now: later });
    const mail = recorder.sent.filter((m) => m.tag === "signature_request").at(-1)!;
    const fresh = /\/signature\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(fresh).not.toBe(token);
    expect((await ctx.app.request(`/api/v1/signatures/${token}`)).status).toBe(404);
    expect((await signer("POST", fresh, "/sign", { name: "Élise Bernard", consent: true })).status).toBe(200);
    const again = await call(ctx, "POST", `/api/v1/signature_requests/${request.id}/resend`, await as(ADVISOR));
    expect(again.body).toEqual({ error: "Unprocessable Entity", errors: ["signature_request__status__closed"] });
  });

  it("slows an address that tries many tokens", async () => {
    let limited = false;
    for (let i = 0; i < 40 && !limited; i += 1) limited = (await ctx.app.request(`/api/v1/signatures/${randomBytes(32).toString("base64url")}`)).status === 429;
    expect(limited).toBe(true);
  });
});
