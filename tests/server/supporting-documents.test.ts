import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv } from "@/config/env";
import { supportingDocumentOwners, supportingDocumentVersions, supportingDocuments } from "@/server/db/schema/procedures";
import { SESSION_COOKIES } from "@/server/http/auth";
import { LocalFileStorage } from "@/server/integrations/storage/local-storage";
import { createCookieSession } from "@/server/services/auth/sessions";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import {
  clientHeaders,
  createFamily,
  makeHeicHead,
  makeJpegWithGps,
  makePdf,
  makePng,
  makePngBomb,
  makeZip,
  SVG_WITH_SCRIPT,
  uploadForm,
  type Family,
} from "./helpers/document-fixtures";

interface DocumentView {
  id: number;
  document_type: string;
  expiry_date: string | null;
  issue_date: string | null;
  reference: string | null;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  version_id: number;
  versions_count: number;
  owners: Array<{ owner_type: string; owner_id: number }>;
  download_url: string;
}

let ctx: TestContext;
let family: Family;
let storageRoot: string;
const BUSINESS_EMAILS: Record<string, string> = { advisor: "conseiller@demo.test", guest: "analyste@demo.test" };
/** A fresh device session per request: tokens rotate (SPEC §7) and a reused one expires after the 5 s batch window. */
async function fresh(who: string): Promise<Record<string, string>> {
  if (BUSINESS_EMAILS[who]) return signInHeaders(ctx.db, "business_user", BUSINESS_EMAILS[who]!);
  return clientHeaders(ctx.db, family.clients[who as keyof Family["clients"]]);
}
const sha256 = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  storageRoot = mkdtempSync(join(tmpdir(), "paisible-documents-"));
  ctx = await createTestApp({ fileStorage: new LocalFileStorage(storageRoot) });
  family = await createFamily(ctx.db, "docs");
});
afterAll(async () => {
  await ctx?.close();
});

async function send(method: string, path: string, who: string | null, body?: FormData | object) {
  const h: Record<string, string> = who ? await fresh(who) : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    h["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await ctx.app.request(path, { method, headers: h, body: payload });
  const text = method === "GET" && path.endsWith("/file") ? "" : await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json as { data: DocumentView } & { errors?: string[]; message?: string }, headers: response.headers, response };
}

const procedurePath = () => `/api/v1/administrative_procedures/${family.procedureId}/supporting_documents`;
const upload = (who: string, file: Buffer | null, fields: Record<string, string> = { document_type: "death_certificate" }, name?: string, path = procedurePath()) =>
  send("POST", path, who, uploadForm(file, fields, name));

/** Stored objects under the storage root (the .tmp folder of half-written files excepted). */
function storedFiles(): string[] {
  const base = join(storageRoot, "documents");
  if (!existsSync(base)) return [];
  return readdirSync(base).flatMap((dir) => readdirSync(join(base, dir)).map((f) => `${dir}/${f}`));
}
async function documentRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(supportingDocuments);
  return Number(row!.n);
}
function spoolFiles(): string[] {
  const dir = join(serverEnv().DATA_DIR, "tmp", "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe("uploading and reading documents", () => {
  it("stores a PDF for the procedure and gives it back byte for byte, as an attachment", async () => {
    const pdf = makePdf({ padding: 50_000 });
    const created = await upload("owner", pdf, { document_type: "death_certificate", issue_date: "2026-10-02", reference: "AD-2026-118" }, "Acte de décès.pdf");
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      document_type: "death_certificate",
      issue_date: "2026-10-02",
      expiry_date: null,
      reference: "AD-2026-118",
      file_name: "Acte de décès.pdf",
      content_type: "application/pdf",
      byte_size: pdf.length,
      sha256: sha256(pdf),
      versions_count: 1,
      owners: [{ owner_type: "AdministrativeProcedure", owner_id: family.procedureId }],
    });
    expect(created.headers.get("cache-control")).toMatch(/no-store/);

    const list = await send("GET", procedurePath(), "reader");
    expect(list.status).toBe(200);
    expect((list.body as unknown as { data: DocumentView[] }).data.map((d) => d.id)).toContain(created.body.data.id);

    const file = await ctx.app.request(created.body.data.download_url, { headers: await fresh("notary") });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="Acte de deces.pdf"; filename*=UTF-8''Acte%20de%20d%C3%A9c%C3%A8s.pdf`);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toMatch(/no-store/);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(pdf));

    // The browser's download: the session cookie, no token headers; never kept by a shared cache.
    const cookie = await createCookieSession(ctx.db, { realm: "client", userId: family.clients.reader.id, clientId: "browser-1", now: new Date() });
    const viaCookie = await ctx.app.request(created.body.data.download_url, { headers: { cookie: `${SESSION_COOKIES.client}=${cookie.token}` } });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.headers.get("cache-control")).toBe("private, no-store");
    expect(sha256(Buffer.from(await viaCookie.arrayBuffer()))).toBe(sha256(pdf));
    expect(spoolFiles()).toEqual([]);
  });

  it("keeps every version: a new upload becomes current, the older one stays downloadable", async () => {
    const first = makePdf({ padding: 1000 });
    const created = await upload("editor", first, { document_type: "identity_card", expiry_date: "2030-01-01" });
    expect(created.status).toBe(201);
    const second = makePdf({ padding: 2000 });
    const form = uploadForm(second, { expiry_date: "2035-06-30" }, "cni-recto.pdf");
    const versioned = await send("POST", `/api/v1/supporting_documents/${created.body.data.id}/versions`, "editor", form);
    expect(versioned.status).toBe(201);
    expect(versioned.body.data).toMatchObject({ versions_count: 2, expiry_date: "2035-06-30", sha256: sha256(second), file_name: "cni-recto.pdf" });

    const versions = await send("GET", `/api/v1/supporting_documents/${created.body.data.id}/versions`, "reader");
    const list = (versions.body as unknown as { data: Array<{ id: number; current: boolean; sha256: string; download_url: string }> }).data;
    expect(list.map((v) => [v.current, v.sha256])).toEqual([
      [true, sha256(second)],
      [false, sha256(first)],
    ]);
    const old = await ctx.app.request(list[1]!.download_url, { headers: await fresh("owner") });
    expect(sha256(Buffer.from(await old.arrayBuffer()))).toBe(sha256(first));
    const current = await ctx.app.request(`/api/v1/supporting_documents/${created.body.data.id}/file`, { headers: await fresh("owner") });
    expect(sha256(Buffer.from(await current.arrayBuffer()))).toBe(sha256(second));
    // A version of another document is not reachable through this one.
    const other = await upload("owner", makePdf());
    const foreign = await ctx.app.request(`/api/v1/supporting_documents/${other.body.data.id}/file?version=${list[1]!.id}`, { headers: await fresh("owner") });
    expect(foreign.status).toBe(404);
  });

  it("changes details, refuses to leave a document without an owner, and deletes it with its files", async () => {
    const created = await upload("owner", makePdf(), { document_type: "bank_details" });
    const path = `${procedurePath()}/${created.body.data.id}`;
    const changed = await send("PUT", path, "editor", { reference: "FR76 3000 ...", issue_date: "2026-09-01" });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ reference: "FR76 3000 ...", issue_date: "2026-09-01", document_type: "bank_details" });

    const noOwner = await send("PUT", path, "owner", { owners: [] });
    expect(noOwner.status).toBe(422);
    expect(noOwner.body.errors).toEqual(["supporting_document__owners__missing"]);

    // Attaching it to the formality too (the family's own), then to a stranger's account: refused.
    const both = await send("PUT", path, "owner", {
      owners: [
        { owner_type: "AdministrativeProcedure", owner_id: family.procedureId },
        { owner_type: "OngoingFormality", owner_id: family.formalityId },
      ],
    });
    expect(both.status).toBe(200);
    expect(both.body.data.owners).toHaveLength(2);
    const stranger = await send("PUT", path, "owner", { owners: [{ owner_type: "Client", owner_id: family.clients.stranger.id }] });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual(["supporting_document__owner__invalid"]);

    const before = storedFiles().length;
    const detached = await send("DELETE", path, "owner");
    expect(detached.body).toEqual({ data: { id: created.body.data.id, deleted: false } });
    expect(storedFiles().length).toBe(before);
    expect((await send("GET", path, "owner")).status).toBe(404);
    const formalityPath = `/api/v1/ongoing_formalities/${family.formalityId}/supporting_documents/${created.body.data.id}`;
    const deleted = await send("DELETE", formalityPath, "editor");
    expect(deleted.body).toEqual({ data: { id: created.body.data.id, deleted: true } });
    expect(storedFiles().length).toBe(before - 1);
    expect(await ctx.db.select().from(supportingDocumentVersions).where(eq(supportingDocumentVersions.supportingDocumentId, created.body.data.id))).toEqual([]);
  });

  it("reaches a document owned by the deceased through the procedures about them", async () => {
    const created = await upload("owner", makePdf(), { document_type: "birth_certificate" });
    const path = `${procedurePath()}/${created.body.data.id}`;
    const moved = await send("PUT", path, "editor", { owners: [{ owner_type: "Defunct", owner_id: family.defunctId }] });
    expect(moved.status).toBe(200);
    expect(moved.body.data.owners).toEqual([{ owner_type: "Defunct", owner_id: family.defunctId }]);
    // No longer under the procedure's path, still reachable by id for the family, not for a stranger.
    expect((await send("GET", path, "owner")).status).toBe(404);
    expect((await send("GET", `/api/v1/supporting_documents/${created.body.data.id}/versions`, "notary")).status).toBe(200);
    expect((await send("POST", `/api/v1/supporting_documents/${created.body.data.id}/versions`, "reader", uploadForm(makePdf()))).status).toBe(403);
    expect((await send("GET", `/api/v1/supporting_documents/${created.body.data.id}/versions`, "stranger")).status).toBe(404);
  });

  it("keeps a client's own documents to that client and the advisors", async () => {
    const own = `/api/v1/clients/${family.clients.reader.id}/supporting_documents`;
    const created = await upload("reader", makePdf(), { document_type: "proof_of_address" }, "facture.pdf", own);
    expect(created.status).toBe(201);
    expect((await send("GET", own, "reader")).status).toBe(200);
    expect((await send("GET", own, "owner")).status).toBe(404);
    expect((await send("GET", `/api/v1/supporting_documents/${created.body.data.id}/file`, "owner")).status).toBe(404);
    expect((await send("GET", own, "advisor")).status).toBe(200);
    expect((await send("GET", own, "guest")).status).toBe(403);
  });

  it("lets the family reach a formality's documents through its procedure's roles", async () => {
    const path = `/api/v1/ongoing_formalities/${family.formalityId}/supporting_documents`;
    expect((await upload("editor", makePdf(), { document_type: "bank_details" }, "rib.pdf", path)).status).toBe(201);
    expect((await upload("reader", makePdf(), { document_type: "bank_details" }, "rib.pdf", path)).status).toBe(403);
    expect((await upload("notary", makePdf(), { document_type: "bank_details" }, "rib.pdf", path)).status).toBe(403);
    expect((await send("GET", path, "notary")).status).toBe(200);
    expect((await send("GET", path, "stranger")).status).toBe(404);
    expect((await send("GET", `/api/v1/ongoing_formalities/99999999/supporting_documents`, "owner")).status).toBe(404);
  });

  it("answers each invalid field with its code, and stores nothing", async () => {
    const rows = await documentRows();
    const files = storedFiles().length;
    const cases: Array<[Record<string, string>, Buffer | null, string[]]> = [
      [{ document_type: "death_certificate" }, null, ["supporting_document__file__missing"]],
      [{}, makePdf(), ["supporting_document__document_type__blank"]],
      [{ document_type: "treasure_map" }, makePdf(), ["supporting_document__document_type__invalid"]],
      [{ document_type: "passport", expiry_date: "31/12/2030" }, makePdf(), ["supporting_document__expiry_date__invalid"]],
      [{ document_type: "passport", issue_date: "2026-02-30" }, makePdf(), ["supporting_document__issue_date__invalid"]],
      [{ document_type: "passport", issue_date: "2026-05-01", expiry_date: "2020-05-01" }, makePdf(), ["supporting_document__expiry_date__before_issue_date"]],
      [{ document_type: "passport", reference: "x".repeat(121) }, makePdf(), ["supporting_document__reference__too_long"]],
      [{ document_type: "passport", owner_type: "Client", owner_id: String(family.clients.owner.id) }, makePdf(), ["supporting_document__owner__invalid"]],
      [{ document_type: "passport", owner_type: "Spaceship", owner_id: "1" }, makePdf(), ["supporting_document__owner_type__invalid"]],
      [{ document_type: "passport" }, Buffer.alloc(0), ["supporting_document__file__empty"]],
    ];
    for (const [fields, file, codes] of cases) {
      const answer = await upload("owner", file, fields);
      expect({ fields, status: answer.status, body: answer.body }).toEqual({ fields, status: 422, body: { error: "Unprocessable Entity", errors: codes } });
    }
    // Owner fields naming the path's own resource are fine.
    const same = await upload("owner", makePdf(), { document_type: "passport", owner_type: "AdministrativeProcedure", owner_id: String(family.procedureId) });
    expect(same.status).toBe(201);
    expect(await documentRows()).toBe(rows + 1);
    expect(storedFiles().length).toBe(files + 1);
    const notMultipart = await send("POST", procedurePath(), "owner", { document_type: "passport" });
    expect(notMultipart.status).toBe(422);
    expect(notMultipart.body.errors).toEqual(["supporting_document__file__missing"]);
    expect(spoolFiles()).toEqual([]);
  });

  it("opens the document types list to signed-in families, named in French", async () => {
    const answer = await send("GET", "/api/v1/autocompletes/document_types?q=deces", "owner");
    expect(answer.status).toBe(200);
    const names = (answer.body as unknown as Array<{ code: string; name: string }>).map((t) => [t.code, t.name]);
    expect(names).toContainEqual(["death_certificate", "Acte de décès"]);
    expect((await send("GET", "/api/v1/autocompletes/document_types", null)).status).toBe(401);
  });
});

describe("abuse: what a hostile or broken upload gets", () => {
  async function expectRefused(file: Buffer, code: string, name = "document.pdf", status = 422) {
    const rows = await documentRows();
    const files = storedFiles().length;
    const answer = await upload("owner", file, { document_type: "other" }, name);
    expect(answer.status).toBe(status);
    expect(status === 422 ? answer.body.errors : answer.body.message).toEqual(status === 422 ? [code] : code);
    expect(await documentRows()).toBe(rows);
    expect(storedFiles().length).toBe(files);
    expect(spoolFiles()).toEqual([]);
  }

  it("refuses a polyglot: a JPEG carrying a PDF header", async () => {
    const jpeg = await makePng();
    const picture = await sharp(jpeg).jpeg().toBuffer();
    // A JPEG comment segment right after SOI holding "%PDF-": a PDF reader finds it in the first kilobyte.
    const comment = Buffer.from("%PDF-1.4 1 0 obj << /Type /Catalog >> endobj", "latin1");
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
    await expectRefused(Buffer.concat([picture.subarray(0, 2), segment, picture.subarray(2)]), "supporting_document__file__polyglot", "photo.jpg");
  });

  it("refuses a polyglot: a PDF that is also a ZIP archive", async () => {
    await expectRefused(makePdf({ trailer: makeZip() }), "supporting_document__file__polyglot");
  });

  it("refuses a ZIP (and so any zip bomb) whatever its name", async () => {
    await expectRefused(makeZip("42.zip", Buffer.alloc(64 * 1024)), "supporting_document__file__type_invalid", "scan.pdf");
  });

  it("refuses an SVG with a script", async () => {
    await expectRefused(SVG_WITH_SCRIPT, "supporting_document__file__type_invalid", "photo.png");
  });

  it("refuses a file whose first bytes match no accepted kind (a text named .pdf)", async () => {
    await expectRefused(Buffer.from("This is not a PDF at all, only text.\n".repeat(20)), "supporting_document__file__type_invalid", "acte.pdf");
    await expectRefused(Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff".padEnd(600, "\0"), "latin1"), "supporting_document__file__type_invalid", "acte.pdf");
  });

  it("refuses a PDF with JavaScript or a launch action, even written with # escapes", async () => {
    await expectRefused(makePdf({ extra: "/OpenAction << /S /JavaScript /JS (app.alert(1)) >>" }), "supporting_document__file__active_content");
    await expectRefused(makePdf({ extra: "/OpenAction << /S /Launch /F (cmd.exe) >>" }), "supporting_document__file__active_content");
    await expectRefused(makePdf({ extra: "/OpenAction << /S /J#61vaScript /J#53 (x) >>" }), "supporting_document__file__active_content");
  });

  it("finds JavaScript hidden in a compressed object stream, and reads a harmless one", async () => {
    await expectRefused(makePdf({ objectStream: "<< /S /JavaScript /JS (app.launchURL('http://x')) >>" }), "supporting_document__file__active_content");
    await expectRefused(makePdf({ objectStream: "<< /S /Launch >>", objectStreamFilter: "/LZWDecode" }), "supporting_document__file__active_content");
    const harmless = await upload("owner", makePdf({ objectStream: "<< /Type /Annot /Subtype /Link /Border [0 0 0] >>", padding: 3 * 1024 * 1024 }), { document_type: "other" });
    expect(harmless.status).toBe(201);
  });

  it("refuses a decompression bomb before decoding it", async () => {
    await expectRefused(makePngBomb(), "supporting_document__file__too_many_pixels", "photo.png");
  });

  it("refuses HEIC with its own code (the embedded decoder cannot read it)", async () => {
    await expectRefused(makeHeicHead(), "supporting_document__file__heic_unsupported", "IMG_0001.HEIC");
  });

  it("refuses a file over 20 MiB while it streams, with nothing kept", async () => {
    const big = makePdf({ padding: 20 * 1024 * 1024 });
    await expectRefused(big, "supporting_document__file__too_large", "scan.pdf", 413);
  });

  it("refuses a declared size over the limit before reading the body", async () => {
    const answer = await ctx.app.request(procedurePath(), {
      method: "POST",
      headers: { ...(await fresh("owner")), "content-type": "multipart/form-data; boundary=x", "content-length": String(30 * 1024 * 1024) },
      body: "--x--",
    });
    expect(answer.status).toBe(413);
  });

  it("keeps only a clean display name from a path-traversal name; the file goes under a random key", async () => {
    const created = await upload("owner", makePdf(), { document_type: "other" }, "../../../etc/passwd\u202e.pdf");
    expect(created.status).toBe(201);
    expect(created.body.data.file_name).toBe("passwd.pdf");
    const [row] = await ctx.db.select({ key: supportingDocuments.fileKey }).from(supportingDocuments).where(eq(supportingDocuments.id, created.body.data.id));
    expect(row!.key).toMatch(/^documents\/[0-9a-f]{2}\/[0-9a-f]{40}$/);
    expect(existsSync(join(storageRoot, "..", "etc"))).toBe(false);
    const windows = await upload("owner", makePdf(), { document_type: "other" }, "..\\..\\windows\\system32\\evil.exe");
    expect(windows.body.data.file_name).toBe("evil.pdf");
  });

  it("re-encodes a phone photo upright with no EXIF and no GPS position left", async () => {
    const photo = await makeJpegWithGps(64, 48);
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(before.exif!.includes("N", 0, "latin1")).toBe(true);
    const created = await upload("owner", photo, { document_type: "identity_card" }, "IMG_2044.JPG");
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ content_type: "image/jpeg", file_name: "IMG_2044.jpg" });
    const file = await ctx.app.request(created.body.data.download_url, { headers: await fresh("owner") });
    const stored = Buffer.from(await file.arrayBuffer());
    expect(sha256(stored)).toBe(created.body.data.sha256);
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes("PhoneMaker", 0, "latin1")).toBe(false);
    // Turned upright from orientation 6: width and height swapped.
    expect([after.width, after.height]).toEqual([48, 64]);
  });

  it("names a picture by what it is, not by what it claims", async () => {
    const created = await upload("owner", await makePng(), { document_type: "other" }, "scan.pdf");
    expect(created.body.data).toMatchObject({ content_type: "image/png", file_name: "scan.png" });
    const [owners] = await ctx.db.select({ n: count() }).from(supportingDocumentOwners).where(eq(supportingDocumentOwners.supportingDocumentId, created.body.data.id));
    expect(Number(owners!.n)).toBe(1);
  });
});

describe("GET /api/docs", () => {
  it("documents every supporting documents path, the multipart upload field by field and the answer's fields", async () => {
    const response = await ctx.app.request("/api/docs");
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    for (const owner of ["clients", "administrative_procedures", "ongoing_formalities"]) {
      expect(Object.keys(doc.paths[`/api/v1/${owner}/{id}/supporting_documents`] ?? {}).sort()).toEqual(["get", "post"]);
      expect(Object.keys(doc.paths[`/api/v1/${owner}/{id}/supporting_documents/{document_id}`] ?? {}).sort()).toEqual(["delete", "get", "put"]);
      const form = doc.paths[`/api/v1/${owner}/{id}/supporting_documents`]!.post!.requestBody!.content["multipart/form-data"]!.schema;
      expect(Object.keys(form.properties).sort()).toEqual(["document_type", "expiry_date", "file", "issue_date", "owner_id", "owner_type", "reference"]);
    }
    expect(Object.keys(doc.paths["/api/v1/supporting_documents/{id}/versions"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/v1/supporting_documents/{id}/file"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.components.schemas.SupportingDocument?.properties ?? {})).toContain("sha256");
    expect(Object.keys(doc.components.schemas.SupportingDocumentVersion?.properties ?? {})).toContain("current");
  });
});
