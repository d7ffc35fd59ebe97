import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Locale } from "@/domain/locales";
import type { AiAgentSlug, ChatConversation, ChatConversationView, ChatMessage } from "@/domain/schemas/chat";
import type { Db } from "@/server/db/client";
import { chatConversations, chatFeedbacks, chatMessages } from "@/server/db/schema/chat";
import { notFoundError } from "@/server/http/errors";

/**
 * Conversations live `ttlHours` after their last question, then are erased with their
 * messages and feedbacks: lazily by whoever reaches an expired one, and by the maintenance job.
 */

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
type FeedbackRow = typeof chatFeedbacks.$inferSelect;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function expiryFrom(now: Date, ttlHours: number): Date {
  return new Date(now.getTime() + ttlHours * 3600 * 1000);
}

export function toConversation(row: ConversationRow): ChatConversation {
  return {
    id: row.id,
    ai_agent_slug: row.aiAgentSlug as AiAgentSlug,
    locale: row.locale as Locale,
    engine: row.engine as ChatConversation["engine"],
    created_at: seconds(row.createdAt),
    expires_at: seconds(row.expiresAt),
  };
}

export function toFeedback(row: FeedbackRow) {
  return { id: row.id, message_id: row.messageId, useful: row.useful, created_at: seconds(row.createdAt), updated_at: seconds(row.updatedAt) };
}

export function toChatMessage(row: MessageRow, feedback: FeedbackRow | null = null): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    role: row.role as ChatMessage["role"],
    content: row.content,
    sources: row.sources,
    outcome: (row.outcome as ChatMessage["outcome"]) ?? null,
    suggest_advisor: row.suggestAdvisor,
    copies_count: row.copiesCount,
    feedback: feedback ? toFeedback(feedback) : null,
    created_at: seconds(row.createdAt),
  };
}

export async function createConversation(
  db: Db,
  input: { aiAgentSlug: AiAgentSlug; locale: Locale; engine: ChatConversation["engine"]; now: Date; ttlHours: number },
): Promise<ChatConversation> {
  const [row] = await db
    .insert(chatConversations)
    .values({
      // 192 bits: the id is the only key to what the family typed.
      id: randomBytes(24).toString("base64url"),
      aiAgentSlug: input.aiAgentSlug,
      locale: input.locale,
      engine: input.engine,
      expiresAt: expiryFrom(input.now, input.ttlHours),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return toConversation(row!);
}

/** The conversation while it lives; an expired one is erased on the spot and reads as unknown (404). */
export async function liveConversation(db: Db, id: string, now: Date): Promise<ConversationRow> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(id)) throw notFoundError();
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  if (!row) throw notFoundError();
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(chatConversations).where(eq(chatConversations.id, id));
    throw notFoundError();
  }
  return row;
}

export async function conversationView(db: Db, id: string, now: Date): Promise<ChatConversationView> {
  const conversation = await liveConversation(db, id, now);
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(asc(chatMessages.createdAt), asc(chatMessages.role));
  const feedbacks = rows.length
    ? await db.select().from(chatFeedbacks).where(inArray(chatFeedbacks.messageId, rows.map((r) => r.id)))
    : [];
  const byMessage = new Map(feedbacks.map((f) => [f.messageId, f]));
  return { conversation: toConversation(conversation), messages: rows.map((row) => toChatMessage(row, byMessage.get(row.id) ?? null)) };
}

export async function deleteConversation(db: Db, id: string, now: Date): Promise<void> {
  await liveConversation(db, id, now);
  await db.delete(chatConversations).where(eq(chatConversations.id, id));
}

/** Erases every expired conversation (messages and feedbacks go with it); the maintenance job calls it. */
export async function purgeExpiredConversations(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(chatConversations).where(lte(chatConversations.expiresAt, now)).returning({ id: chatConversations.id });
  return deleted.length;
}

/** A message of a living conversation, or 404. */
export async function liveMessage(db: Db, messageId: string, now: Date): Promise<MessageRow> {
  if (!UUID.test(messageId)) throw notFoundError();
  const [row] = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, messageId), gt(chatConversations.expiresAt, now)))
    .limit(1);
  if (!row) throw notFoundError();
  return row.message;
}
