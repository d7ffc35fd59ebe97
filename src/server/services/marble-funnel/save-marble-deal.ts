import { eq } from "drizzle-orm";
import type { AutoStepRow } from "@/server/services/deals/deal-steps";
import type { MonumentConfigurationValue } from "@/domain/schemas/marble-funnel";
import { earliestInstallationDate } from "@/domain/marble/installation";
import { todayInFrance } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { concessionTypes, graveyards } from "@/server/db/schema/partners";
import type { EnqueueInput } from "@/server/jobs/queue";
import { FUNNEL_REQUEST_NOTIFY_JOB } from "@/server/services/funeral-quote/submission-jobs";
import { ApiError } from "@/server/http/errors";
import type { PricedConfiguration } from "@/server/services/marble-funnel/marble-deal";

/** What a save of the configurator decides before writing: shared by the first save (POST) and the later ones (PUT). */

/** The quote e-mail job of the tombstone funnel (handled in src/server/jobs/handlers.ts). */
export const MARBLE_QUOTE_EMAIL_JOB = "marble.quote_email";
/** A submitted monument quote is a request the team calls back, like the funeral funnel's. */
export const MARBLE_SUBMISSION_JOB_KINDS = [MARBLE_QUOTE_EMAIL_JOB, FUNNEL_REQUEST_NOTIFY_JOB];

/** Keyed by deal and submission instant: a repeat of the same save enqueues nothing more. */
export function marbleSubmissionJobs(dealId: number, uuid: string, submittedAt: string, greetClientId: number | null): EnqueueInput[] {
  return MARBLE_SUBMISSION_JOB_KINDS.map((kind) => ({ kind, payload: { deal_id: dealId, submitted_at: submittedAt, greet_client_id: greetClientId }, idempotencyKey: `${kind}:${uuid}:${submittedAt}` }));
}

/** The burial date a save leaves (undefined keeps the saved one); a date still to come is refused. */
export function burialDateOf(given: string | null | undefined, previous: string | null, now: Date): string | null {
  if (given === undefined) return previous;
  if (given !== null && given > todayInFrance(now)) throw new ApiError(422, "monument__burial_date__in_future");
  return given;
}

export function marbleSubmitProblems(configuration: MonumentConfigurationValue, hasClient: boolean): string[] {
  const codes: string[] = [];
  if (!hasClient) codes.push("deal__client__missing");
  if (configuration.model_code === null) codes.push("monument__model__missing");
  if (configuration.granite_code === null) codes.push("monument__granite__missing");
  return codes;
}

/** The cemetery named in a save (422 when unknown), its département, which picks the nearest workshop, and the plot's kind. */
export async function resolveCemetery(db: Db, graveyardId: number | null, concessionTypeId: number | null): Promise<{ departmentCode: string | null; concessionKind: string | null }> {
  let departmentCode: string | null = null;
  let concessionKind: string | null = null;
  if (graveyardId !== null) {
    const [row] = await db.select({ departmentCode: graveyards.departmentCode }).from(graveyards).where(eq(graveyards.id, graveyardId)).limit(1);
    if (!row) throw new ApiError(422, "monument__graveyard__unknown");
    departmentCode = row.departmentCode;
  }
  if (concessionTypeId !== null) {
    const [type] = await db.select({ kind: concessionTypes.kind }).from(concessionTypes).where(eq(concessionTypes.id, concessionTypeId)).limit(1);
    if (!type) throw new ApiError(422, "monument__concession_type__unknown");
    concessionKind = type.kind;
  }
  return { departmentCode, concessionKind };
}

/** The advisor's checklist: the monument's installation at the cemetery, on the earliest day it can be laid. */
export function marbleSteps(priced: PricedConfiguration, graveyardId: number | null, installation: { burialDate: string | null; concessionKind: string | null }, now: Date): AutoStepRow[] {
  if (!priced.pricing) return [];
  const date = earliestInstallationDate({ today: todayInFrance(now), leadTimeDays: priced.workshop?.leadTimeDays ?? null, ...installation });
  return [
    {
      stepType: "delivery",
      position: 1,
      scheduledAt: date === null ? null : new Date(`${date}T12:00:00Z`),
      locationType: graveyardId === null ? null : "Graveyard",
      locationId: graveyardId,
      placeKind: null,
      transport: null,
      comment: "Pose du monument",
    },
  ];
}
