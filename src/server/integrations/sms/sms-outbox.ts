import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { serverEnv, type ServerEnv } from "@/config/env";
import { listOutboxFiles, writeOutboxFile } from "@/server/integrations/mail/outbox";
import { smsGatewaySender } from "@/server/integrations/sms/sms-gateway";
import type { SentSms, SmsMessage, SmsSender } from "@/server/integrations/sms/sms-message";

/**
 * The embedded default for SMS: each message is a JSON file under DATA_DIR/sms-outbox,
 * like the e-mail outbox; nothing leaves the machine (read in development at
 * /api/dev/sms-outbox). With SMS_GATEWAY_URL set, messages go through the HTTPS gateway
 * adapter (sms-gateway.ts) instead.
 */
export function smsOutboxDir(env: Pick<ServerEnv, "DATA_DIR"> = serverEnv()): string {
  return join(resolve(env.DATA_DIR), "sms-outbox");
}

export function smsOutboxSender(dir: string, clock: () => Date = () => new Date()): SmsSender {
  return {
    async send(message: SmsMessage, options: { idempotencyKey?: string } = {}): Promise<SentSms> {
      const now = clock();
      const id = `${now.toISOString().replace(/[-:.]/g, "").replace(/(\d{8}T\d{6})(\d{3})Z/, "$1$2Z")}-${randomBytes(6).toString("hex")}`;
      const stored = { id, created_at: now.toISOString(), ...message };
      const written = await writeOutboxFile(dir, id, stored, options.idempotencyKey);
      return { id: written, transport: "outbox" };
    },
  };
}

let override: SmsSender | null = null;

/** Replaces the SMS sender (tests); null restores the default. */
export function setSmsSender(sender: SmsSender | null): void {
  override = sender;
}

/** The gateway when SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN are set, the outbox otherwise. */
export function getSmsSender(env: ServerEnv = serverEnv()): SmsSender {
  if (override) return override;
  if (env.SMS_GATEWAY_URL && env.SMS_GATEWAY_TOKEN) {
    return smsGatewaySender({ url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN, sender: env.SMS_SENDER, timeoutMs: env.SMS_GATEWAY_TIMEOUT_MS });
  }
  return smsOutboxSender(smsOutboxDir(env));
}

export interface StoredSms extends SmsMessage {
  id: string;
  /** ISO 8601. */
  created_at: string;
}

/** Text messages of the outbox, newest first, optionally only those to one number (as typed). */
export async function listSmsOutbox(dir: string, options: { to?: string; limit?: number } = {}): Promise<StoredSms[]> {
  const wanted = options.to?.replace(/[\s.\-()]/g, "");
  return listOutboxFiles<StoredSms>(dir, (sms) => !wanted || sms.to.replace(/[\s.\-()]/g, "") === wanted, options.limit);
}
