import { z } from "zod";
import { pagingQuerySchema } from "@/domain/schemas/common";
import { hasUnstorableText } from "@/domain/text";
import {
  sortableKeys,
  type DirectoryDescriptor,
  type FieldDescriptor,
  type RowCheck,
  type SubItemDescriptor,
} from "@/domain/directory/descriptor";

/**
 * The zod schemas of every directory type, built from its descriptor so forms, API,
 * CSV import and docs share one definition. Every message is an error code
 * `<resource>__<field>__<problem>` (problems: blank, invalid, too_long, too_small,
 * too_big, invalid_characters; sub-items: `<sub resource>__id__missing|not_found`).
 */

export const MAX_SUB_ITEMS = 200;
export const MAX_REFERENCE_IDS = 1000;
export const DIRECTORY_DEFAULT_PER_PAGE = 25;
export const DIRECTORY_MAX_PER_PAGE = 100;
const MAX_INT = 2_147_483_647;
const MAX_CENTS = 100_000_000;

type Code = (problem: string) => string;

const isEmpty = (value: unknown) => value === undefined || value === null;
/** Forms send "" for an empty input: the same as no value. */
const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** The value's schema, without presence rules; a missing or null value is reported as `blank`. */
function valueSchema(field: FieldDescriptor, code: Code): z.ZodType {
  const typeError = { error: (issue: { input?: unknown }) => (isEmpty(issue.input) ? code("blank") : code("invalid")) };
  const storable = (s: z.ZodType<string>) => s.refine((v) => !hasUnstorableText(v), { error: code("invalid_characters") });
  switch (field.kind) {
    case "text":
      return storable(z.string(typeError).trim().max(field.maxLength ?? 200, { error: code("too_long") }));
    case "email":
      return z.string(typeError).trim().toLowerCase().max(254, { error: code("too_long") }).pipe(z.email({ error: code("invalid") }));
    case "phone":
      return z
        .string(typeError)
        .trim()
        .max(40, { error: code("too_long") })
        .refine((v) => /^(\+|00)?[0-9][0-9\s.\-()]{5,30}$/.test(v), { error: code("invalid") });
    case "url":
      return z.string(typeError).trim().max(500, { error: code("too_long") }).pipe(z.url({ protocol: /^https?$/, error: code("invalid") }));
    case "integer":
    case "money":
    case "decimal": {
      let n = z.number(typeError);
      if (field.kind !== "decimal") n = n.int({ error: code("invalid") });
      const min = field.min ?? (field.kind === "money" ? 0 : field.kind === "integer" ? -MAX_INT : -Infinity);
      const max = field.max ?? (field.kind === "money" ? MAX_CENTS : field.kind === "integer" ? MAX_INT : Infinity);
      if (Number.isFinite(min)) n = n.min(min, { error: code("too_small") });
      if (Number.isFinite(max)) n = n.max(max, { error: code("too_big") });
      return n;
    }
    case "boolean":
      return z.boolean(typeError);
    case "enum":
      return z.enum(field.options as [string, ...string[]], typeError);
    case "country":
      return z.string(typeError).trim().toLowerCase().regex(/^[a-z]{2}$/, { error: code("invalid") });
    case "department":
      return z.string(typeError).trim().toUpperCase().regex(/^(\d{2,3}|2A|2B)$/, { error: code("invalid") });
    case "reference":
    case "polymorphic_reference":
      return z.number(typeError).int({ error: code("invalid") }).positive({ error: code("invalid") }).max(MAX_INT, { error: code("invalid") });
    case "reference_list":
      return z
        .array(z.number({ error: code("invalid") }).int({ error: code("invalid") }).positive({ error: code("invalid") }).max(MAX_INT, { error: code("invalid") }), typeError)
        .max(MAX_REFERENCE_IDS, { error: code("too_long") })
        .transform((ids) => [...new Set(ids)]);
    case "text_list":
      return z
        .array(storable(z.string({ error: code("invalid") }).trim().min(1, { error: code("blank") }).max(60, { error: code("too_long") })), typeError)
        .max(50, { error: code("too_long") })
        .transform((values) => [...new Set(values)]);
  }
}

/** A field's schema on creation ("create") or in a partial update ("update"). */
export function fieldSchema(field: FieldDescriptor, resource: string, mode: "create" | "update"): z.ZodType {
  const code: Code = (problem) => `${resource}__${field.key}__${problem}`;
  const value = valueSchema(field, code);
  // An empty list is the empty value of a list (its column is never null).
  if (field.kind === "reference_list" || field.kind === "text_list") return z.preprocess((v) => (v === null || v === "" ? [] : v), value).optional();
  // A field with a default is never empty: left out it takes the default, null is refused (blank).
  const hasDefault = field.defaultValue !== undefined && field.defaultValue !== null;
  if (field.required || hasDefault) {
    const present = z.preprocess(emptyToNull, value);
    return mode === "create" && field.required ? present : present.optional();
  }
  return z.preprocess(emptyToNull, value.nullable()).optional();
}

/** Codes of the cross-field rules a (complete) row breaks. */
export function rowProblems(resource: string, checks: readonly RowCheck[] | undefined, row: Record<string, unknown>): { field: string; code: string }[] {
  return (checks ?? []).flatMap((check) => {
    const problem = check(row);
    return problem ? [{ field: problem.field, code: `${resource}__${problem.field}__${problem.problem}` }] : [];
  });
}

function rowSchema(fields: readonly FieldDescriptor[], resource: string, mode: "create" | "update", checks?: readonly RowCheck[]) {
  const shape = Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f, resource, mode)]));
  return z.object(shape).superRefine((row, ctx) => {
    // An update's checks run on the merged row, in the service (the body may hold one bound only).
    if (mode === "update") return;
    for (const p of rowProblems(resource, checks, row)) ctx.addIssue({ code: "custom", message: p.code, path: [p.field] });
  });
}

/** One parsed element of a sub-item collection in a write; `nested`: its own collections' changes (SubItemDescriptor.subItems). */
export type SubItemChange =
  | { op: "create"; values: Record<string, unknown>; nested?: NestedChanges }
  | { op: "update"; id: number; values: Record<string, unknown>; nested?: NestedChanges }
  | { op: "destroy"; id: number };
export type NestedChanges = Record<string, SubItemChange[]>;

const subItemIdSchema = (sub: SubItemDescriptor) =>
  z.number({ error: `${sub.resource}__id__invalid` }).int({ error: `${sub.resource}__id__invalid` }).positive({ error: `${sub.resource}__id__invalid` }).max(MAX_INT, { error: `${sub.resource}__id__invalid` });

/**
 * One element of a sub-item collection (SPEC §3 "a destroy flag for nested deletions";
 * SPEC §5 "updates … of partner sub-items require an id"):
 * - `{id, _destroy: true}` removes the sub-item;
 * - `{id, ...fields}` changes the given fields of the sub-item (partial);
 * - `{...fields}` without an id creates one, every required field given;
 * - an element without an id that is not a creation — it carries `_destroy`, or the
 *   `created_at`/`updated_at` of a sub-item read from the API — is an update without its
 *   id: 422 `<sub resource>__id__missing`.
 * On a creation of the parent (mode "create") an id is refused: `<sub resource>__id__invalid`.
 * Nested collections (a warehouse's products) follow the same rules, in mode "create"
 * under an item being created and "update" under an item being changed.
 */
export function subItemSchema(sub: SubItemDescriptor, mode: "create" | "update"): z.ZodType<SubItemChange, unknown> {
  const createRow = rowSchema(sub.fields, sub.resource, "create", sub.checks);
  const updateRow = rowSchema(sub.fields, sub.resource, "update");
  const idSchema = subItemIdSchema(sub);
  const nested = (element: Record<string, unknown>, nestedMode: "create" | "update", ctx: z.RefinementCtx) => nestedChanges(sub, element, nestedMode, ctx);
  return z.unknown().transform((input, ctx): SubItemChange => {
    const fail = (message: string, path: PropertyKey[] = []) => {
      ctx.addIssue({ code: "custom", message, path });
      return z.NEVER;
    };
    if (input === null || typeof input !== "object" || Array.isArray(input)) return fail(`${sub.resource}__body__invalid`);
    const element = input as Record<string, unknown>;
    const destroy = element._destroy === true || element._destroy === "1" || element._destroy === "true";
    if (element.id === undefined || element.id === null || element.id === "") {
      if (destroy || "created_at" in element || "updated_at" in element) return fail(`${sub.resource}__id__missing`, ["id"]);
      return relay(createRow.safeParse(element), ctx, (values) => withNested({ op: "create", values }, nested(element, "create", ctx)));
    }
    if (mode === "create") return fail(`${sub.resource}__id__invalid`, ["id"]);
    const id = idSchema.safeParse(element.id);
    if (!id.success) return fail(`${sub.resource}__id__invalid`, ["id"]);
    if (destroy) return { op: "destroy", id: id.data };
    return relay(updateRow.safeParse(element), ctx, (values) => withNested({ op: "update", id: id.data, values }, nested(element, "update", ctx)));
  });
}

function withNested<T extends SubItemChange>(change: T, nested: NestedChanges | undefined): T {
  return nested ? { ...change, nested } : change;
}

/** The nested collections an element carries, parsed; issues land under `<collection>.<index>`. */
function nestedChanges(sub: SubItemDescriptor, element: Record<string, unknown>, mode: "create" | "update", ctx: z.RefinementCtx): NestedChanges | undefined {
  let out: NestedChanges | undefined;
  for (const child of sub.subItems ?? []) {
    if (element[child.key] === undefined || element[child.key] === null) continue;
    const result = collectionSchema(child, mode).safeParse(element[child.key]);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [child.key, ...issue.path] });
      continue;
    }
    out = { ...out, [child.key]: result.data };
  }
  return out;
}

function collectionSchema(sub: SubItemDescriptor, mode: "create" | "update") {
  return z
    .array(subItemSchema(sub, mode), { error: `${sub.resource}__body__invalid` })
    .max(MAX_SUB_ITEMS, { error: `${sub.resource}__body__too_long` });
}

function relay<T>(result: z.ZodSafeParseResult<Record<string, unknown>>, ctx: z.RefinementCtx, ok: (values: Record<string, unknown>) => T): T {
  if (result.success) return ok(result.data);
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
}

function subItemsShape(descriptor: DirectoryDescriptor, mode: "create" | "update") {
  return Object.fromEntries(
    descriptor.subItems.map((sub) => [sub.key, collectionSchema(sub, mode).optional()]),
  );
}

/** POST /api/v1/{segment}: every required field, sub-items to create alongside. */
export function directoryCreateSchema(descriptor: DirectoryDescriptor) {
  return rowSchema(descriptor.fields, descriptor.resource, "create", descriptor.checks).and(z.object(subItemsShape(descriptor, "create")));
}

/**
 * PUT /api/v1/{segment}/{id}: the fields to change (partial) and the sub-item changes,
 * applied in one transaction. A body `id` other than the path's is refused (`<resource>__id__invalid`).
 */
export function directoryUpdateSchema(descriptor: DirectoryDescriptor) {
  const id = z.unknown().optional();
  return rowSchema(descriptor.fields, descriptor.resource, "update").and(z.object({ id, ...subItemsShape(descriptor, "update") }));
}

export type DirectoryCreateInput = Record<string, unknown> & Record<string, SubItemChange[] | undefined>;
export type DirectoryUpdateInput = DirectoryCreateInput & { id?: unknown };

/** GET /api/v1/{segment}: search, filters, order and page of the list. */
export function directoryListQuerySchema(descriptor: DirectoryDescriptor) {
  const sortable = sortableKeys(descriptor) as [string, ...string[]];
  return pagingQuerySchema(DIRECTORY_DEFAULT_PER_PAGE, DIRECTORY_MAX_PER_PAGE).extend({
    q: z
      .string({ error: "directory__q__invalid" })
      .trim()
      .max(100, { error: "directory__q__too_long" })
      .refine((v) => !hasUnstorableText(v), { error: "directory__q__invalid_characters" })
      .optional()
      .meta({ description: "Words of the name or the city, accents and case ignored" }),
    department: z
      .string({ error: "directory__department__invalid" })
      .trim()
      .toUpperCase()
      .regex(/^(\d{2,3}|2A|2B)$/, { error: "directory__department__invalid" })
      .optional()
      .meta({ description: "Département code", example: "69" }),
    disabled: z
      .enum(["true", "false"], { error: "directory__disabled__invalid" })
      .transform((v) => v === "true")
      .optional()
      .meta({ description: "true: only disabled entries; false: only enabled ones; absent: both" }),
    sort: z.enum(sortable, { error: "directory__sort__invalid" }).optional().meta({ description: `One of ${sortable.join(", ")}` }),
    direction: z.enum(["asc", "desc"], { error: "directory__direction__invalid" }).default("asc"),
  });
}
export type DirectoryListQuery = z.output<ReturnType<typeof directoryListQuerySchema>>;

/** POST /api/v1/{segment}/import?dry_run=true: check every line, write nothing. */
export const directoryImportQuerySchema = z.object({
  dry_run: z
    .enum(["true", "false", "1", "0"], { error: "directory_import__dry_run__invalid" })
    .transform((v) => v === "true" || v === "1")
    .default(false),
});

/** The answers. Timestamps are in seconds (SPEC §3). */

export const directoryEntrySchema = z
  .object({
    id: z.number().int(),
    /** The entry's display name (its `labelField`). */
    label: z.string(),
    demo: z.boolean().optional(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .catchall(z.unknown())
  .meta({ id: "DirectoryEntry", description: "The descriptor's fields by key, plus each sub-item collection as an array of {id, ...fields}" });
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const DIRECTORY_CHANGE_ACTIONS = ["create", "update", "disable", "enable", "delete", "import"] as const;
export type DirectoryChangeAction = (typeof DIRECTORY_CHANGE_ACTIONS)[number];

export const directoryChangeSchema = z
  .object({
    id: z.number().int(),
    action: z.enum(DIRECTORY_CHANGE_ACTIONS),
    /** Who made the change; the id is null when the business user was deleted since (the name stays). */
    actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
    at: z.number().int(),
    /** The entry (fields and sub-items) before and after; null before a creation and after a deletion. */
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "DirectoryChange" });
export type DirectoryChange = z.infer<typeof directoryChangeSchema>;

/** What uses an entry: shown before disabling it, and why a deletion is refused. */
export const DEPENDENT_KINDS = ["deals", "quotes", "commune_pages", "country_pages", "directory_entries", "sub_items", "products"] as const;
export type DependentKind = (typeof DEPENDENT_KINDS)[number];

export const directoryDependentsSchema = z
  .object({
    /** False when something other than its own sub-items depends on the entry (DELETE is then 422). */
    deletable: z.boolean(),
    groups: z.array(
      z.object({
        kind: z.enum(DEPENDENT_KINDS),
        count: z.number().int(),
        /** The first few, to show (at most 20 per group). */
        items: z.array(
          z.object({
            id: z.union([z.number().int(), z.string()]),
            label: z.string(),
            /** Directory type of a directory entry, or the sub-item collection key. */
            type: z.string().optional(),
            /** A page showing it (a commune page path, a deal page path), when there is one. */
            path: z.string().optional(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "DirectoryDependents" });
export type DirectoryDependents = z.infer<typeof directoryDependentsSchema>;

export const importRejectionSchema = z.object({
  /** Line number in the file, the header being line 1. */
  line: z.number().int(),
  /** CSV column the problem is in; null for a problem of the whole line. */
  column: z.string().nullable(),
  code: z.string(),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;

export const importReportSchema = z
  .object({
    dry_run: z.boolean(),
    /** Data lines read (header excluded). */
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    /** Every problem of every line; when not empty nothing was written. */
    rejected: z.array(importRejectionSchema),
  })
  .meta({ id: "DirectoryImportReport" });
export type ImportReport = z.infer<typeof importReportSchema>;
