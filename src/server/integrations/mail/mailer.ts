import { join, resolve } from "node:path";
import { serverEnv, type ServerEnv } from "@/config/env";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { outboxMailer } from "@/server/integrations/mail/outbox";
import { smtpMailer } from "@/server/integrations/mail/smtp";

/** The outbox folder under DATA_DIR. */
export function outboxDir(env: Pick<ServerEnv, "DATA_DIR"> = serverEnv()): string {
  return join(resolve(env.DATA_DIR), "outbox");
}

let override: Mailer | null = null;

/** Replaces the mailer (tests that need to watch or fail deliveries); null restores the default. */
export function setMailer(mailer: Mailer | null): void {
  override = mailer;
}

const smtpMailers = new Map<string, Mailer>();

/** SMTP when SMTP_URL is configured (one transport per server), the outbox otherwise. */
export function getMailer(env: ServerEnv = serverEnv()): Mailer {
  if (override) return override;
  if (!env.SMTP_URL) return outboxMailer(outboxDir(env), env.MAIL_FROM);
  const key = `${env.SMTP_URL}\n${env.MAIL_FROM}`;
  let mailer = smtpMailers.get(key);
  if (!mailer) {
    mailer = smtpMailer(env.SMTP_URL, env.MAIL_FROM);
    smtpMailers.set(key, mailer);
  }
  return mailer;
}
