import type { MarbleDealUpdateInput, MarbleDealView } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import { notifyEnqueued } from "@/server/jobs/queue";
import { dealAccess, dealRoleOf } from "@/server/services/deals/deal-access";
import { MARBLE_FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { updateDeal } from "@/server/services/deals/update-deal";
import { localeOf, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { limitSaveEmails, ownerWriteOf } from "@/server/services/funeral-quote/funnel-owner";
import { loadMarbleDeal, priceConfiguration, storedMarbleView, writeMarbleDetails } from "@/server/services/marble-funnel/marble-deal";
import type { MarbleSetting } from "@/server/services/marble-funnel/marble-setting";
import { burialDateOf, marbleSteps, marbleSubmissionJobs, marbleSubmitProblems, resolveCemetery } from "@/server/services/marble-funnel/save-marble-deal";

const LIVE_STATES = ["draft", "quote_sent"];
const NO_DEFUNCT = { civility: null, firstname: null, lastname: null, deathDate: null, deathCityhallId: null };

/**
 * PUT /api/v1/marble_funnel/deals/{uuid}: a save of the configurator, the contact step, or the
 * submission. Fields left out keep their saved value; the server prices the result again.
 * Access and ownership rules are the funeral funnel's (update-funnel-deal.ts).
 */
export async function updateMarbleDeal(db: Db, uuid: string, input: MarbleDealUpdateInput, ctx: FunnelContext): Promise<MarbleDealView> {
  const now = ctx.now ?? new Date();
  const loaded = await loadMarbleDeal(db, uuid);
  if (!loaded) throw new ApiError(404, "not_found");
  const { deal, owner, detail } = loaded;
  const access = await dealAccess(db, deal.id, ctx, now, "write");
  if (!access) {
    // A reader or the notary knows the deal exists: they are refused, not misled.
    if (await dealRoleOf(db, deal.id, ctx.auth)) throw new ApiError(403, "forbidden");
    throw new ApiError(404, "not_found");
  }
  if (!LIVE_STATES.includes(deal.state)) throw new ApiError(422, "deal__locked");
  // The link alone writes only a draft: a sent quote is changed by its signed-in owner.
  if (access === "token" && deal.state !== "draft") throw new ApiError(422, "deal__sign_in_required");
  const previous = loaded.setting;
  const configuration = input.configuration ?? previous.configuration;
  const client = input.client ?? null;
  const signedInClientId = ctx.auth?.realm === "client" ? ctx.auth.userId : null;

  const ownerWrite = await ownerWriteOf(db, owner, client, ctx);
  const submitting = input.submit === true;
  if (submitting) {
    const problems = marbleSubmitProblems(configuration, client !== null || owner !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }

  const burialDate = burialDateOf(input.burial_date, previous.burial_date, now);
  const graveyardId = input.graveyard_id !== undefined ? input.graveyard_id : (detail?.graveyardId ?? null);
  const concessionTypeId = input.concession !== undefined ? (input.concession?.concession_type_id ?? null) : (detail?.concessionTypeId ?? null);
  const plotReference = input.concession !== undefined ? (input.concession?.plot_reference ?? null) : (detail?.plotReference ?? null);
  const commentary = input.commentary !== undefined ? input.commentary : deal.clientCommentary;
  const { departmentCode, concessionKind } = await resolveCemetery(db, graveyardId, concessionTypeId);
  const priced = await priceConfiguration(db, configuration, departmentCode, now);

  await limitSaveEmails(db, ownerWrite, client, owner, submitting, ctx, now);
  const state = submitting ? "quote_sent" : deal.state;
  const setting: MarbleSetting = {
    configuration,
    current_step: input.current_step ?? previous.current_step,
    locale: localeOf(input, ctx, previous.locale),
    contact_channel: client?.contact_channel ?? previous.contact_channel,
    consent_at: client ? now.toISOString() : previous.consent_at,
    submitted_at: submitting ? now.toISOString() : previous.submitted_at,
    burial_date: burialDate,
  };

  let enqueued = false;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const result = await updateDeal(tx, {
      deal,
      ownerId: owner?.id ?? null,
      owner: ownerWrite,
      defunct: NO_DEFUNCT,
      named: false,
      state,
      quote: priced.pricing,
      totalCents: priced.pricing?.totals.ttc_cents ?? 0,
      demo: priced.demo,
      setting: { key: MARBLE_FUNNEL_SETTING_KEY, value: setting },
      steps: marbleSteps(priced, graveyardId, { burialDate, concessionKind }, now),
      // The quote e-mail commits with the submission (transactional outbox).
      ownerJobs: submitting ? marbleSubmissionJobs(deal.id, deal.uuid, setting.submitted_at!, signedInClientId) : [],
      now,
    });
    enqueued = result.enqueued;
    await writeMarbleDetails(tx, { dealId: deal.id, configuration, graveyardId, concessionTypeId, plotReference, priced, commentary, now });
  });
  if (enqueued) notifyEnqueued();

  const reloaded = await loadMarbleDeal(db, uuid);
  // The caller who just took the deal under their account sees it as theirs.
  const viewAccess = access === "token" && ownerWrite.kind !== "create" && ownerWrite.kind !== "attach" ? "token" : "account";
  return storedMarbleView(reloaded!, viewAccess, now);
}
