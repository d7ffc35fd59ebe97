import { and, desc, eq } from "drizzle-orm";
import type { DirectoryChange, DirectoryChangeAction } from "@/domain/directory/schemas";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { directoryChanges } from "@/server/db/schema/directory";
import type { DirectoryCaller } from "@/server/services/directory/caller";

/** The change history of the directory: written in the transaction of the change it records. */

export interface ChangeRecord {
  type: string;
  entryId: number;
  action: DirectoryChangeAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** What a snapshot keeps: the entry without its own clock (a change of updated_at alone is no change). */
export function snapshot(entry: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!entry) return null;
  const { updated_at: _updated, ...rest } = entry;
  return rest;
}

export function sameSnapshot(a: Record<string, unknown> | null, b: Record<string, unknown> | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export async function recordChanges(db: Db, caller: DirectoryCaller, records: readonly ChangeRecord[], now: Date): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((r) => ({
    entryType: r.type,
    entryId: r.entryId,
    action: r.action,
    actorId: caller.userId,
    actorName: caller.name,
    before: snapshot(r.before),
    after: snapshot(r.after),
    createdAt: now,
  }));
  // Bounded batches: an import of thousands of entries stays under the bind-parameter limit.
  for (let i = 0; i < rows.length; i += 500) await db.insert(directoryChanges).values(rows.slice(i, i + 500));
}

export async function listChanges(db: Db, type: string, entryId: number, limit = 50): Promise<DirectoryChange[]> {
  const rows = await db
    .select()
    .from(directoryChanges)
    .where(and(eq(directoryChanges.entryType, type), eq(directoryChanges.entryId, entryId)))
    .orderBy(desc(directoryChanges.createdAt), desc(directoryChanges.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: { id: r.actorId, name: r.actorName },
    at: epochSeconds(r.createdAt),
    before: r.before ?? null,
    after: r.after ?? null,
  }));
}
