import { createTranslator } from "next-intl";
import { BRAND, ADVISOR_PHONE } from "@/config/brand";
import { type Locale, localeOrDefault } from "@/domain/locales";
import { formatEuros } from "@/domain/quote/money";
import type { Quote } from "@/domain/quote/pricing";
import type { FunnelContactChannel } from "@/domain/schemas/funeral-quote";
import type { MailMessage } from "@/server/integrations/mail/mail-message";
import { escapeHtml } from "@/domain/escape-html";
import { loadMessages } from "@/i18n/load-messages";

/**
 * The quote e-mail: the total, the legal deadline, a link to the PDF, a link to come
 * back to the answers, and — for a new account — a link to choose a password. Written
 * in the language of the site the family used; amounts keep the French format of the
 * legal quote.
 */

type Translate = (key: string, values?: Record<string, string>) => string;



export interface QuoteEmailInput {
  to: string;
  firstname: string | null;
  locale: string;
  quote: Quote;
  contactChannel: FunnelContactChannel;
  pdfUrl: string;
  resumeUrl: string;
  /** /paiement for this deal (the family signs in there); none in older jobs. */
  paymentUrl?: string | null;
  /** Link to choose a password; null when the client already has one. */
  passwordUrl: string | null;
  /** How long the password link works, in days. */
  passwordDays: number;
}

function formatDate(date: string, locale: Locale): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

export async function quoteEmail(input: QuoteEmailInput): Promise<MailMessage> {
  const locale: Locale = localeOrDefault(input.locale);
  const messages = await loadMessages(locale);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages, namespace: "Quote.email" }) as unknown as Translate;
  const totals = input.quote.totals;
  const latest = input.quote.deadlines?.deadlines.find((d) => d.id === "funeral-latest");

  const greeting = input.firstname ? t("greetingName", { name: input.firstname }) : t("greeting");
  const summary = [
    t("total", { amount: formatEuros(totals.totalTtc) }),
    t("minimum", { amount: formatEuros(totals.minimumTtc) }),
    ...(latest ? [t("deadline", { date: formatDate(latest.at.date, locale) })] : []),
  ];
  const paragraphs = {
    intro: t("intro"),
    legal: t("legal"),
    next: t(`next.${input.contactChannel}`, { phone: ADVISOR_PHONE }),
    resume: t("resume"),
    account: t("account"),
    accountExpiry: t("accountExpiry", { days: String(input.passwordDays) }),
    demo: input.quote.isDemo ? t("demo") : null,
    signature: t("signature", { brand: BRAND }),
  };
  const actions = { pdf: t("pdfAction"), resume: t("resumeAction"), account: t("accountAction") };
  const tp = createTranslator({ locale, messages, namespace: "Payments.entry" }) as unknown as Translate;
  const payment = input.paymentUrl ? { text: tp("emailText"), action: tp("action"), url: input.paymentUrl } : null;

  const text = [
    greeting,
    "",
    paragraphs.intro,
    "",
    ...summary,
    "",
    paragraphs.legal,
    `${actions.pdf}: ${input.pdfUrl}`,
    "",
    paragraphs.resume,
    `${actions.resume}: ${input.resumeUrl}`,
    ...(payment ? ["", payment.text, `${payment.action}: ${payment.url}`] : []),
    ...(input.passwordUrl ? ["", paragraphs.account, `${actions.account}: ${input.passwordUrl}`, paragraphs.accountExpiry] : []),
    "",
    paragraphs.next,
    ...(paragraphs.demo ? ["", paragraphs.demo] : []),
    "",
    paragraphs.signature,
  ].join("\n");

  const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
  const button = (href: string, label: string, primary: boolean) =>
    `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;${primary ? "background:#2f4f5f;color:#ffffff" : "background:#ffffff;color:#2f4f5f;border:1px solid #2f4f5f"};padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a></p>`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="margin:0;padding:24px;background:#faf8f5;color:#1f2b36;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d9d3ca;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;font-weight:bold">${escapeHtml(BRAND)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(paragraphs.intro)}</p>
<ul style="padding-inline-start:20px">${summary.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>${escapeHtml(paragraphs.legal)}</p>
${button(input.pdfUrl, actions.pdf, true)}
<p>${escapeHtml(paragraphs.resume)}</p>
${button(input.resumeUrl, actions.resume, false)}
${payment ? `<p>${escapeHtml(payment.text)}</p>${button(payment.url, payment.action, false)}` : ""}
${input.passwordUrl ? `<p>${escapeHtml(paragraphs.account)}</p>${button(input.passwordUrl, actions.account, false)}<p style="font-size:14px;color:#4a5560">${escapeHtml(paragraphs.accountExpiry)}</p>` : ""}
<p>${escapeHtml(paragraphs.next)}</p>
${paragraphs.demo ? `<p style="font-size:14px;color:#4a5560">${escapeHtml(paragraphs.demo)}</p>` : ""}
<p>${escapeHtml(paragraphs.signature)}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject: t("subject", { brand: BRAND }), text, html, locale, tag: "funeral_quote" };
}
