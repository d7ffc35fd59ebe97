import { eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { OPERATOR } from "@/config/brand";
import { localeOrDefault, type Locale } from "@/domain/locales";
import { CAPTURED_STATES, type PaymentState } from "@/domain/payments/payment-machine";
import { paymentDay } from "@/domain/payments/payment-format";
import { personName } from "@/domain/person-name";
import { formatMoney } from "@/domain/quote/money";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import { notFoundError } from "@/server/http/errors";
import { renderMarkdownPdf } from "@/server/integrations/pdf/markdown-pdf";
import { dejaVuSans } from "@/server/integrations/pdf/unicode-fonts";
import type { AuthSession } from "@/server/services/auth-tokens";
import { mayReadDealPayments } from "@/server/services/payments/payment-access";
import { methodOf, type PaymentRow } from "@/server/services/payments/payment-view";

/**
 * Languages the receipt is printed in. The PDF standard fonts only draw Windows-1252
 * (WinAnsi), which covers French, English, German, Spanish, Italian and Portuguese; Turkish
 * (ğ ı ş İ) and Serbian (č ć đ) need letters it lacks, so their receipt embeds DejaVu Sans.
 * Arabic and Hebrew would also need right-to-left reordering the PDF writer does not do,
 * and Chinese a CJK font: rather than print them wrong, their receipt is French and
 * English, both of which every payer's bank and notary read.
 */
export const RECEIPT_LOCALES: readonly Locale[] = ["fr", "en", "de", "es", "it", "pt", "tr", "sr"];
/** Receipt languages whose letters need the embedded Unicode font. */
const EMBEDDED_FONT_LOCALES: readonly Locale[] = ["tr", "sr"];

export function receiptLocales(locale: string): Locale[] {
  const wanted = localeOrDefault(locale);
  return RECEIPT_LOCALES.includes(wanted) ? [wanted] : ["fr", "en"];
}

/** Markdown-safe text: a name typed by a family must not become formatting. */
const plain = (text: string) => text.replace(/[\\`*_[\]#<>|]/g, "\\$&");

type Translate = (key: string, values?: Record<string, string>) => string;

async function receiptText(locale: Locale, payment: PaymentRow & { paidAt: Date }, payer: string) {
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "Payments.receiptPdf" }) as unknown as Translate;
  const euros = (cents: number) => formatMoney(cents, locale);
  const method = t(`methods.${methodOf(payment.provider)}`) + (payment.plan ? ` — ${t("plan", { plan: payment.plan })}` : "");
  const lines = [
    `**${plain(t("heading", { id: String(payment.id) }))}**`,
    "",
    `- ${plain(t("amount", { amount: euros(payment.capturedCents) }))}`,
    `- ${plain(t("method", { method }))}`,
    `- ${plain(t("date", { date: paymentDay(payment.paidAt, locale, "long", "Europe/Paris") }))}`,
    `- ${plain(t("deal", { id: String(payment.dealId) }))}`,
    ...(payer ? [`- ${plain(t("payer", { name: payer }))}`] : []),
    ...(payment.refundedCents > 0 ? [`- ${plain(t("refunded", { refunded: euros(payment.refundedCents), kept: euros(payment.capturedCents - payment.refundedCents) }))}`] : []),
    "",
    plain(t("certifies", { operator: OPERATOR.legalName })),
    "",
    plain(t("noCardData")),
  ];
  return { title: t("title"), description: t("description", { id: String(payment.id) }), lines };
}

/**
 * The receipt of a paid payment (PDF): amount, method, date, deal, payer, refunds, and
 * the operator's legal mentions in the footer, in the payer's language where the PDF fonts
 * draw it (else French and English, see RECEIPT_LOCALES). Only the deal's holders and
 * advisors get it; a payment not (yet) captured has no receipt (404).
 */
export async function paymentReceipt(db: Db, auth: AuthSession, paymentId: number, locale: string = "fr"): Promise<{ pdf: Buffer; filename: string }> {
  const [row] = await db
    .select({ payment: payments, firstname: clients.firstname, lastname: clients.lastname })
    .from(payments)
    .leftJoin(clients, eq(clients.id, payments.payerClientId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row || !(await mayReadDealPayments(db, auth, row.payment.dealId))) throw notFoundError();
  return renderPaymentReceipt(row.payment, personName(row), locale);
}

/** The receipt's PDF, without the access check: for the payer's e-mail, already addressed to them. */
export async function renderPaymentReceipt(payment: PaymentRow, payer: string, locale: string): Promise<{ pdf: Buffer; filename: string }> {
  const paidAt = payment.paidAt;
  if (!CAPTURED_STATES.includes(payment.status as PaymentState) || !paidAt) throw notFoundError();
  const languages = receiptLocales(locale);
  const texts = await Promise.all(languages.map((language) => receiptText(language, { ...payment, paidAt }, payer)));
  const pdf = await renderMarkdownPdf({
    title: texts.map((text) => text.title).join(" / "),
    description: texts.map((text) => text.description).join(" / "),
    markdown: texts.map((text) => text.lines.join("\n")).join("\n\n"),
    lang: languages[0]!,
    ...(EMBEDDED_FONT_LOCALES.includes(languages[0]!) ? { fonts: dejaVuSans() } : {}),
  });
  return { pdf, filename: `recu-paiement-${payment.id}.pdf` };
}
