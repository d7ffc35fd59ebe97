import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { serverEnv, type ServerEnv } from "@/config/env";
import { writeOutboxFile } from "@/server/integrations/mail/outbox";
import type { SentSms, SmsMessage, SmsSender } from "@/server/integrations/sms/sms-message";

/**
 * The embedded default for SMS (no SMS provider is configured in this product yet): each
 * message is a JSON file under DATA_DIR/sms-outbox, like the e-mail outbox; nothing
 * leaves the machine. A provider plugs in behind SmsSender.
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

export function getSmsSender(): SmsSender {
  return override ?? smsOutboxSender(smsOutboxDir());
}
