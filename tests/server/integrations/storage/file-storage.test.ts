import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import S3rver from "s3rver";
import { assertStorageKey, newStorageKey, StorageNotFoundError, type FileStorage } from "@/server/integrations/storage/file-storage";
import { LocalFileStorage } from "@/server/integrations/storage/local-storage";
import { S3FileStorage } from "@/server/integrations/storage/s3-storage";
import { createTestApp, type TestContext } from "../../helpers/app";
import { clientHeaders, createFamily, makePdf, uploadForm } from "../../helpers/document-fixtures";

/**
 * One contract, two backends: the local disk and S3 (a local s3rver, started here, speaking
 * the S3 protocol over HTTP as AWS, MinIO or Scaleway would).
 */
const BUCKET = "paisible-test";
let s3server: S3rver;
let s3: S3FileStorage;
const localRoot = mkdtempSync(join(tmpdir(), "paisible-storage-"));

beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: mkdtempSync(join(tmpdir(), "paisible-s3rver-")), configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await s3server.run()) as { port: number };
  s3 = new S3FileStorage({
    bucket: BUCKET,
    region: "eu-west-3",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    prefix: "test",
  });
});
afterAll(async () => {
  s3?.destroy();
  await s3server?.close();
});

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const backends: Array<[string, () => FileStorage]> = [
  ["local disk", () => new LocalFileStorage(localRoot)],
  ["S3 (s3rver)", () => s3],
];

describe.each(backends)("file storage contract: %s", (_name, storageOf) => {
  it("stores a stream and gives the same bytes back as a stream", async () => {
    const storage = storageOf();
    const key = newStorageKey();
    const bytes = randomBytes(300_000);
    // Delivered in small pieces, as an upload arrives.
    const source = Readable.from((function* () {
      for (let i = 0; i < bytes.length; i += 16_384) yield bytes.subarray(i, i + 16_384);
    })());
    await storage.put(key, source, { contentType: "application/pdf" });
    expect(await storage.exists(key)).toBe(true);
    expect(sha(await readAll(await storage.get(key)))).toBe(sha(bytes));
  });

  it("handles a file larger than one multipart part (12 MiB)", async () => {
    const storage = storageOf();
    const key = newStorageKey();
    const bytes = randomBytes(12 * 1024 * 1024);
    await storage.put(key, Readable.from([bytes.subarray(0, 6_000_000), bytes.subarray(6_000_000)]), { contentType: "application/pdf" });
    expect(sha(await readAll(await storage.get(key)))).toBe(sha(bytes));
    await storage.delete(key);
  });

  it("answers StorageNotFoundError for a missing key and deletes idempotently", async () => {
    const storage = storageOf();
    const key = newStorageKey();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Readable.from([Buffer.from("x")]), { contentType: "image/png" });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it("keeps nothing under the key when the source fails half-way", async () => {
    const storage = storageOf();
    const key = newStorageKey();
    const failing = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
        this.destroy(new Error("connection lost"));
      },
    });
    await expect(storage.put(key, failing, { contentType: "application/pdf" })).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
  });

  it("refuses any key it did not make (no path from user input)", async () => {
    const storage = storageOf();
    for (const key of ["../../etc/passwd", "documents/aa/../../x", "documents/zz/zz00", "/etc/passwd", ""]) {
      await expect(storage.get(key)).rejects.toThrow("invalid storage key");
      await expect(storage.put(key, Readable.from([Buffer.from("x")]), { contentType: "image/png" })).rejects.toThrow("invalid storage key");
    }
    expect(assertStorageKey(newStorageKey())).toMatch(/^documents\/[0-9a-f]{2}\/[0-9a-f]{40}$/);
  });
});

describe("local disk storage", () => {
  it("leaves no temporary file behind", () => {
    expect(readdirSync(join(localRoot, ".tmp"))).toEqual([]);
  });
});

describe("the documents API on S3 storage", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ fileStorage: s3 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("uploads to the bucket and downloads from it through the authorised route", async () => {
    const family = await createFamily(ctx.db, "s3");
    // A fresh device per request: tokens rotate, a reused one expires after the 5 s batch window.
    const owner = () => clientHeaders(ctx.db, family.clients.owner);
    const pdf = makePdf({ padding: 6 * 1024 * 1024 });
    const created = await ctx.app.request(`/api/v1/administrative_procedures/${family.procedureId}/supporting_documents`, {
      method: "POST",
      headers: await owner(),
      body: uploadForm(pdf, { document_type: "death_certificate" }, "acte.pdf"),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; sha256: string; download_url: string } };
    expect(data.sha256).toBe(sha(pdf));
    const file = await ctx.app.request(data.download_url, { headers: await owner() });
    expect(file.status).toBe(200);
    expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(pdf));
    const stranger = await clientHeaders(ctx.db, family.clients.stranger);
    const refused = await ctx.app.request(data.download_url, { headers: stranger });
    expect(refused.status).toBe(404);
    expect(await text(Readable.fromWeb(refused.body as import("node:stream/web").ReadableStream))).toContain("not_found");
  });
});
