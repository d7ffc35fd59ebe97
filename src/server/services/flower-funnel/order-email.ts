import { createTranslator } from "next-intl";
import { BRAND, ADVISOR_PHONE } from "@/config/brand";
import { escapeHtml } from "@/domain/escape-html";
import { localeOrDefault, type Locale } from "@/domain/locales";
import { formatEuros } from "@/domain/quote/money";
import type { FlowerOrderView } from "@/domain/schemas/flower-funnel";
import { loadMessages } from "@/i18n/load-messages";
import { emailButton, emailPage } from "@/server/integrations/mail/email-layout";
import type { MailMessage } from "@/server/integrations/mail/mail-message";

/**
 * The order e-mail: what was ordered, where and when it is delivered, the message, the
 * amount and the link to pay; for a new account, the link to choose a password. Written
 * in the family's language (messages "FlowerOrderMail"); amounts keep the French format
 * of the rest of the product's documents.
 */

type Translate = (key: string, values?: Record<string, string>) => string;

export interface FlowerOrderEmailInput {
  to: string;
  firstname: string | null;
  locale: string;
  order: FlowerOrderView;
  confirmationUrl: string;
  paymentUrl: string;
  passwordUrl: string | null;
  passwordDays: number;
}

function formatDate(date: string, locale: Locale): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

export async function flowerOrderEmail(input: FlowerOrderEmailInput): Promise<MailMessage> {
  const locale: Locale = localeOrDefault(input.locale);
  const messages = await loadMessages(locale);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages, namespace: "FlowerOrderMail" }) as unknown as Translate;
  const { order } = input;
  const greeting = input.firstname ? t("greetingName", { name: input.firstname }) : t("greeting");
  const place = [order.delivery.place_name, order.delivery.address, [order.delivery.postal_code, order.delivery.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const lines = order.lines.map((line) => t("line", { quantity: String(line.quantity), name: line.name, amount: formatEuros(line.total_ttc_cents) }));
  const facts = [
    t("delivery", { date: formatDate(order.delivery.date, locale), time: order.delivery.time }),
    ...(place ? [t("place", { place })] : []),
    ...(order.message ? [t(`message.${order.message.kind}`, { text: order.message.text })] : []),
    t("total", { amount: formatEuros(order.totals.ttc_cents), vat: formatEuros(order.totals.vat_cents) }),
  ];
  const text = [
    greeting,
    "",
    t("intro"),
    "",
    ...lines,
    "",
    ...facts,
    "",
    t("pay"),
    `${t("payAction")}: ${input.paymentUrl}`,
    "",
    t("view"),
    `${t("viewAction")}: ${input.confirmationUrl}`,
    ...(input.passwordUrl ? ["", t("account"), `${t("accountAction")}: ${input.passwordUrl}`, t("accountExpiry", { days: String(input.passwordDays) })] : []),
    "",
    t("help", { phone: ADVISOR_PHONE }),
    ...(order.demo ? ["", t("demo")] : []),
    "",
    t("signature", { brand: BRAND }),
  ].join("\n");

  const html = emailPage(
    locale,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t("intro"))}</p>
<ul style="padding-inline-start:20px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${facts.map((fact) => `<p style="margin:4px 0">${escapeHtml(fact)}</p>`).join("\n")}
<p>${escapeHtml(t("pay"))}</p>
${emailButton(input.paymentUrl, t("payAction"), true)}
<p>${escapeHtml(t("view"))}</p>
${emailButton(input.confirmationUrl, t("viewAction"), false)}
${input.passwordUrl ? `<p>${escapeHtml(t("account"))}</p>${emailButton(input.passwordUrl, t("accountAction"), false)}<p style="font-size:14px;color:#4a5560">${escapeHtml(t("accountExpiry", { days: String(input.passwordDays) }))}</p>` : ""}
<p>${escapeHtml(t("help", { phone: ADVISOR_PHONE }))}</p>
${order.demo ? `<p style="font-size:14px;color:#4a5560">${escapeHtml(t("demo"))}</p>` : ""}
<p>${escapeHtml(t("signature", { brand: BRAND })).replace(/\n/g, "<br>")}</p>`,
  );
  return { to: input.to, subject: t("subject", { brand: BRAND }), text, html, locale, tag: "flower_order" };
}
