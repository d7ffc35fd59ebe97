import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServerEnv } from "@/config/env";
import { INSTALMENT_PLANS, type InstalmentPlan } from "@/domain/payments/payment-methods";
import { ProviderError, type InstalmentProvider, type ProviderOutcome } from "@/server/integrations/payments/payment-provider";

/**
 * Instalments through Alma's REST API (https://docs.almapay.com): payments are created
 * with POST /v1/payments, read with GET /v1/payments/{id}, refunded with
 * POST /v1/payments/{id}/refund; eligibility is POST /v2/payments/eligibility.
 * Alma signs its IPN with X-Alma-Signature (HMAC-SHA256 of the payment id, API key).
 */
type AlmaEnv = { ALMA_API_KEY: string } & Pick<ServerEnv, "ALMA_API_URL">;

export function almaOutcome(state: string | undefined): ProviderOutcome {
  switch (state) {
    case "in_progress":
    case "paid":
      // Alma pays the merchant the whole amount once the first instalment is taken.
      return "captured";
    case "scored_no":
    case "scored_maybe":
      return "failed";
    case "canceled":
      return "cancelled";
    case "scored_yes":
      return "pending";
    default:
      return "created";
  }
}

export function almaProvider(env: AlmaEnv): InstalmentProvider {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${env.ALMA_API_URL}${path}`, {
      method,
      headers: { authorization: `Alma-Auth ${env.ALMA_API_KEY}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new ProviderError("alma", `${method} ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    name: "alma",
    mode: "live",
    async createCheckout(request) {
      const created = await call<{ id: string; url: string }>("POST", "/v1/payments", {
        payment: {
          purchase_amount: request.amountCents,
          installments_count: request.plan.installments,
          deferred_days: request.plan.deferredDays,
          return_url: request.returnUrl,
          customer_cancel_url: request.returnUrl,
          ipn_callback_url: request.notifyUrl,
          locale: request.locale,
          billing_address: { country: request.payer.countryCode.toUpperCase() },
          custom_data: { payment_id: request.paymentId },
        },
        customer: { email: request.payer.email, first_name: request.payer.firstname, last_name: request.payer.lastname },
      });
      return { externalId: created.id, redirectUrl: created.url };
    },
    async eligiblePlans(amountCents) {
      type Answer = { eligible: boolean; installments_count: number; deferred_days?: number; payment_plan?: Array<{ due_date: number; purchase_amount: number; customer_fee: number }> };
      const answers = await call<Answer[]>("POST", "/v2/payments/eligibility", {
        purchase_amount: amountCents,
        queries: INSTALMENT_PLANS.map((plan) => ({ installments_count: plan.installments, deferred_days: plan.deferredDays })),
      });
      return INSTALMENT_PLANS.map((plan): InstalmentPlan => {
        const answer = answers.find((a) => a.installments_count === plan.installments && (a.deferred_days ?? 0) === plan.deferredDays);
        const schedule = (answer?.eligible ? (answer.payment_plan ?? []) : []).map((i) => ({
          dueDate: new Date(i.due_date * 1000).toISOString().slice(0, 10),
          amountCents: i.purchase_amount + i.customer_fee,
          feeCents: i.customer_fee,
        }));
        return { ...plan, eligible: Boolean(answer?.eligible), schedule, totalFeeCents: schedule.reduce((sum, i) => sum + i.feeCents, 0) };
      });
    },
    async fetchStatus(externalId) {
      const payment = await call<{ state?: string; purchase_amount?: number }>("GET", `/v1/payments/${encodeURIComponent(externalId)}`);
      const outcome = almaOutcome(payment.state);
      return { outcome, amountCents: outcome === "captured" ? (payment.purchase_amount ?? null) : null, details: { state: payment.state ?? null } };
    },
    async verifyCallback(envelope) {
      const signature = envelope.headers["x-alma-signature"];
      // The payer's return carries only the pid: its state is fetched, nothing else is read.
      if (!signature) return true;
      const expected = createHmac("sha256", env.ALMA_API_KEY).update(envelope.externalId).digest("hex");
      return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    },
    async refund(externalId, amountCents, refundKey) {
      const refunded = await call<{ refunds?: Array<{ id: string }> }>("POST", `/v1/payments/${encodeURIComponent(externalId)}/refund`, { amount: amountCents, merchant_reference: refundKey });
      return { refundId: refunded.refunds?.at(-1)?.id ?? refundKey };
    },
  };
}

