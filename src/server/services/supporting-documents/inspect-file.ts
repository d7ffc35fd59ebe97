import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { constants, inflateSync } from "node:zlib";
import { fileTypeFromFile } from "file-type";
import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_PIXELS } from "@/domain/supporting-documents";
import { ApiError } from "@/server/http/errors";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import type { SpooledFile } from "@/server/services/supporting-documents/receive-multipart";

/**
 * Judges an uploaded file by its content and prepares what is stored:
 *
 * - the kind comes from the first bytes (file-type), never the name or declared type:
 *   PDF, JPEG, PNG and WebP are accepted; HEIC/HEIF is recognised but refused with its
 *   own code (sharp's prebuilt libvips decodes AVIF, not HEVC: see docs/architecture.md
 *   "Files"); anything else (ZIP, SVG, HTML, executables...) is refused;
 * - a polyglot is refused: a picture whose first kilobyte holds a PDF header (PDF readers
 *   look there), or any file ending with a ZIP directory (ZIP readers read from the end);
 * - a PDF must start with %PDF- and carry no JavaScript, launch action, embedded file or
 *   rich media in its dictionaries: read outside its streams and inside its Flate object
 *   streams (inflated with an output limit; another filter there, or one that cannot be
 *   inflated, is refused), names written with #xx escapes decoded first. A name hidden in
 *   an encrypted PDF's strings, or behind a predictor on an object stream, can escape this
 *   cheap check; the download route's attachment + nosniff headers still stop a browser
 *   from running anything;
 * - a picture is decoded with a pixel limit (a small file announcing a huge picture is
 *   refused before decoding), turned upright from its EXIF orientation and re-encoded in
 *   its own format, so no EXIF (GPS position, camera, date) nor any trailing data survives.
 */
export type StoredContentType = "application/pdf" | "image/jpeg" | "image/png" | "image/webp";

export interface PreparedFile {
  /** The bytes to store: the spool itself for a PDF, a re-encoded copy for a picture. */
  path: string;
  contentType: StoredContentType;
  extension: "pdf" | "jpg" | "png" | "webp";
  byteSize: number;
  /** Removes the re-encoded copy (the spool is the caller's). */
  cleanup(): Promise<void>;
}

// Decoding runs in libvips threads; no cache, so memory falls back after each upload.
sharp.cache(false);

const refuse = (code: string) => new ApiError(422, code);

async function readRange(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A ZIP end-of-central-directory record that really ends the file: what makes it readable as a ZIP (or a JAR, a DOCX...). */
export async function endsWithZipDirectory(path: string, size: number): Promise<boolean> {
  const window = Math.min(size, 22 + 0xffff);
  const tail = await readRange(path, size - window, window);
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) {
      const commentLength = tail.readUInt16LE(i + 20);
      if (i + 22 + commentLength === tail.length) return true;
    }
  }
  return false;
}

const ACTIVE_PDF_NAMES = new Set(["JavaScript", "JS", "Launch", "EmbeddedFile", "EmbeddedFiles", "RichMedia", "XFA", "SubmitForm", "ImportData"]);
const NAME = /\/([^\s()<>[\]{}/%]+)/g;
const STREAM_START = /(?<!end)stream(?:\r\n|\n|\r)/g;

function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function holdsActiveName(segment: string): boolean {
  for (const match of segment.matchAll(NAME)) if (ACTIVE_PDF_NAMES.has(decodeName(match[1]!))) return true;
  return false;
}

/** Largest compressed object stream inflated for inspection; past it the file is refused rather than left unread. */
const MAX_OBJECT_STREAM_BYTES = 8 * 1024 * 1024;

/** The dictionary before a stream announces a Flate-compressed object stream (where PDF 1.5+ keeps most dictionaries). */
function isObjectStream(dictionary: string): boolean {
  const names = [...dictionary.matchAll(NAME)].map((m) => decodeName(m[1]!));
  return names.includes("ObjStm");
}

function objectStreamIsActive(data: string, dictionary: string): boolean {
  const names = [...dictionary.matchAll(NAME)].map((m) => decodeName(m[1]!));
  // Only Flate is read; any other filter on an object stream is unusual enough to refuse.
  const filters = names.filter((n) => /Decode$/.test(n));
  if (filters.some((f) => f !== "FlateDecode")) return true;
  try {
    const raw = Buffer.from(data.replace(/\r?\n$/, ""), "latin1");
    const inflated = filters.length === 0 ? raw : inflateSync(raw, { maxOutputLength: 4 * MAX_OBJECT_STREAM_BYTES, finishFlush: constants.Z_SYNC_FLUSH });
    return holdsActiveName(inflated.toString("latin1"));
  } catch {
    // Unreadable or a decompression bomb: refused, since what it holds cannot be checked.
    return true;
  }
}

/**
 * Whether the PDF's dictionaries name an action that runs code or opens something: read
 * outside stream data, and inside the Flate-compressed object streams that hold the
 * dictionaries of most PDFs written since 2003 (PDF 1.5). Other streams (page contents,
 * pictures, fonts) are data and are skipped.
 */
export async function pdfHasActiveContent(path: string): Promise<boolean> {
  let inStream = false;
  let collected: string[] | null = null;
  let collectedBytes = 0;
  let dictionary = "";
  let pending = "";
  // The text read outside streams lately: a stream's dictionary may have come in the previous chunk.
  let outside = "";
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const text = pending + (chunk as Buffer).toString("latin1");
    let position = 0;
    pending = "";
    while (position < text.length) {
      if (inStream) {
        const end = text.indexOf("endstream", position);
        // Keep the last bytes unread: "endstream" may straddle two chunks.
        const upTo = end < 0 ? Math.max(position, text.length - 9) : end;
        if (collected) {
          collectedBytes += upTo - position;
          if (collectedBytes > MAX_OBJECT_STREAM_BYTES) return true;
          collected.push(text.slice(position, upTo));
        }
        if (end < 0) {
          pending = text.slice(upTo);
          break;
        }
        if (collected && objectStreamIsActive(collected.join(""), dictionary)) return true;
        inStream = false;
        collected = null;
        position = end + "endstream".length;
        continue;
      }
      STREAM_START.lastIndex = position;
      const start = STREAM_START.exec(text);
      if (!start) {
        // Keep a tail unread so that a name or the keyword "stream" cut by the chunk's end is read whole next time.
        const slash = text.lastIndexOf("/");
        const cut = Math.max(position, Math.min(text.length - 16, slash >= text.length - 64 ? slash : text.length));
        if (holdsActiveName(text.slice(position, cut))) return true;
        outside = (outside + text.slice(position, cut)).slice(-4096);
        pending = text.slice(cut);
        break;
      }
      const segment = text.slice(position, start.index);
      if (holdsActiveName(segment)) return true;
      // The stream's own dictionary: after its "N 0 obj" header, the last "obj" before the keyword.
      outside = (outside + segment).slice(-4096);
      dictionary = outside.slice(Math.max(0, outside.lastIndexOf("obj")));
      outside = "";
      inStream = true;
      collected = isObjectStream(dictionary) ? [] : null;
      collectedBytes = 0;
      position = start.index + start[0].length;
    }
  }
  if (holdsActiveName(pending)) return true;
  return false;
}

const IMAGE_FORMATS = {
  "image/jpeg": { sharp: "jpeg", extension: "jpg", contentType: "image/jpeg" },
  "image/png": { sharp: "png", extension: "png", contentType: "image/png" },
  "image/apng": { sharp: "png", extension: "png", contentType: "image/png" },
  "image/webp": { sharp: "webp", extension: "webp", contentType: "image/webp" },
} as const;

const HEIF_TYPES = new Set(["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"]);

/** The checks above; throws a 422 ApiError with the refusal's code, or returns what to store. */
export async function prepareFile(spool: SpooledFile, workDir: string): Promise<PreparedFile> {
  if (spool.byteSize === 0) throw refuse("supporting_document__file__empty");
  const detected = await fileTypeFromFile(spool.path).catch(() => undefined);
  if (!detected) throw refuse("supporting_document__file__type_invalid");
  if (HEIF_TYPES.has(detected.mime)) throw refuse("supporting_document__file__heic_unsupported");
  const isPdf = detected.mime === "application/pdf";
  const format = IMAGE_FORMATS[detected.mime as keyof typeof IMAGE_FORMATS];
  if (!isPdf && !format) throw refuse("supporting_document__file__type_invalid");
  if (await endsWithZipDirectory(spool.path, spool.byteSize)) throw refuse("supporting_document__file__polyglot");

  if (isPdf) {
    const head = await readRange(spool.path, 0, 5);
    if (head.toString("latin1") !== "%PDF-") throw refuse("supporting_document__file__type_invalid");
    if (await pdfHasActiveContent(spool.path)) throw refuse("supporting_document__file__active_content");
    return { path: spool.path, contentType: "application/pdf", extension: "pdf", byteSize: spool.byteSize, cleanup: async () => {} };
  }

  const head = await readRange(spool.path, 0, 1024);
  if (head.includes("%PDF-", 0, "latin1")) throw refuse("supporting_document__file__polyglot");

  let metadata: Metadata;
  try {
    metadata = await sharp(spool.path, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse("supporting_document__file__unreadable");
  }
  if (metadata.format !== format.sharp) throw refuse("supporting_document__file__type_invalid");
  if (!metadata.width || !metadata.height) throw refuse("supporting_document__file__unreadable");
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw refuse("supporting_document__file__too_many_pixels");

  const output = join(workDir, `${randomBytes(16).toString("hex")}.${format.extension}`);
  const cleanup = () => rm(output, { force: true });
  try {
    // rotate() with no angle applies the EXIF orientation; without keepMetadata()/withMetadata() nothing of EXIF, XMP or ICC is written.
    let pipeline = sharp(spool.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", animated: false }).rotate();
    pipeline = format.sharp === "jpeg" ? pipeline.jpeg({ quality: 90 }) : format.sharp === "png" ? pipeline.png({ compressionLevel: 6 }) : pipeline.webp({ quality: 90 });
    await pipeline.toFile(output);
  } catch {
    await cleanup();
    throw refuse("supporting_document__file__unreadable");
  }
  const { size } = await stat(output);
  return { path: output, contentType: format.contentType, extension: format.extension, byteSize: size, cleanup };
}

/** Streams a prepared file into storage under `key`, hashing it on the way (the SHA-256 of exactly the stored bytes). */
export async function putPrepared(storage: FileStorage, key: string, prepared: PreparedFile): Promise<{ sha256: string; byteSize: number }> {
  const hash = createHash("sha256");
  let byteSize = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      byteSize += chunk.length;
      done(null, chunk);
    },
  });
  const source = createReadStream(prepared.path);
  source.on("error", (error) => hashing.destroy(error));
  await storage.put(key, source.pipe(hashing), { contentType: prepared.contentType, byteSize: prepared.byteSize });
  return { sha256: hash.digest("hex"), byteSize };
}
