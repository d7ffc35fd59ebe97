import onlinePayments from "onlinepayments-sdk-nodejs";
import type { ServerEnv } from "@/config/env";
import { ProviderError, type CardProvider, type ProviderOutcome } from "@/server/integrations/payments/payment-provider";

/**
 * Card payments through Worldline's hosted checkout, with its official Node SDK.
 * The payer types the card on Worldline's page; we read the outcome with
 * getHostedCheckout (server to server) and verify webhooks with the SDK's signature check.
 */
type WorldlineEnv = Pick<ServerEnv, "WORLDLINE_HOST" | "WORLDLINE_WEBHOOK_KEY_ID" | "WORLDLINE_WEBHOOK_SECRET"> & {
  WORLDLINE_API_KEY_ID: string;
  WORLDLINE_API_SECRET: string;
  WORLDLINE_MERCHANT_ID: string;
};

/** Worldline's payment statuses, as its documentation lists them, to our outcomes. */
export function worldlineOutcome(hostedStatus: string | null | undefined, paymentStatus: string | null | undefined): ProviderOutcome {
  switch (paymentStatus) {
    case "CAPTURED":
      return "captured";
    case "REJECTED":
    case "REJECTED_CAPTURE":
      return "failed";
    case "CANCELLED":
      return "cancelled";
    case "PENDING_CAPTURE":
    case "CAPTURE_REQUESTED":
    case "AUTHORIZATION_REQUESTED":
    case "PENDING_PAYMENT":
    case "REDIRECTED":
      return "pending";
  }
  if (hostedStatus === "CANCELLED_BY_CONSUMER") return "cancelled";
  if (hostedStatus === "CLIENT_NOT_ELIGIBLE_FOR_SELECTED_PAYMENT_PRODUCT") return "failed";
  return hostedStatus === "PAYMENT_CREATED" ? "pending" : "created";
}

export function worldlineProvider(env: WorldlineEnv): CardProvider {
  const client = onlinePayments.init({ host: env.WORLDLINE_HOST, apiKeyId: env.WORLDLINE_API_KEY_ID, secretApiKey: env.WORLDLINE_API_SECRET, integrator: "Paisible" });
  const merchant = env.WORLDLINE_MERCHANT_ID;
  const keyStore = onlinePayments.webhooks.inMemorySecretKeyStore;
  if (env.WORLDLINE_WEBHOOK_KEY_ID && env.WORLDLINE_WEBHOOK_SECRET) keyStore.storeSecretKey(env.WORLDLINE_WEBHOOK_KEY_ID, env.WORLDLINE_WEBHOOK_SECRET);
  const webhooks = onlinePayments.webhooks.init(keyStore);

  async function hosted(externalId: string) {
    const response = await client.hostedCheckout.getHostedCheckout(merchant, externalId);
    if (!response.isSuccess) throw new ProviderError("worldline", `getHostedCheckout answered ${response.status}`);
    return response.body;
  }

  return {
    name: "worldline",
    mode: "live",
    async createCheckout(request) {
      const response = await client.hostedCheckout.createHostedCheckout(merchant, {
        order: {
          amountOfMoney: { amount: request.amountCents, currencyCode: request.currency },
          references: { merchantReference: `paisible-${request.paymentId}` },
          customer: { billingAddress: { countryCode: request.payer.countryCode.toUpperCase() }, contactDetails: request.payer.email ? { emailAddress: request.payer.email } : null },
        },
        cardPaymentMethodSpecificInput: { authorizationMode: "SALE" },
        hostedCheckoutSpecificInput: { returnUrl: request.returnUrl, locale: request.locale === "fr" ? "fr_FR" : "en_GB", showResultPage: false },
      });
      if (!response.isSuccess || !response.body.hostedCheckoutId || !response.body.redirectUrl) throw new ProviderError("worldline", `createHostedCheckout answered ${response.status}`);
      return { externalId: response.body.hostedCheckoutId, redirectUrl: response.body.redirectUrl };
    },
    async fetchStatus(externalId) {
      const body = await hosted(externalId);
      const payment = body.createdPaymentOutput?.payment;
      const outcome = worldlineOutcome(body.status, payment?.status);
      const amount = payment?.paymentOutput?.acquiredAmount?.amount ?? payment?.paymentOutput?.amountOfMoney?.amount ?? null;
      return { outcome, amountCents: outcome === "captured" ? amount : null, details: { status: body.status ?? null, payment_status: payment?.status ?? null, payment_id: payment?.id ?? null } };
    },
    async verifyCallback(envelope) {
      // The browser's return carries only the checkout id: its status is fetched, nothing else is read.
      if (!envelope.headers["x-gcs-signature"]) return true;
      try {
        await webhooks.validate(envelope.rawBody, envelope.headers);
        return true;
      } catch {
        return false;
      }
    },
    async refund(externalId, amountCents, refundKey) {
      const paymentId = (await hosted(externalId)).createdPaymentOutput?.payment?.id;
      if (!paymentId) throw new ProviderError("worldline", "no payment to refund");
      const response = await client.payments.refundPayment(merchant, paymentId, { amountOfMoney: { amount: amountCents, currencyCode: "EUR" }, references: { merchantReference: refundKey } });
      if (!response.isSuccess || !response.body.id) throw new ProviderError("worldline", `refundPayment answered ${response.status}`);
      return { refundId: response.body.id };
    },
  };
}
