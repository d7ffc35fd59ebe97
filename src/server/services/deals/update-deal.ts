import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { enqueue, notifyEnqueued, type EnqueueInput } from "@/server/jobs/queue";
import { claimingEmail, writeDealOwner, type OwnerWrite } from "@/server/services/deals/deal-owner";
import { insertAutoSteps, type AutoStepRow } from "@/server/services/deals/deal-steps";
import type { NewDefunct } from "@/server/services/deals/create-deal";

/** A later save of a funnel: the owner, the defunct, the deal's quote and state, its setting and its automatic steps. */
export interface DealUpdate {
  deal: { id: number; defunctId: number | null };
  /** The owner before this save, if any. */
  ownerId: number | null;
  owner: OwnerWrite;
  /** The defunct's death and place always; the name only when `named`. */
  defunct: NewDefunct;
  named: boolean;
  state: string;
  quote: unknown;
  totalCents: number;
  demo: boolean;
  setting: { key: string; value: unknown };
  steps: AutoStepRow[];
  /** Jobs addressed to the owner, committed with the save (transactional outbox); none without an owner. */
  ownerJobs: EnqueueInput[];
  now: Date;
}

/** Saves in one transaction; answers the deal's owner after the save and whether jobs were queued. */
export async function updateDeal(db: Db, input: DealUpdate): Promise<{ ownerId: number | null; enqueued: boolean }> {
  const { deal, defunct, now } = input;
  let ownerId = input.ownerId;
  let enqueued = false;
  await claimingEmail(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      ownerId = (await writeDealOwner(tx, deal.id, input.owner, now)) ?? ownerId;
      // The answers themselves: one statement for the defunct, the deal, its setting and its automatic steps.
      await tx.execute(sql`WITH upd_defunct AS (
          UPDATE defuncts SET
            death_date = ${defunct.deathDate}::date,
            death_cityhall_id = ${defunct.deathCityhallId}::int,
            civility = CASE WHEN ${input.named} THEN ${defunct.civility} ELSE civility END,
            firstname = CASE WHEN ${input.named} THEN ${defunct.firstname} ELSE firstname END,
            lastname = CASE WHEN ${input.named} THEN ${defunct.lastname} ELSE lastname END,
            client_id = ${ownerId}::int,
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${deal.defunctId}::int
        ), upd_deal AS (
          UPDATE deals SET state = ${input.state}, quote = ${JSON.stringify(input.quote)}::jsonb, total_cents = ${input.totalCents},
            demo = ${input.demo}, updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${deal.id}
        ), upd_setting AS (
          INSERT INTO deal_settings (deal_id, key, value) VALUES (${deal.id}, ${input.setting.key}, ${JSON.stringify(input.setting.value)}::jsonb)
          ON CONFLICT (deal_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = ${now.toISOString()}::timestamptz
        ), old_steps AS (
          -- An advisor's own steps (manual) stay; the funnel's (auto) are derived again.
          DELETE FROM deal_steps WHERE deal_id = ${deal.id} AND mode = 'auto'
        )
        ${insertAutoSteps(sql`${deal.id}`, null, input.steps)}`);
      if (ownerId !== null && input.ownerJobs.length > 0) {
        await enqueue(tx, input.ownerJobs, now);
        enqueued = true;
      }
    }),
  );
  if (enqueued) notifyEnqueued();
  return { ownerId, enqueued };
}
