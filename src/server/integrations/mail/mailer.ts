import { join, resolve } from "node:path";
import { serverEnv, type ServerEnv } from "@/config/env";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { outboxMailer } from "@/server/integrations/mail/outbox";
import { smtpMailer } from "@/server/integrations/mail/smtp";

/** The outbox folder under DATA_DIR. */
export function outboxDir(env: Pick<ServerEnv, "DATA_DIR"> = serverEnv()): string {
  return join(resolve(env.DATA_DIR), "outbox");
}

/**
 * Whether the outbox may be read over HTTP: in development, and on a machine serving
 * itself on localhost (a local `npm start`, the browser tests). A public deployment has
 * a real SITE_URL and a production build, so its mail never shows.
 */
export function isOutboxReadable(env: Pick<ServerEnv, "NODE_ENV" | "SITE_URL"> = serverEnv()): boolean {
  if (env.NODE_ENV !== "production") return true;
  try {
    const host = new URL(env.SITE_URL).hostname;
    return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";
  } catch {
    return false;
  }
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
