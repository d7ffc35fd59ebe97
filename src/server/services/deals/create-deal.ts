import { sql } from "drizzle-orm";
import type { DealKind } from "@/domain/schemas/deal";
import type { TrackingInput } from "@/domain/schemas/tracking";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { notifyEnqueued } from "@/server/jobs/queue";
import { claimingEmail, type OwnerDetails } from "@/server/services/deals/deal-owner";
import { insertAutoSteps, type AutoStepRow } from "@/server/services/deals/deal-steps";
import { resumeExpiry } from "@/server/services/deals/resume-tokens";

/** The defunct row a new deal is about. */
export interface NewDefunct {
  civility: string | null;
  firstname: string | null;
  lastname: string | null;
  deathDate: string | null;
  deathCityhallId: number | null;
}

/** Everything a funnel's first save writes. */
export interface NewDeal {
  kind: DealKind;
  state: string;
  /** The quote as stored (jsonb), its total and whether it was priced on demo data. */
  quote: unknown;
  totalCents: number;
  demo: boolean;
  /** The owner: a client to create, or an existing one (never both). */
  newOwner: OwnerDetails | null;
  existingOwnerId: number | null;
  defunct: NewDefunct;
  setting: { key: string; value: unknown };
  /** Marketing attributes, only with the visitor's consent. */
  tracking: TrackingInput | null;
  steps: AutoStepRow[];
  /** Hash of the deal's first resume token (the raw value goes back to the caller only). */
  resumeTokenHash: string;
  /** Jobs committed with the deal (transactional outbox): each kind gets `{deal_id, ...payload}`, keyed `kind:uuid:keySuffix`. */
  jobs: { kinds: string[]; payload: Record<string, unknown>; keySuffix: string } | null;
  now: Date;
}

export interface CreatedDeal {
  id: number;
  uuid: string;
  createdAt: Date;
  updatedAt: Date;
  ownerId: number | null;
}

/**
 * Creates a deal with its owner, defunct, setting, tracking, automatic steps, resume token
 * and jobs. One statement writes it all: atomic without a transaction, and one round trip
 * to the database instead of eight, since a funnel's first save must be quick.
 */
export async function createDeal(db: Db, input: NewDeal): Promise<CreatedDeal> {
  const { newOwner: client, existingOwnerId, defunct, tracking, jobs, now } = input;
  const [row] = await claimingEmail(() =>
    queryRows<{ id: number; uuid: string; created_at: Date | string; updated_at: Date | string; client_id: number | null }>(
      db,
      sql`WITH new_client AS (
          INSERT INTO clients (civility, firstname, lastname, phone, email)
          SELECT ${client?.civility ?? null}, ${client?.firstname ?? null}, ${client?.lastname ?? null}, ${client?.phone ?? null}, ${client?.email ?? null}
          WHERE ${client !== null}
          RETURNING id
        ), holder AS (
          SELECT id FROM new_client
          UNION ALL SELECT ${existingOwnerId}::int WHERE ${existingOwnerId !== null}
        ), new_defunct AS (
          INSERT INTO defuncts (civility, firstname, lastname, death_date, death_cityhall_id, client_id, demo)
          VALUES (${defunct.civility}, ${defunct.firstname}, ${defunct.lastname}, ${defunct.deathDate}::date,
                  ${defunct.deathCityhallId}::int, (SELECT id FROM holder LIMIT 1), ${input.demo})
          RETURNING id
        ), new_deal AS (
          INSERT INTO deals (kind, state, quote, total_cents, defunct_id, demo)
          SELECT ${input.kind}::deal_kind, ${input.state}, ${JSON.stringify(input.quote)}::jsonb, ${input.totalCents}, new_defunct.id, ${input.demo}
          FROM new_defunct
          RETURNING id, uuid, created_at, updated_at
        ), new_setting AS (
          INSERT INTO deal_settings (deal_id, key, value) SELECT id, ${input.setting.key}, ${JSON.stringify(input.setting.value)}::jsonb FROM new_deal
        ), new_ability AS (
          INSERT INTO deal_abilities (deal_id, client_id, role) SELECT new_deal.id, holder.id, 'owner' FROM new_deal, holder
        ), new_tracking AS (
          INSERT INTO trackings (deal_id, tracking_type, tracking_id, utm_source, utm_medium, utm_campaign, utm_term, consent, expires_at)
          SELECT id, ${tracking?.tracking_type ?? null}::tracking_type, ${tracking?.tracking_id ?? null}, ${tracking?.utm_source ?? null}, ${tracking?.utm_medium ?? null},
                 ${tracking?.utm_campaign ?? null}, ${tracking?.utm_term ?? null}, true, ${tracking?.expiration_date?.toISOString() ?? null}::timestamptz
          FROM new_deal WHERE ${tracking !== null}
        ), new_steps AS (
          ${insertAutoSteps(sql`new_deal.id`, sql`new_deal`, input.steps)}
        ), new_resume_token AS (
          INSERT INTO deal_resume_tokens (deal_id, token_hash, expires_at, created_at, updated_at)
          SELECT id, ${input.resumeTokenHash}, ${resumeExpiry(now).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz FROM new_deal
        ), new_jobs AS (
          INSERT INTO jobs (kind, payload, run_at, idempotency_key)
          SELECT k.kind, jsonb_build_object('deal_id', new_deal.id) || ${JSON.stringify(jobs?.payload ?? {})}::jsonb, ${now.toISOString()}::timestamptz,
                 k.kind || ':' || new_deal.uuid || ':' || ${jobs?.keySuffix ?? null}::text
          FROM new_deal, jsonb_array_elements_text(${JSON.stringify(jobs?.kinds ?? [])}::jsonb) AS k(kind)
          WHERE ${jobs !== null}
        )
        SELECT new_deal.id, new_deal.uuid, new_deal.created_at, new_deal.updated_at, (SELECT id FROM holder LIMIT 1) AS client_id FROM new_deal`,
    ),
  );
  if (jobs && jobs.kinds.length > 0) notifyEnqueued();
  return { id: row!.id, uuid: row!.uuid, createdAt: new Date(row!.created_at), updatedAt: new Date(row!.updated_at), ownerId: row!.client_id };
}
