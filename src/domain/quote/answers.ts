import { z } from "zod";

/**
 * The answers of the funeral quote funnel, shared by the funnel forms
 * (react-hook-form + zodResolver) and the API. Every step is optional because a
 * quote is recomputed while the family is still answering; `computeQuote`
 * reports what is missing instead of failing.
 */

export const SITUATIONS = ["death-occurred", "planning-ahead"] as const;
export const PLACES_OF_DEATH = ["home", "hospital", "nursing-home", "public-place", "abroad"] as const;
export const DISPOSITIONS = ["burial", "cremation"] as const;
export const CEREMONY_TYPES = ["none", "civil", "religious"] as const;
export const WORSHIP_TYPES = [
  "catholic",
  "protestant",
  "orthodox",
  "jewish",
  "muslim",
  "buddhist",
  "hindu",
  "other",
] as const;
export const CEREMONY_PLACES = ["place-of-worship", "crematorium", "funeral-parlor", "graveside", "other"] as const;
/**
 * Where the body or the ashes finally rest. `home-urn` is kept because families
 * ask for it, but French law (art. L2223-18-2 CGCT) forbids keeping ashes at
 * home: the engine answers it with a warning listing the lawful choices.
 */
export const FINAL_RESTING_PLACES = ["family-grave", "new-concession", "scattering", "home-urn", "columbarium"] as const;
export const SCATTERING_PLACES = ["memorial-garden", "nature"] as const;
export const CONCESSION_KINDS = ["ground", "vault", "urn-plot", "columbarium"] as const;
export const COFFIN_RANGES = ["essential", "tradition", "prestige"] as const;
export const FLOWER_CHOICES = ["none", "bouquet", "spray", "wreath", "coffin-top"] as const;

export type Situation = (typeof SITUATIONS)[number];
export type PlaceOfDeath = (typeof PLACES_OF_DEATH)[number];
export type Disposition = (typeof DISPOSITIONS)[number];
export type CeremonyType = (typeof CEREMONY_TYPES)[number];
export type WorshipType = (typeof WORSHIP_TYPES)[number];
export type CeremonyPlace = (typeof CEREMONY_PLACES)[number];
export type FinalRestingPlace = (typeof FINAL_RESTING_PLACES)[number];
export type ScatteringPlace = (typeof SCATTERING_PLACES)[number];
export type ConcessionKind = (typeof CONCESSION_KINDS)[number];
export type CoffinRange = (typeof COFFIN_RANGES)[number];
export type FlowerChoice = (typeof FLOWER_CHOICES)[number];

/** Longest stay in a funeral parlour the funnel accepts: the funeral must take place within 14 days (21 with a préfet's extension). */
export const MAX_PARLOR_STAY_DAYS = 21;

/** INSEE commune code: 5 digits, or 2A/2B + 3 digits for Corsica. */
export const inseeCodeSchema = z
  .string()
  .trim()
  .regex(/^(?:\d{5}|2[AB]\d{3})$/i, { message: "insee_code__invalid" })
  .transform((value) => value.toUpperCase());

/** ISO 3166-1 alpha-2 country code, normalised to upper case. */
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: "country_code__invalid" })
  .transform((value) => value.toUpperCase());

/** Identifier of a partner record (funeral parlour, crematorium, graveyard...). */
const partnerIdSchema = z.string().trim().min(1).max(64);

/** Local wall-clock time "HH:mm" at the place of death. */
const timeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: "time__invalid" });

export const ceremonyAnswerSchema = z.object({
  type: z.enum(CEREMONY_TYPES),
  worship: z.enum(WORSHIP_TYPES).optional(),
  place: z.enum(CEREMONY_PLACES).optional(),
  /** Chosen ceremony room at the crematorium, when the ceremony is held there. */
  crematoriumRoomId: partnerIdSchema.optional(),
});

export const quoteAnswersSchema = z
  .object({
    situation: z.enum(SITUATIONS).optional(),
    placeOfDeath: z.enum(PLACES_OF_DEATH).optional(),
    /** Commune of death (or, when planning ahead, of the funeral), INSEE code. */
    deathCommuneInsee: inseeCodeSchema.optional(),
    /** Country of death when the death occurred abroad. */
    deathCountry: countryCodeSchema.optional(),
    deathDate: z.iso.date({ message: "date__invalid" }).optional(),
    deathTime: timeSchema.optional(),
    /** Death abroad: the legal clock starts when the body enters France. */
    arrivalInFranceDate: z.iso.date({ message: "date__invalid" }).optional(),
    arrivalInFranceTime: timeSchema.optional(),
    /** Medico-legal case (suicide, accident, suspicious death): the prosecutor authorises the funeral. */
    medicoLegal: z.boolean().optional(),
    /** Day of the prosecutor's authorisation: the 14-day limit runs from it (art. R2213-33 CGCT). */
    prosecutorAuthorisationDate: z.iso.date({ message: "date__invalid" }).optional(),
    /** Age at death; selects the crematorium's price band. Adults are assumed when missing. */
    deceasedAgeYears: z.int().min(0).max(130).optional(),

    disposition: z.enum(DISPOSITIONS).optional(),
    ceremony: ceremonyAnswerSchema.optional(),

    finalRestingPlace: z.enum(FINAL_RESTING_PLACES).optional(),
    scatteringPlace: z.enum(SCATTERING_PLACES).optional(),
    graveyardId: partnerIdSchema.optional(),
    concessionKind: z.enum(CONCESSION_KINDS).optional(),
    concessionTermYears: z.int().min(1).max(99).optional(),

    crematoriumId: partnerIdSchema.optional(),
    funeralParlorId: partnerIdSchema.optional(),

    coffinRange: z.enum(COFFIN_RANGES).optional(),
    /** Padded satin interior (capiton): a comfort item, never required. */
    coffinPadding: z.boolean().optional(),
    /** Religious or secular emblem fixed on the lid. */
    coffinEmblem: z.boolean().optional(),

    embalming: z.boolean().optional(),
    parlorStayDays: z.int().min(0).max(MAX_PARLOR_STAY_DAYS).optional(),
    flowers: z.enum(FLOWER_CHOICES).optional(),
    pressNotice: z.boolean().optional(),
    onlineNotice: z.boolean().optional(),
    memorialPage: z.boolean().optional(),

    /** Repatriation of the body (or the urn) from France to another country. */
    repatriation: z.object({ destinationCountry: countryCodeSchema }).optional(),
  })
  .superRefine((answers, ctx) => {
    if (answers.repatriation?.destinationCountry === "FR") {
      ctx.addIssue({
        code: "custom",
        path: ["repatriation", "destinationCountry"],
        message: "repatriation__destination_is_france",
      });
    }
    if (answers.deathCountry === "FR") {
      ctx.addIssue({ code: "custom", path: ["deathCountry"], message: "death_country__is_france" });
    }
    if (answers.deathTime !== undefined && answers.deathDate === undefined) {
      ctx.addIssue({ code: "custom", path: ["deathTime"], message: "death_time__without_date" });
    }
    if (answers.prosecutorAuthorisationDate !== undefined && answers.deathDate !== undefined && answers.prosecutorAuthorisationDate < answers.deathDate) {
      ctx.addIssue({ code: "custom", path: ["prosecutorAuthorisationDate"], message: "prosecutor_authorisation__before_death" });
    }
    if (answers.arrivalInFranceDate !== undefined && answers.deathDate !== undefined) {
      if (answers.arrivalInFranceDate < answers.deathDate) {
        ctx.addIssue({
          code: "custom",
          path: ["arrivalInFranceDate"],
          message: "arrival_in_france__before_death",
        });
      }
    }
  });

export type QuoteAnswers = z.infer<typeof quoteAnswersSchema>;

/**
 * The same answers with every optional service removed and every mandatory
 * choice kept. A quote computed from the result holds no optional line: that is
 * how the funnel offers "the legal minimum" in one click.
 */
export function withoutOptionalServices(answers: QuoteAnswers): QuoteAnswers {
  const stripped: QuoteAnswers = { ...answers };
  delete stripped.ceremony;
  delete stripped.coffinPadding;
  delete stripped.coffinEmblem;
  delete stripped.embalming;
  delete stripped.parlorStayDays;
  delete stripped.flowers;
  delete stripped.pressNotice;
  delete stripped.onlineNotice;
  delete stripped.memorialPage;
  // After a cremation the destination of the ashes is the family's free choice
  // within a year; for a burial the grave is part of the funeral itself.
  if (answers.disposition === "cremation" && answers.repatriation === undefined) {
    delete stripped.finalRestingPlace;
    delete stripped.scatteringPlace;
    delete stripped.concessionKind;
    delete stripped.concessionTermYears;
    delete stripped.graveyardId;
  }
  return stripped;
}
