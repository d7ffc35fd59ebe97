import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { deliveries } from "@/server/db/schema/jobs";
import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";
import type { SmsMessage, SmsSender } from "@/server/integrations/sms/sms-message";

/**
 * Sending at most once per idempotency key: what was delivered is recorded, and a job
 * that runs again (a retry, or a worker that died after sending) finds it and stops.
 * `build` runs only when nothing was delivered yet, so a message carrying a fresh
 * single-use link (a password token) is not re-issued, and the link already mailed keeps working.
 */
export type Delivery = { status: "sent" | "already_sent"; id: string };

async function recorded(db: Db, channel: "email" | "sms", key: string): Promise<string | null> {
  const [row] = await db
    .select({ externalId: deliveries.externalId })
    .from(deliveries)
    .where(and(eq(deliveries.channel, channel), eq(deliveries.idempotencyKey, key)))
    .limit(1);
  return row?.externalId ?? null;
}

async function record(db: Db, channel: "email" | "sms", key: string, sent: { id: string; transport: string }, tag: string | undefined) {
  await db
    .insert(deliveries)
    .values({ channel, idempotencyKey: key, transport: sent.transport, externalId: sent.id, tag: tag ?? null })
    .onConflictDoNothing();
}

export async function sendEmailOnce(db: Db, mailer: Mailer, key: string, build: () => Promise<MailMessage>): Promise<Delivery> {
  const prior = await recorded(db, "email", key);
  if (prior !== null) return { status: "already_sent", id: prior };
  const message = await build();
  const sent = await mailer.send(message, { idempotencyKey: key });
  await record(db, "email", key, sent, message.tag);
  return { status: "sent", id: sent.id };
}

export async function sendSmsOnce(db: Db, sender: SmsSender, key: string, build: () => Promise<SmsMessage>): Promise<Delivery> {
  const prior = await recorded(db, "sms", key);
  if (prior !== null) return { status: "already_sent", id: prior };
  const message = await build();
  const sent = await sender.send(message, { idempotencyKey: key });
  await record(db, "sms", key, sent, message.tag);
  return { status: "sent", id: sent.id };
}
