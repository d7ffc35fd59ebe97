import type { CompanyCategory, CompanyFieldName } from "@/domain/companies";
import type { DocumentTypeCode } from "@/domain/document-types";
import type { FormalityKind } from "@/domain/schemas/administrative-procedure";

/** One formality a company offers, as the reference data writes it. */
export interface FormalitySeed {
  /** What the family asks, in French (the letter's subject). */
  name: string;
  kind: FormalityKind;
  requiresLetter: boolean;
  /** Field name → required. */
  fields: Partial<Record<CompanyFieldName, boolean>>;
  documents: readonly DocumentTypeCode[];
}

/**
 * One real organisation. `address` only when it was read on the organisation's own page
 * or on service-public.fr; otherwise null and `formUrl` (or the website) is how to reach it.
 * `source` is the page the entry was written from.
 */
export interface CompanySeed {
  name: string;
  category: CompanyCategory;
  website: string;
  address?: string | null;
  phone?: string | null;
  formUrl?: string | null;
  source: string;
  /**
   * ISO date `source` was read to write or re-check the entry; null when the source is
   * only the organisation's official site, named from knowledge and not yet read for
   * this entry (docs/companies.md).
   */
  checkedOn: string | null;
  formalities: readonly FormalitySeed[];
}

/** The day the pages given as sources were read (stored copies, docs/companies.md). */
export const CHECKED_ON = "2026-11-24";
