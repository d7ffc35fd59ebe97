import { createHash } from "node:crypto";
import type { SentSms, SmsMessage, SmsSender } from "@/server/integrations/sms/sms-message";

/**
 * Production SMS through an HTTPS gateway (SMS_GATEWAY_URL), one JSON POST per message:
 *
 *   POST <SMS_GATEWAY_URL>
 *   Authorization: Bearer <SMS_GATEWAY_TOKEN>
 *   Idempotency-Key: <sha256 of our idempotency key>
 *   { "to": "+33612345678", "text": "...", "sender": "Paisible", "reference": "<same hash>" }
 *   → 2xx { "id": "..." }   (also accepted: "message_id", "messageId", or "messages": [{ "id" }])
 *
 * The shape most HTTP SMS APIs take or that a small relay in front of a carrier's API
 * (Twilio, Vonage, OVHcloud, Brevo...) exposes. Numbers are sent in E.164 (French 0X... →
 * +33X...). A refusal the provider may get over (5xx, 408, 429, network, timeout) is a
 * retryable failure: the job queue tries again with back-off, and the Idempotency-Key lets a
 * gateway drop a duplicate. Any other 4xx (bad number, bad credentials) is permanent.
 */
export class SmsGatewayError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(code);
    this.name = "SmsGatewayError";
  }
}

export interface SmsGatewayOptions {
  url: string;
  token: string;
  sender: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** E.164 of a number typed the French way or already international. */
export function toE164(phone: string): string {
  const compact = phone.replace(/[\s.\-()]/g, "");
  if (/^0[1-9]\d{8}$/.test(compact)) return `+33${compact.slice(1)}`;
  if (compact.startsWith("00")) return `+${compact.slice(2)}`;
  return compact;
}

function providerId(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  for (const key of ["id", "message_id", "messageId", "sid"]) {
    const value = record[key];
    if (typeof value === "string" || typeof value === "number") return String(value);
  }
  const messages = record.messages;
  if (Array.isArray(messages) && messages[0] && typeof messages[0] === "object") return providerId(messages[0]);
  return null;
}

export function smsGatewaySender(options: SmsGatewayOptions): SmsSender {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message: SmsMessage, sendOptions: { idempotencyKey?: string } = {}): Promise<SentSms> {
      const reference = sendOptions.idempotencyKey ? createHash("sha256").update(sendOptions.idempotencyKey).digest("hex").slice(0, 40) : undefined;
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${options.token}`,
            "content-type": "application/json",
            accept: "application/json",
            ...(reference ? { "idempotency-key": reference } : {}),
          },
          body: JSON.stringify({ to: toE164(message.to), text: message.text, sender: options.sender, reference }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const name = (error as { name?: string } | null)?.name;
        throw new SmsGatewayError(name === "TimeoutError" || name === "AbortError" ? "sms_gateway_timeout" : "sms_gateway_unreachable", true);
      }
      if (!response.ok) {
        // The body may quote the number: never kept, only the status.
        await response.body?.cancel().catch(() => undefined);
        const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
        throw new SmsGatewayError(`sms_gateway_http_${response.status}`, retryable);
      }
      const body: unknown = await response.json().catch(() => null);
      const id = providerId(body);
      if (!id) throw new SmsGatewayError("sms_gateway_bad_answer", true);
      return { id, transport: "gateway" };
    },
  };
}
