import { desc, eq } from "drizzle-orm";
import type { CallLogInput } from "@/domain/schemas/deal-back-office";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealCommunications } from "@/server/db/schema/deals";
import { businessUsers } from "@/server/db/schema/users";
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

/** sendEmailOnce, logged on the deal as `kind` when it is delivered (the tag of the message when none). */
export async function sendDealEmailOnce(db: Db, mailer: Mailer, key: string, deal: { dealId: number; kind?: string; now?: Date }, build: () => Promise<MailMessage>): Promise<Delivery> {
  let built: MailMessage | null = null;
  const delivery = await sendEmailOnce(db, mailer, key, async () => (built = await build()));
  if (delivery.status === "sent" && built) {
    const message: MailMessage = built;
    await recordDealCommunication(db, {
      dealId: deal.dealId,
      channel: "email",
      kind: deal.kind ?? message.tag ?? "email",
      recipient: message.to,
      subject: message.subject,
      deliveryKey: `email:${key}`,
      at: deal.now ?? new Date(),
    });
  }
  return delivery;
}

/** sendSmsOnce, logged on the deal as `kind` when it is delivered (the text is the log's body). */
export async function sendDealSmsOnce(db: Db, sender: SmsSender, key: string, deal: { dealId: number; kind?: string; now?: Date }, build: () => Promise<SmsMessage>): Promise<Delivery> {
  let built: SmsMessage | null = null;
  const delivery = await sendSmsOnce(db, sender, key, async () => (built = await build()));
  if (delivery.status === "sent" && built) {
    const message: SmsMessage = built;
    await recordDealCommunication(db, {
      dealId: deal.dealId,
      channel: "sms",
      kind: deal.kind ?? message.tag ?? "sms",
      recipient: message.to,
      subject: null,
      body: message.text,
      deliveryKey: `sms:${key}`,
      at: deal.now ?? new Date(),
    });
  }
  return delivery;
}

export interface DealCommunicationView {
  id: number;
  channel: "email" | "sms" | "call";
  direction: "outbound" | "inbound";
  kind: string;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  by: { id: number; firstname: string; lastname: string } | null;
  occurred_at: number;
}

/** The deal's communications, newest first. */
export async function listDealCommunications(db: Db, dealId: number): Promise<DealCommunicationView[]> {
  const rows = await db
    .select({ row: dealCommunications, user: { id: businessUsers.id, firstname: businessUsers.firstname, lastname: businessUsers.lastname } })
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
    by: user?.id ? { id: user.id, firstname: user.firstname, lastname: user.lastname } : null,
    occurred_at: epochSeconds(row.occurredAt),
  }));
}

/** An advisor logs a call by hand (who called whom, when, what was said). */
export async function logDealCall(db: Db, dealId: number, user: { id: number; firstname: string; lastname: string }, input: CallLogInput, now: Date): Promise<DealCommunicationView> {
  const [row] = await db
    .insert(dealCommunications)
    .values({ dealId, channel: "call", direction: input.direction, kind: "call", recipient: input.contact ?? null, body: input.note, businessUserId: user.id, occurredAt: input.occurred_at ?? now })
    .returning();
  return {
    id: row!.id,
    channel: "call",
    direction: row!.direction,
    kind: "call",
    recipient: row!.recipient,
    subject: null,
    body: row!.body,
    by: user,
    occurred_at: epochSeconds(row!.occurredAt),
  };
}
