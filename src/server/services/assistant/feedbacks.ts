import { randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { ChatCopy, ChatFeedback } from "@/domain/schemas/chat";
import type { Db } from "@/server/db/client";
import { chatConversations, chatFeedbacks, chatMessages } from "@/server/db/schema/chat";
import { ApiError, notFoundError } from "@/server/http/errors";
import { errorCodesOf } from "@/server/http/errors";
import { liveMessage, toFeedback, UUID } from "@/server/services/assistant/conversations";

/** Whether an answer helped (SPEC §7 feedbacks, `useful`), and how often it was copied. */

const UNIQUE_VIOLATION = "23505";

export async function createFeedback(db: Db, input: { messageId: string; useful: boolean; now: Date }): Promise<ChatFeedback> {
  const message = await liveMessage(db, input.messageId, input.now);
  if (message.role !== "assistant") throw new ApiError(422, "chat_feedback__message__not_an_answer");
  try {
    const [row] = await db
      .insert(chatFeedbacks)
      .values({ id: randomUUID(), messageId: message.id, useful: input.useful, createdAt: input.now, updatedAt: input.now })
      .returning();
    return toFeedback(row!);
  } catch (error) {
    // Two taps at once: the unique index keeps one, the other is told to change it instead.
    if (errorCodesOf(error).includes(UNIQUE_VIOLATION)) throw new ApiError(422, "chat_feedback__message__taken");
    throw error;
  }
}

/** The feedback while its conversation lives, or 404. */
async function liveFeedback(db: Db, id: string, now: Date) {
  if (!UUID.test(id)) throw notFoundError();
  const [row] = await db
    .select({ id: chatFeedbacks.id })
    .from(chatFeedbacks)
    .innerJoin(chatMessages, eq(chatMessages.id, chatFeedbacks.messageId))
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatFeedbacks.id, id), gt(chatConversations.expiresAt, now)))
    .limit(1);
  if (!row) throw notFoundError();
  return row;
}

export async function updateFeedback(db: Db, input: { id: string; useful: boolean; now: Date }): Promise<ChatFeedback> {
  await liveFeedback(db, input.id, input.now);
  const [row] = await db.update(chatFeedbacks).set({ useful: input.useful, updatedAt: input.now }).where(eq(chatFeedbacks.id, input.id)).returning();
  if (!row) throw notFoundError();
  return toFeedback(row);
}

export async function deleteFeedback(db: Db, input: { id: string; now: Date }): Promise<void> {
  await liveFeedback(db, input.id, input.now);
  await db.delete(chatFeedbacks).where(eq(chatFeedbacks.id, input.id));
}

/** The family copied an answer (a sign it helped); counted, nothing else recorded. */
export async function recordCopy(db: Db, input: { messageId: string; now: Date }): Promise<ChatCopy> {
  const message = await liveMessage(db, input.messageId, input.now);
  const [row] = await db
    .update(chatMessages)
    .set({ copiesCount: sql`${chatMessages.copiesCount} + 1` })
    .where(eq(chatMessages.id, message.id))
    .returning({ copies: chatMessages.copiesCount });
  return { message_id: message.id, copies_count: row?.copies ?? message.copiesCount + 1 };
}
