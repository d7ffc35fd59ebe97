import { z } from "zod";
import { FUNDING_AGENCIES_DEFAULT_PER_PAGE } from "@/domain/constants";
import { pagingMetaSchema, pagingQuerySchema } from "@/domain/schemas/common";

/** Bodies that may pay towards funeral costs (DOMAIN "Financial aid"). */

export const FUNDING_AGENCY_KINDS = ["health_insurance", "family_allowance", "pension", "mutual", "bank", "local_authority"] as const;
export type FundingAgencyKind = (typeof FUNDING_AGENCY_KINDS)[number];

export const fundingAgencySchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ example: "CPAM (Assurance Maladie)" }),
    kind: z.enum(FUNDING_AGENCY_KINDS),
    description: z.string(),
    conditions: z.string().nullable(),
    claim_deadline: z.string().nullable(),
    website: z.string().nullable(),
    demo: z.boolean(),
  })
  .meta({ id: "FundingAgency" });
export type FundingAgency = z.infer<typeof fundingAgencySchema>;

export const fundingAgenciesQuerySchema = pagingQuerySchema(FUNDING_AGENCIES_DEFAULT_PER_PAGE, 100);

export const fundingAgenciesResponseSchema = z
  .object({ data: z.array(fundingAgencySchema), meta: pagingMetaSchema })
  .meta({ id: "FundingAgenciesPage" });
