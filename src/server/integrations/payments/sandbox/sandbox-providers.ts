import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { planKey, sandboxEligiblePlans, type PaymentProviderName } from "@/domain/payments/payment-methods";
import type { Db } from "@/server/db/client";
import { paymentSandboxCheckouts } from "@/server/db/schema/payment-sandbox";
import {
  ProviderError,
  type BankTransferProvider,
  type CallbackEnvelope,
  type CardProvider,
  type CheckoutRequest,
  type InstalmentProvider,
  type ProviderOutcome,
  type ProviderPaymentStatus,
} from "@/server/integrations/payments/payment-provider";
import { redirectPayload, SANDBOX_SIGNATURE_HEADER, verify, verifyWebhook } from "@/server/integrations/payments/sandbox/sandbox-signature";

/**
 * The embedded sandbox seen from the product: the same interface as the real providers,
 * answered from the sandbox's own records (payment_sandbox_checkouts), which only the
 * sandbox's hosted pages (sandbox-pages.ts, served at /sandbox-psp/…) change.
 */

const PREFIX: Record<PaymentProviderName, string> = { worldline: "hc_", alma: "payment_", fintecture: "ses_" };

/** The page of the sandbox "provider" a payer is sent to, in their language (as a real hosted page takes a locale). */
export function sandboxPageUrl(provider: PaymentProviderName, externalId: string, siteUrl = serverEnv().SITE_URL, locale?: string): string {
  const page = `${siteUrl}/sandbox-psp/${provider}/${encodeURIComponent(externalId)}`;
  return locale ? `${page}?${new URLSearchParams({ lang: locale }).toString()}` : page;
}

function toStatus(row: { status: string; amountCents: number; refundedCents: number; plan: string | null; bank: string | null }): ProviderPaymentStatus {
  const outcome = row.status as ProviderOutcome;
  return {
    outcome,
    amountCents: outcome === "captured" ? row.amountCents : null,
    details: { status: row.status, refunded_cents: row.refundedCents, plan: row.plan, bank: row.bank },
  };
}

function sandboxBase(db: Db, provider: PaymentProviderName) {
  async function createCheckout(request: CheckoutRequest, plan: string | null = null) {
    const id = `${PREFIX[provider]}${randomBytes(18).toString("base64url")}`;
    await db.insert(paymentSandboxCheckouts).values({
      id,
      provider,
      merchantReference: String(request.paymentId),
      amountCents: request.amountCents,
      currency: request.currency,
      plan,
      returnUrl: request.returnUrl,
      notifyUrl: request.notifyUrl,
    });
    return { externalId: id, redirectUrl: sandboxPageUrl(provider, id, serverEnv().SITE_URL, request.locale) };
  }
  return {
    mode: "sandbox" as const,
    createCheckout,
    async fetchStatus(externalId: string): Promise<ProviderPaymentStatus> {
      const [row] = await db
        .select()
        .from(paymentSandboxCheckouts)
        .where(and(eq(paymentSandboxCheckouts.id, externalId), eq(paymentSandboxCheckouts.provider, provider)))
        .limit(1);
      if (!row) throw new ProviderError(provider, "unknown checkout");
      return toStatus(row);
    },
    async verifyCallback(envelope: CallbackEnvelope): Promise<boolean> {
      const header = envelope.headers[SANDBOX_SIGNATURE_HEADER];
      if (header !== undefined) return verifyWebhook(envelope.rawBody, header, new Date());
      return verify(redirectPayload(provider, envelope.externalId), envelope.query.signature);
    },
    async refund(externalId: string, amountCents: number, refundKey: string) {
      const updated = await db
        .update(paymentSandboxCheckouts)
        .set({ refundedCents: sql`${paymentSandboxCheckouts.refundedCents} + ${amountCents}` })
        .where(
          and(
            eq(paymentSandboxCheckouts.id, externalId),
            eq(paymentSandboxCheckouts.provider, provider),
            eq(paymentSandboxCheckouts.status, "captured"),
            sql`${paymentSandboxCheckouts.refundedCents} + ${amountCents} <= ${paymentSandboxCheckouts.amountCents}`,
          ),
        )
        .returning({ id: paymentSandboxCheckouts.id });
      if (updated.length === 0) throw new ProviderError(provider, "refund refused");
      return { refundId: `rf_${refundKey}` };
    },
  };
}

export function sandboxCardProvider(db: Db): CardProvider {
  const base = sandboxBase(db, "worldline");
  return { ...base, name: "worldline", createCheckout: (request) => base.createCheckout(request) };
}

export function sandboxInstalmentProvider(db: Db): InstalmentProvider {
  const base = sandboxBase(db, "alma");
  return {
    ...base,
    name: "alma",
    createCheckout: (request) => base.createCheckout(request, planKey(request.plan)),
    eligiblePlans: async (amountCents, today) => sandboxEligiblePlans(amountCents, today),
  };
}

export function sandboxBankTransferProvider(db: Db): BankTransferProvider {
  const base = sandboxBase(db, "fintecture");
  return { ...base, name: "fintecture", createCheckout: (request) => base.createCheckout(request) };
}
