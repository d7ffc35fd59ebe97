import { z } from "zod";
import { DEADLINE_IDS } from "@/domain/quote/deadlines";
import { LEGAL_NOTE_IDS, LEGAL_SECTION_IDS, operatorIdentitySchema } from "@/domain/quote/legal-model";
import { VAT_RATES } from "@/domain/quote/money";
import { LINE_CODES, QUOTE_WARNING_CODES, type Quote } from "@/domain/quote/pricing";

/**
 * The quote the engine computes (src/domain/quote/pricing.ts), described for the API
 * document: the funnel's answers and the deals' reads carry it. The engine's types stay
 * the source; the type check at the end fails to compile when the two drift apart.
 */

const cents = z.number().int().meta({ description: "Euro cents" });
const vatRate = z.union(VAT_RATES.map((rate) => z.literal(rate)));
const deadlineId = z.enum(DEADLINE_IDS);
const lineCode = z.enum(Object.values(LINE_CODES) as [(typeof LINE_CODES)[keyof typeof LINE_CODES], ...(typeof LINE_CODES)[keyof typeof LINE_CODES][]]);

export const quoteLineSchema = z
  .object({
    code: lineCode,
    sourceCode: z.string().meta({ description: "Catalogue or partner reference the price came from" }),
    label: z.string().meta({ description: "French label as printed" }),
    detail: z.string().optional(),
    sectionId: z.enum(LEGAL_SECTION_IDS),
    kind: z.enum(["mandatory", "optional"]),
    reason: z.string().meta({ description: "Why the line is mandatory or optional (French)" }),
    quantity: z.number().int(),
    unitPriceHtCents: cents,
    vatRate,
    amountHtCents: cents,
    vatCents: cents,
    amountTtcCents: cents,
    subcontracted: z.boolean(),
    advanced: z.boolean().meta({ description: "Cost advanced to a third party on the family's behalf (section 8)" }),
  })
  .meta({ id: "QuoteLine" });

const subtotalsSchema = z.object({
  mandatoryHtCents: cents,
  mandatoryVatCents: cents,
  mandatoryTtcCents: cents,
  optionalHtCents: cents,
  optionalVatCents: cents,
  optionalTtcCents: cents,
  totalHtCents: cents,
  totalVatCents: cents,
  totalTtcCents: cents,
});

export const quoteSectionSchema = z
  .object({
    id: z.enum(LEGAL_SECTION_IDS),
    number: z.string().meta({ description: '"1" … "6", "7A", "7B", "8" as on the legal model' }),
    title: z.string(),
    shortTitle: z.string(),
    applicable: z.boolean(),
    mandatory: z.array(quoteLineSchema),
    optional: z.array(quoteLineSchema),
    subtotals: subtotalsSchema,
  })
  .meta({ id: "QuoteSection" });

const quoteTotalsSchema = z.object({
  mandatoryTtc: cents,
  optionalTtc: cents,
  advancedTtc: cents,
  advancedMandatoryTtc: cents,
  advancedOptionalTtc: cents,
  minimumTtc: cents,
  totalHt: cents,
  totalTva: cents,
  totalTtc: cents,
  byVatRate: z.array(z.object({ rate: vatRate, baseHtCents: cents, vatCents: cents, ttcCents: cents })),
});

const localMomentSchema = z.object({ date: z.iso.date(), time: z.string().optional() });
const messageKey = z.templateLiteral(["deadlines.", deadlineId]);

const deadlinesSchema = z
  .object({
    deadlines: z.array(
      z.object({
        id: deadlineId,
        kind: z.enum(["before", "not-before", "until"]),
        at: localMomentSchema,
        startsFrom: z.enum(["death", "arrival-in-france", "prosecutor-authorisation"]),
        delay: z.object({ amount: z.number(), unit: z.enum(["hours", "calendar-days", "days"]) }),
        messageKey,
        label: z.string(),
        legalReference: z.string(),
      }),
    ),
    pending: z.array(
      z.object({
        id: deadlineId,
        reason: z.enum(["arrival-in-france-unknown", "prosecutor-authorisation-unknown"]),
        messageKey,
        label: z.string(),
        legalReference: z.string(),
      }),
    ),
    notices: z.array(
      z.object({
        code: z.enum(["death_before_2024_reform", "prefect_extension_possible", "time_of_death_unknown", "medico_legal", "overseas_entry", "late_declaration_recorded"]),
        message: z.string(),
      }),
    ),
  })
  .meta({ id: "QuoteDeadlines" });

export const quoteSchema = z
  .object({
    lines: z.array(quoteLineSchema),
    sections: z.array(quoteSectionSchema),
    totals: quoteTotalsSchema,
    deadlines: deadlinesSchema.nullable(),
    warnings: z.array(z.object({ code: z.enum(QUOTE_WARNING_CODES), severity: z.enum(["info", "warning", "blocking"]), message: z.string() })),
    complete: z.boolean().meta({ description: "False while a blocking warning remains: the quote cannot be signed yet" }),
    notes: z.array(z.enum(LEGAL_NOTE_IDS)),
    isDemo: z.boolean(),
    operator: operatorIdentitySchema.optional(),
  })
  .meta({
    id: "Quote",
    description: "The legal quote: sections, lines (mandatory or optional, with why), totals in cents, deadlines, warnings and notes",
  });

// Every quote the engine returns fits the schema: the constraint fails to compile when they drift apart.
type FitsQuoteSchema<T extends z.infer<typeof quoteSchema>> = T;
export type SchemaCheckedQuote = FitsQuoteSchema<Quote>;
