import type { LocationType } from "@/domain/schemas/deal";

/**
 * The shape of one directory type (issue 15): what the engine, the API, the CSV
 * import/export and the /pro/annuaire pages all read, so a type is described once and
 * never coded twelve times. Field keys are the API's snake_case keys.
 */

/** How a field is typed, validated, stored and edited. */
export type FieldKind =
  /** Free text (trimmed, storable, `maxLength` characters at most, 200 by default). */
  | "text"
  | "email"
  | "phone"
  | "url"
  /** Whole number between `min` and `max`. */
  | "integer"
  /** Euro cents, a whole number ≥ 0 (shown as euros in the forms). */
  | "money"
  /** Decimal number between `min` and `max` (latitude, longitude). */
  | "decimal"
  | "boolean"
  /** One of `options`. */
  | "enum"
  /** ISO 3166-1 alpha-2 code, lower case (picker: countries autocomplete). */
  | "country"
  /** Département code (picker: departments autocomplete). */
  | "department"
  /** Numeric id of a row of `reference`. */
  | "reference"
  /** List of numeric ids of rows of `reference` (CSV: ids joined by ";"). */
  | "reference_list"
  /** Numeric id of a row whose kind is given by the enum field `typeField` (hospital agreement location). */
  | "polymorphic_reference"
  /** List of short strings (CSV: joined by ";"). */
  | "text_list";

/**
 * Where a reference picker looks for its rows: an autocomplete kind of SPEC §7
 * (GET /api/v1/autocompletes/{kind}) or, for the two directory-only kinds, the
 * directory list itself (GET /api/v1/{segment}?q=).
 */
export type ReferenceKind =
  | "airlines"
  | "airports"
  | "cityhalls"
  | "consulates"
  | "countries"
  | "crematoriums"
  | "departments"
  | "flights"
  | "funeral_parlors"
  | "funeral_work_types"
  | "graveyards"
  | "hospitals"
  | "polices"
  | "prefectures"
  | "products"
  | "rha"
  | "suppliers"
  | "worships"
  | "worship_types"
  | "concession_types"
  | "warehouses";

export interface FieldDescriptor {
  /** API key (snake_case); the database column is its camelCase form unless `column` says otherwise. */
  key: string;
  kind: FieldKind;
  /** Required on creation (and never blank on an update). */
  required?: boolean;
  /** Enum values (kind "enum"). */
  options?: readonly string[];
  /** Rows the id(s) point at (kinds "reference", "reference_list"). */
  reference?: ReferenceKind;
  /** Kind "polymorphic_reference": the enum field holding the referenced row's type. */
  typeField?: string;
  /** Bounds of "integer", "money", "decimal"; length bound of "text" (maxLength). */
  min?: number;
  max?: number;
  maxLength?: number;
  /** Value when a creation leaves the field out. */
  defaultValue?: string | number | boolean | null | readonly (string | number)[];
  /** Shown as a column of the list page. */
  list?: boolean;
  /** May be the list's `sort`. */
  sortable?: boolean;
  /** Part of the CSV (default true). */
  csv?: boolean;
  /** Database column (camelCase) when it differs from the key's camelCase. */
  column?: string;
  /**
   * Translation key of the label in the "DirectoryLabels" messages namespace (`fields.<key>`
   * unless given). Enum values are `options.<key>.<value>` in the same namespace.
   */
  labelKey?: string;
}

/** A collection of sub-items edited with its parent (SPEC §3 "Sub-items"; `_destroy` removes one). */
export interface SubItemDescriptor {
  /** API key of the collection on the parent (`age_ranges`, `rooms`...). */
  key: string;
  /** Singular resource name, the first part of its error codes (`crematorium_room__price_cents__blank`). */
  resource: string;
  fields: readonly FieldDescriptor[];
  /** Cross-field rules (an age range's max ≥ min): a code per broken rule, on the field it concerns. */
  checks?: readonly RowCheck[];
  /** Order of the sub-items in answers and exports. */
  orderBy?: readonly string[];
  /** Label key in the "DirectoryLabels" namespace (`subItems.<key>` unless given). */
  labelKey?: string;
  /**
   * Collections of each sub-item, edited with it (a supplier's warehouse → its products, a
   * zone → its funeral works): one level deeper, same `{id?, _destroy?}` rules.
   */
  subItems?: readonly SubItemDescriptor[];
}

/** A rule across fields of one row; answers the offending field and its problem, or null. */
export type RowCheck = (row: Record<string, unknown>) => { field: string; problem: string } | null;

/** Who may touch a type besides roles 0-2 (role 4 only on its own organisation's entry). */
export type DirectoryGroup = "partners" | "reference" | "logistics";

export interface DirectoryDescriptor<T extends string = string> {
  /** Directory type: also the `/pro/annuaire/{type}` segment and, by default, the API path segment. */
  type: T;
  /** API path segment under /api/v1 (`crematoriums` → /api/v1/crematoriums). */
  segment: string;
  /** Singular resource name, the first part of its error codes (`crematorium__name__blank`). */
  resource: string;
  group: DirectoryGroup;
  /** Location type of deal steps pointing at this kind of place (SPEC §3 "Location types"), if any. */
  locationType?: LocationType;
  /** Autocomplete kind of SPEC §7 answering this type, if any. */
  autocomplete?: ReferenceKind;
  fields: readonly FieldDescriptor[];
  subItems: readonly SubItemDescriptor[];
  checks?: readonly RowCheck[];
  /** Whether entries carry the `disabled` flag of SPEC §4 (worship and concession types do not). */
  disableable: boolean;
  /** Whether the list filters by département (`department` query). */
  byDepartment: boolean;
  /** Field keys that find an entry again in a CSV line without an id (upsert). */
  naturalKey: readonly string[];
  /** Field shown as the entry's name in lists, pickers and the change history. */
  labelField: string;
  /** Default sort of the list. */
  defaultSort: string;
  /**
   * Label keys in the "DirectoryLabels" namespace: `types.<type>.one` / `types.<type>.other`
   * unless given. The namespace also holds `dependents.<kind>` and `changeActions.<action>`.
   */
  labelKey?: string;
  /**
   * Entries owned by another type's organisation (a supplier's warehouses): a pro of that
   * organisation reaches the entries whose `field` holds its id, besides its own entry.
   */
  owner?: { type: string; field: string };
}

/** The messages namespace of every directory label. */
export const DIRECTORY_LABELS_NAMESPACE = "DirectoryLabels";

export function optionLabelKey(field: FieldDescriptor, value: string): string {
  return `options.${field.key}.${value}`;
}

export function fieldLabelKey(field: FieldDescriptor): string {
  return field.labelKey ?? `fields.${field.key}`;
}

export function subItemLabelKey(sub: SubItemDescriptor): string {
  return sub.labelKey ?? `subItems.${sub.key}`;
}

export function typeLabelKey(descriptor: DirectoryDescriptor): string {
  return descriptor.labelKey ?? `types.${descriptor.type}`;
}

/** Database column (camelCase property of the Drizzle table) of a field. */
export function columnOf(field: FieldDescriptor): string {
  return field.column ?? field.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function listColumns(descriptor: DirectoryDescriptor): FieldDescriptor[] {
  return descriptor.fields.filter((f) => f.list);
}

export function sortableKeys(descriptor: DirectoryDescriptor): string[] {
  return ["id", ...descriptor.fields.filter((f) => f.sortable).map((f) => f.key), "updated_at"];
}

export function csvFields(fields: readonly FieldDescriptor[]): FieldDescriptor[] {
  return fields.filter((f) => f.csv !== false);
}

/** Location type of SPEC §3 → the directory type whose rows it names (hospital agreements). */
export const LOCATION_TYPE_REFERENCES: Partial<Record<LocationType, ReferenceKind>> = {
  SupplierWarehouse: "warehouses",
  FuneralParlor: "funeral_parlors",
  Hospital: "hospitals",
  Worship: "worships",
  Crematorium: "crematoriums",
  Graveyard: "graveyards",
};
