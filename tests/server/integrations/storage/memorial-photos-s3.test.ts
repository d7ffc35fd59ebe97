import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import sharp from "sharp";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PermanentJobError } from "@/server/jobs/worker";
import { S3FileStorage } from "@/server/integrations/storage/s3-storage";
import { deleteKeys, storePhotoVariants } from "@/server/services/memorial/photo-files";
import { runFileRemoval } from "@/server/services/memorial/remove-files";
import type { SpooledFile } from "@/server/services/supporting-documents/receive-multipart";
import { makeJpegWithGps, SVG_WITH_SCRIPT } from "../../helpers/document-fixtures";

/**
 * Memorial photos on S3-compatible storage (a local s3rver): the variants land in the
 * bucket without metadata, a refused picture leaves no object, and removal (at once, or
 * by the safety-net job) really deletes the objects.
 */
const BUCKET = "paisible-memorials";
let server: S3rver;
let s3: S3FileStorage;
let bucketDir: string;
const work = mkdtempSync(join(tmpdir(), "paisible-memorial-s3-"));

beforeAll(async () => {
  bucketDir = mkdtempSync(join(tmpdir(), "paisible-s3rver-memorials-"));
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: bucketDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  s3 = new S3FileStorage({ bucket: BUCKET, region: "eu-west-3", endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
});
afterAll(async () => {
  s3?.destroy();
  await server?.close();
});

function spool(bytes: Buffer, name: string): SpooledFile {
  const path = join(work, `${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(path, bytes);
  return { path, byteSize: bytes.length, declaredName: name };
}

/** Object files s3rver keeps on disk for the bucket (metadata files aside). */
function objectCount(): number {
  const walk = (dir: string): number =>
    readdirSync(dir).reduce((n, entry) => {
      const path = join(dir, entry);
      return n + (statSync(path).isDirectory() ? walk(path) : entry.endsWith("._S3rver_object") ? 1 : 0);
    }, 0);
  return walk(bucketDir);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("memorial photos on S3 storage", () => {
  it("stores metadata-free variants, and deleting removes every object", async () => {
    const stored = await storePhotoVariants(s3, spool(await makeJpegWithGps(1200, 900), "gps.jpg"));
    expect(stored.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual(["480x640.webp", "480x640.jpg", "900x1200.webp", "900x1200.jpg"]);
    for (const variant of stored.variants) {
      expect(await s3.exists(variant.key)).toBe(true);
      const meta = await sharp(await readAll(await s3.get(variant.key))).metadata();
      expect(meta.exif).toBeUndefined();
    }
    const keys = stored.variants.map((v) => v.key);
    expect(objectCount()).toBe(4);
    expect(await deleteKeys(s3, keys.slice(0, 2))).toEqual([]);
    await runFileRemoval(s3, { keys: keys.slice(2) });
    for (const key of keys) expect(await s3.exists(key)).toBe(false);
    expect(objectCount()).toBe(0);
  });

  it("a refused picture leaves no object in the bucket", async () => {
    const before = objectCount();
    await expect(storePhotoVariants(s3, spool(SVG_WITH_SCRIPT, "x.svg"))).rejects.toMatchObject({ status: 422, codes: ["memorial_photo__file__type_invalid"] });
    expect(objectCount()).toBe(before);
  });

  it("the removal job refuses a key that newStorageKey() could not have made", async () => {
    await expect(runFileRemoval(s3, { keys: ["../../etc/passwd"] })).rejects.toBeInstanceOf(PermanentJobError);
    await expect(runFileRemoval(s3, { keys: "documents/aa" })).rejects.toBeInstanceOf(PermanentJobError);
  });
});
