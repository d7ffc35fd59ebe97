import type { FunnelDealView, FunnelUpdateInput } from "@/domain/schemas/funeral-quote";
import type { Db } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import { dealAccess, dealRoleOf } from "@/server/services/deals/deal-access";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { updateDeal } from "@/server/services/deals/update-deal";
import { localeOf, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { limitSaveEmails, ownerWriteOf } from "@/server/services/funeral-quote/funnel-owner";
import type { FunnelSetting } from "@/server/services/funeral-quote/funnel-setting";
import { buildFunnelSteps } from "@/server/services/funeral-quote/funnel-steps";
import { defunctValues, submitProblems } from "@/server/services/funeral-quote/funnel-values";
import { funnelView, loadFunnelDeal, type OwnerView } from "@/server/services/funeral-quote/funnel-view";
import { submissionJobs } from "@/server/services/funeral-quote/submission-jobs";
import { computeServerQuote } from "@/server/services/quote-pricing";
import { toStoredQuote } from "@/server/services/quote-storage";

const LIVE_STATES = ["draft", "quote_sent"];

/** PUT /api/v1/funeral_funnel/deals/{uuid}: a save of the answers, the contact step, or the submission. */
export async function updateFunnelDeal(db: Db, uuid: string, input: FunnelUpdateInput, ctx: FunnelContext): Promise<FunnelDealView> {
  const now = ctx.now ?? new Date();
  const loaded = await loadFunnelDeal(db, uuid);
  if (!loaded) throw new ApiError(404, "not_found");
  const { deal, owner } = loaded;
  const access = await dealAccess(db, deal.id, ctx, now, "write");
  if (!access) {
    // A reader or the notary knows the deal exists: they are refused, not misled.
    if (await dealRoleOf(db, deal.id, ctx.auth)) throw new ApiError(403, "forbidden");
    throw new ApiError(404, "not_found");
  }
  const previous = loaded.setting;
  // Once an advisor has taken the case on, changes go through them.
  if (!LIVE_STATES.includes(deal.state)) throw new ApiError(422, "deal__locked");
  // The link alone writes only a draft: a sent quote is changed by its signed-in owner.
  if (access === "token" && deal.state !== "draft") throw new ApiError(422, "deal__sign_in_required");
  const client = input.client ?? null;
  const answers = input.answers;
  const signedInClientId = ctx.auth?.realm === "client" ? ctx.auth.userId : null;

  const ownerWrite = await ownerWriteOf(db, owner, client, ctx);
  if (input.submit) {
    const problems = submitProblems(answers, client !== null || owner !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }

  const submitting = input.submit === true;
  await limitSaveEmails(db, ownerWrite, client, owner, submitting, ctx, now);
  const { quote, commune } = await computeServerQuote(db, answers, now);
  const state = submitting ? "quote_sent" : deal.state;
  const setting: FunnelSetting = {
    answers,
    current_step: input.current_step ?? previous?.current_step ?? null,
    locale: localeOf(input, ctx, previous?.locale),
    contact_channel: client?.contact_channel ?? previous?.contact_channel ?? null,
    consent_at: client ? now.toISOString() : (previous?.consent_at ?? null),
    submitted_at: submitting ? now.toISOString() : (previous?.submitted_at ?? null),
  };
  const defunctChange = defunctValues(answers, input.defunct, commune);
  const named = input.defunct !== undefined;

  await updateDeal(db, {
    deal,
    ownerId: owner?.id ?? null,
    owner: ownerWrite,
    defunct: defunctChange,
    named,
    state,
    quote: toStoredQuote(quote),
    totalCents: quote.totals.totalTtc,
    demo: quote.isDemo,
    setting: { key: FUNNEL_SETTING_KEY, value: setting },
    steps: buildFunnelSteps(answers, quote),
    // The quote e-mail commits with the submission (transactional outbox).
    ownerJobs: submitting ? submissionJobs(deal.id, deal.uuid, setting.submitted_at!, signedInClientId) : [],
    now,
  });

  const ownerView: OwnerView | null = ownerWrite.kind === "none" ? owner : ownerWrite.kind === "attach" ? ownerWrite.row : ownerWrite.details;
  const previousDefunct = loaded.defunct;
  return funnelView({
    uuid: deal.uuid,
    state,
    setting,
    owner: ownerView,
    defunct:
      deal.defunctId === null
        ? null
        : {
            civility: named ? defunctChange.civility : (previousDefunct?.civility ?? null),
            firstname: named ? defunctChange.firstname : (previousDefunct?.firstname ?? null),
            lastname: named ? defunctChange.lastname : (previousDefunct?.lastname ?? null),
            deathDate: defunctChange.deathDate,
          },
    quote,
    commune,
    createdAt: deal.createdAt,
    updatedAt: now,
    // The caller who just took the deal under their account sees it as theirs.
    access: access === "token" && ownerWrite.kind !== "create" && ownerWrite.kind !== "attach" ? "token" : "account",
  });
}
