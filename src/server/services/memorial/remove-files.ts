import type { Db } from "@/server/db/client";
import type { MemorialPhotoVariantRow } from "@/server/db/schema/memorials";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { assertStorageKey } from "@/server/integrations/storage/file-storage";
import { enqueue } from "@/server/jobs/queue";
import { PermanentJobError } from "@/server/jobs/worker";
import { deleteKeys } from "@/server/services/memorial/photo-files";

/**
 * Removal that really removes: the use case deletes the rows and, in the same transaction,
 * enqueues this job with the files' keys; once committed it deletes the files at once
 * (deleteNow). The job runs a little later as the safety net: it deletes again whatever
 * is still there (a storage outage at the time of the answer), and deleting a missing key
 * is not an error. A rolled-back removal enqueues nothing and deletes nothing.
 */
export const MEMORIAL_FILES_DELETE_JOB = "memorial.delete_files";
const SAFETY_NET_DELAY_MS = 10 * 60 * 1000;

export function keysOf(photos: ReadonlyArray<{ variants: readonly MemorialPhotoVariantRow[] }>): string[] {
  return photos.flatMap((photo) => photo.variants.map((variant) => variant.key));
}

/** In the removing transaction: the job that makes sure these files go. */
export async function scheduleFileRemoval(tx: Db, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await enqueue(tx, { kind: MEMORIAL_FILES_DELETE_JOB, payload: { keys: [...keys] }, runAt: new Date(now.getTime() + SAFETY_NET_DELAY_MS) }, now);
}

/** After commit: delete the files now (failures are left to the job). */
export async function deleteNow(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await deleteKeys(storage, keys);
}

/** The job's run: every key must be one newStorageKey() could have made. */
export async function runFileRemoval(storage: FileStorage, payload: Record<string, unknown>): Promise<void> {
  const keys = payload.keys;
  if (!Array.isArray(keys) || keys.some((key) => typeof key !== "string")) throw new PermanentJobError("payload_invalid");
  try {
    keys.forEach((key) => assertStorageKey(key as string));
  } catch {
    throw new PermanentJobError("payload_invalid");
  }
  const failed = await deleteKeys(storage, keys as string[]);
  if (failed.length > 0) throw new Error(`${failed.length} memorial file(s) could not be deleted yet`);
}
