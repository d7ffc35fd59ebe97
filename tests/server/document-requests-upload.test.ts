import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_REQUEST_PROOF_HEADER } from "@/domain/document-requests";
import { supportingDocumentOwners, supportingDocumentVersions, supportingDocuments } from "@/server/db/schema/procedures";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { setSmsSender } from "@/server/integrations/sms/sms-outbox";
import { LocalFileStorage } from "@/server/integrations/storage/local-storage";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { DOCUMENT_REQUEST_SMS_JOB } from "@/server/services/document-requests/create-document-request";
import { call, freshIp } from "./auth-helpers";
import { familyHeaders, linkOf, PROCEDURE_ID, recordingSms, REQUEST_BODY, seedFamily, type FamilyMember } from "./document-requests-fixtures";
import { createTestApp, type TestContext } from "./helpers/app";

// Uploads spool under DATA_DIR/tmp (read lazily by serverEnv()) and land in this file's own storage.
const dataDir = mkdtempSync(join(tmpdir(), "paisible-sms-upload-"));
process.env.DATA_DIR = dataDir;

let ctx: TestContext;
const sms = recordingSms();
let jpeg: Buffer;
let pdf: Buffer;

async function makePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.text("Procuration signée");
  doc.end();
  return done;
}

beforeAll(async () => {
  ctx = await createTestApp({ fileStorage: new LocalFileStorage(join(dataDir, "files")) });
  await seedFamily(ctx.db);
  setSmsSender(sms.sender);
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } }).jpeg().toBuffer();
  pdf = await makePdf();
});
afterAll(async () => {
  setSmsSender(null);
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const CREATE = `/api/v1/administrative_procedures/${PROCEDURE_ID}/document_requests`;

async function sendRequest() {
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB], now: authNow });
  const created = await call<{ data: { id: number; items: { id: number }[] } }>(ctx.app, "POST", CREATE, { body: REQUEST_BODY, headers: await familyHeaders(ctx.db, "owner") });
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB], now: authNow });
  const { token, code } = linkOf(sms.sent.at(-1)!);
  const proved = await call<{ data: { proof_token: string } }>(ctx.app, "POST", `/api/v1/document_requests/${token}/verify`, { body: { code }, headers: { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) } });
  return { token, items: created.body.data.items.map((i) => i.id), proof: { [DOCUMENT_REQUEST_PROOF_HEADER]: proved.body.data.proof_token } };
}

async function upload(token: string, itemId: number, file: Buffer, name: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), name);
  const response = await ctx.app.request(`/api/v1/document_requests/${token}/items/${itemId}/file`, { method: "POST", body: form, headers: { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()), ...headers } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { data?: Record<string, unknown> } };
}

const documentsOfProcedure = () =>
  ctx.db
    .select({ id: supportingDocuments.id, type: supportingDocuments.documentType })
    .from(supportingDocumentOwners)
    .innerJoin(supportingDocuments, eq(supportingDocuments.id, supportingDocumentOwners.supportingDocumentId))
    .where(eq(supportingDocumentOwners.ownerId, PROCEDURE_ID));

describe("POST /api/v1/document_requests/{token}/items/{item_id}/file", () => {
  it("stores the photo as the procedure's document and marks the item received, then a second send adds a version", async () => {
    const { token, items, proof } = await sendRequest();
    const before = (await documentsOfProcedure()).length;
    const sent = await upload(token, items[0]!, jpeg, "photo.jpg", proof);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ id: items[0], document_type: "identity_card", status: "received", already_on_file: true });
    expect(JSON.stringify(sent.body)).not.toMatch(/administrative_procedure|file_key|supporting_document_id/);

    const documents = await documentsOfProcedure();
    expect(documents.length).toBe(before + 1);
    const created = documents.at(-1)!;
    expect(created.type).toBe("identity_card");

    const again = await upload(token, items[0]!, jpeg, "photo-2.jpg", proof);
    expect(again.status).toBe(201);
    expect((await documentsOfProcedure()).length).toBe(before + 1);
    const versions = await ctx.db.select().from(supportingDocumentVersions).where(eq(supportingDocumentVersions.supportingDocumentId, created.id));
    expect(versions.length).toBe(2);

    // The signed PDF for the second item.
    expect((await upload(token, items[1]!, pdf, "procuration.pdf", proof)).status).toBe(201);
    const view = await call<{ data: { items: { status: string }[] } }>(ctx.app, "GET", `/api/v1/document_requests/${token}`, { headers: { ...proof, [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) } });
    expect(view.body.data.items.map((i) => i.status)).toEqual(["received", "received"]);
    // The family sees it among the procedure's documents.
    const listed = await call<{ data: { document_type: string }[] }>(ctx.app, "GET", `/api/v1/administrative_procedures/${PROCEDURE_ID}/supporting_documents`, { headers: await familyHeaders(ctx.db, "owner") });
    expect(listed.body.data.map((d) => d.document_type)).toEqual(expect.arrayContaining(["identity_card", "power_of_attorney"]));
  });

  it("refuses without a proof, or with the proof of another request, before reading the file (403)", async () => {
    const first = await sendRequest();
    const second = await sendRequest();
    const before = (await documentsOfProcedure()).length;
    const none = await upload(first.token, first.items[0]!, jpeg, "a.jpg");
    expect(none.status).toBe(403);
    expect(none.body).toEqual({ error: "Forbidden", message: "document_request__proof__required" });
    expect((await upload(first.token, first.items[0]!, jpeg, "a.jpg", second.proof)).status).toBe(403);
    expect((await documentsOfProcedure()).length).toBe(before);
  });

  it("answers 404 for an item of another request, even with a valid proof", async () => {
    const first = await sendRequest();
    const second = await sendRequest();
    expect((await upload(first.token, second.items[0]!, jpeg, "a.jpg", first.proof)).status).toBe(404);
  });

  it("refuses a file that is not what it claims, stores nothing and keeps the item pending", async () => {
    const { token, items, proof } = await sendRequest();
    const before = (await documentsOfProcedure()).length;
    const fake = await upload(token, items[0]!, Buffer.from("#!/bin/sh\necho pwned\n"), "carte.pdf", proof);
    expect(fake.status).toBe(422);
    expect((fake.body.errors as string[])[0]).toMatch(/^supporting_document__file__/);
    expect((await documentsOfProcedure()).length).toBe(before);
    const view = await call<{ data: { items: { status: string }[] } }>(ctx.app, "GET", `/api/v1/document_requests/${token}`, { headers: { ...proof, [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) } });
    expect(view.body.data.items[0]!.status).toBe("pending");
  });

  it.each([
    ["editor", 201],
    ["owner", 201],
    ["reader", 403],
    ["notary", 403],
    ["stranger", 403],
  ] as [FamilyMember, number][])("a signed-in %s without the code gets %i", async (member, status) => {
    const { token, items } = await sendRequest();
    expect((await upload(token, items[0]!, jpeg, "a.jpg", await familyHeaders(ctx.db, member))).status).toBe(status);
  });
});
