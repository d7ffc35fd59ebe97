import { asc } from "drizzle-orm";
import { csvFields, type DirectoryDescriptor } from "@/domain/directory/descriptor";
import { csvColumns, csvLine, formatCsvCell } from "@/domain/directory/csv";
import type { Db } from "@/server/db/client";
import { bindingFor, column, rowToValues, scoped } from "@/server/services/directory/columns";
import { loadSubItems } from "@/server/services/directory/read-entries";

/** GET …/export.csv: every entry of a type in the documented CSV format (src/domain/directory/csv.ts), by id. */
export async function exportCsv(db: Db, descriptor: DirectoryDescriptor): Promise<string> {
  const binding = bindingFor(descriptor);
  const fields = csvFields(descriptor.fields);
  const lines = [csvLine(csvColumns(descriptor))];
  // Pages of rows, so a large directory is not held twice in memory with its sub-items.
  const page = 2000;
  for (let offset = 0; ; offset += page) {
    const rows = (await db.select().from(binding.table).where(scoped(descriptor)).orderBy(asc(column(binding.table, "id"))).limit(page).offset(offset)) as Record<string, unknown>[];
    if (rows.length === 0) break;
    const subs = await loadSubItems(db, descriptor, rows.map((r) => Number(r.id)));
    for (const row of rows) {
      const values = rowToValues(fields, row);
      const items = subs.get(Number(row.id)) ?? {};
      lines.push(
        csvLine([
          String(row.id),
          ...fields.map((f) => formatCsvCell(f, values[f.key])),
          // Sub-items keep their id and fields, not their clocks: the file imports back as it is.
          ...descriptor.subItems.map((s) => formatCsvCell(null, (items[s.key] ?? []).map(withoutClocks))),
        ]),
      );
    }
    if (rows.length < page) break;
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** A sub-item without its clocks, and its nested items (a warehouse's products) likewise. */
function withoutClocks(item: Record<string, unknown>): Record<string, unknown> {
  const { created_at: _c, updated_at: _u, ...rest } = item;
  for (const [key, value] of Object.entries(rest)) if (Array.isArray(value) && value.every((v) => v && typeof v === "object")) rest[key] = value.map(withoutClocks);
  return rest;
}
