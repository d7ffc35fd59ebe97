import { csvFields, type DirectoryDescriptor, type FieldDescriptor } from "@/domain/directory/descriptor";

/**
 * CSV format of a directory type (GET …/export.csv, POST …/import), the same for every
 * type and documented here:
 * - UTF-8, comma-separated, RFC 4180 quoting, a header line of column keys;
 * - columns: `id`, then the descriptor's fields (csv ≠ false) by API key, then one
 *   column per sub-item collection holding its items as a JSON array of
 *   `{"id":…, field: value…}` (money in cents, as in the API);
 * - empty cell: no value (null); booleans `true`/`false` (also 1/0, oui/non);
 *   id lists and text lists joined by ";";
 * - import upserts: a line with an `id` updates that entry, a line without one updates the
 *   entry with the same natural key (descriptor.naturalKey, compared accent- and
 *   case-insensitively) or creates one. A sub-item cell replaces the entry's collection:
 *   items with an id are changed, items without one are created, the entry's items the
 *   cell leaves out are destroyed; an empty sub-item cell leaves the collection as it is.
 * - columns may come in any order; unknown columns are refused (`directory_import__column__unknown`).
 */

export function csvColumns(descriptor: DirectoryDescriptor): string[] {
  return ["id", ...csvFields(descriptor.fields).map((f) => f.key), ...descriptor.subItems.map((s) => s.key)];
}

/** One cell of an export. */
export function formatCsvCell(field: FieldDescriptor | null, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (field === null) return JSON.stringify(value);
  if (Array.isArray(value)) return value.join(";");
  return String(value);
}

const FORMULA_START = /^[=+\-@\t\r]/;
// Phone numbers (+33 4 78…) and negative numbers are not formulas and keep their form.
const NUMBER_LIKE = /^[+-]?[\d\s.,()]+$/;

export function quoteCsv(cell: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet; a quote and a tab disarm it.
  const safe = FORMULA_START.test(cell) && !NUMBER_LIKE.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) || safe !== cell ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(quoteCsv).join(",");
}

export interface CsvRecord {
  /** Line number of the record's first line in the file (the header is line 1). */
  line: number;
  cells: string[];
}

// One cell and what ends it: a quoted cell ("" is a quote inside) or a bare one.
const CELL = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n|\n|\r|$)/y;
const BREAKS = /\r\n|\n|\r/g;

/**
 * RFC 4180 reader: quoted cells may hold commas, quotes ("") and line breaks. A BOM is
 * skipped. A quote never closed (or text after a closing quote) stops the reading: its
 * record's line is `unterminated`.
 */
export function parseCsv(text: string): { records: CsvRecord[]; unterminated: number | null } {
  const records: CsvRecord[] = [];
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  while (pos < text.length) {
    CELL.lastIndex = pos;
    const match = CELL.exec(text);
    if (!match) return { records, unterminated: start };
    const quoted = match[1];
    if (quoted !== undefined) line += quoted.match(BREAKS)?.length ?? 0;
    cells.push(quoted !== undefined ? quoted.replace(/""/g, '"') : match[2]!);
    pos = CELL.lastIndex;
    const end = match[3]!;
    if (end === ",") {
      // A comma closing the text still opens one last, empty cell.
      if (pos === text.length) cells.push("");
      continue;
    }
    if (!(cells.length === 1 && cells[0] === "")) records.push({ line: start, cells });
    cells = [];
    if (end === "") break;
    line++;
    start = line;
  }
  if (cells.length > 0) records.push({ line: start, cells });
  return { records, unterminated: null };
}

const TRUE = new Set(["true", "1", "oui", "yes", "vrai"]);
const FALSE = new Set(["false", "0", "non", "no", "faux"]);

/** A cell read as the API value of its field; `undefined` when it cannot be (the schema then reports it). */
export function readCsvCell(field: FieldDescriptor, cell: string): unknown {
  const text = cell.trim();
  if (text === "") return null;
  switch (field.kind) {
    case "integer":
    case "money":
    case "decimal":
    case "reference":
    case "polymorphic_reference": {
      const n = Number(text.replace(",", "."));
      return Number.isFinite(n) ? n : text;
    }
    case "boolean": {
      const v = text.toLowerCase();
      return TRUE.has(v) ? true : FALSE.has(v) ? false : text;
    }
    case "reference_list":
      return text.split(";").map((part) => {
        const n = Number(part.trim());
        return Number.isFinite(n) ? n : part;
      });
    case "text_list":
      return text.split(";").map((part) => part.trim());
    default:
      // The quote an export puts before a formula-like cell (quoteCsv) comes off again.
      return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
  }
}

export interface CsvEntryInput {
  id: number | null;
  fields: Record<string, unknown>;
  /** Sub-item collections the line gives (a cell left empty is absent: unchanged). */
  subItems: Record<string, unknown[]>;
  problems: { column: string | null; code: string }[];
}

/** One data line as API input, before the zod schemas check it. */
export function readCsvEntry(descriptor: DirectoryDescriptor, header: readonly string[], cells: readonly string[]): CsvEntryInput {
  const result: CsvEntryInput = { id: null, fields: {}, subItems: {}, problems: [] };
  if (cells.length !== header.length) result.problems.push({ column: null, code: "directory_import__line__column_count" });
  const fields = new Map(csvFields(descriptor.fields).map((f) => [f.key, f]));
  const subs = new Map(descriptor.subItems.map((s) => [s.key, s]));
  header.forEach((column, index) => {
    const cell = cells[index] ?? "";
    if (column === "id") {
      if (cell.trim() === "") return;
      const id = Number(cell.trim());
      if (Number.isInteger(id) && id > 0 && id <= 2_147_483_647) result.id = id;
      else result.problems.push({ column, code: `${descriptor.resource}__id__invalid` });
      return;
    }
    const field = fields.get(column);
    if (field) {
      // An empty cell of a field with a default leaves it as it is (its default, on a creation).
      if (cell.trim() === "" && field.defaultValue !== undefined && field.defaultValue !== null && !Array.isArray(field.defaultValue)) return;
      result.fields[column] = readCsvCell(field, cell);
      return;
    }
    const sub = subs.get(column);
    if (!sub || cell.trim() === "") return;
    try {
      const items: unknown = JSON.parse(cell);
      if (Array.isArray(items)) result.subItems[column] = items;
      else result.problems.push({ column, code: `${sub.resource}__body__invalid` });
    } catch {
      result.problems.push({ column, code: `${sub.resource}__body__invalid` });
    }
  });
  return result;
}

/** Header problems: unknown or repeated columns (a file for another type, a typo). */
export function csvHeaderProblems(descriptor: DirectoryDescriptor, header: readonly string[]): { column: string; code: string }[] {
  const known = new Set(csvColumns(descriptor));
  const seen = new Set<string>();
  const problems: { column: string; code: string }[] = [];
  for (const column of header) {
    if (!known.has(column)) problems.push({ column, code: "directory_import__column__unknown" });
    else if (seen.has(column)) problems.push({ column, code: "directory_import__column__repeated" });
    seen.add(column);
  }
  return problems;
}
