import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealCommunications, documents } from "@/server/db/schema/deals";
import { setMailer } from "@/server/integrations/mail/mailer";
import { configuredFileStorage } from "@/server/integrations/storage/configured-storage";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { businessUsers } from "@/server/db/schema/users";
import { drainJobs } from "@/server/jobs/worker";
import { DOCUMENT_BATCH_EMAIL_JOB } from "@/server/services/deal-documents/document-batches";
import { uploadSpoolDir } from "@/server/services/supporting-documents/store-document";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { assignDeal, businessUserId, call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";
import { makeHeicHead, makePdf, makePng, makeZip, SVG_WITH_SCRIPT, uploadForm } from "./helpers/document-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

/**
 * A deal's documents in the back-office (issue 14): upload through the supporting
 * documents' judge, list, download, delete; batches of documents sent by e-mail through
 * the job queue, logged in the deal's communications, immutable once sent.
 */
interface DocumentView {
  id: number;
  deal_id: number;
  name: string;
  document_type: string | null;
  content_type: string;
  byte_size: number;
  sha256: string | null;
  download_url: string;
}
interface BatchView {
  id: number;
  name: string | null;
  documents: Array<{ id: number; name: string }>;
  recipients: Array<{ id: number; email: string; name: string }>;
  sent_at: number | null;
}

let ctx: TestContext;
let deal: BackOfficeDeal;
let otherDeal: BackOfficeDeal;
const recorder = recordingMailer();
const later = () => new Date(Date.now() + 60_000);
const sha256 = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const as = (email: string) => signInHeaders(ctx.db, "business_user", email);
const ADVISOR = "conseiller@demo.test";

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recorder.mailer);
  deal = await submittedDeal(ctx, "documents.famille@example.org");
  otherDeal = await submittedDeal(ctx, "documents.autre@example.org");
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

async function upload(dealId: number, file: Buffer | null, fields: Record<string, string> = {}, name = "acte.pdf", email = ADVISOR) {
  const response = await ctx.app.request(`/api/v1/deals/${dealId}/documents`, { method: "POST", headers: await as(email), body: uploadForm(file, fields, name) });
  return { status: response.status, body: (await response.json()) as { data: DocumentView; errors?: string[]; message?: string } };
}
const documentCount = async (dealId: number) => (await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.dealId, dealId))).length;
const spoolFiles = () => {
  try {
    return readdirSync(uploadSpoolDir());
  } catch {
    return [];
  }
};

describe("deal documents", () => {
  it("uploads a PDF, lists it, and downloads the same bytes as a private attachment", async () => {
    const pdf = makePdf({ padding: 2048 });
    const created = await upload(deal.id, pdf, { document_type: "death_certificate", name: "Acte de décès – Henri Bernard" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ deal_id: deal.id, name: "Acte de décès – Henri Bernard", document_type: "death_certificate", content_type: "application/pdf", byte_size: pdf.length, sha256: sha256(pdf) });

    const list = await call<{ data: DocumentView[] }>(ctx, "GET", `/api/v1/deals/${deal.id}/documents`, await as(ADVISOR));
    expect(list.body.data.map((d) => d.id)).toContain(created.body.data.id);
    // Who added it, by name, in the answer and in the list.
    const uploader = await ctx.db.select({ firstname: businessUsers.firstname, lastname: businessUsers.lastname }).from(businessUsers).where(eq(businessUsers.email, ADVISOR));
    const name = `${uploader[0]!.firstname} ${uploader[0]!.lastname}`;
    expect((created.body.data as DocumentView & { uploaded_by: string | null }).uploaded_by).toBe(name);
    expect((list.body.data.find((d) => d.id === created.body.data.id) as DocumentView & { uploaded_by: string | null }).uploaded_by).toBe(name);

    const file = await ctx.app.request(created.body.data.download_url, { headers: await as("directeur@demo.test") });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="Acte de deces – Henri Bernard"|^attachment; filename="Acte de deces  Henri Bernard"/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toMatch(/no-store/);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(pdf));
  });

  it("names a document after its cleaned file name when no name is given, and refuses bad fields with their codes", async () => {
    const created = await upload(deal.id, makePdf(), {}, "../../etc/pouvoir.pdf");
    expect(created.body.data.name).toBe("pouvoir.pdf");
    const bad = await upload(deal.id, makePdf(), { document_type: "passport_of_mars", name: "x".repeat(161) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(expect.arrayContaining(["document__document_type__invalid", "document__name__too_long"]));
    const control = await upload(deal.id, makePdf(), { name: "Acte\r\nBcc: x@y.z" });
    expect(control.body.errors).toEqual(["document__name__invalid"]);
    const missing = await upload(deal.id, null, { name: "Acte" });
    expect(missing.body.errors).toEqual(["supporting_document__file__missing"]);
  });

  it("lets a partner professional work on the documents of the deal assigned to them only", async () => {
    await assignDeal(ctx, deal.id, await businessUserId(ctx, "pro@demo.test"));
    const own = await upload(deal.id, makePdf(), {}, "plan.pdf", "pro@demo.test");
    expect(own.status).toBe(201);
    const elsewhere = await upload(otherDeal.id, makePdf(), {}, "plan.pdf", "pro@demo.test");
    expect(elsewhere.status).toBe(404);
    const foreignFile = await ctx.app.request(`/api/v1/deals/${otherDeal.id}/documents/${own.body.data.id}/file`, { headers: await as(ADVISOR) });
    expect(foreignFile.status).toBe(404);
  });

  it("deletes a document with its stored file", async () => {
    const created = await upload(deal.id, makePdf(), {}, "brouillon.pdf");
    const [row] = await ctx.db.select({ key: documents.fileKey }).from(documents).where(eq(documents.id, created.body.data.id));
    const storage = configuredFileStorage();
    expect(await storage.exists(row!.key)).toBe(true);
    const removed = await call(ctx, "DELETE", `/api/v1/deals/${deal.id}/documents/${created.body.data.id}`, await as(ADVISOR));
    expect(removed).toEqual({ status: 200, body: { data: { id: created.body.data.id, deleted: true } } });
    expect(await storage.exists(row!.key)).toBe(false);
    const again = await call(ctx, "DELETE", `/api/v1/deals/${deal.id}/documents/${created.body.data.id}`, await as(ADVISOR));
    expect(again.status).toBe(404);
  });

  it("stores an upload file first and attaches it later, for its uploader only", async () => {
    const pdf = makePdf({ padding: 300 });
    const stored = await ctx.app.request("/api/v1/upload_files", { method: "POST", headers: await as(ADVISOR), body: uploadForm(pdf, {}, "scan-mairie.pdf") });
    expect(stored.status).toBe(201);
    const file = ((await stored.json()) as { data: { id: number; sha256: string; file_name: string } }).data;
    expect(file).toMatchObject({ file_name: "scan-mairie.pdf", sha256: sha256(pdf) });
    const refused = await ctx.app.request("/api/v1/upload_files", { method: "POST", headers: await as(ADVISOR), body: uploadForm(SVG_WITH_SCRIPT, {}, "x.pdf") });
    expect(((await refused.json()) as { errors: string[] }).errors).toEqual(["supporting_document__file__type_invalid"]);

    const stranger = await call(ctx, "POST", `/api/v1/deals/${deal.id}/documents`, await as("directeur@demo.test"), { upload_file_id: file.id });
    expect(stranger.body).toEqual({ error: "Unprocessable Entity", errors: ["upload_file__id__not_found"] });
    const attached = await call<{ data: DocumentView }>(ctx, "POST", `/api/v1/deals/${deal.id}/documents`, await as(ADVISOR), { upload_file_id: file.id, name: "Acte de la mairie", document_type: "death_certificate" });
    expect(attached.status).toBe(201);
    expect(attached.body.data).toMatchObject({ name: "Acte de la mairie", document_type: "death_certificate", sha256: sha256(pdf) });
    const download = await ctx.app.request(attached.body.data.download_url, { headers: await as(ADVISOR) });
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(pdf));
    const again = await call(ctx, "POST", `/api/v1/deals/${deal.id}/documents`, await as(ADVISOR), { upload_file_id: file.id });
    expect(again.body).toEqual({ error: "Unprocessable Entity", errors: ["upload_file__id__not_found"] });
  });

  it("lists the document types", async () => {
    const types = await call<{ data: Array<{ code: string; expires: boolean }> }>(ctx, "GET", "/api/v1/document_types", await as(ADVISOR));
    expect(types.body.data).toContainEqual({ code: "death_certificate", expires: false });
    expect(types.body.data).toContainEqual({ code: "identity_card", expires: true });
  });
});

describe("abuse: the deal upload goes through the supporting documents' judge", () => {
  async function expectRefused(file: Buffer, code: string, name = "document.pdf", status = 422) {
    const before = await documentCount(deal.id);
    const answer = await upload(deal.id, file, {}, name);
    expect(answer.status).toBe(status);
    expect(status === 422 ? answer.body.errors : answer.body.message).toEqual(status === 422 ? [code] : code);
    expect(await documentCount(deal.id)).toBe(before);
    expect(spoolFiles()).toEqual([]);
  }
  it("refuses polyglots, archives, scripts, active PDFs, HEIC and oversize files, keeping nothing", async () => {
    await expectRefused(makePdf({ trailer: makeZip() }), "supporting_document__file__polyglot");
    await expectRefused(makeZip("42.zip", Buffer.alloc(64 * 1024)), "supporting_document__file__type_invalid", "scan.pdf");
    await expectRefused(SVG_WITH_SCRIPT, "supporting_document__file__type_invalid", "photo.png");
    await expectRefused(makePdf({ extra: "/OpenAction << /S /JavaScript /JS (app.alert(1)) >>" }), "supporting_document__file__active_content");
    await expectRefused(makeHeicHead(), "supporting_document__file__heic_unsupported", "IMG_0001.HEIC");
    await expectRefused(makePdf({ padding: 20 * 1024 * 1024 }), "supporting_document__file__too_large", "scan.pdf", 413);
  });
  it("accepts a picture, re-encoded", async () => {
    const answer = await upload(deal.id, await makePng(), {}, "photo.png");
    expect(answer.status).toBe(201);
    expect(answer.body.data.content_type).toBe("image/png");
  });
});

describe("document batches", () => {
  it("sends a batch once, by e-mail with the documents attached, logs it, and then never changes it", async () => {
    const headers = async () => as(ADVISOR);
    const pdf = makePdf({ padding: 512 });
    const doc = await upload(deal.id, pdf, { document_type: "power_of_attorney", name: "Pouvoir de la famille" });
    const keep = await upload(deal.id, makePdf(), {}, "autre.pdf");
    const created = await call<{ data: BatchView }>(ctx, "POST", `/api/v1/deals/${deal.id}/documents/batches`, await headers(), { name: "Demande de crémation", message: "Dossier complet pour la crémation de jeudi." });
    expect(created.status).toBe(201);
    const base = `/api/v1/deals/${deal.id}/documents/batches/${created.body.data.id}`;

    const empty = await call(ctx, "POST", `${base}/send_batch`, await headers());
    expect(empty.body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__documents__missing", "document_batch__recipients__missing"] });

    const foreign = await upload(otherDeal.id, makePdf(), {}, "autre-famille.pdf");
    expect((await call(ctx, "POST", `${base}/documents`, await headers(), { document_id: foreign.body.data.id })).body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__document_id__not_found"] });
    await call(ctx, "POST", `${base}/documents`, await headers(), { document_id: doc.body.data.id });
    const withKeep = await call<{ data: BatchView }>(ctx, "POST", `${base}/documents`, await headers(), { document_id: keep.body.data.id });
    expect(withKeep.body.data.documents.map((d) => d.id)).toEqual([doc.body.data.id, keep.body.data.id]);
    const without = await call<{ data: BatchView }>(ctx, "DELETE", `${base}/documents/${keep.body.data.id}`, await headers());
    expect(without.body.data.documents.map((d) => d.id)).toEqual([doc.body.data.id]);

    // Header injection and look-alikes are refused before anything is stored.
    for (const email of ["crematorium@example.org\nBcc: spy@example.com", "crematorium@example.org\r\nBcc: spy@example.com", "a@example.org, b@example.org", "Crématorium <c@example.org>", "pas-une-adresse"]) {
      const refused = await call(ctx, "POST", `${base}/recipients`, await headers(), { email, name: "Crématorium" });
      expect(refused.body, email).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__email__invalid"] });
    }
    const badName = await call(ctx, "POST", `${base}/recipients`, await headers(), { email: "c@example.org", name: "Crématorium\nBcc: spy@example.com" });
    expect(badName.body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__name__invalid"] });
    const blank = await call(ctx, "POST", `${base}/recipients`, await headers(), { email: "c@example.org", name: "  " });
    expect(blank.body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__name__blank"] });

    const added = await call<{ data: BatchView }>(ctx, "POST", `${base}/recipients`, await headers(), { email: " Accueil@Crematorium-Lyon.example ", name: "Crématorium de Lyon" });
    expect(added.body.data.recipients).toEqual([expect.objectContaining({ email: "accueil@crematorium-lyon.example", name: "Crématorium de Lyon" })]);
    const twice = await call(ctx, "POST", `${base}/recipients`, await headers(), { email: "accueil@crematorium-lyon.example", name: "Encore" });
    expect(twice.body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__email__taken"] });
    const mairie = await call<{ data: BatchView }>(ctx, "POST", `${base}/recipients`, await headers(), { email: "etat-civil@mairie.example", name: "Mairie, état civil" });
    const mairieId = mairie.body.data.recipients.find((r) => r.email === "etat-civil@mairie.example")!.id;
    await call(ctx, "DELETE", `${base}/recipients/${mairieId}`, await headers());
    await call(ctx, "POST", `${base}/recipients`, await headers(), { email: "etat-civil@mairie.example", name: "Mairie, état civil" });

    const sent = await call<{ data: BatchView }>(ctx, "POST", `${base}/send_batch`, await headers());
    expect(sent.status).toBe(200);
    expect(sent.body.data.sent_at).toEqual(expect.any(Number));

    // Sent batches are immutable: nothing is added, removed or sent twice; its documents stay.
    expect((await call(ctx, "POST", `${base}/send_batch`, await headers())).body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__state__sent"] });
    expect((await call(ctx, "POST", `${base}/documents`, await headers(), { document_id: keep.body.data.id })).body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__state__sent"] });
    expect((await call(ctx, "DELETE", `${base}/recipients/${added.body.data.recipients[0]!.id}`, await headers())).body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__state__sent"] });
    expect((await call(ctx, "DELETE", `/api/v1/deals/${deal.id}/documents/${doc.body.data.id}`, await headers())).body).toEqual({ error: "Unprocessable Entity", errors: ["document__id__sent"] });
    // Another deal's path never reaches the batch.
    expect((await call(ctx, "POST", `/api/v1/deals/${otherDeal.id}/documents/batches/${created.body.data.id}/send_batch`, await headers())).status).toBe(404);

    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_BATCH_EMAIL_JOB], now: later });
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_BATCH_EMAIL_JOB], now: later });
    const mails = recorder.sent.filter((m) => m.tag === "document_batch");
    expect(mails.map((m) => m.to).sort()).toEqual(["accueil@crematorium-lyon.example", "etat-civil@mairie.example"]);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Demande de crémation – dossier n° ${deal.id} – Paisible`);
      expect(mail.cc).toBeUndefined();
      expect(mail.text).toContain("Pouvoir de la famille");
      expect(mail.text).toContain("Dossier complet pour la crémation de jeudi.");
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments![0]!.filename).toBe("Pouvoir de la famille");
      expect(sha256(Buffer.from(mail.attachments![0]!.contentBase64, "base64"))).toBe(sha256(pdf));
    }
    const logged = await ctx.db.select().from(dealCommunications).where(eq(dealCommunications.dealId, deal.id));
    expect(logged.filter((l) => l.kind === "document_batch").map((l) => l.recipient).sort()).toEqual(["accueil@crematorium-lyon.example", "etat-civil@mairie.example"]);

    const listed = await call<{ data: BatchView[] }>(ctx, "GET", `/api/v1/deals/${deal.id}/documents/batches`, await headers());
    expect(listed.body.data.find((b) => b.id === created.body.data.id)).toMatchObject({ name: "Demande de crémation", sent_at: sent.body.data.sent_at });
    const docs = await call<{ data: Array<DocumentView & { sent_at: number | null }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/documents`, await headers());
    expect(docs.body.data.find((d) => d.id === doc.body.data.id)!.sent_at).toBe(sent.body.data.sent_at);
  });

  it("writes to a family member in the language of the deal's funnel, and to a partner in French", async () => {
    const turkish = await submittedDeal(ctx, "documents.turc@example.org", { locale: "tr" });
    const doc = await upload(turkish.id, makePdf(), {}, "attestation.pdf");
    const base = `/api/v1/deals/${turkish.id}/documents/batches`;
    const created = await call<{ data: BatchView }>(ctx, "POST", base, await as(ADVISOR), {});
    const batch = `${base}/${created.body.data.id}`;
    await call(ctx, "POST", `${batch}/documents`, await as(ADVISOR), { document_id: doc.body.data.id });
    await call(ctx, "POST", `${batch}/recipients`, await as(ADVISOR), { email: turkish.ownerEmail.toUpperCase(), name: "Lucie Bernard" });
    await call(ctx, "POST", `${batch}/recipients`, await as(ADVISOR), { email: "accueil@crematorium.example", name: "Crématorium" });
    expect((await call(ctx, "POST", `${batch}/send_batch`, await as(ADVISOR))).status).toBe(200);
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_BATCH_EMAIL_JOB], now: later });
    const mails = recorder.sent.filter((m) => m.tag === "document_batch" && m.text.includes("attestation.pdf"));
    const family = mails.find((m) => m.to === turkish.ownerEmail)!;
    const partner = mails.find((m) => m.to === "accueil@crematorium.example")!;
    expect(family.locale).toBe("tr");
    expect(family.html).toContain('lang="tr"');
    expect(family.subject).not.toBe(partner.subject);
    expect(partner.locale).toBe("fr");
    expect(partner.subject).toBe(`Documents – dossier n° ${turkish.id} – Paisible`);
  });

  it("refuses a batch over 15 MiB in all, and bodies with bad fields", async () => {
    const base = `/api/v1/deals/${otherDeal.id}/documents/batches`;
    const created = await call<{ data: BatchView }>(ctx, "POST", base, await as(ADVISOR), {});
    for (let i = 0; i < 2; i += 1) {
      const big = await upload(otherDeal.id, makePdf({ padding: 8 * 1024 * 1024 }), {}, `scan-${i}.pdf`);
      await call(ctx, "POST", `${base}/${created.body.data.id}/documents`, await as(ADVISOR), { document_id: big.body.data.id });
    }
    await call(ctx, "POST", `${base}/${created.body.data.id}/recipients`, await as(ADVISOR), { email: "c@example.org", name: "Crématorium" });
    const tooLarge = await call(ctx, "POST", `${base}/${created.body.data.id}/send_batch`, await as(ADVISOR));
    expect(tooLarge.body).toEqual({ error: "Unprocessable Entity", errors: ["document_batch__documents__too_large"] });
    const badBatch = await call(ctx, "POST", base, await as(ADVISOR), { name: "x".repeat(161), message: "y".repeat(4001) });
    expect(badBatch.body).toEqual({ error: "Unprocessable Entity", errors: expect.arrayContaining(["document_batch__name__too_long", "document_batch__message__too_long"]) });
  });
});

describe("autocompletes on live documents", () => {
  it("suggests the deal's uploaded documents and the deceased, for roles 0-2", async () => {
    const created = await upload(otherDeal.id, makePdf(), { name: "Certificat de crémation Lyon" });
    const found = await call<unknown>(ctx, "GET", `/api/v1/autocompletes/deals/${otherDeal.id}/documents?q=certificat`, await as(ADVISOR));
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain(`"id":${created.body.data.id}`);
    const defuncts = await call<unknown>(ctx, "GET", "/api/v1/autocompletes/defuncts?q=bernard", await as("directeur@demo.test"));
    expect(JSON.stringify(defuncts.body)).toContain(`"id":${otherDeal.defunctId}`);
    expect((await call(ctx, "GET", `/api/v1/autocompletes/deals/${otherDeal.id}/documents?q=certificat`, await as("analyste@demo.test"))).status).toBe(403);
  });
});

describe("GET /api/docs", () => {
  it("documents every deal-documents call with its schemas", async () => {
    const { body } = await call<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>(ctx, "GET", "/api/docs", {});
    const expected: Array<[string, string[]]> = [
      ["/api/v1/deals/{id}/documents", ["get", "post"]],
      ["/api/v1/deals/{id}/documents/{document_id}", ["delete"]],
      ["/api/v1/deals/{id}/documents/{document_id}/file", ["get"]],
      ["/api/v1/deals/{id}/documents/batches", ["get", "post"]],
      ["/api/v1/deals/{id}/documents/batches/{batch_id}/documents", ["post"]],
      ["/api/v1/deals/{id}/documents/batches/{batch_id}/documents/{document_id}", ["delete"]],
      ["/api/v1/deals/{id}/documents/batches/{batch_id}/recipients", ["post"]],
      ["/api/v1/deals/{id}/documents/batches/{batch_id}/recipients/{recipient_id}", ["delete"]],
      ["/api/v1/deals/{id}/documents/batches/{batch_id}/send_batch", ["post"]],
      ["/api/v1/document_types", ["get"]],
      ["/api/v1/upload_files", ["post"]],
    ];
    for (const [path, methods] of expected) expect(Object.keys(body.paths[path] ?? {}).sort(), path).toEqual(methods.sort());
    for (const schema of ["DealDocument", "DocumentBatch", "DocumentType"]) expect(body.components.schemas[schema], schema).toBeDefined();
  });
});
