import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ChatSource } from "@/domain/schemas/chat";
import { timestamps } from "@/server/db/schema/columns";

/**
 * The assistant's conversations (SPEC §7 "Chat service"). Anonymous by design: no account,
 * no address, no cookie — only what the family typed, erased with the conversation when it
 * expires (lazily on read, and by the maintenance job).
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    /** 192 random bits, base64url: the only key to the conversation. */
    id: text().primaryKey(),
    aiAgentSlug: text().notNull(),
    locale: text().notNull(),
    engine: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (t) => [index("chat_conversations_expires_idx").on(t.expiresAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid().primaryKey(),
    conversationId: text()
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    role: text().notNull(),
    content: text().notNull(),
    sources: jsonb().$type<ChatSource[]>().notNull().default([]),
    outcome: text(),
    suggestAdvisor: boolean().notNull().default(false),
    copiesCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.createdAt),
    check("chat_messages_role_check", sql`${t.role} IN ('user', 'assistant')`),
  ],
);

/** Whether an answer helped: one per answer, changed or withdrawn by whoever holds its id. */
export const chatFeedbacks = pgTable("chat_feedbacks", {
  id: uuid().primaryKey(),
  messageId: uuid()
    .notNull()
    .unique("chat_feedbacks_message_unique")
    .references(() => chatMessages.id, { onDelete: "cascade" }),
  useful: boolean().notNull(),
  ...timestamps,
});
