import { z } from "zod";
import { localeSchema } from "@/domain/schemas/common";

/** Town halls: every French commune, the place of death and of birth of the forms. */

export const cityhallSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ example: "Saint-Étienne" }),
    slug: z.string().meta({ example: "saint-etienne-42218" }),
    insee_code: z.string().meta({ example: "42218" }),
    postal_codes: z.array(z.string()).meta({ example: ["42000", "42100", "42230"] }),
    department: z.object({ code: z.string(), name: z.string() }),
    region: z.object({ code: z.string(), name: z.string() }).nullable(),
    population: z.number().int().nullable(),
  })
  .meta({ id: "Cityhall" });
export type CityhallSummary = z.infer<typeof cityhallSummarySchema>;

const partnerNearbySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  demo: z.boolean(),
});

export const cityhallDetailSchema = cityhallSummarySchema
  .extend({
    nearby: z.object({
      funeral_parlors: z.array(partnerNearbySchema),
      crematoriums: z.array(partnerNearbySchema),
      graveyards: z.array(partnerNearbySchema),
    }),
  })
  .meta({ id: "CityhallDetail" });
export type CityhallDetail = z.infer<typeof cityhallDetailSchema>;

/** `{idOrSlug}`: a numeric id, an INSEE code (2A004 for Corsica) or a slug. */
export const cityhallKeySchema = z
  .string()
  .trim()
  .min(1, { error: "cityhall__key__blank" })
  .max(120, { error: "cityhall__key__too_long" })
  .regex(/^[a-z0-9-]+$/i, { error: "cityhall__key__invalid" })
  .meta({ example: "lyon-69123" });

export const websiteCityhallsQuerySchema = z.object({
  q: z.string().max(100, { error: "cityhall__q__too_long" }).optional(),
  department: z
    .string()
    .trim()
    .regex(/^(\d{2,3}|2a|2b|2A|2B)$/, { error: "cityhall__department__invalid" })
    .optional()
    .meta({ description: "Département code", example: "69" }),
  locale: localeSchema.optional(),
});
