import { and, asc, eq } from "drizzle-orm";
import type { DealStepCreate, DealStepUpdate } from "@/domain/schemas/deal-back-office";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealSteps } from "@/server/db/schema/deals";
import { ApiError, notFoundError } from "@/server/http/errors";
import { nextPosition } from "@/server/services/deals/todo-items";

/**
 * The back-office's timeline of a deal (GET/POST /api/v1/deals/{id}/deal_steps, PUT/DELETE
 * …/{step_id}): the steps of SPEC §3 with date and time, place and partner. An advisor's
 * own step is `manual`; changing an automatic one makes it manual too, so a funnel that
 * recomputes its steps never overwrites what the advisor planned. The step type is checked
 * by the schema (deal_step__step_type__unknown) and by the database enum.
 */

type StepRow = typeof dealSteps.$inferSelect;

export function stepView(step: StepRow) {
  return {
    id: step.id,
    step_type: step.stepType,
    position: step.position,
    scheduled_at: step.scheduledAt ? epochSeconds(step.scheduledAt) : null,
    location_type: step.locationType,
    location_id: step.locationId,
    place_kind: step.placeKind,
    mode: step.mode,
    transport: step.transport,
    address: step.address,
    comment: step.comment,
    done_at: step.doneAt ? epochSeconds(step.doneAt) : null,
  };
}

export async function listDealSteps(db: Db, dealId: number) {
  const rows = await db.select().from(dealSteps).where(eq(dealSteps.dealId, dealId)).orderBy(asc(dealSteps.position), asc(dealSteps.id));
  return rows.map(stepView);
}

/** A partner is a place of a type: one without the other means nothing. */
function assertPlace(locationType: unknown, locationId: unknown): void {
  if ((locationId ?? null) !== null && (locationType ?? null) === null) throw new ApiError(422, "deal_step__location_type__blank");
}

function columnsOf(input: DealStepUpdate): Partial<typeof dealSteps.$inferInsert> {
  const values: Partial<typeof dealSteps.$inferInsert> = {};
  if (input.step_type !== undefined) values.stepType = input.step_type;
  if (input.scheduled_at !== undefined) values.scheduledAt = input.scheduled_at;
  if (input.location_type !== undefined) values.locationType = input.location_type;
  if (input.location_id !== undefined) values.locationId = input.location_id;
  if (input.place_kind !== undefined) values.placeKind = input.place_kind;
  if (input.transport !== undefined) values.transport = input.transport;
  if (input.address !== undefined) values.address = input.address;
  if (input.comment !== undefined) values.comment = input.comment;
  return values;
}

export async function createDealStep(db: Db, dealId: number, input: DealStepCreate, now: Date) {
  assertPlace(input.location_type, input.location_id);
  const [row] = await db
    .insert(dealSteps)
    .values({
      ...columnsOf(input),
      stepType: input.step_type,
      dealId,
      mode: "manual",
      position: nextPosition(dealSteps, dealId),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return stepView(row!);
}

async function stepOf(db: Db, dealId: number, stepId: number): Promise<StepRow> {
  const [row] = await db.select().from(dealSteps).where(and(eq(dealSteps.id, stepId), eq(dealSteps.dealId, dealId))).limit(1);
  if (!row) throw notFoundError();
  return row;
}

export async function updateDealStep(db: Db, dealId: number, stepId: number, patch: DealStepUpdate, now: Date) {
  const step = await stepOf(db, dealId, stepId);
  const values = columnsOf(patch);
  assertPlace(values.locationType !== undefined ? values.locationType : step.locationType, values.locationId !== undefined ? values.locationId : step.locationId);
  if (patch.done !== undefined) values.doneAt = patch.done ? (step.doneAt ?? now) : null;
  const [updated] = await db
    .update(dealSteps)
    .set({ ...values, mode: Object.keys(values).some((key) => key !== "doneAt") ? "manual" : step.mode, updatedAt: now })
    .where(eq(dealSteps.id, step.id))
    .returning();
  return stepView(updated!);
}

export async function deleteDealStep(db: Db, dealId: number, stepId: number): Promise<void> {
  const step = await stepOf(db, dealId, stepId);
  await db.delete(dealSteps).where(eq(dealSteps.id, step.id));
}
