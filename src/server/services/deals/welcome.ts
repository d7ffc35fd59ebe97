import { and, eq, isNull } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { escapeHtml } from "@/domain/escape-html";
import { DEFAULT_LOCALE, localeOrDefault, type Locale } from "@/domain/locales";
import { personName } from "@/domain/person-name";
import { epochSeconds } from "@/domain/time";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { dealSettings, deals } from "@/server/db/schema/deals";
import { businessUsers } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { PermanentJobError } from "@/server/jobs/worker";
import { enqueue } from "@/server/jobs/queue";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { recordDealEvent } from "@/server/services/deals/deal-events";
import { loadDealOwner } from "@/server/services/deals/deal-owner";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { readSetting } from "@/server/services/funeral-quote/funnel-setting";

/** Job: the welcome e-mail to the family of a deal (WelcomeMail messages). */
export const DEAL_WELCOME_EMAIL_JOB = "deals.welcome_email";

/**
 * POST /api/v1/deals/{id}/welcome: records welcomeSentAt and enqueues the e-mail in the
 * same transaction. A second call finds welcomeSentAt set and sends nothing again. 422
 * deal__owner__no_email when the family has no address to write to.
 */
export async function sendWelcome(db: Db, auth: AuthSession, dealId: number, now: Date): Promise<{ welcome_sent_at: number; already_sent: boolean }> {
  return db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    if (deal.welcomeSentAt) return { welcome_sent_at: epochSeconds(deal.welcomeSentAt), already_sent: true };
    const owner = await loadDealOwner(tx, deal.id);
    if (!owner?.email) throw new ApiError(422, "deal__owner__no_email");
    const [updated] = await tx.update(deals).set({ welcomeSentAt: now, updatedAt: now }).where(and(eq(deals.id, deal.id), isNull(deals.welcomeSentAt))).returning({ at: deals.welcomeSentAt });
    await enqueue(tx, { kind: DEAL_WELCOME_EMAIL_JOB, payload: { deal_id: deal.id, sender_id: auth.userId }, idempotencyKey: `${DEAL_WELCOME_EMAIL_JOB}:${deal.id}` }, now);
    await recordDealEvent(tx, { dealId: deal.id, kind: "welcome", from: null, to: owner.id, businessUserId: auth.userId, at: now });
    return { welcome_sent_at: epochSeconds(updated!.at!), already_sent: false };
  });
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The job: the e-mail in the family's language (the funnel's), signed by the advisor who sent it, logged on the deal. */
export async function deliverWelcomeEmail(db: Db, payload: Record<string, unknown>, key: string, ctx: { mailer: Mailer; siteUrl: string; now: Date }): Promise<"sent" | "already_sent" | "no_recipient"> {
  const dealId = payload.deal_id;
  if (typeof dealId !== "number" || !Number.isInteger(dealId)) throw new PermanentJobError("payload_invalid");
  const senderId = typeof payload.sender_id === "number" ? payload.sender_id : null;
  const owner = await loadDealOwner(db, dealId);
  if (!owner?.email) return "no_recipient";
  const [setting] = await db.select({ value: dealSettings.value }).from(dealSettings).where(and(eq(dealSettings.dealId, dealId), eq(dealSettings.key, FUNNEL_SETTING_KEY))).limit(1);
  const [sender] = senderId ? await db.select({ firstname: businessUsers.firstname, lastname: businessUsers.lastname }).from(businessUsers).where(eq(businessUsers.id, senderId)).limit(1) : [];
  const locale: Locale = localeOrDefault(readSetting(setting?.value)?.locale ?? DEFAULT_LOCALE);
  const delivery = await sendDealEmailOnce(db, ctx.mailer, key, { dealId, kind: "welcome", now: ctx.now }, async () => {
    // Messages are loaded at run time, so their keys are unknown to the type checker.
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "WelcomeMail" }) as unknown as Translate;
    const deal = String(dealId);
    const link = `${originForLocale(ctx.siteUrl, locale)}${paths.clientSpace()}`;
    const greeting = owner.firstname ? t("greetingName", { name: owner.firstname }) : t("greeting");
    const advisor = sender ? personName(sender) : "";
    const intro = advisor ? t("introAdvisor", { deal, advisor, brand: BRAND }) : t("intro", { deal, brand: BRAND });
    const next = t("next");
    const space = t("space");
    const signature = t("signature", { brand: BRAND });
    const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
    return {
      to: owner.email!,
      subject: t("subject", { deal, brand: BRAND }),
      text: `${greeting}\n\n${intro}\n\n${next}\n\n${space}\n${link}\n\n${signature}`,
      html: `<div lang="${locale}" dir="${dir}"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(next)}</p><p>${escapeHtml(space)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p></div>`,
      locale,
      tag: "deal_welcome",
    };
  });
  return delivery.status;
}
