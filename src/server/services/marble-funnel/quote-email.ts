import { and, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { ADVISOR_PHONE, BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { escapeHtml } from "@/domain/escape-html";
import { localeOrDefault, type Locale } from "@/domain/locales";
import type { MonumentPricing } from "@/domain/marble/pricing";
import { formatEuros } from "@/domain/quote/money";
import type { FunnelContactChannel } from "@/domain/schemas/funeral-quote";
import { loadMessages } from "@/i18n/load-messages";
import { originForLocale } from "@/i18n/locale-host";
import type { Db } from "@/server/db/client";
import { dealSettings, deals, marbleDetails } from "@/server/db/schema/deals";
import type { MailMessage } from "@/server/integrations/mail/mail-message";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { issueSetPasswordLink } from "@/server/services/auth/set-password-link";
import { authPaths } from "@/config/auth-paths";
import { loadDealOwner } from "@/server/services/deals/deal-owner";
import { issueResumeToken } from "@/server/services/deals/resume-tokens";
import { MARBLE_FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { ACCOUNT_LINK_DAYS, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { readMarbleSetting } from "@/server/services/marble-funnel/marble-setting";

type Translate = (key: string, values?: Record<string, string>) => string;
type LinkContext = Pick<FunnelContext, "siteUrl" | "apiUrl">;

/**
 * Links of the monument quote e-mail, on the host of the family's language. As in the funeral
 * funnel, the resume token rides in the fragment of page links (never sent to a server) and in
 * the query of the PDF link, which opens outside the site.
 */
export function marbleLinks(uuid: string, resumeToken: string, locale: Locale, ctx: LinkContext) {
  const origin = originForLocale(ctx.siteUrl, locale);
  const apiOrigin = ctx.apiUrl ?? origin;
  const fragment = new URLSearchParams({ devis: uuid, cle: resumeToken }).toString();
  return {
    resume: `${origin}${paths.tombstoneCatalogue()}#${fragment}`,
    confirmation: `${origin}${paths.tombstoneCatalogueConfirmation()}#${fragment}`,
    pdf: `${apiOrigin}/api/v1/marble_funnel/deals/${encodeURIComponent(uuid)}/quote.pdf?${new URLSearchParams({ token: resumeToken }).toString()}`,
    payment: `${origin}${paths.dealPayment(uuid)}`,
  };
}

export interface MonumentQuoteEmailInput {
  to: string;
  firstname: string | null;
  locale: string;
  pricing: MonumentPricing;
  leadTimeDays: number | null;
  validUntil: string | null;
  demo: boolean;
  contactChannel: FunnelContactChannel;
  pdfUrl: string;
  resumeUrl: string;
  passwordUrl: string | null;
}

function formatDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(`${date}T00:00:00Z`));
}

/** The monument quote e-mail, in the language of the site the family used. */
export async function monumentQuoteEmail(input: MonumentQuoteEmailInput): Promise<MailMessage> {
  const locale: Locale = localeOrDefault(input.locale);
  const messages = await loadMessages(locale);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages, namespace: "MonumentQuoteMail" }) as unknown as Translate;
  const q = createTranslator({ locale, messages, namespace: "Quote.email" }) as unknown as Translate;
  const greeting = input.firstname ? q("greetingName", { name: input.firstname }) : q("greeting");
  const summary = [
    t("total", { amount: formatEuros(input.pricing.totals.ttc_cents) }),
    ...(input.leadTimeDays !== null ? [t("leadTime", { days: String(input.leadTimeDays) })] : []),
    ...(input.validUntil ? [t("validUntil", { date: formatDate(input.validUntil, locale) })] : []),
  ];
  const next = q(`next.${input.contactChannel}`, { phone: ADVISOR_PHONE });
  const demo = input.demo ? t("demo") : null;
  const signature = q("signature", { brand: BRAND });
  const text = [
    greeting,
    "",
    t("intro"),
    "",
    ...summary,
    "",
    `${t("pdfAction")}: ${input.pdfUrl}`,
    "",
    t("resume"),
    `${t("resumeAction")}: ${input.resumeUrl}`,
    ...(input.passwordUrl ? ["", q("account"), `${q("accountAction")}: ${input.passwordUrl}`, q("accountExpiry", { days: String(ACCOUNT_LINK_DAYS) })] : []),
    "",
    next,
    ...(demo ? ["", demo] : []),
    "",
    signature,
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
<p>${escapeHtml(t("intro"))}</p>
<ul style="padding-inline-start:20px">${summary.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${button(input.pdfUrl, t("pdfAction"), true)}
<p>${escapeHtml(t("resume"))}</p>
${button(input.resumeUrl, t("resumeAction"), false)}
${input.passwordUrl ? `<p>${escapeHtml(q("account"))}</p>${button(input.passwordUrl, q("accountAction"), false)}<p style="font-size:14px;color:#4a5560">${escapeHtml(q("accountExpiry", { days: String(ACCOUNT_LINK_DAYS) }))}</p>` : ""}
<p>${escapeHtml(next)}</p>
${demo ? `<p style="font-size:14px;color:#4a5560">${escapeHtml(demo)}</p>` : ""}
<p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject: t("subject", { brand: BRAND }), text, html, locale, tag: "monument_quote" };
}

/** The quote e-mail job: the deal's quote to its owner, with an account link while their account has no password, once per key. */
export async function deliverMarbleQuoteEmail(
  db: Db,
  dealId: number,
  idempotencyKey: string,
  ctx: Pick<FunnelContext, "siteUrl" | "apiUrl" | "mailer">,
  now: Date,
  greetClientId: number | null = null,
): Promise<"sent" | "already_sent" | "no_recipient"> {
  const [row] = await db
    .select({ uuid: deals.uuid, quote: deals.quote, demo: deals.demo, setting: dealSettings.value, leadTimeDays: marbleDetails.leadTimeDays, validUntil: marbleDetails.validUntil })
    .from(deals)
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, deals.id), eq(dealSettings.key, MARBLE_FUNNEL_SETTING_KEY)))
    .leftJoin(marbleDetails, eq(marbleDetails.dealId, deals.id))
    .where(and(eq(deals.id, dealId), eq(deals.kind, "marble")))
    .limit(1);
  if (!row?.quote) return "no_recipient";
  const holder = await loadDealOwner(db, dealId);
  if (!holder?.email) return "no_recipient";
  const setting = readMarbleSetting(row.setting);
  const locale = setting.locale;
  const delivery = await sendEmailOnce(db, ctx.mailer, idempotencyKey, async () => {
    const resumeToken = await issueResumeToken(db, dealId, now);
    const origin = originForLocale(ctx.siteUrl, locale);
    const passwordUrl =
      holder.passwordHash === null
        ? await issueSetPasswordLink(db, {
            realm: "client",
            userId: holder.id,
            redirectUrl: `${origin}${authPaths.resetPassword()}`,
            editUrl: `${ctx.apiUrl ?? origin}/api/v1/auth/password/edit`,
            lifetimeMs: ACCOUNT_LINK_DAYS * 24 * 3600 * 1000,
            now,
          })
        : null;
    const links = marbleLinks(row.uuid, resumeToken, locale, ctx);
    return monumentQuoteEmail({
      to: holder.email!,
      firstname: greetClientId === holder.id ? holder.firstname : null,
      locale,
      pricing: row.quote as unknown as MonumentPricing,
      leadTimeDays: row.leadTimeDays,
      validUntil: row.validUntil,
      demo: row.demo,
      contactChannel: setting.contact_channel ?? "email",
      pdfUrl: links.pdf,
      resumeUrl: links.resume,
      passwordUrl,
    });
  });
  return delivery.status;
}
