import { createTranslator } from "next-intl";
import { BRAND, ADVISOR_PHONE } from "@/config/brand";
import { type Locale, localeOrDefault } from "@/domain/locales";
import { formatEuros } from "@/domain/quote/money";
import type { Quote } from "@/domain/quote/pricing";
import type { FunnelContactChannel } from "@/domain/schemas/funeral-quote";
import type { MailMessage } from "@/server/integrations/mail/mail-message";
import { escapeHtml } from "@/domain/escape-html";
import { emailButton, emailPage } from "@/server/integrations/mail/email-layout";
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

  const html = emailPage(
    locale,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(paragraphs.intro)}</p>
<ul style="padding-inline-start:20px">${summary.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>${escapeHtml(paragraphs.legal)}</p>
${emailButton(input.pdfUrl, actions.pdf, true)}
<p>${escapeHtml(paragraphs.resume)}</p>
${emailButton(input.resumeUrl, actions.resume, false)}
${payment ? `<p>${escapeHtml(payment.text)}</p>${emailButton(payment.url, payment.action, false)}` : ""}
${input.passwordUrl ? `<p>${escapeHtml(paragraphs.account)}</p>${emailButton(input.passwordUrl, actions.account, false)}<p style="font-size:14px;color:#4a5560">${escapeHtml(paragraphs.accountExpiry)}</p>` : ""}
<p>${escapeHtml(paragraphs.next)}</p>
${paragraphs.demo ? `<p style="font-size:14px;color:#4a5560">${escapeHtml(paragraphs.demo)}</p>` : ""}
<p>${escapeHtml(paragraphs.signature)}</p>`,
  );
  return { to: input.to, subject: t("subject", { brand: BRAND }), text, html, locale, tag: "funeral_quote" };
}
