import Busboy from "busboy";
import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { MAX_DOCUMENT_BYTES } from "@/domain/supporting-documents";
import { ApiError } from "@/server/http/errors";

/**
 * Reads a multipart/form-data upload as a stream (busboy), never the whole body in memory:
 * the text fields are collected (small, limited), the one `file` part is written to a
 * spool file on disk while its size is counted. Past MAX_DOCUMENT_BYTES the request is
 * abandoned at once (413 supporting_document__file__too_large) and the spool removed.
 * The spool lets the file be judged as a whole (its type, a PDF's active content, a
 * polyglot's tail) before anything reaches storage: a refused file leaves nothing behind.
 */
export interface SpooledFile {
  path: string;
  byteSize: number;
  /** The name the browser sent, unchecked: only ever cleaned for display. */
  declaredName: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: SpooledFile | null;
  /** Removes the spool file; safe to call more than once. */
  discard(): Promise<void>;
}

const FIELD_LIMITS = { fields: 12, fieldSize: 2048, fieldNameSize: 64, parts: 14, headerPairs: 20 };

export function spoolPath(spoolDir: string): string {
  return join(spoolDir, `${randomBytes(16).toString("hex")}.upload`);
}

/** `fieldSize`: the longest text field in bytes (a form with a long message, in a script of 3-4 bytes a letter, needs more than the default). */
export async function receiveMultipart(request: Request, spoolDir: string, maxBytes = MAX_DOCUMENT_BYTES, fieldSize = FIELD_LIMITS.fieldSize): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType) || !request.body) throw new ApiError(422, "supporting_document__file__missing");
  await mkdir(spoolDir, { recursive: true, mode: 0o700 });

  const fields: Record<string, string> = {};
  let file: SpooledFile | null = null;
  const spools: string[] = [];
  const writers: WriteStream[] = [];
  const discard = async () => {
    // Close a writer still open first, or it could create its file after the removal.
    await Promise.all(writers.filter((w) => !w.closed).map((w) => new Promise<void>((done) => w.destroy().once("close", () => done()))));
    await Promise.all(spools.map((path) => rm(path, { force: true })));
  };

  let parser: Busboy.Busboy;
  try {
    parser = Busboy({ headers: { "content-type": contentType }, limits: { ...FIELD_LIMITS, fieldSize, files: 1, fileSize: maxBytes }, defParamCharset: "utf8" });
  } catch {
    throw new ApiError(422, "supporting_document__file__missing");
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebStream);

  try {
    await new Promise<void>((resolve, reject) => {
      let pendingWrite: Promise<void> | null = null;
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        source.unpipe(parser);
        source.destroy();
        reject(error);
      };

      parser.on("field", (name, value, info) => {
        if (info.valueTruncated) return fail(new ApiError(422, `supporting_document__${name.replace(/[^a-z_]/g, "")}__too_long`));
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        if (name !== "file" || pendingWrite) {
          stream.resume();
          return;
        }
        const path = spoolPath(spoolDir);
        spools.push(path);
        let byteSize = 0;
        let truncated = false;
        stream.on("data", (chunk: Buffer) => {
          byteSize += chunk.length;
        });
        stream.on("limit", () => {
          truncated = true;
          fail(new ApiError(413, "supporting_document__file__too_large"));
        });
        const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
        writers.push(out);
        pendingWrite = new Promise<void>((done, broken) => {
          out.on("finish", () => done());
          out.on("error", broken);
          stream.on("error", broken);
        }).then(() => {
          if (!truncated) file = { path, byteSize, declaredName: info.filename ?? "" };
        });
        stream.pipe(out);
      });
      parser.on("filesLimit", () => fail(new ApiError(422, "supporting_document__file__too_many")));
      parser.on("partsLimit", () => fail(new ApiError(422, "supporting_document__file__too_many")));
      parser.on("fieldsLimit", () => fail(new ApiError(400, "bad_request")));
      parser.on("error", () => fail(new ApiError(422, "supporting_document__file__missing")));
      parser.on("close", () => {
        if (settled) return;
        (pendingWrite ?? Promise.resolve()).then(
          () => {
            if (settled) return;
            settled = true;
            resolve();
          },
          (error) => fail(error),
        );
      });
      source.on("error", (error) => fail(isBodyLimit(error) ? new ApiError(413, "payload_too_large") : new ApiError(400, "bad_request")));
      source.pipe(parser);
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, file, discard };
}

function isBodyLimit(error: unknown): boolean {
  return error instanceof Error && /body ?limit/i.test(`${error.name} ${error.message}`);
}
