import type { MarbleDealUpdateInput, MarbleDealView } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import { notifyEnqueued } from "@/server/jobs/queue";
import { dealAccess, dealRoleOf } from "@/server/services/deals/deal-access";
import { findClientByEmail, type OwnerWrite } from "@/server/services/deals/deal-owner";
import { MARBLE_FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { updateDeal } from "@/server/services/deals/update-deal";
import { limitFunnelEmail, localeOf, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { clientValues, sameContact } from "@/server/services/funeral-quote/funnel-values";
import { loadMarbleDeal, priceConfiguration, storedMarbleView, writeMarbleDetails } from "@/server/services/marble-funnel/marble-deal";
import type { MarbleSetting } from "@/server/services/marble-funnel/marble-setting";
import { marbleSteps, marbleSubmissionJobs, marbleSubmitProblems, resolveCemetery } from "@/server/services/marble-funnel/save-marble-deal";

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

  let ownerWrite: OwnerWrite = { kind: "none" };
  if (client) {
    if (owner && signedInClientId === owner.id) {
      const existing = owner.email === client.email ? null : await findClientByEmail(db, client.email);
      if (existing) throw new ApiError(422, "client__email__taken");
      ownerWrite = { kind: "update", id: owner.id, details: clientValues(client) };
    } else if (owner) {
      // Someone else's deal: the link never changes who the family is, nor hands the deal to another account.
      if (signedInClientId !== null && client.email === ctx.auth?.email.toLowerCase()) throw new ApiError(422, "deal__client__locked");
      if (!sameContact(owner, client)) throw new ApiError(422, "deal__client__sign_in_required");
    } else {
      const existing = await findClientByEmail(db, client.email);
      if (existing && signedInClientId !== existing.id) throw new ApiError(422, "client__email__taken");
      ownerWrite = existing ? { kind: "attach", row: existing } : { kind: "create", details: clientValues(client) };
    }
  }
  const submitting = input.submit === true;
  if (submitting) {
    const problems = marbleSubmitProblems(configuration, client !== null || owner !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }

  const graveyardId = input.graveyard_id !== undefined ? input.graveyard_id : (detail?.graveyardId ?? null);
  const concessionTypeId = input.concession !== undefined ? (input.concession?.concession_type_id ?? null) : (detail?.concessionTypeId ?? null);
  const plotReference = input.concession !== undefined ? (input.concession?.plot_reference ?? null) : (detail?.plotReference ?? null);
  const commentary = input.commentary !== undefined ? input.commentary : deal.clientCommentary;
  const { departmentCode } = await resolveCemetery(db, graveyardId, concessionTypeId);
  const priced = await priceConfiguration(db, configuration, departmentCode, now);

  if (ownerWrite.kind === "create" && client) await limitFunnelEmail(db, client.email, ctx, now);
  else if (submitting) {
    const target = ownerWrite.kind === "attach" ? ownerWrite.row.email : (client?.email ?? owner?.email);
    if (target) await limitFunnelEmail(db, target, ctx, now);
  }
  const state = submitting ? "quote_sent" : deal.state;
  const setting: MarbleSetting = {
    configuration,
    current_step: input.current_step ?? previous.current_step,
    locale: localeOf(input, ctx, previous.locale),
    contact_channel: client?.contact_channel ?? previous.contact_channel,
    consent_at: client ? now.toISOString() : previous.consent_at,
    submitted_at: submitting ? now.toISOString() : previous.submitted_at,
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
      steps: marbleSteps(priced, graveyardId, now),
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
  return storedMarbleView(reloaded!, viewAccess);
}
