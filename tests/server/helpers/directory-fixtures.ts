import { asc, isNull } from "drizzle-orm";
import type { DirectoryDescriptor, FieldDescriptor, ReferenceKind } from "@/domain/directory/descriptor";
import type { Db } from "@/server/db/client";
import { concessionTypes } from "@/server/db/schema/partners";
import { REFERENCE_TARGETS } from "@/server/services/directory/bindings";
import type { TestContext } from "./app";
import { signInHeaders } from "./app";

/** Valid bodies for any directory type, built from its descriptor (references point at seeded rows). */

export type Refs = Partial<Record<ReferenceKind, string | number>>;

export async function seededRefs(db: Db): Promise<Refs> {
  const refs: Refs = {};
  for (const [kind, target] of Object.entries(REFERENCE_TARGETS) as [ReferenceKind, NonNullable<(typeof REFERENCE_TARGETS)[ReferenceKind]>][]) {
    const where = kind === "concession_types" ? isNull(concessionTypes.graveyardId) : undefined;
    const [row] = (await db.select({ key: target.key }).from(target.table).where(where).orderBy(asc(target.key)).limit(1)) as { key: string | number }[];
    if (row) refs[kind] = row.key;
  }
  return refs;
}

export function sampleValue(field: FieldDescriptor, refs: Refs, n: number): unknown {
  switch (field.kind) {
    case "text":
      if (field.key === "zone_id") return "69";
      if (field.key === "siret") return `${String(10_000_000_000_000 + n)}`;
      return `${field.key.replace(/_/g, " ")} ${n}`.slice(0, field.maxLength ?? 200);
    case "email":
      return `contact${n}@example.org`;
    case "phone":
      return "04 72 00 00 00";
    case "url":
      return "https://example.org/";
    case "integer":
      return Math.min((field.min ?? 0) + n, field.max ?? 1000);
    case "money":
      return 10_000 + n * 100;
    case "decimal":
      return 45.75;
    case "boolean":
      return false;
    case "enum":
      return field.key === "agreement_location_type" ? "FuneralParlor" : field.key === "zone_type" ? "department" : field.options![0];
    case "country":
      return "fr";
    case "department":
      return "69";
    case "reference":
      // A warehouse stocks a product once (unique pair): each sample item names its own.
      if (field.key === "product_id") return Number(refs.products) + n;
      return refs[field.reference!];
    case "reference_list":
      return [refs[field.reference!]];
    case "polymorphic_reference":
      return refs.funeral_parlors;
    case "text_list":
      return ["flowers"];
  }
}

/** Every field given (optional ones too), so a creation exercises every column and reference. */
export function sampleFields(fields: readonly FieldDescriptor[], refs: Refs, n: number): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.key !== "disabled" && sampleValue(f, refs, n) !== undefined).map((f) => [f.key, sampleValue(f, refs, n)]));
}

/** Sub-items a creation may carry: those naming no sibling (a graveyard's concessions need a term id first). */
export function creatableSubItems(descriptor: DirectoryDescriptor): DirectoryDescriptor["subItems"] {
  return descriptor.subItems.filter((s) => !s.fields.some((f) => f.key === "concession_term_id"));
}

export function sampleCreateBody(descriptor: DirectoryDescriptor, refs: Refs, n: number): Record<string, unknown> {
  const body = sampleFields(descriptor.fields, refs, n);
  if (descriptor.type === "worship_types") body.code = `test_${n}_${Date.now() % 100000}`;
  for (const sub of creatableSubItems(descriptor)) body[sub.key] = [sampleFields(sub.fields, refs, 1), sampleFields(sub.fields, refs, 2)].map((item, i) => (sub.key === "coverages" ? { ...item, zone_id: `0${i + 1}` } : item));
  return body;
}

export async function staffHeaders(ctx: TestContext, email = "conseiller@demo.test"): Promise<Record<string, string>> {
  return { ...(await signInHeaders(ctx.db, "business_user", email)), "content-type": "application/json" };
}

export async function call(ctx: TestContext, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await ctx.app.request(path, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
  // The device's token rotates as a browser's does: later calls use the new one.
  const token = response.headers.get("access-token");
  if (token) headers["access-token"] = token;
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json as Record<string, unknown> & { data?: Record<string, unknown>; errors?: string[] }, text, headers: response.headers };
}
