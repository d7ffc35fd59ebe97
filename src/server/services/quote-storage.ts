import { LEGAL_SECTIONS, type LegalSectionId } from "@/domain/quote/legal-model";
import type { Quote, QuoteLine, QuoteSection, Subtotals } from "@/domain/quote/pricing";

/**
 * How a quote is kept with its deal. The engine's Quote lists every line twice (in
 * `lines` and again in its section's column); stored, each line is kept once and the
 * sections are rebuilt on reading, which halves what the database writes on every save
 * of the funnel. Reading gives back exactly the Quote the engine computed.
 */

export interface StoredQuote extends Omit<Quote, "sections"> {
  /** Format marker: a stored quote without it is a full Quote (written before this format). */
  storage: 1;
  sections: Array<Omit<QuoteSection, "mandatory" | "optional">>;
}

export function toStoredQuote(quote: Quote): StoredQuote {
  return {
    ...quote,
    storage: 1,
    sections: quote.sections.map(({ mandatory: _mandatory, optional: _optional, ...section }) => section),
  };
}

function isStored(value: unknown): value is StoredQuote {
  return typeof value === "object" && value !== null && (value as { storage?: unknown }).storage === 1;
}

/** The Quote of a deal row, whichever way it was stored; null when the deal has none. */
export function fromStoredQuote(value: unknown): Quote | null {
  if (typeof value !== "object" || value === null) return null;
  if (!isStored(value)) return value as Quote;
  const { storage: _storage, sections, ...rest } = value;
  const bySection = new Map<LegalSectionId, { mandatory: QuoteLine[]; optional: QuoteLine[] }>();
  for (const section of LEGAL_SECTIONS) bySection.set(section.id, { mandatory: [], optional: [] });
  for (const line of rest.lines) bySection.get(line.sectionId)?.[line.kind].push(line);
  return {
    ...rest,
    sections: sections.map((section) => {
      const columns = bySection.get(section.id) ?? { mandatory: [], optional: [] };
      return { ...section, subtotals: section.subtotals as Subtotals, mandatory: columns.mandatory, optional: columns.optional };
    }),
  };
}
