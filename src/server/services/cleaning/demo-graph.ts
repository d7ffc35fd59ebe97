import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/**
 * The shape of the database the cleaning reset walks, read from the catalogue so a table
 * added later is covered without touching this code: the tables with a `demo` flag, the
 * foreign keys pointing at them, and the references the schema keeps as (type, id) pairs
 * without a foreign key, listed here by hand since the catalogue cannot know them.
 */

export interface Edge {
  child: string;
  column: string;
  parent: string;
  /** ON DELETE CASCADE: the child row belongs to its parent. */
  cascade: boolean;
  /** A (type, id) reference: the child's type column must hold this value. */
  soft?: { typeColumn: string; value: string };
}

export interface DemoGraph {
  demoTables: Set<string>;
  /** Tables with an integer `id` (every demo table has one). */
  idTables: Set<string>;
  edges: Edge[];
  /** Per table: a column naming a row for the report. */
  labelColumns: Map<string, string>;
}

const LOCATION_TABLES: Record<string, string> = {
  SupplierWarehouse: "supplier_warehouses",
  FuneralParlor: "funeral_parlors",
  Hospital: "hospitals",
  Worship: "worships",
  Crematorium: "crematoriums",
  Graveyard: "graveyards",
};
const ENTITY_TABLES: Record<string, string> = { Crematorium: "crematoriums", FuneralParlor: "funeral_parlors", Graveyard: "graveyards", Supplier: "suppliers" };

/** References without a foreign key: (child, type column, id column) and what each type value points to. */
const SOFT_REFERENCES: { child: string; typeColumn: string; column: string; targets: Record<string, string> }[] = [
  { child: "deal_steps", typeColumn: "location_type", column: "location_id", targets: LOCATION_TABLES },
  { child: "booking_transactions", typeColumn: "partner_type", column: "partner_id", targets: LOCATION_TABLES },
  { child: "hospitals", typeColumn: "agreement_location_type", column: "agreement_location_id", targets: LOCATION_TABLES },
  { child: "entity_invoices", typeColumn: "entity_type", column: "entity_id", targets: ENTITY_TABLES },
  { child: "entity_invoice_counters", typeColumn: "entity_type", column: "entity_id", targets: ENTITY_TABLES },
  // A partner professional's organisation is named by its directory table.
  { child: "business_users", typeColumn: "organisation_type", column: "organisation_id", targets: { crematoriums: "crematoriums", funeral_parlors: "funeral_parlors", graveyards: "graveyards", suppliers: "suppliers", hospitals: "hospitals", worships: "worships" } },
];

const LABEL_PREFERENCE = ["name", "email", "code", "author_name", "title", "lastname"];

export async function readDemoGraph(db: Db): Promise<DemoGraph> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const byTable = new Map<string, Map<string, string>>();
  for (const c of columns) {
    if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Map());
    byTable.get(c.table_name)!.set(c.column_name, c.data_type);
  }
  const demoTables = new Set([...byTable].filter(([, cols]) => cols.get("demo") === "boolean" && cols.get("id") === "integer").map(([t]) => t));
  const idTables = new Set([...byTable].filter(([, cols]) => cols.get("id") === "integer").map(([t]) => t));
  const fks = await queryRows<{ child: string; col: string; parent: string; action: string }>(
    db,
    sql`SELECT cl.relname AS child, a.attname AS col, pl.relname AS parent, c.confdeltype::text AS action
        FROM pg_constraint c
        JOIN pg_class cl ON cl.oid = c.conrelid
        JOIN pg_class pl ON pl.oid = c.confrelid
        JOIN pg_namespace n ON n.oid = c.connamespace
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND n.nspname = 'public' AND array_length(c.conkey, 1) = 1`,
  );
  const edges: Edge[] = fks.filter((f) => demoTables.has(f.parent)).map((f) => ({ child: f.child, column: f.col, parent: f.parent, cascade: f.action === "c" }));
  for (const ref of SOFT_REFERENCES) {
    const cols = byTable.get(ref.child);
    if (!cols?.has(ref.typeColumn) || !cols.has(ref.column)) continue;
    for (const [value, parent] of Object.entries(ref.targets)) {
      if (demoTables.has(parent)) edges.push({ child: ref.child, column: ref.column, parent, cascade: false, soft: { typeColumn: ref.typeColumn, value } });
    }
  }
  const labelColumns = new Map<string, string>();
  for (const table of demoTables) {
    const label = LABEL_PREFERENCE.find((c) => byTable.get(table)?.has(c));
    if (label) labelColumns.set(table, label);
  }
  return { demoTables, idTables, edges, labelColumns };
}
