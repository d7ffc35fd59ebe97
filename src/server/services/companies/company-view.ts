import { COMPANY_FORMALITY_KIND_ORDER, type CompanyCategory } from "@/domain/companies";
import { isDocumentTypeCode } from "@/domain/document-types";
import { FORMALITY_KINDS, formalityFieldSchema, type FormalityField, type FormalityKind } from "@/domain/schemas/administrative-procedure";
import type { CompanyFormalityView, CompanySummary } from "@/domain/schemas/company";

/** Rows as the companies' queries select them, turned into the API's answers. */

export interface CompanyRow {
  id: number;
  name: string;
  slug: string;
  website: string | null;
  demo: boolean;
  categoryCode: string | null;
  categoryName: string | null;
}

export interface ContactRow {
  address: string | null;
  email: string | null;
  phone: string | null;
  formUrl: string | null;
}

export interface FormalityRow {
  id: number;
  name: string;
  kind: string;
  requiresLetter: boolean;
  fields: Array<Record<string, unknown>>;
  documentTypes: string[];
}

export function companySummary(row: CompanyRow): CompanySummary {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    category: row.categoryCode ? { code: row.categoryCode as CompanyCategory, name: row.categoryName ?? row.categoryCode } : null,
    website: row.website,
    demo: row.demo,
  };
}

export function companyContact(row: ContactRow) {
  return { address: row.address, email: row.email, phone: row.phone, form_url: row.formUrl };
}

/**
 * The stored jsonb is read defensively: a field or document code that does not fit the
 * contract (an old row, a hand edit) is left out rather than sent to a form that cannot
 * render it; the seed's tests keep the reference data itself clean.
 */
export function companyFormality(row: FormalityRow): CompanyFormalityView {
  const fields = (Array.isArray(row.fields) ? row.fields : []).flatMap((field): FormalityField[] => {
    const parsed = formalityFieldSchema.safeParse(field);
    return parsed.success ? [parsed.data] : [];
  });
  const kind = (FORMALITY_KINDS as readonly string[]).includes(row.kind) ? (row.kind as FormalityKind) : "notify";
  return {
    id: Number(row.id),
    name: row.name,
    kind,
    requires_letter: row.requiresLetter,
    fields,
    document_types: (Array.isArray(row.documentTypes) ? row.documentTypes : []).filter(isDocumentTypeCode),
  };
}

/** Notify first, then claim, transfer, close: the order a family usually goes through them. */
export function byFormalityOrder(a: CompanyFormalityView, b: CompanyFormalityView): number {
  return COMPANY_FORMALITY_KIND_ORDER[a.kind] - COMPANY_FORMALITY_KIND_ORDER[b.kind] || a.id - b.id;
}
