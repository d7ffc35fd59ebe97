import type { FunnelCreateInput } from "@/domain/schemas/funeral-quote";
import type { Db } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import { createDeal } from "@/server/services/deals/create-deal";
import { newResumeToken } from "@/server/services/deals/resume-tokens";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { localeOf, type CreatedFunnelDeal, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { ownerOfNewDeal } from "@/server/services/funeral-quote/funnel-owner";
import type { FunnelSetting } from "@/server/services/funeral-quote/funnel-setting";
import { buildFunnelSteps } from "@/server/services/funeral-quote/funnel-steps";
import { clientValues, defunctValues, submitProblems } from "@/server/services/funeral-quote/funnel-values";
import { funnelView } from "@/server/services/funeral-quote/funnel-view";
import { SUBMISSION_JOB_KINDS, submissionPayload } from "@/server/services/funeral-quote/submission-jobs";
import { computeServerQuote } from "@/server/services/quote-pricing";
import { toStoredQuote } from "@/server/services/quote-storage";

/** POST /api/v1/funeral_funnel/deals: the deal from the first answer, with the client when given, and the quote e-mail when submitted. */
export async function createFunnelDeal(db: Db, input: FunnelCreateInput, ctx: FunnelContext): Promise<CreatedFunnelDeal> {
  const now = ctx.now ?? new Date();
  const answers = input.answers;
  const client = input.client ?? null;
  if (input.submit) {
    const problems = submitProblems(answers, client !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }
  const existing = await ownerOfNewDeal(db, client, input.submit === true, ctx, now);
  const existingClientId = existing?.id ?? null;
  const { quote, commune } = await computeServerQuote(db, answers, now);
  const setting: FunnelSetting = {
    answers,
    current_step: input.current_step ?? null,
    locale: localeOf(input, ctx),
    contact_channel: client?.contact_channel ?? null,
    consent_at: client ? now.toISOString() : null,
    submitted_at: input.submit ? now.toISOString() : null,
  };
  const resumeToken = newResumeToken();
  const defunct = defunctValues(answers, input.defunct, commune);
  const state = input.submit ? "quote_sent" : "draft";

  const row = await createDeal(db, {
    kind: "funeral",
    state,
    quote: toStoredQuote(quote),
    totalCents: quote.totals.totalTtc,
    demo: quote.isDemo,
    newOwner: client && existingClientId === null ? clientValues(client) : null,
    existingOwnerId: existingClientId,
    defunct,
    setting: { key: FUNNEL_SETTING_KEY, value: setting },
    tracking: input.tracking?.consent ? input.tracking : null,
    steps: buildFunnelSteps(answers, quote),
    resumeTokenHash: resumeToken.hash,
    // The quote e-mail and the family's reminders commit with the deal (transactional outbox).
    jobs: input.submit === true && client !== null ? { kinds: SUBMISSION_JOB_KINDS, payload: submissionPayload(setting.submitted_at!, existingClientId), keySuffix: setting.submitted_at! } : null,
    now,
  });
  const created = funnelView({
    uuid: row.uuid,
    state,
    setting,
    owner: existing ?? (client ? clientValues(client) : null),
    defunct,
    quote,
    commune,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
  return { ...created, resume_token: resumeToken.token };
}
