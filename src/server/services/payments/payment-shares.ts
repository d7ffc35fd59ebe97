import { and, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, localeOrDefault, type Locale } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import { escapeHtml } from "@/domain/escape-html";
import { planSplit, type PaymentSharesBody } from "@/domain/payments/payment-split";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSettings } from "@/server/db/schema/deals";
import { paymentShares } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import type { SmsSender } from "@/server/integrations/sms/sms-message";
import { sendEmailOnce, sendSmsOnce } from "@/server/jobs/deliveries";
import { enqueue } from "@/server/jobs/queue";
import type { AuthSession } from "@/server/services/auth-tokens";
import { dealBalance } from "@/server/services/payments/deal-payments";
import { dealShares, type PaymentShareView } from "@/server/services/payments/share-views";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { readSetting } from "@/server/services/funeral-quote/funnel-setting";
import { personName } from "@/domain/person-name";
import { formatMoney } from "@/domain/quote/money";

/** Job: send one relative the link to pay their part of a deal. */
export const PAYMENT_SHARE_EMAIL_JOB = "payments.share_email";

/**
 * PUT …/deals/{id}/shares: the deal's owner splits what remains to pay between the deal's
 * holders (an empty list removes the split). Another holder gets 403, anyone else 404.
 * Each payer is sent their link through the job queue, in the same transaction.
 */
export async function setPaymentShares(db: Db, auth: AuthSession, dealId: number, body: PaymentSharesBody, now = new Date()): Promise<PaymentShareView[]> {
  if (auth.realm !== "client") throw notFoundError();
  await db.transaction(async (tx) => {
    const holders = await tx.select({ clientId: dealAbilities.clientId, role: dealAbilities.role }).from(dealAbilities).where(eq(dealAbilities.dealId, dealId));
    const mine = holders.find((h) => h.clientId === auth.userId);
    if (!mine) throw notFoundError();
    if (mine.role !== "owner") throw new ApiError(403, "forbidden");
    const balance = (await dealBalance(tx, dealId)).data;
    const plan = planSplit(balance.remaining_cents, body, new Set(holders.map((h) => h.clientId)));
    if (!plan.ok) throw new ApiError(422, plan.codes);
    await tx.delete(paymentShares).where(eq(paymentShares.dealId, dealId));
    if (plan.parts.length === 0) return;
    const inserted = await tx
      .insert(paymentShares)
      .values(plan.parts.map((part) => ({ dealId, payerClientId: part.clientId, amountCents: part.amountCents, share: part.share, createdById: auth.userId, createdAt: now, updatedAt: now })))
      .returning({ id: paymentShares.id, amountCents: paymentShares.amountCents });
    const jobs = inserted.filter((s) => s.amountCents > 0).map((s) => ({ kind: PAYMENT_SHARE_EMAIL_JOB, payload: { share_id: s.id }, idempotencyKey: `payment-share:${s.id}` }));
    if (jobs.length > 0) await enqueue(tx, jobs, now);
  });
  return dealShares(db, dealId);
}

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * Sends one payer their part and the link to /paiement for the deal, once per share (a new
 * split sends anew), in the language the family asked the quote in, on that language's host:
 * by e-mail, or by SMS (outbox or gateway) to a relative known only by their phone.
 */
export async function deliverPaymentShareEmail(db: Db, shareId: number, mailer: Mailer, siteUrl: string, sms?: SmsSender): Promise<void> {
  const [row] = await db
    .select({ share: paymentShares, email: clients.email, phone: clients.phone, firstname: clients.firstname, setting: dealSettings.value })
    .from(paymentShares)
    .innerJoin(clients, eq(clients.id, paymentShares.payerClientId))
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, paymentShares.dealId), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .where(eq(paymentShares.id, shareId))
    .limit(1);
  // The split was changed since (this share is gone) or the payer cannot be reached: nothing to send.
  if (!row || (!row.email && !(row.phone && sms))) return;
  const [owner] = row.share.createdById
    ? await db.select({ firstname: clients.firstname, lastname: clients.lastname }).from(clients).where(eq(clients.id, row.share.createdById))
    : [];
  const locale: Locale = localeOrDefault(readSetting(row.setting)?.locale ?? DEFAULT_LOCALE);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "Payments.shareEmail" }) as unknown as Translate;
  const deal = String(row.share.dealId);
  const amount = formatMoney(row.share.amountCents, locale);
  const who = personName(owner) || t("someone");
  const link = `${originForLocale(siteUrl, locale)}${paths.dealPayment(row.share.dealId)}`;
  const greeting = row.firstname ? t("greetingName", { name: row.firstname }) : t("greeting");
  const summary = t("summary", { who, deal, amount });
  const how = t("how");
  const signature = t("signature", { brand: BRAND });
  if (!row.email) {
    await sendSmsOnce(db, sms!, `payment-share-sms:${row.share.id}`, async () => ({ to: row.phone!, text: t("sms", { brand: BRAND, deal, amount, link }), locale, tag: "payment_share" }));
    return;
  }
  const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
  await sendEmailOnce(db, mailer, `payment-share:${row.share.id}`, async () => ({
    to: row.email!,
    subject: t("subject", { deal, brand: BRAND }),
    text: `${greeting}\n\n${summary}\n\n${how}\n${link}\n\n${signature}`,
    html: `<div lang="${locale}" dir="${dir}"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(summary)}</p><p>${escapeHtml(how)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p></div>`,
    locale,
    tag: "payment_share",
  }));
}
