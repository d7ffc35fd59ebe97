import { sql, type SQL } from "drizzle-orm";
import type { DealStepType } from "@/domain/deal-steps";
import type { LocationType, PlaceKind, Transport } from "@/domain/schemas/deal";

/**
 * A deal's automatic steps: the advisor's checklist a funnel derives from its answers
 * (SPEC §3 "Deal step types"). They are written `auto`; an advisor's own steps (`manual`)
 * are never replaced.
 */
export interface AutoStepRow {
  stepType: DealStepType;
  position: number;
  scheduledAt: Date | null;
  locationType: LocationType | null;
  locationId: number | null;
  placeKind: PlaceKind | null;
  transport: Transport | null;
  comment: string | null;
  /** A free address (a flowers delivery at home); partner places are named by location. */
  address?: string | null;
}

/**
 * The INSERT of a deal's automatic steps, for a statement's CTE: all rows travel as one
 * JSON parameter. `dealId` is the deal's id expression, `from` what it is selected from
 * (the new deal's CTE, or nothing).
 */
export function insertAutoSteps(dealId: SQL, from: SQL | null, steps: AutoStepRow[]): SQL {
  const rows = JSON.stringify(steps.map((step) => ({ ...step, scheduledAt: step.scheduledAt?.toISOString() ?? null })));
  return sql`INSERT INTO deal_steps (deal_id, step_type, position, scheduled_at, location_type, location_id, place_kind, mode, transport, comment, address)
        SELECT ${dealId}, s."stepType"::deal_step_type, s.position, s."scheduledAt", s."locationType"::location_type, s."locationId",
               s."placeKind"::place_kind, 'auto', s.transport::transport_kind, s.comment, s.address
        FROM ${from ? sql`${from}, ` : sql.empty()}jsonb_to_recordset(${rows}::jsonb)
          AS s("stepType" text, position int, "scheduledAt" timestamptz, "locationType" text, "locationId" int, "placeKind" text, transport text, comment text, address text)`;
}
