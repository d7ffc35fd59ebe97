import { and, eq } from "drizzle-orm";
import { authPaths } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, type Locale } from "@/domain/locales";
import type { Quote } from "@/domain/quote/pricing";
import { originForLocale } from "@/i18n/locale-host";
import type { Db } from "@/server/db/client";
import { dealSettings, deals } from "@/server/db/schema/deals";
import { issueSetPasswordLink } from "@/server/services/auth/set-password-link";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { loadDealOwner } from "@/server/services/deals/deal-owner";
import { issueResumeToken } from "@/server/services/deals/resume-tokens";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { ACCOUNT_LINK_DAYS, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { readSetting } from "@/server/services/funeral-quote/funnel-setting";
import { quoteEmail } from "@/server/services/funeral-quote/quote-email";
import { fromStoredQuote } from "@/server/services/quote-storage";

type LinkContext = Pick<FunnelContext, "siteUrl" | "apiUrl">;

/**
 * Links of the e-mail, on the host of the family's language. The resume token rides in
 * the fragment of page links (never sent to a server, nor in a Referer; the page reads
 * it and removes it from the address); the PDF, opened outside the site, takes it as a
 * query parameter of the API.
 */
export function funnelLinks(uuid: string, resumeToken: string, locale: Locale, ctx: LinkContext) {
  const origin = originForLocale(ctx.siteUrl, locale);
  const apiOrigin = ctx.apiUrl ?? origin;
  const fragment = new URLSearchParams({ devis: uuid, cle: resumeToken }).toString();
  return {
    resume: `${origin}${paths.funnelStart()}#${fragment}`,
    pdf: `${apiOrigin}/api/v1/funeral_funnel/deals/${encodeURIComponent(uuid)}/quote.pdf?${new URLSearchParams({ token: resumeToken }).toString()}`,
    confirmation: `${origin}${paths.funeralQuoteConfirmation()}#${fragment}`,
    // Signing in is asked there: the uuid alone opens nothing for someone who does not hold the deal.
    payment: `${origin}${paths.dealPayment(uuid)}`,
  };
}

/**
 * A link to choose the password of the account created with the deal, issued by the auth
 * service, valid longer than a forgotten-password link because the family reads this
 * e-mail when they can. It goes through the auth service's …/password/edit, which opens
 * the reset page with the token.
 */
export function accountLink(db: Db, clientId: number, locale: Locale, ctx: LinkContext, now: Date): Promise<string> {
  const origin = originForLocale(ctx.siteUrl, locale);
  return issueSetPasswordLink(db, {
    realm: "client",
    userId: clientId,
    redirectUrl: `${origin}${authPaths.resetPassword()}`,
    editUrl: `${ctx.apiUrl ?? origin}/api/v1/auth/password/edit`,
    lifetimeMs: ACCOUNT_LINK_DAYS * 24 * 3600 * 1000,
    now,
  });
}

/**
 * The quote e-mail job: sends the deal's quote to its owner, with an account link while
 * their account has no password, once per idempotency key (a retried job never mails twice).
 */
export async function deliverFunnelQuoteEmail(
  db: Db,
  dealId: number,
  idempotencyKey: string,
  ctx: Pick<FunnelContext, "siteUrl" | "apiUrl" | "mailer">,
  now: Date,
  greetClientId: number | null = null,
): Promise<"sent" | "already_sent" | "no_recipient"> {
  const [row] = await db
    .select({ uuid: deals.uuid, quote: deals.quote, setting: dealSettings.value })
    .from(deals)
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, deals.id), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .where(eq(deals.id, dealId))
    .limit(1);
  if (!row) return "no_recipient";
  const holder = await loadDealOwner(db, dealId);
  if (!holder?.email) return "no_recipient";
  const setting = readSetting(row.setting);
  const locale = setting?.locale ?? DEFAULT_LOCALE;
  const delivery = await sendDealEmailOnce(db, ctx.mailer, idempotencyKey, { dealId, kind: "quote", now }, async () => {
    const resumeToken = await issueResumeToken(db, dealId, now);
    const passwordUrl = holder.passwordHash === null ? await accountLink(db, holder.id, locale, ctx, now) : null;
    const links = funnelLinks(row.uuid, resumeToken, locale, ctx);
    return quoteEmail({
      to: holder.email!,
      // The name in the greeting is the holder's own only when they asked for the quote signed in.
      firstname: greetClientId === holder.id ? holder.firstname : null,
      locale,
      quote: fromStoredQuote(row.quote) as Quote,
      contactChannel: setting?.contact_channel ?? "email",
      pdfUrl: links.pdf,
      resumeUrl: links.resume,
      paymentUrl: links.payment,
      passwordUrl,
      passwordDays: ACCOUNT_LINK_DAYS,
    });
  });
  return delivery.status;
}
