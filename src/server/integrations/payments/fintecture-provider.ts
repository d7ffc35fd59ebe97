import { createHash, createSign, randomUUID } from "node:crypto";
import type { ServerEnv } from "@/config/env";
import { ProviderError, type BankTransferProvider, type ProviderOutcome } from "@/server/integrations/payments/payment-provider";
import { personName } from "@/domain/person-name";

/**
 * Bank transfer by open banking through Fintecture's REST API (https://docs.fintecture.com):
 * an OAuth client-credentials token, requests signed with the application's private key
 * (HTTP signature over (request-target), date, digest, x-request-id), a connect session
 * (POST /pis/v2/connect) the payer finishes at their bank, the status read with
 * GET /pis/v2/payments/{session_id}, refunds with POST /pis/v2/refund. Webhooks are
 * never trusted on their own: they trigger the status read.
 */
type FintectureEnv = { FINTECTURE_APP_ID: string; FINTECTURE_APP_SECRET: string; FINTECTURE_PRIVATE_KEY: string } & Pick<ServerEnv, "FINTECTURE_API_URL">;

export function fintectureOutcome(status: string | undefined): ProviderOutcome {
  switch (status) {
    case "payment_created":
      return "captured";
    case "payment_pending":
    case "payment_waiting":
    case "sca_required":
    case "provider_required":
      return "pending";
    case "payment_unsuccessful":
    case "payment_error":
      return "failed";
    case "payment_cancelled":
    case "payment_expired":
      return "cancelled";
    default:
      return "created";
  }
}

const euroString = (cents: number) => (cents / 100).toFixed(2);

export function fintectureProvider(env: FintectureEnv): BankTransferProvider {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 30_000) return token.value;
    const response = await fetch(`${env.FINTECTURE_API_URL}/oauth/accesstoken`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${env.FINTECTURE_APP_ID}:${env.FINTECTURE_APP_SECRET}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "client_credentials", app_id: env.FINTECTURE_APP_ID, scope: "PIS" }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new ProviderError("fintecture", `token answered ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in?: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? "" : JSON.stringify(body);
    const date = new Date().toUTCString();
    const requestId = randomUUID();
    const digest = `SHA-256=${createHash("sha256").update(payload).digest("base64")}`;
    const signed = [`(request-target): ${method.toLowerCase()} ${path}`, `date: ${date}`, ...(payload ? [`digest: ${digest}`] : []), `x-request-id: ${requestId}`].join("\n");
    const signature = createSign("RSA-SHA256").update(signed).sign(env.FINTECTURE_PRIVATE_KEY, "base64");
    const response = await fetch(`${env.FINTECTURE_API_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: "application/json",
        "content-type": "application/json",
        date,
        "x-request-id": requestId,
        ...(payload ? { digest } : {}),
        signature: `keyId="${env.FINTECTURE_APP_ID}",algorithm="rsa-sha256",headers="(request-target) date${payload ? " digest" : ""} x-request-id",signature="${signature}"`,
      },
      body: payload || undefined,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new ProviderError("fintecture", `${method} ${path.split("?")[0]} answered ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    name: "fintecture",
    mode: "live",
    async createCheckout(request) {
      const query = new URLSearchParams({ redirect_uri: request.returnUrl, state: String(request.paymentId) });
      const created = await call<{ meta: { session_id: string; url: string } }>("POST", `/pis/v2/connect?${query}`, {
        meta: { psu_name: personName(request.payer) || undefined, psu_email: request.payer.email ?? undefined },
        data: { type: "PIS", attributes: { amount: euroString(request.amountCents), currency: request.currency, communication: `PAISIBLE ${request.paymentId}` } },
      });
      return { externalId: created.meta.session_id, redirectUrl: created.meta.url };
    },
    async fetchStatus(externalId) {
      const payment = await call<{ meta?: { status?: string }; data?: { attributes?: { amount?: string } } }>("GET", `/pis/v2/payments/${encodeURIComponent(externalId)}`);
      const outcome = fintectureOutcome(payment.meta?.status);
      const amount = payment.data?.attributes?.amount;
      return { outcome, amountCents: outcome === "captured" && amount ? Math.round(Number(amount) * 100) : null, details: { status: payment.meta?.status ?? null } };
    },
    async verifyCallback(envelope) {
      // A webhook whose digest does not match its body was altered; a matching one still only triggers the status read.
      const digest = envelope.headers["digest"];
      if (!digest) return true;
      return digest === `SHA-256=${createHash("sha256").update(envelope.rawBody).digest("base64")}`;
    },
    async refund(externalId, amountCents, refundKey) {
      const refunded = await call<{ meta?: { session_id?: string } }>("POST", "/pis/v2/refund", {
        meta: { session_id: externalId },
        data: { attributes: { amount: euroString(amountCents), currency: "EUR", communication: refundKey } },
      });
      return { refundId: refunded.meta?.session_id ?? refundKey };
    },
  };
}
