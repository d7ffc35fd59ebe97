import { sql } from "drizzle-orm";
import type { CleaningReport, CleaningResetInput } from "@/domain/schemas/cleaning";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { ApiError } from "@/server/http/errors";
import { readDemoGraph, type DemoGraph, type Edge } from "@/server/services/cleaning/demo-graph";

/**
 * POST /api/v1/cleaning/reset: removes the demonstration rows (demo = true) in one
 * transaction, never a real row. What goes:
 * - every row flagged demo, except one a surviving row still points to (a real deal's step at
 *   a demo crematorium, a real family's use of a demo perk, a real invoice of a demo partner):
 *   that one is kept and reported, with the row pointing to it;
 * - with it, by the database's ON DELETE CASCADE, what belongs to it alone (a demo deal's
 *   steps, a demo account's sessions).
 * A row without a demo flag belongs to a demo row only when it hangs on it by a cascading
 * key and points to nothing real; any other row without the flag is real. Keeping a row can
 * make its own references real in turn, so the walk repeats until nothing changes.
 */

const LABELS_PER_TABLE = 5;
const MAX_ROUNDS = 50;

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
const idArray = (ids: Iterable<number>) => sql`${`{${[...ids].join(",")}}`}::int[]`;

interface Kept {
  table: string;
  id: number;
  by: { table: string; id: number | null };
}

/** The demo rows that can go, and those kept because something real points to them. */
async function plan(db: Db, graph: DemoGraph): Promise<{ going: Map<string, Set<number>>; kept: Kept[] }> {
  const going = new Map<string, Set<number>>();
  for (const table of graph.demoTables) {
    const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM ${ident(table)} WHERE demo`);
    if (rows.length > 0) going.set(table, new Set(rows.map((r) => Number(r.id))));
  }
  const demo = new Map([...going].map(([table, ids]) => [table, new Set(ids)]));
  const kept: Kept[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let changed = false;
    for (const edge of graph.edges) {
      const targets = going.get(edge.parent);
      if (!targets || targets.size === 0) continue;
      for (const referrer of await referrers(db, graph, edge, targets)) {
        if (!targets.has(referrer.parentId) || !isReal(graph, demo, going, edge, referrer)) continue;
        targets.delete(referrer.parentId);
        kept.push({ table: edge.parent, id: referrer.parentId, by: { table: edge.child, id: referrer.childId } });
        changed = true;
      }
    }
    if (!changed) return { going, kept };
  }
  throw new Error("cleaning reset: the demo graph did not settle");
}

interface Referrer {
  parentId: number;
  childId: number | null;
  /** The child's other references to demo tables: [table, id, cascade]. */
  refs: Array<{ table: string; id: number; cascade: boolean }>;
}

/** The child rows pointing at going rows through `edge`, with every reference each holds to a demo table. */
async function referrers(db: Db, graph: DemoGraph, edge: Edge, targets: Set<number>): Promise<Referrer[]> {
  const own = graph.edges.filter((e) => e.child === edge.child);
  const childId = graph.idTables.has(edge.child) ? sql`id` : sql`NULL::int`;
  const refColumns = own.map((e, i) =>
    e.soft ? sql`, CASE WHEN ${ident(e.soft.typeColumn)}::text = ${e.soft.value} THEN ${ident(e.column)} END AS ${ident(`r${i}`)}` : sql`, ${ident(e.column)} AS ${ident(`r${i}`)}`,
  );
  const softFilter = edge.soft ? sql` AND ${ident(edge.soft.typeColumn)}::text = ${edge.soft.value}` : sql``;
  const rows = await queryRows<Record<string, number | null>>(
    db,
    sql`SELECT ${ident(edge.column)} AS parent_id, ${childId} AS child_id${sql.join(refColumns, sql``)}
        FROM ${ident(edge.child)} WHERE ${ident(edge.column)} = ANY(${idArray(targets)})${softFilter}`,
  );
  return rows.map((row) => ({
    parentId: Number(row.parent_id),
    childId: row.child_id === null || row.child_id === undefined ? null : Number(row.child_id),
    refs: own.flatMap((e, i) => {
      const value = row[`r${i}`];
      return value === null || value === undefined ? [] : [{ table: e.parent, id: Number(value), cascade: e.cascade }];
    }),
  }));
}

function isReal(graph: DemoGraph, demo: Map<string, Set<number>>, going: Map<string, Set<number>>, edge: Edge, referrer: Referrer): boolean {
  if (graph.demoTables.has(edge.child)) return referrer.childId === null || !going.get(edge.child)?.has(referrer.childId);
  // No demo flag: the row goes only when it hangs on a going row by a cascading key and points
  // to no real row (a demo warehouse's price of a demo product, a demo deal's step at a demo
  // crematorium kept for a real deal); a row held by no cascading key (a lead whose advisor is
  // a demo account, a partner's invoice) or pointing to a real row (a family's use of a demo
  // perk) is real and stays.
  const goes = (r: { table: string; id: number }) => going.get(r.table)?.has(r.id) ?? false;
  const owned = referrer.refs.some((r) => r.cascade && goes(r));
  return !owned || referrer.refs.some((r) => !demo.get(r.table)?.has(r.id));
}

async function labels(db: Db, graph: DemoGraph, table: string, ids: number[]): Promise<Map<number, string>> {
  const column = graph.labelColumns.get(table);
  if (!column || ids.length === 0) return new Map(ids.map((id) => [id, `#${id}`]));
  const rows = await queryRows<{ id: number; label: string | null }>(db, sql`SELECT id, ${ident(column)}::text AS label FROM ${ident(table)} WHERE id = ANY(${idArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), r.label ?? `#${r.id}`]));
}

async function report(db: Db, graph: DemoGraph, going: Map<string, Set<number>>, kept: Kept[], input: { dryRun: boolean; cleared: boolean }): Promise<CleaningReport> {
  const tables: CleaningReport["tables"] = [];
  for (const [table, ids] of [...going].sort(([a], [b]) => a.localeCompare(b))) {
    if (ids.size === 0) continue;
    const sample = [...ids].sort((a, b) => a - b).slice(0, LABELS_PER_TABLE);
    const names = await labels(db, graph, table, sample);
    tables.push({ table, count: ids.size, labels: sample.map((id) => names.get(id) ?? `#${id}`) });
  }
  const keptViews: CleaningReport["kept"] = [];
  for (const k of kept) keptViews.push({ table: k.table, id: k.id, label: (await labels(db, graph, k.table, [k.id])).get(k.id) ?? `#${k.id}`, referenced_by: k.by });
  return { dry_run: input.dryRun, cleared: input.cleared, total: tables.reduce((n, t) => n + t.count, 0), tables, kept: keptViews };
}

/**
 * Deletes table by table; a table whose rows are still referenced by a demo row of a table not
 * yet cleared fails inside its savepoint and is tried again on the next pass.
 */
async function deleteGoing(tx: Db, going: Map<string, Set<number>>): Promise<void> {
  let pending = [...going].filter(([, ids]) => ids.size > 0);
  while (pending.length > 0) {
    const failed: typeof pending = [];
    let lastError: unknown = null;
    for (const [table, ids] of pending) {
      try {
        await tx.transaction(async (savepoint) => {
          await savepoint.execute(sql`DELETE FROM ${ident(table)} WHERE demo AND id = ANY(${idArray(ids)})`);
        });
      } catch (error) {
        failed.push([table, ids]);
        lastError = error;
      }
    }
    if (failed.length === pending.length) throw lastError;
    pending = failed;
  }
}

export async function cleaningReset(db: Db, input: CleaningResetInput): Promise<CleaningReport> {
  if (!input.dry_run && input.confirm !== true) throw new ApiError(422, "cleaning__confirm__missing");
  const graph = await readDemoGraph(db);
  if (input.dry_run) {
    const { going, kept } = await plan(db, graph);
    return report(db, graph, going, kept, { dryRun: true, cleared: false });
  }
  return db.transaction(async (tx) => {
    const { going, kept } = await plan(tx, graph);
    const answer = await report(tx, graph, going, kept, { dryRun: false, cleared: true });
    await deleteGoing(tx, going);
    return answer;
  });
}
