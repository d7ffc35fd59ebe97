import { desc, eq } from "drizzle-orm";
import type { CallLogInput } from "@/domain/schemas/deal-back-office";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealCommunications } from "@/server/db/schema/deals";
import { businessUsers } from "@/server/db/schema/users";
import { actorColumns, actorOf, type Actor } from "@/server/services/deals/deal-events";
import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";
import type { SmsMessage, SmsSender } from "@/server/integrations/sms/sms-message";
import { sendEmailOnce, sendSmsOnce, type Delivery } from "@/server/jobs/deliveries";

/**
 * The log of every e-mail, SMS and call of a deal (GET/POST /api/v1/deals/{id}/communications).
 * A job that writes to a family about a deal sends through sendDealEmailOnce or
 * sendDealSmsOnce: the message goes out once per delivery key (sendEmailOnce, sendSmsOnce)
 * and is logged on the deal once, by the same key.
 */

export async function recordDealCommunication(
  db: Db,
  input: { dealId: number; channel: "email" | "sms" | "call"; kind: string; recipient: string | null; subject: string | null; body?: string | null; deliveryKey?: string | null; businessUserId?: number | null; direction?: "outbound" | "inbound"; at: Date },
): Promise<void> {
  await db
    .insert(dealCommunications)
    .values({
      dealId: input.dealId,
      channel: input.channel,
      direction: input.direction ?? "outbound",
      kind: input.kind,
      recipient: input.recipient,
      subject: input.subject,
      body: input.body ?? null,
      deliveryKey: input.deliveryKey ?? null,
      businessUserId: input.businessUserId ?? null,
      occurredAt: input.at,
    })
    .onConflictDoNothing();
}

type DealMessage = { dealId: number; kind?: string; now?: Date };

/** Runs a once-per-key delivery and, when this run delivered it, logs the message on the deal under the same key. */
async function deliverAndLog<M extends { to: string; tag?: string }>(
  db: Db,
  channel: "email" | "sms",
  key: string,
  deal: DealMessage,
  build: () => Promise<M>,
  send: (build: () => Promise<M>) => Promise<Delivery>,
  describe: (message: M) => { subject: string | null; body: string | null },
): Promise<Delivery> {
  let built: M | null = null;
  const delivery = await send(async () => (built = await build()));
  if (delivery.status === "sent" && built) {
    const message: M = built;
    await recordDealCommunication(db, { dealId: deal.dealId, channel, kind: deal.kind ?? message.tag ?? channel, recipient: message.to, ...describe(message), deliveryKey: `${channel}:${key}`, at: deal.now ?? new Date() });
  }
  return delivery;
}

/** sendEmailOnce, logged on the deal as `kind` (the message's tag when none) when it is delivered. */
export function sendDealEmailOnce(db: Db, mailer: Mailer, key: string, deal: DealMessage, build: () => Promise<MailMessage>): Promise<Delivery> {
  return deliverAndLog(db, "email", key, deal, build, (b) => sendEmailOnce(db, mailer, key, b), (m) => ({ subject: m.subject, body: null }));
}

/** sendSmsOnce, logged on the deal as `kind` when it is delivered (the text is the log's body). */
export function sendDealSmsOnce(db: Db, sender: SmsSender, key: string, deal: DealMessage, build: () => Promise<SmsMessage>): Promise<Delivery> {
  return deliverAndLog(db, "sms", key, deal, build, (b) => sendSmsOnce(db, sender, key, b), (m) => ({ subject: null, body: m.text }));
}

export interface DealCommunicationView {
  id: number;
  channel: "email" | "sms" | "call";
  direction: "outbound" | "inbound";
  kind: string;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  by: Actor | null;
  occurred_at: number;
}

/** The deal's communications, newest first. */
export async function listDealCommunications(db: Db, dealId: number): Promise<DealCommunicationView[]> {
  const rows = await db
    .select({ row: dealCommunications, user: actorColumns })
    .from(dealCommunications)
    .leftJoin(businessUsers, eq(businessUsers.id, dealCommunications.businessUserId))
    .where(eq(dealCommunications.dealId, dealId))
    .orderBy(desc(dealCommunications.occurredAt), desc(dealCommunications.id));
  return rows.map(({ row, user }) => ({
    id: row.id,
    channel: row.channel,
    direction: row.direction,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    by: actorOf(user),
    occurred_at: epochSeconds(row.occurredAt),
  }));
}

/** An advisor logs a call by hand (who called whom, when, what was said). */
export async function logDealCall(db: Db, dealId: number, userId: number, input: CallLogInput, now: Date): Promise<DealCommunicationView> {
  const [user] = await db.select(actorColumns).from(businessUsers).where(eq(businessUsers.id, userId)).limit(1);
  const [row] = await db
    .insert(dealCommunications)
    .values({ dealId, channel: "call", direction: input.direction, kind: "call", recipient: input.contact ?? null, body: input.note, businessUserId: userId, occurredAt: input.occurred_at ?? now })
    .returning();
  return {
    id: row!.id,
    channel: "call",
    direction: row!.direction,
    kind: "call",
    recipient: row!.recipient,
    subject: null,
    body: row!.body,
    by: actorOf(user ?? null),
    occurred_at: epochSeconds(row!.occurredAt),
  };
}
