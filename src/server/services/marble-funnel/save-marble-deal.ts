import { eq } from "drizzle-orm";
import type { AutoStepRow } from "@/server/services/deals/deal-steps";
import type { MonumentConfigurationValue } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { concessionTypes, graveyards } from "@/server/db/schema/partners";
import type { EnqueueInput } from "@/server/jobs/queue";
import { ApiError } from "@/server/http/errors";
import type { PricedConfiguration } from "@/server/services/marble-funnel/marble-deal";

/** What a save of the configurator decides before writing: shared by the first save (POST) and the later ones (PUT). */

/** The quote e-mail job of the tombstone funnel (handled in src/server/jobs/handlers.ts). */
export const MARBLE_QUOTE_EMAIL_JOB = "marble.quote_email";

/** Keyed by deal and submission instant: a repeat of the same save enqueues nothing more. */
export function marbleSubmissionJobs(dealId: number, uuid: string, submittedAt: string, greetClientId: number | null): EnqueueInput[] {
  return [{ kind: MARBLE_QUOTE_EMAIL_JOB, payload: { deal_id: dealId, submitted_at: submittedAt, greet_client_id: greetClientId }, idempotencyKey: `${MARBLE_QUOTE_EMAIL_JOB}:${uuid}:${submittedAt}` }];
}

export function marbleSubmitProblems(configuration: MonumentConfigurationValue, hasClient: boolean): string[] {
  const codes: string[] = [];
  if (!hasClient) codes.push("deal__client__missing");
  if (configuration.model_code === null) codes.push("monument__model__missing");
  if (configuration.granite_code === null) codes.push("monument__granite__missing");
  return codes;
}

/** The cemetery named in a save (422 when unknown) and its département, which picks the nearest workshop. */
export async function resolveCemetery(db: Db, graveyardId: number | null, concessionTypeId: number | null): Promise<{ departmentCode: string | null }> {
  let departmentCode: string | null = null;
  if (graveyardId !== null) {
    const [row] = await db.select({ departmentCode: graveyards.departmentCode }).from(graveyards).where(eq(graveyards.id, graveyardId)).limit(1);
    if (!row) throw new ApiError(422, "monument__graveyard__unknown");
    departmentCode = row.departmentCode;
  }
  if (concessionTypeId !== null) {
    const [type] = await db.select({ id: concessionTypes.id }).from(concessionTypes).where(eq(concessionTypes.id, concessionTypeId)).limit(1);
    if (!type) throw new ApiError(422, "monument__concession_type__unknown");
  }
  return { departmentCode };
}

/** The advisor's checklist: the monument's installation at the cemetery, expected after the workshop's delay. */
export function marbleSteps(priced: PricedConfiguration, graveyardId: number | null, now: Date): AutoStepRow[] {
  if (!priced.pricing) return [];
  const lead = priced.workshop?.leadTimeDays ?? null;
  return [
    {
      stepType: "delivery",
      position: 1,
      scheduledAt: lead === null ? null : new Date(now.getTime() + lead * 24 * 3600 * 1000),
      locationType: graveyardId === null ? null : "Graveyard",
      locationId: graveyardId,
      placeKind: null,
      transport: null,
      comment: "Pose du monument",
    },
  ];
}
