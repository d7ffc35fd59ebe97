import { paths } from "@/config/paths";
import { flowerConfirmationFragment } from "@/domain/flowers/catalogue";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import type { Db } from "@/server/db/client";
import { loadDealOwner } from "@/server/services/deals/deal-owner";
import { issueResumeToken } from "@/server/services/deals/resume-tokens";
import type { FlowerFunnelContext } from "@/server/services/flower-funnel/context";
import { flowerOrderEmail } from "@/server/services/flower-funnel/order-email";
import { getFlowerOrderById } from "@/server/services/flower-funnel/order-view";
import { ACCOUNT_LINK_DAYS } from "@/server/services/funeral-quote/funnel-context";
import { accountLink } from "@/server/services/funeral-quote/quote-email-job";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";

/**
 * The order e-mail job: once per idempotency key (a retried job never mails twice), to the
 * order's owner, on the host of the order's language, with a fresh resume token for the
 * confirmation page and, while the account has no password, the link to choose one.
 */
export async function deliverFlowerOrderEmail(
  db: Db,
  dealId: number,
  idempotencyKey: string,
  ctx: Pick<FlowerFunnelContext, "siteUrl" | "apiUrl" | "mailer">,
  now: Date,
  greetClientId: number | null = null,
): Promise<"sent" | "already_sent" | "no_recipient"> {
  const order = await getFlowerOrderById(db, dealId, "account");
  const holder = order ? await loadDealOwner(db, dealId) : null;
  if (!order || !holder?.email) return "no_recipient";
  const locale = localeOrDefault(order.locale);
  const origin = originForLocale(ctx.siteUrl, locale);
  const delivery = await sendDealEmailOnce(db, ctx.mailer, idempotencyKey, { dealId, kind: "flower_order", now }, async () => {
    const resumeToken = await issueResumeToken(db, dealId, now);
    return flowerOrderEmail({
      to: holder.email!,
      // The name in the greeting is the holder's own only when they ordered signed in.
      firstname: greetClientId === holder.id ? holder.firstname : null,
      locale,
      order,
      confirmationUrl: `${origin}${paths.flowersConfirmation()}#${flowerConfirmationFragment(order.uuid, resumeToken)}`,
      // Signing in is asked there: the id alone opens nothing for someone who does not hold the deal.
      paymentUrl: `${origin}${paths.dealPayment(order.id)}`,
      passwordUrl: holder.passwordHash === null ? await accountLink(db, holder.id, locale, ctx, now) : null,
      passwordDays: ACCOUNT_LINK_DAYS,
    });
  });
  return delivery.status;
}
