import { getTableName, sql, type SQL } from "drizzle-orm";
import { paths } from "@/config/paths";
import { LOCATION_TYPE_REFERENCES, columnOf, type DirectoryDescriptor, type FieldDescriptor } from "@/domain/directory/descriptor";
import { DIRECTORY_DESCRIPTORS } from "@/domain/directory/registry";
import type { DependentKind, DirectoryDependents } from "@/domain/directory/schemas";
import { communeSlug } from "@/domain/slug";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { bindingFor, column } from "@/server/services/directory/columns";

/**
 * What uses a directory entry (shown before it is disabled; a deletion is refused while
 * anything but its own sub-items depends on it): deals whose steps, bookings or monument
 * take place there, quotes priced with it, commune pages listing it, other entries naming it.
 */

const SHOWN = 20;

type Group = DirectoryDependents["groups"][number];
type Item = Group["items"][number];

function group(kind: DependentKind, count: number, items: Item[]): Group[] {
  return count > 0 ? [{ kind, count, items: items.slice(0, SHOWN) }] : [];
}

interface IdRow {
  id: number;
  n: number;
}

async function dealsGroup(db: Db, descriptor: DirectoryDescriptor, id: number): Promise<Group[]> {
  const parts: SQL[] = [];
  if (descriptor.locationType) {
    parts.push(sql`SELECT deal_id FROM deal_steps WHERE location_type = ${descriptor.locationType} AND location_id = ${id}`);
    parts.push(sql`SELECT deal_id FROM booking_transactions WHERE partner_type = ${descriptor.locationType} AND partner_id = ${id}`);
  }
  if (descriptor.type === "graveyards") parts.push(sql`SELECT deal_id FROM marble_details WHERE graveyard_id = ${id}`);
  // A monument quoted with a mason's workshop; a supplier's deals are those of its warehouses.
  if (descriptor.type === "warehouses") parts.push(sql`SELECT deal_id FROM marble_details WHERE supplier_warehouse_id = ${id}`);
  if (descriptor.type === "suppliers") {
    const own = sql`(SELECT w.id FROM supplier_warehouses w WHERE w.supplier_id = ${id})`;
    parts.push(sql`SELECT deal_id FROM deal_steps WHERE location_type = 'SupplierWarehouse' AND location_id IN ${own}`);
    parts.push(sql`SELECT deal_id FROM booking_transactions WHERE partner_type = 'SupplierWarehouse' AND partner_id IN ${own}`);
    parts.push(sql`SELECT deal_id FROM marble_details WHERE supplier_warehouse_id IN ${own}`);
  }
  if (descriptor.type === "concession_types") parts.push(sql`SELECT deal_id FROM marble_details WHERE concession_type_id = ${id}`);
  if (parts.length === 0) return [];
  const rows = await queryRows<IdRow>(db, sql`
    WITH d AS (${sql.join(parts, sql` UNION `)})
    SELECT d.deal_id AS id, count(*) OVER ()::int AS n FROM d ORDER BY d.deal_id DESC LIMIT ${SHOWN}`);
  const count = rows[0] ? Number(rows[0].n) : 0;
  return group("deals", count, rows.map((r) => ({ id: Number(r.id), label: `#${Number(r.id)}`, path: paths.proDeal(Number(r.id)) })));
}

async function quotesGroup(db: Db, descriptor: DirectoryDescriptor, id: number): Promise<Group[]> {
  const prefix = bindingFor(descriptor).quotePrefix;
  if (!prefix) return [];
  // Quote lines carry the partner they were priced with in their source code ("PARLOR-12-DAY").
  const rows = await queryRows<IdRow>(db, sql`
    SELECT d.id, count(*) OVER ()::int AS n FROM deals d
    WHERE d.quote IS NOT NULL AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d.quote->'lines') = 'array' THEN d.quote->'lines' ELSE '[]'::jsonb END) l
      WHERE l->>'sourceCode' = ${`${prefix}-${id}`} OR l->>'sourceCode' LIKE ${`${prefix}-${id}-%`})
    ORDER BY d.id DESC LIMIT ${SHOWN}`);
  const count = rows[0] ? Number(rows[0].n) : 0;
  return group("quotes", count, rows.map((r) => ({ id: Number(r.id), label: `#${Number(r.id)}`, path: paths.proDeal(Number(r.id)) })));
}

/** The commune pages listing the entry as a partner of the commune (its own commune, the communes a graveyard serves). */
async function communePagesGroup(db: Db, descriptor: DirectoryDescriptor, id: number): Promise<Group[]> {
  if (!bindingFor(descriptor).onCommunePages) return [];
  const table = sql.identifier(descriptorTable(descriptor));
  const served = descriptor.type === "graveyards" ? sql`OR c.id = ANY(p.cityhall_ids)` : sql``;
  const rows = await queryRows<{ name: string; insee_code: string; n: number }>(db, sql`
    SELECT c.name, c.insee_code, count(*) OVER ()::int AS n FROM ${table} p JOIN cityhalls c ON (c.id = p.cityhall_id ${served})
    WHERE p.id = ${id} AND NOT c.disabled ORDER BY c.population DESC NULLS LAST LIMIT ${SHOWN}`);
  const count = rows[0] ? Number(rows[0].n) : 0;
  return group("commune_pages", count, rows.map((r) => ({ id: r.insee_code, label: r.name, path: paths.funeralPlace(communeSlug(r.name, r.insee_code)) })));
}

/** The repatriation page of the country a flight lands in (its estimate and route table read the flight). */
async function countryPagesGroup(db: Db, descriptor: DirectoryDescriptor, id: number): Promise<Group[]> {
  if (!bindingFor(descriptor).onRepatriationPages) return [];
  const rows = await queryRows<{ code: string; slug: string; name: string | null; n: number }>(db, sql`
    SELECT c.code, c.slug, c.names->>'fr' AS name, count(*) OVER ()::int AS n
    FROM flights f JOIN airports a ON a.id = f.arrival_airport_id JOIN countries c ON c.code = a.country_code
    WHERE f.id = ${id} AND NOT c.disabled`);
  const count = rows[0] ? Number(rows[0].n) : 0;
  return group("country_pages", count, rows.map((r) => ({ id: r.code, label: r.name ?? r.code.toUpperCase(), path: paths.repatriationCountry(r.slug) })));
}

function descriptorTable(descriptor: DirectoryDescriptor): string {
  return getTableName(bindingFor(descriptor).table);
}

function points(field: FieldDescriptor, type: string): "one" | "many" | "polymorphic" | null {
  if (field.kind === "polymorphic_reference") return "polymorphic";
  if (field.reference !== type) return null;
  return field.kind === "reference_list" ? "many" : field.kind === "reference" ? "one" : null;
}

/** Entries of every type (and their sub-items) whose fields name this entry. */
async function entriesGroup(db: Db, descriptor: DirectoryDescriptor, id: number): Promise<Group[]> {
  const locationType = Object.entries(LOCATION_TYPE_REFERENCES).find(([, kind]) => kind === descriptor.type)?.[0];
  const items: Item[] = [];
  let total = 0;
  for (const other of DIRECTORY_DESCRIPTORS as readonly DirectoryDescriptor[]) {
    // Entries the entry owns (a supplier's warehouses) are its sub-items, counted there.
    if (other.owner?.type === descriptor.type) continue;
    const binding = bindingFor(other);
    const label = binding.label ? binding.label(binding.table) : column(binding.table, columnOf(other.fields.find((f) => f.key === other.labelField)!));
    const idColumn = column(binding.table, "id");
    const conditions: SQL[] = [];
    for (const field of other.fields) {
      const how = points(field, descriptor.type);
      const col = column(binding.table, columnOf(field));
      if (how === "one") conditions.push(sql`${col} = ${id}`);
      if (how === "many") conditions.push(sql`${id} = ANY(${col})`);
      if (how === "polymorphic" && locationType && field.typeField) {
        const typeCol = column(binding.table, columnOf(other.fields.find((f) => f.key === field.typeField)!));
        conditions.push(sql`(${typeCol} = ${locationType} AND ${col} = ${id})`);
      }
    }
    for (const sub of other.subItems) {
      const target = binding.subItems[sub.key]!;
      const subConditions = sub.fields.flatMap((field) => (points(field, descriptor.type) === "one" ? [sql`${column(target.table, columnOf(field))} = ${id}`] : []));
      if (subConditions.length > 0)
        conditions.push(sql`EXISTS (SELECT 1 FROM ${target.table} WHERE ${column(target.table, target.parentColumn)} = ${idColumn} AND (${sql.join(subConditions, sql` OR `)}))`);
    }
    if (conditions.length === 0) continue;
    const scope = binding.scope?.(binding.table);
    const self = other.type === descriptor.type ? sql`AND ${idColumn} <> ${id}` : sql``;
    const rows = await queryRows<{ id: number; label: string; n: number }>(db, sql`
      SELECT ${idColumn} AS id, ${label} AS label, count(*) OVER ()::int AS n FROM ${binding.table}
      WHERE (${sql.join(conditions, sql` OR `)}) ${scope ? sql`AND ${scope}` : sql``} ${self}
      ORDER BY ${idColumn} LIMIT ${SHOWN}`);
    total += rows[0] ? Number(rows[0].n) : 0;
    items.push(...rows.map((r) => ({ id: Number(r.id), label: String(r.label), type: other.type, path: paths.proDirectoryEntry(other.type, Number(r.id)) })));
  }
  return group("directory_entries", total, items);
}

async function subItemsGroup(db: Db, descriptor: DirectoryDescriptor, id: number): Promise<Group[]> {
  const binding = bindingFor(descriptor);
  const items: Item[] = [];
  let total = 0;
  for (const sub of descriptor.subItems) {
    const target = binding.subItems[sub.key]!;
    const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${target.table} WHERE ${column(target.table, target.parentColumn)} = ${id}`);
    const n = Number(row?.n ?? 0);
    total += n;
    if (n > 0) items.push({ id: sub.key, label: String(n), type: sub.key });
  }
  return group("sub_items", total, items);
}

/** Staff see which deals; a pro (its own entry) sees how many, not the families' deals. */
export async function dependentsOf(db: Db, descriptor: DirectoryDescriptor, id: number, options: { withDeals?: boolean } = {}): Promise<DirectoryDependents> {
  const groups = [
    ...(await dealsGroup(db, descriptor, id)),
    ...(await quotesGroup(db, descriptor, id)),
    ...(await communePagesGroup(db, descriptor, id)),
    ...(await countryPagesGroup(db, descriptor, id)),
    ...(await entriesGroup(db, descriptor, id)),
    ...(await subItemsGroup(db, descriptor, id)),
  ];
  const shown = options.withDeals === false ? groups.map((g) => (g.kind === "deals" || g.kind === "quotes" ? { ...g, items: [] } : g)) : groups;
  return { deletable: !groups.some((g) => g.kind !== "sub_items" && g.kind !== "commune_pages" && g.kind !== "country_pages"), groups: shown };
}
