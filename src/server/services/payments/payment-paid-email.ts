import { and, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { escapeHtml } from "@/domain/escape-html";
import { DEFAULT_LOCALE, localeOrDefault, type Locale } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { dealSettings } from "@/server/db/schema/deals";
import { payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { readSetting } from "@/server/services/funeral-quote/funnel-setting";
import { methodOf } from "@/server/services/payments/payment-view";

/** Job: tell the payer their payment was received, with the link to its receipt. */
export const PAYMENT_PAID_EMAIL_JOB = "payments.paid_email";

// One whole sentence per method: word order around the method differs between languages.
const SUMMARY = { card: "summaryCard", instalments: "summaryInstalments", bank_transfer: "summaryTransfer" } as const;

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * Sends the e-mail once per payment (the delivery key), whatever the job's retries, in the
 * language the family asked the quote in, with the link on that language's host.
 */
export async function deliverPaymentPaidEmail(db: Db, paymentId: number, mailer: Mailer, siteUrl: string): Promise<void> {
  const [row] = await db
    .select({ payment: payments, email: clients.email, firstname: clients.firstname, setting: dealSettings.value })
    .from(payments)
    .leftJoin(clients, eq(clients.id, payments.payerClientId))
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, payments.dealId), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .where(eq(payments.id, paymentId))
    .limit(1);
  // No payer address (an advisor's client without e-mail): nothing to send, nothing to retry.
  if (!row?.email || !row.payment.paidAt) return;
  const { payment } = row;
  const locale: Locale = localeOrDefault(readSetting(row.setting)?.locale ?? DEFAULT_LOCALE);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "Payments.paidEmail" }) as unknown as Translate;
  const deal = String(payment.dealId);
  const amount = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(payment.capturedCents / 100);
  const link = `${originForLocale(siteUrl, locale)}${paths.paymentConfirmation(payment.id)}`;
  const greeting = row.firstname ? t("greetingName", { name: row.firstname }) : t("greeting");
  const summary = t(SUMMARY[methodOf(payment.provider)], { amount, deal });
  const receipt = t("receipt");
  const signature = t("signature", { brand: BRAND });
  const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
  await sendDealEmailOnce(db, mailer, `payment-paid:${payment.id}`, { dealId: payment.dealId, kind: "payment_paid" }, async () => ({
    to: row.email!,
    subject: t("subject", { deal, brand: BRAND }),
    text: `${greeting}\n\n${summary}\n\n${receipt}\n${link}\n\n${signature}`,
    html: `<div lang="${locale}" dir="${dir}"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(summary)}</p><p>${escapeHtml(receipt)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p></div>`,
    locale,
    tag: "payment_paid",
  }));
}
