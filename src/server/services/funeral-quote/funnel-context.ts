import { DEFAULT_LOCALE, type Locale } from "@/domain/locales";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import type { Db } from "@/server/db/client";
import { RateLimitedError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import type { AuthSession } from "@/server/services/auth-tokens";
import type { DealAccess } from "@/server/services/deals/deal-access";
import { consumeRateLimit, perEmailAndIp } from "@/server/services/rate-limit";

/**
 * The funeral funnel (SPEC §7 "Funnels"). The deal exists from the first answer, so
 * nothing the family types is lost; every save recomputes the quote on the server (the
 * authoritative figure), refreshes the deal's automatic steps, and the contact step
 * creates the client, makes them the deal's owner and sends the quote by e-mail.
 *
 * Through the deal's resume token (services/deals/resume-tokens.ts): the answers and the
 * quote, read and write while the deal is a draft, read once the quote is sent. The
 * contact details, the account's e-mail and attaching the deal to an account need the
 * owner's session. Accounts and quote e-mails from the funnel are limited per address
 * and per caller, so the funnel cannot be used to send mail to strangers.
 */

/** The account link of the quote e-mail stays valid this long: families rarely act the same day. */
export const ACCOUNT_LINK_DAYS = 7;
/** Accounts created and quote e-mails sent by the funnel, per address (a day) and per caller (an hour). */
export const FUNNEL_EMAILS_PER_ADDRESS = 5;
export const FUNNEL_EMAILS_PER_IP = 10;
const DAY_MS = 24 * 3600 * 1000;

export interface FunnelContext {
  auth: AuthSession | null;
  /** French site origin (SITE_URL); the links of the e-mail use the family's locale host. */
  siteUrl: string;
  /** API origin for the PDF link, when the API has its own host. */
  apiUrl?: string | undefined;
  mailer: Mailer;
  now?: Date;
  /** Locale of the request's host, used when the body gives none. */
  hostLocale?: Locale;
  /** The resume token the caller sent (header or, for the PDF link, query), if any. */
  resumeToken?: string | null;
  /** The caller's address, for the abuse limits (null when unknown). */
  ip?: string | null;
}

/** How the caller reaches the deal: as its signed-in owner (or reader), or through a resume token only. */
export type FunnelAccess = DealAccess;

/** The created deal's view carries the resume token, the only time it is ever shown. */
export type CreatedFunnelDeal = FunnelDealView & { resume_token: string };

export function localeOf(input: { locale?: Locale | undefined }, ctx: FunnelContext, fallback?: Locale): Locale {
  return input.locale ?? fallback ?? ctx.hostLocale ?? DEFAULT_LOCALE;
}


/** One account created or one quote e-mail sent: counted per target address and per caller. */
export async function limitFunnelEmail(db: Db, email: string, ctx: FunnelContext, now: Date): Promise<void> {
  const decision = await consumeRateLimit(db, {
    bucket: "funnel_email",
    rules: perEmailAndIp(email, ctx.ip ?? null, {
      perEmail: FUNNEL_EMAILS_PER_ADDRESS,
      emailWindowMs: DAY_MS,
      perIp: FUNNEL_EMAILS_PER_IP,
      ipWindowMs: 3600 * 1000,
    }),
    now,
  });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}
