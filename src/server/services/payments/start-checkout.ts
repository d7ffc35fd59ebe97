import { eq, sql } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale, parseHost } from "@/i18n/locale-host";
import { dealPaymentTotals, type PaymentState } from "@/domain/payments/payment-machine";
import { countryRefusal, normalizeCountryCode, parsePlanKey, PROVIDER_OF_METHOD, type PaymentMethod } from "@/domain/payments/payment-methods";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { payments } from "@/server/db/schema/payments";
import { ApiError } from "@/server/http/errors";
import type { CheckoutRequest, PaymentProviders } from "@/server/integrations/payments/payment-provider";
import type { AuthSession } from "@/server/services/auth-tokens";
import { ABOVE_PART_ERROR, payableCents } from "@/domain/payments/payment-split";
import { requirePayer } from "@/server/services/payments/payment-access";
import { dealShares } from "@/server/services/payments/share-views";
import { paymentView, type PaymentRow } from "@/server/services/payments/payment-view";

export interface StartCheckoutInput {
  dealId: number;
  method: PaymentMethod;
  /** Cents to pay now; by default what this payer may pay. */
  amountCents?: number | undefined;
  /** The owner pays for the whole family, beyond their part of the split. */
  forEveryone?: boolean | undefined;
  /** Alma plan key. */
  plan?: string | undefined;
  locale: string;
  /** The host the payer is on (their language's, where they are signed in); the site's own hosts only. */
  payerHost?: string | undefined;
  today: string;
}

/**
 * Where the payer comes back: the host they left from when it is one of the site's
 * ({locale}.host or {locale}--host, where their session lives), else their language's
 * host built from the site's address, so the confirmation speaks their language.
 */
function returnOrigin(siteUrl: string, locale: string, payerHost: string | undefined): string {
  const site = new URL(siteUrl);
  if (payerHost && parseHost(payerHost).baseHost === parseHost(site.host).baseHost && /^[a-z0-9.:-]+$/i.test(payerHost)) return `${site.protocol}//${payerHost.toLowerCase()}`;
  return originForLocale(siteUrl, localeOrDefault(locale));
}

/** Where each provider sends the payer back, and notifies us (always the site's own address). */
function urlsFor(method: PaymentMethod, paymentId: number, siteUrl: string, back: string): Pick<CheckoutRequest, "returnUrl" | "notifyUrl"> {
  if (method === "card") return { returnUrl: `${back}/api/v1/payments/worldline/callback`, notifyUrl: `${siteUrl}/api/v1/payments/worldline/callback` };
  if (method === "instalments") return { returnUrl: `${back}/api/v1/payments/alma/callback`, notifyUrl: `${siteUrl}/api/v1/payments/alma/callback` };
  return { returnUrl: `${back}/paiement/confirmation/${paymentId}`, notifyUrl: `${siteUrl}/api/v1/fintecture/payment` };
}

/**
 * Starts paying a deal: checks the payer holds it (404), their country (SPEC §5: a code is
 * required; §9: card countries), the amount against what remains due and against the
 * payer's part of the family split (payableCents), then records the
 * payment and asks the provider for its hosted page. The deal row is locked while the
 * amount is checked, so two checkouts started together cannot both claim the same balance.
 */
export async function startCheckout(db: Db, providers: PaymentProviders, auth: AuthSession, input: StartCheckoutInput) {
  const { deal, payer, role } = await requirePayer(db, auth, input.dealId);
  const refusal = countryRefusal(input.method, payer.countryCode);
  if (refusal) throw new ApiError(422, refusal);
  const countryCode = normalizeCountryCode(payer.countryCode)!;
  const plan = input.method === "instalments" ? parsePlanKey(input.plan ?? "") : null;
  if (input.method === "instalments" && !plan) throw new ApiError(422, "payment__plan__invalid");
  if (!deal.totalCents || deal.totalCents <= 0) throw new ApiError(422, "payment__deal__not_payable");
  const provider = providers[PROVIDER_OF_METHOD[input.method]];

  const row: PaymentRow = await db.transaction(async (tx) => {
    await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, deal.id)).for("update");
    const existing = await tx
      .select({ status: payments.status, amountCents: payments.amountCents, capturedCents: payments.capturedCents, refundedCents: payments.refundedCents })
      .from(payments)
      .where(eq(payments.dealId, deal.id));
    const totals = dealPaymentTotals(deal.totalCents!, existing.map((p) => ({ ...p, status: p.status as PaymentState })));
    if (totals.remainingCents <= 0) throw new ApiError(422, "payment__deal__nothing_due");
    // The family split (if any) limits this payer, counted under the same lock.
    const parts = (await dealShares(tx, deal.id)).map((s) => ({ clientId: s.client_id, remainingCents: s.remaining_cents }));
    const payable = payableCents({ balanceCents: totals.remainingCents, parts, payerClientId: payer.clientId, forEveryone: input.forEveryone === true, isOwner: role === "owner" });
    const amountCents = input.amountCents ?? payable.cents;
    if (amountCents > totals.remainingCents) throw new ApiError(422, "payment__amount__above_remaining");
    if (amountCents > payable.cents || amountCents <= 0) throw new ApiError(422, ABOVE_PART_ERROR);
    const [created] = await tx
      .insert(payments)
      .values({ dealId: deal.id, payerClientId: payer.clientId, provider: provider.name, amountCents, countryCode, plan: input.plan && plan ? input.plan : null })
      .returning();
    return created!;
  });

  if (plan) {
    const plans = await providers.alma.eligiblePlans(row.amountCents, input.today).catch(async () => {
      await db.update(payments).set({ status: "failed", failureCode: "payment__provider__unavailable" }).where(eq(payments.id, row.id));
      throw new ApiError(503, "payment__provider__unavailable");
    });
    const offered = plans.find((p) => p.installments === plan.installments && p.deferredDays === plan.deferredDays);
    if (!offered?.eligible) {
      await db.update(payments).set({ status: "cancelled", failureCode: "payment__plan__not_eligible" }).where(eq(payments.id, row.id));
      throw new ApiError(422, "payment__plan__not_eligible");
    }
  }

  const request: CheckoutRequest = {
    paymentId: row.id,
    amountCents: row.amountCents,
    currency: "EUR",
    locale: input.locale,
    payer: { email: payer.email, firstname: payer.firstname, lastname: payer.lastname, countryCode },
    ...urlsFor(input.method, row.id, serverEnv().SITE_URL, returnOrigin(serverEnv().SITE_URL, input.locale, input.payerHost)),
  };
  let checkout;
  try {
    checkout = plan
      ? await providers.alma.createCheckout({ ...request, plan })
      : input.method === "card"
        ? await providers.worldline.createCheckout(request)
        : await providers.fintecture.createCheckout(request);
  } catch (error) {
    console.error(`[payments] ${provider.name} checkout for payment ${row.id} failed: ${error instanceof Error ? error.message : "unknown"}`);
    await db.update(payments).set({ status: "failed", failureCode: "payment__provider__unavailable" }).where(eq(payments.id, row.id));
    throw new ApiError(503, "payment__provider__unavailable");
  }
  const [updated] = await db
    .update(payments)
    .set({ externalId: checkout.externalId, redirectUrl: checkout.redirectUrl, updatedAt: sql`now()` })
    .where(eq(payments.id, row.id))
    .returning();
  return {
    data: paymentView(updated!, { id: payer.clientId, firstname: payer.firstname, lastname: payer.lastname }),
    redirect_url: checkout.redirectUrl,
    external_id: checkout.externalId,
    sandbox: provider.mode === "sandbox",
  };
}
