import { z } from "zod";

/** Partner places and suppliers administered in the back-office. */

/** Partner types that carry a `disabled` flag set by value (SPEC §4). */
export const PARTNER_TYPES = [
  "consulates",
  "crematoriums",
  "funeral_parlors",
  "graveyards",
  "hospitals",
  "polices",
  "prefectures",
  "rha",
  "worships",
  "suppliers",
  "warehouses",
  "flights",
] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

/** Coverage entries of prefectures and regional health authorities, and supplier zones. */
export const ZONE_TYPES = ["country", "region", "department", "cityhall"] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export const coverageEntrySchema = z.object({
  id: z.number().int().positive().optional(),
  zone_type: z.enum(ZONE_TYPES, { error: "coverage__zone_type__invalid" }),
  zone_id: z.string().trim().min(1, { error: "coverage__zone_id__blank" }).max(10, { error: "coverage__zone_id__invalid" }),
  _destroy: z.boolean().optional(),
});

/** PUT .../{id}/disabled (value). */
export const disabledSchema = z.object({ value: z.boolean({ error: "disabled__value__invalid" }) });

/** Updates of partner sub-items (age ranges, ceremonies, rooms...) require their id (SPEC §5). */
export const subItemUpdateSchema = z.object({ id: z.number({ error: "sub_item__id__missing" }).int().positive({ error: "sub_item__id__missing" }) });

export const CONCESSION_KINDS = ["ground", "vault", "columbarium", "urn_grave", "sole"] as const;
export type ConcessionKind = (typeof CONCESSION_KINDS)[number];

export const FLIGHT_RATE_KINDS = ["coffin", "urn"] as const;
export type FlightRateKind = (typeof FLIGHT_RATE_KINDS)[number];
