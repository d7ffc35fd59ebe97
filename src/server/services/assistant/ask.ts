import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { Locale } from "@/domain/locales";
import { CHAT_CONVERSATION_MAX_QUESTIONS, type AiAgentSlug, type ChatMessage, type ChatSource } from "@/domain/schemas/chat";
import type { Db } from "@/server/db/client";
import { chatConversations, chatMessages } from "@/server/db/schema/chat";
import { ApiError, errorCodesOf, notFoundError } from "@/server/http/errors";
import type { ChatEngine } from "@/server/integrations/chat/chat-engine";
import { expiryFrom, liveConversation, toChatMessage } from "@/server/services/assistant/conversations";
import { assistantIndex, retrieve, toSource } from "@/server/services/assistant/search-index";
import { assistantWording } from "@/server/services/assistant/wording";

const FOREIGN_KEY_VIOLATION = "23503";
const CITATION = /\[\d+\]/;

/** Passage text an engine that reads gets for each source. */
const PASSAGE_CHARS = 1500;

export interface Exchange {
  question: ChatMessage;
  answerId: string;
  sources: ChatSource[];
  /** The answer's text as the engine writes it. */
  text: AsyncIterable<string>;
  /** Stores the answer once written, and returns it as the API shows it. */
  finish(content: string): Promise<ChatMessage>;
}

/**
 * A question in a conversation: stored, the site's pages retrieved for it, and the engine
 * asked to answer from them. With no page good enough the assistant says it does not know
 * (in the conversation's language) and offers an advisor, without asking any engine.
 */
export async function askQuestion(db: Db, input: { conversationId: string; content: string; engine: ChatEngine; now: Date; ttlHours: number; signal?: AbortSignal }): Promise<Exchange> {
  const conversation = await liveConversation(db, input.conversationId, input.now);
  const [asked] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.role, "user")));
  if (Number(asked?.n ?? 0) >= CHAT_CONVERSATION_MAX_QUESTIONS) throw new ApiError(422, "chat_conversation__messages__too_many");

  const locale = conversation.locale as Locale;
  const index = await assistantIndex(locale);
  const retrieval = retrieve(index, input.content, conversation.aiAgentSlug as AiAgentSlug);
  const sources = retrieval.hits.map((hit) => toSource(hit, retrieval.terms));
  const history = await db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.role));

  const [questionRow] = await db
    .insert(chatMessages)
    .values({ id: randomUUID(), conversationId: conversation.id, role: "user", content: input.content, createdAt: input.now, updatedAt: input.now })
    .returning();
  await db.update(chatConversations).set({ expiresAt: expiryFrom(input.now, input.ttlHours), updatedAt: input.now }).where(eq(chatConversations.id, conversation.id));

  const known = sources.length > 0;
  const answerId = randomUUID();
  const text: AsyncIterable<string> = known
    ? input.engine.answer({
        question: input.content,
        locale,
        history: history.map((turn) => ({ role: turn.role as "user" | "assistant", content: turn.content })),
        sources,
        passages: retrieval.hits.map((hit) => hit.passage.text.slice(0, PASSAGE_CHARS)),
      }, input.signal)
    : (async function* unknown() {
        yield (await assistantWording(locale)).unknown;
      })();

  return {
    question: toChatMessage(questionRow!),
    answerId,
    sources,
    text,
    async finish(content) {
      // An answer that cites none of its pages is not grounded on them (a model saying it does
      // not know, or straying): the family is offered an advisor with it.
      const grounded = known && CITATION.test(content);
      // The answer is dated a millisecond after the question, so the conversation reads in order.
      const at = new Date(input.now.getTime() + 1);
      const inserted = db
        .insert(chatMessages)
        .values({
          id: answerId,
          conversationId: conversation.id,
          role: "assistant",
          content,
          sources,
          outcome: grounded ? "answered" : "unknown",
          suggestAdvisor: !grounded,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      // Forgotten (DELETE) or purged while the answer was being written: nothing to keep it in.
      const [row] = await inserted.catch((error: unknown) => {
        if (errorCodesOf(error).includes(FOREIGN_KEY_VIOLATION)) throw notFoundError();
        throw error;
      });
      return toChatMessage(row!);
    },
  };
}
