import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live: the local disk under DATA_DIR by default
 * (local-storage.ts), S3-compatible object storage when S3_BUCKET is set
 * (s3-storage.ts). Both keep the same contract (tests/server/integrations/storage-contract):
 *
 * - keys come from newStorageKey() only: random (160 bits), never derived from what a
 *   user typed or named a file, so no path can be guessed or escaped;
 * - put() streams the bytes and makes them visible only once complete (a temporary file
 *   renamed, or one S3 PUT/multipart upload), so a reader never sees half a file;
 * - get() returns a stream (a 20 MiB scan is never held in memory); a missing key
 *   rejects with StorageNotFoundError;
 * - delete() of a missing key is not an error.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Readable, options: { contentType: string; byteSize?: number }): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageNotFoundError extends Error {
  constructor() {
    super("stored file not found");
    this.name = "StorageNotFoundError";
  }
}

/** Keys look like "documents/3f/3fa1…" (40 hex characters): a folder level keeps directories small. */
const KEY_PATTERN = /^(documents)\/([0-9a-f]{2})\/\2[0-9a-f]{38}$/;

export function newStorageKey(): string {
  const hex = randomBytes(20).toString("hex");
  return `documents/${hex.slice(0, 2)}/${hex}`;
}

/** Refuses anything but a key newStorageKey() could have made (defence in depth: keys come from the database). */
export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error("invalid storage key");
  return key;
}
