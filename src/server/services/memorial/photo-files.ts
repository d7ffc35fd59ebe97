import { Readable } from "node:stream";
import { fileTypeFromFile } from "file-type";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { MEMORIAL_LIMITS, MEMORIAL_PHOTO_WIDTHS } from "@/domain/schemas/memorial";
import { MAX_IMAGE_PIXELS } from "@/domain/supporting-documents";
import type { MemorialPhotoVariantRow } from "@/server/db/schema/memorials";
import { ApiError } from "@/server/http/errors";
import { newStorageKey, type FileStorage } from "@/server/integrations/storage/file-storage";
import { receiveMultipart, type ReceivedUpload, type SpooledFile } from "@/server/services/supporting-documents/receive-multipart";
import { uploadSpoolDir } from "@/server/services/supporting-documents/store-document";

/**
 * A memorial photo's files. The picture is judged by its content (file-type's magic
 * bytes: JPEG, PNG, WebP; HEIC/HEIF only if this sharp build decodes it, which the
 * prebuilt libvips does not: refused then with its own code), decoded with a pixel limit,
 * turned upright from its EXIF orientation, and re-encoded at each width of
 * MEMORIAL_PHOTO_WIDTHS (never enlarged) as WebP and JPEG. Only the re-encoded variants are
 * stored, without any metadata (no EXIF, GPS, XMP, ICC, comment or trailing bytes), under
 * random keys. If anything fails, the variants already stored are deleted again: a refused
 * upload leaves nothing behind.
 */

const refuse = (code: string) => new ApiError(422, code);

const ACCEPTED = new Set(["image/jpeg", "image/png", "image/apng", "image/webp"]);
const HEIF = new Set(["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence", "image/avif"]);

/** Longest text field of a memorial form, in bytes: a 2,000-letter message at 4 bytes a letter. */
const FIELD_BYTES = 4 * MEMORIAL_LIMITS.condolenceMessage;

/**
 * The upload's multipart body: the same streaming reader as the supporting documents, with
 * the photo's own size limit and codes (the file's as memorial_photo__file__…, a text
 * field's as `{resource}__{field}__too_long`).
 */
export async function receivePhotoUpload(request: Request, resource: "memorial_photo" | "memorial_condolence" = "memorial_photo"): Promise<ReceivedUpload> {
  try {
    return await receiveMultipart(request, uploadSpoolDir(), MEMORIAL_LIMITS.photoBytes, FIELD_BYTES);
  } catch (error) {
    if (error instanceof ApiError && error.codes.some((code) => code.startsWith("supporting_document__"))) {
      const codes = error.codes.map((code) => code.replace(/^supporting_document__file__/, "memorial_photo__file__").replace(/^supporting_document__/, `${resource}__`));
      throw new ApiError(error.status, codes);
    }
    throw error;
  }
}

export interface StoredPhoto {
  width: number;
  height: number;
  variants: MemorialPhotoVariantRow[];
}

async function readMetadata(path: string): Promise<Metadata> {
  try {
    return await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse("memorial_photo__file__unreadable");
  }
}

/** Judges the spooled picture and stores its variants; throws a 422 with the refusal's code. */
export async function storePhotoVariants(storage: FileStorage, spool: SpooledFile): Promise<StoredPhoto> {
  if (spool.byteSize === 0) throw refuse("memorial_photo__file__empty");
  const detected = await fileTypeFromFile(spool.path).catch(() => undefined);
  if (!detected) throw refuse("memorial_photo__file__type_invalid");
  const heif = HEIF.has(detected.mime);
  if (!heif && !ACCEPTED.has(detected.mime)) throw refuse("memorial_photo__file__type_invalid");

  let metadata: Metadata;
  try {
    metadata = await readMetadata(spool.path);
  } catch (error) {
    throw heif ? refuse("memorial_photo__file__heic_unsupported") : error;
  }
  if (heif && metadata.format !== "heif") throw refuse("memorial_photo__file__heic_unsupported");
  if (!metadata.width || !metadata.height) throw refuse("memorial_photo__file__unreadable");
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw refuse("memorial_photo__file__too_many_pixels");

  // Orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const uprightWidth = turned ? metadata.height : metadata.width;
  const widths = [...new Set(MEMORIAL_PHOTO_WIDTHS.map((width) => Math.min(width, uprightWidth)))];

  const stored: MemorialPhotoVariantRow[] = [];
  try {
    // One decode (JPEG shrink-on-load where it can), upright and at the largest width; every
    // variant is then made from those pixels rather than from the original again.
    let upright: { data: Buffer; info: OutputInfo };
    try {
      upright = await sharp(spool.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", animated: false })
        .rotate()
        .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw refuse("memorial_photo__file__unreadable");
    }
    const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } };
    for (const width of widths) {
      for (const format of ["webp", "jpg"] as const) {
        const resized = sharp(upright.data, raw).resize({ width, withoutEnlargement: true });
        const encoder = format === "webp" ? resized.webp({ quality: 80 }) : resized.flatten({ background: "#ffffff" }).jpeg({ quality: 82, progressive: true });
        const output = await encoder.toBuffer({ resolveWithObject: true });
        const key = newStorageKey();
        await storage.put(key, Readable.from(output.data), { contentType: format === "webp" ? "image/webp" : "image/jpeg", byteSize: output.data.length });
        stored.push({ width: output.info.width, height: output.info.height, format, key, byteSize: output.data.length });
      }
    }
  } catch (error) {
    await deleteKeys(storage, stored.map((variant) => variant.key));
    throw error;
  }
  const largest = stored[stored.length - 1]!;
  return { width: largest.width, height: largest.height, variants: stored };
}

/** Deletes files, each independently; returns the keys whose deletion failed (a job retries them). */
export async function deleteKeys(storage: FileStorage, keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch {
      failed.push(key);
    }
  }
  return failed;
}
