import { z } from "zod";
import { COFFIN_RANGES, CONCESSION_KINDS, countryCodeSchema, DISPOSITIONS, FLOWER_CHOICES, inseeCodeSchema, WORSHIP_TYPES, type QuoteAnswers } from "@/domain/quote/answers";
import { operatorIdentitySchema } from "@/domain/quote/legal-model";

/**
 * The question the funnel asks for its price data (GET /api/v1/funeral_funnel/pricing): the
 * commune of death and the countries of a repatriation. One schema for the route, the
 * server service and the browser.
 */
export const pricingQuerySchema = z.object({
  commune: inseeCodeSchema.optional().meta({ description: "INSEE code of the commune", example: "69123" }),
  death_country: countryCodeSchema.optional(),
  destination: countryCodeSchema.optional(),
});

export type PricingQuery = z.input<typeof pricingQuerySchema>;

/** The price data a quote of these answers needs (the death country only counts for a death abroad). */
export function pricingQueryOf(answers: QuoteAnswers): PricingQuery {
  return {
    commune: answers.deathCommuneInsee,
    death_country: answers.placeOfDeath === "abroad" ? answers.deathCountry : undefined,
    destination: answers.repatriation?.destinationCountry,
  };
}

/** One key per distinct question, so the browser fetches each set of price data once. */
export function pricingKey(query: PricingQuery): string {
  return `${query.commune ?? ""}|${query.death_country ?? ""}|${query.destination ?? ""}`;
}

// The answer of GET /api/v1/funeral_funnel/pricing, described field by field for the API document.
const cents = z.number().int();
// The engine's types hold read-only lists; the schema says the same.
const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();
const vatRateSchema = z.union([z.literal(0), z.literal(10), z.literal(20)]);
const catalogItemSchema = z.object({ code: z.string(), label: z.string(), priceHtCents: cents, vatRate: vatRateSchema, subcontracted: z.boolean().optional() });
const thirdPartyFeeSchema = z.object({ code: z.string(), label: z.string(), amountCents: cents });
const partnerBase = { id: z.string(), name: z.string(), communeInsee: z.string().optional(), disabled: z.boolean().optional() };

export const quoteCatalogSchema = z
  .object({
    id: z.string(),
    isDemo: z.boolean(),
    coffins: list(catalogItemSchema.extend({ range: z.enum(COFFIN_RANGES), dispositions: list(z.enum(DISPOSITIONS)) })),
    urns: list(catalogItemSchema.extend({ range: z.enum(COFFIN_RANGES) })),
    flowers: list(catalogItemSchema.extend({ variant: z.enum(FLOWER_CHOICES).exclude(["none"]) })),
    accessories: z.record(z.enum(["watertightLining", "handles", "identityPlate", "padding", "emblem"]), catalogItemSchema),
    services: z.record(
      z.enum(["organisation", "coffining", "bearers", "burialStaff", "cremationStaff", "embalming", "ceremonyMaster", "onlineNotice", "memorialPage", "scattering", "urnPlacement"]),
      catalogItemSchema,
    ),
    thirdParty: z.object({ pressNotice: thirdPartyFeeSchema }),
  })
  .meta({ id: "QuoteCatalog" });

export const quotePartnersSchema = z
  .object({
    isDemo: z.boolean(),
    commune: z.object({ inseeCode: z.string(), name: z.string(), policeSupervisionFeeCents: cents.optional() }).optional(),
    funeralParlors: list(z.object({ ...partnerBase, admissionHtCents: cents, pricePerDayHtCents: cents, ceremonyRoomHtCents: cents.nullable(), vatRate: vatRateSchema.optional() })),
    crematoriums: list(
      z.object({
        ...partnerBase,
        ageRanges: list(z.object({ minAgeYears: z.number(), maxAgeYears: z.number().nullable(), priceCents: cents })),
        rooms: list(z.object({ id: z.string(), label: z.string(), durationMinutes: z.number(), priceCents: cents })),
        memorialGardenFeeCents: cents.nullable(),
      }),
    ),
    graveyards: list(
      z.object({
        ...partnerBase,
        concessions: list(z.object({ kind: z.enum(CONCESSION_KINDS), label: z.string(), termYears: z.number(), priceCents: cents })),
        opening: z.object({ amountCents: cents, performedBy: z.enum(["commune", "operator"]), subcontracted: z.boolean().optional() }),
        memorialGardenFeeCents: cents.nullable(),
      }),
    ),
    transport: z.object({ flatFeeHtCents: cents, perKmHtCents: cents }),
    distances: z.object({ toFuneralParlorKm: z.number().optional(), toFinalPlaceKm: z.number().optional(), ceremonyDetourKm: z.number().optional(), airportKm: z.number().optional() }).optional(),
    repatriation: list(
      z.object({
        countryCode: z.string(),
        countryName: z.string(),
        airFreightHtCents: cents,
        hermeticCaseHtCents: cents,
        formalitiesHtCents: cents,
        consularFeeCents: cents,
        urnShippingHtCents: cents,
        note: z.string().optional(),
      }),
    ),
    worshipFees: list(z.object({ worship: z.enum(WORSHIP_TYPES), label: z.string(), amountCents: cents })),
  })
  .meta({ id: "QuotePartners" });

export const pricingResponseSchema = z
  .object({
    catalog: quoteCatalogSchema,
    partners: quotePartnersSchema,
    operator: operatorIdentitySchema,
    commune: z.object({ insee_code: z.string(), name: z.string(), postal_code: z.string().nullable() }).nullable(),
  })
  .meta({ id: "QuotePricing" });
