import type { MarbleDealCreateInput, MarbleDealView } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { ApiError, RateLimitedError } from "@/server/http/errors";
import { consumeRateLimit } from "@/server/services/rate-limit";
import { notifyEnqueued } from "@/server/jobs/queue";
import { createDeal } from "@/server/services/deals/create-deal";
import { newResumeToken } from "@/server/services/deals/resume-tokens";
import { MARBLE_FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { localeOf, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { ownerOfNewDeal } from "@/server/services/funeral-quote/funnel-owner";
import { clientValues } from "@/server/services/funeral-quote/funnel-values";
import { loadMarbleDeal, priceConfiguration, storedMarbleView, writeMarbleDetails } from "@/server/services/marble-funnel/marble-deal";
import { EMPTY_CONFIGURATION, type MarbleSetting } from "@/server/services/marble-funnel/marble-setting";
import { burialDateOf, MARBLE_SUBMISSION_JOB_KINDS, marbleSteps, marbleSubmitProblems, resolveCemetery } from "@/server/services/marble-funnel/save-marble-deal";

/** New monument quotes per caller and hour: a family makes a few, a script flooding the deals table many. */
export const MARBLE_DEALS_PER_IP = 30;

const NO_DEFUNCT = { civility: null, firstname: null, lastname: null, deathDate: null, deathCityhallId: null };

/**
 * POST /api/v1/marble_funnel/deals: the deal from the configurator's first answer, priced by
 * the server, with the client when given and the quote e-mail when submitted. Same rules as
 * the funeral funnel: an address already known needs its holder signed in, accounts and
 * e-mails are limited per address and per caller, and the resume token is shown only here.
 */
export async function createMarbleDeal(db: Db, input: MarbleDealCreateInput, ctx: FunnelContext): Promise<MarbleDealView & { resume_token: string }> {
  const now = ctx.now ?? new Date();
  const configuration = input.configuration ?? EMPTY_CONFIGURATION;
  const client = input.client ?? null;
  if (input.submit) {
    const problems = marbleSubmitProblems(configuration, client !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }
  const burialDate = burialDateOf(input.burial_date, null, now);
  if (ctx.ip) {
    const decision = await consumeRateLimit(db, { bucket: "marble_deal", rules: [{ key: `ip:${ctx.ip.slice(0, 100)}`, limit: MARBLE_DEALS_PER_IP, windowMs: 3600 * 1000 }], now });
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  }
  const graveyardId = input.graveyard_id ?? null;
  const concessionTypeId = input.concession?.concession_type_id ?? null;
  const { departmentCode, concessionKind } = await resolveCemetery(db, graveyardId, concessionTypeId);
  const priced = await priceConfiguration(db, configuration, departmentCode, now);

  const existing = await ownerOfNewDeal(db, client, input.submit === true, ctx, now);
  const existingClientId = existing?.id ?? null;

  const setting: MarbleSetting = {
    configuration,
    current_step: input.current_step ?? null,
    locale: localeOf(input, ctx),
    contact_channel: client?.contact_channel ?? null,
    consent_at: client ? now.toISOString() : null,
    submitted_at: input.submit ? now.toISOString() : null,
    burial_date: burialDate,
  };
  const resumeToken = newResumeToken();
  const state = input.submit ? "quote_sent" : "draft";
  const commentary = input.commentary ?? null;
  const plotReference = input.concession?.plot_reference ?? null;

  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const created = await createDeal(tx, {
      kind: "marble",
      state,
      quote: priced.pricing,
      totalCents: priced.pricing?.totals.ttc_cents ?? 0,
      demo: priced.demo,
      newOwner: client && existingClientId === null ? clientValues(client) : null,
      existingOwnerId: existingClientId,
      defunct: NO_DEFUNCT,
      setting: { key: MARBLE_FUNNEL_SETTING_KEY, value: setting },
      tracking: input.tracking?.consent ? input.tracking : null,
      steps: marbleSteps(priced, graveyardId, { burialDate, concessionKind }, now),
      resumeTokenHash: resumeToken.hash,
      // The quote e-mail commits with the deal (transactional outbox).
      jobs: input.submit === true && client !== null ? { kinds: MARBLE_SUBMISSION_JOB_KINDS, payload: { submitted_at: setting.submitted_at, greet_client_id: existingClientId }, keySuffix: setting.submitted_at! } : null,
      now,
    });
    await writeMarbleDetails(tx, {
      dealId: created.id,
      configuration,
      graveyardId,
      concessionTypeId,
      plotReference,
      priced,
      commentary,
      now,
    });
    return created;
  });

  if (input.submit === true && client !== null) notifyEnqueued();
  const loaded = await loadMarbleDeal(db, row.uuid);
  const view = storedMarbleView(loaded!, "account", now);
  return { ...view, resume_token: resumeToken.token };
}
