import type { Context } from "hono";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";

/** A directory CSV: 10 MiB holds far more than the 5,000 partners of the import benchmark. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The CSV of an import: a text/csv body, or the "file" field of a multipart form (the pages' file picker). */
export async function readImportBody(c: Context<AppEnv>): Promise<string> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  let bytes: ArrayBuffer;
  if (type.startsWith("multipart/form-data")) {
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File)) throw new ApiError(422, "directory_import__file__missing");
    if (file.size > MAX_IMPORT_BYTES) throw new ApiError(413, "payload_too_large");
    bytes = await file.arrayBuffer();
  } else if (type.startsWith("text/csv") || type.startsWith("text/plain")) {
    bytes = await c.req.arrayBuffer();
  } else {
    throw new ApiError(415, "directory_import__file__unsupported");
  }
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new ApiError(413, "payload_too_large");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(422, "directory_import__file__not_utf8");
  }
}
