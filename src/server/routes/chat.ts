import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { publicAccess } from "@/domain/access";
import { draftLetter } from "@/domain/assistant/mail-letters";
import {
  ASSISTANT_ENGINE_FAILED,
  ASSISTANT_ENGINE_UNAVAILABLE,
  CHAT_MOUNT_PATH,
  chatConversationCreatedSchema,
  chatConversationInputSchema,
  chatConversationViewSchema,
  chatCopySchema,
  chatExchangeSchema,
  chatFeedbackInputSchema,
  chatFeedbackResponseSchema,
  chatFeedbackUpdateSchema,
  chatMessageInputSchema,
  mailRedactionInputSchema,
  mailRedactionResponseSchema,
  textCompletionInputSchema,
  textCompletionResponseSchema,
  translationInputSchema,
  translationResponseSchema,
} from "@/domain/schemas/chat";
import { CHAT_STREAM_CONTENT_TYPE, encodeChatStreamEvent, type ChatStreamEvent } from "@/domain/schemas/chat-stream";
import { todayInFrance } from "@/domain/time";
import { guard } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { ApiError, describeError, RateLimitedError } from "@/server/http/errors";
import { EngineFailedError, EngineUnavailableError, type ChatEngine } from "@/server/integrations/chat/chat-engine";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { askQuestion } from "@/server/services/assistant/ask";
import { conversationView, createConversation, deleteConversation } from "@/server/services/assistant/conversations";
import { assistantIndex } from "@/server/services/assistant/search-index";
import { createFeedback, deleteFeedback, recordCopy, updateFeedback } from "@/server/services/assistant/feedbacks";
import { consumeRateLimit } from "@/server/services/rate-limit";

/**
 * The assistant's chat service (SPEC §7 "Chat service", contract in src/domain/schemas/chat.ts),
 * mounted at /api/chat: anonymous (no session is read, no cookie), limited per caller address.
 */

/** Actions per caller address and window; the app may lower them (tests) or raise them. */
export interface ChatLimits {
  conversations: { limit: number; windowMs: number };
  questions: { limit: number; windowMs: number };
  reactions: { limit: number; windowMs: number };
  letters: { limit: number; windowMs: number };
  writing: { limit: number; windowMs: number };
}

const HOUR = 3600 * 1000;
export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  conversations: { limit: 30, windowMs: HOUR },
  questions: { limit: 60, windowMs: HOUR },
  reactions: { limit: 200, windowMs: HOUR },
  letters: { limit: 30, windowMs: HOUR },
  writing: { limit: 30, windowMs: HOUR },
};

export interface ChatRouteOptions {
  engine: () => ChatEngine;
  limits: ChatLimits;
  ttlHours: number;
  now: () => Date;
}

const base = `${CHAT_MOUNT_PATH}/v1`;
const idParam = z.object({ id: z.string().max(64) });

const tooMany = jsonResponse(z.object({ error: z.string(), message: z.literal("rate_limited") }), "Too many requests from this address (rate_limited, Retry-After)");
const unavailable = jsonResponse(z.object({ error: z.string(), message: z.string() }), "No language model configured (assistant__engine__unavailable)");
const failed = jsonResponse(z.object({ error: z.string(), message: z.string() }), "The model server failed (assistant__engine__failed)");

const createConversationRoute = createRoute({
  method: "post",
  path: `${base}/conversations`,
  middleware: [guard(publicAccess("anonymous by design: a conversation opens nothing but itself"))] as const,
  tags: ["Chat"],
  summary: "Start a conversation with an assistant",
  request: { body: { content: { "application/json": { schema: chatConversationInputSchema } }, required: true } },
  responses: { 201: jsonResponse(chatConversationCreatedSchema, "The conversation"), 422: errorResponses[422], 429: tooMany },
});

const getConversationRoute = createRoute({
  method: "get",
  path: `${base}/conversations/{id}`,
  middleware: [guard(publicAccess("the conversation's 192-bit id is its key"))] as const,
  tags: ["Chat"],
  summary: "A conversation and its messages (404 once expired)",
  request: { params: idParam },
  responses: { 200: jsonResponse(chatConversationViewSchema, "The conversation"), 404: errorResponses[404] },
});

const deleteConversationRoute = createRoute({
  method: "delete",
  path: `${base}/conversations/{id}`,
  middleware: [guard(publicAccess("the conversation's 192-bit id is its key"))] as const,
  tags: ["Chat"],
  summary: "Forget a conversation now",
  request: { params: idParam },
  responses: { 204: { description: "Erased" }, 404: errorResponses[404] },
});

const postMessageRoute = createRoute({
  method: "post",
  path: `${base}/conversations/{id}/messages`,
  middleware: [guard(publicAccess("the conversation's 192-bit id is its key"))] as const,
  tags: ["Chat"],
  summary: "Ask a question; the answer is streamed (Accept: text/event-stream) or returned whole",
  request: { params: idParam, body: { content: { "application/json": { schema: chatMessageInputSchema } }, required: true } },
  responses: {
    200: { description: "Server-Sent Events: start, delta*, done | error (src/domain/schemas/chat-stream.ts)", content: { [CHAT_STREAM_CONTENT_TYPE]: { schema: z.string() } } },
    201: jsonResponse(chatExchangeSchema, "The question and its answer"),
    404: errorResponses[404],
    422: errorResponses[422],
    429: tooMany,
    502: failed,
  },
});

const copyRoute = createRoute({
  method: "post",
  path: `${base}/messages/{id}/copies`,
  middleware: [guard(publicAccess("counts a copy of a message whose random id the caller holds"))] as const,
  tags: ["Chat"],
  summary: "The family copied a message",
  request: { params: idParam },
  responses: { 201: jsonResponse(chatCopySchema, "Counted"), 404: errorResponses[404], 429: tooMany },
});

const createFeedbackRoute = createRoute({
  method: "post",
  path: `${base}/feedbacks`,
  middleware: [guard(publicAccess("a yes/no on an answer whose random id the caller holds"))] as const,
  tags: ["Chat"],
  summary: "Say whether an answer was useful",
  request: { body: { content: { "application/json": { schema: chatFeedbackInputSchema } }, required: true } },
  responses: { 201: jsonResponse(chatFeedbackResponseSchema, "Recorded"), 404: errorResponses[404], 422: errorResponses[422], 429: tooMany },
});

const updateFeedbackRoute = createRoute({
  method: "put",
  path: `${base}/feedbacks/{id}`,
  middleware: [guard(publicAccess("the feedback's random id is its key"))] as const,
  tags: ["Chat"],
  summary: "Change a feedback",
  request: { params: idParam, body: { content: { "application/json": { schema: chatFeedbackUpdateSchema } }, required: true } },
  responses: { 200: jsonResponse(chatFeedbackResponseSchema, "Changed"), 404: errorResponses[404], 422: errorResponses[422], 429: tooMany },
});

const deleteFeedbackRoute = createRoute({
  method: "delete",
  path: `${base}/feedbacks/{id}`,
  middleware: [guard(publicAccess("the feedback's random id is its key"))] as const,
  tags: ["Chat"],
  summary: "Withdraw a feedback",
  request: { params: idParam },
  responses: { 204: { description: "Withdrawn" }, 404: errorResponses[404], 429: tooMany },
});

const mailRedactionRoute = createRoute({
  method: "post",
  path: `${base}/mail_redactions`,
  middleware: [guard(publicAccess("drafts a letter from what the caller typed; nothing is stored"))] as const,
  tags: ["Chat"],
  summary: "Draft a letter (in French) to a bank, employer, landlord, notary, fund or insurer",
  request: { body: { content: { "application/json": { schema: mailRedactionInputSchema } }, required: true } },
  responses: { 201: jsonResponse(mailRedactionResponseSchema, "The letter"), 422: errorResponses[422], 429: tooMany },
});

const textCompletionRoute = createRoute({
  method: "post",
  path: `${base}/text_completions`,
  middleware: [guard(publicAccess("rewrites the caller's own text; nothing is stored"))] as const,
  tags: ["Chat"],
  summary: "Correct, rephrase, shorten or formalise a text, or write condolences from notes (needs a model)",
  request: { body: { content: { "application/json": { schema: textCompletionInputSchema } }, required: true } },
  responses: { 200: jsonResponse(textCompletionResponseSchema, "The text"), 422: errorResponses[422], 429: tooMany, 501: unavailable, 502: failed },
});

const translationRoute = createRoute({
  method: "post",
  path: `${base}/translations`,
  middleware: [guard(publicAccess("translates the caller's own text; nothing is stored"))] as const,
  tags: ["Chat"],
  summary: "Translate a text into one of the 11 languages (needs a model)",
  request: { body: { content: { "application/json": { schema: translationInputSchema } }, required: true } },
  responses: { 200: jsonResponse(translationResponseSchema, "The translation"), 422: errorResponses[422], 429: tooMany, 501: unavailable, 502: failed },
});

/** Refuses with RateLimitedError (429 with Retry-After) when the caller's address used up `rule`. */
async function limit(c: Context<AppEnv>, bucket: keyof ChatLimits, options: ChatRouteOptions): Promise<void> {
  const ip = clientIp(c);
  const rule = options.limits[bucket];
  const decision = await consumeRateLimit(c.get("db"), {
    bucket: `chat.${bucket}`,
    rules: [ip ? { key: `ip:${ip.slice(0, 100)}`, limit: rule.limit, windowMs: rule.windowMs } : null],
    now: options.now(),
  });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

function engineError(error: unknown): ApiError {
  if (error instanceof EngineUnavailableError) return new ApiError(501, ASSISTANT_ENGINE_UNAVAILABLE);
  if (error instanceof EngineFailedError) {
    console.error(`[chat] model server failed: ${describeError(error.cause ?? error)}`);
    return new ApiError(502, ASSISTANT_ENGINE_FAILED);
  }
  throw error;
}

const STREAM_HEADERS = {
  "content-type": `${CHAT_STREAM_CONTENT_TYPE}; charset=utf-8`,
  // no-transform: no compression layer may hold the events back.
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

export function registerChatRoutes(app: OpenAPIHono<AppEnv>, options: ChatRouteOptions) {
  // POST /api/chat/v1/conversations – start a conversation
  app.openapi(createConversationRoute, async (c) => {
    await limit(c, "conversations", options);
    const input = c.req.valid("json");
    const conversation = await createConversation(c.get("db"), {
      aiAgentSlug: input.ai_agent_slug,
      locale: input.locale,
      engine: options.engine().name,
      now: options.now(),
      ttlHours: options.ttlHours,
    });
    // The language's index is built while the family types the first question.
    assistantIndex(input.locale).catch(() => undefined);
    return c.json({ conversation }, 201);
  });

  // GET /api/chat/v1/conversations/{id} – a conversation and its messages
  app.openapi(getConversationRoute, async (c) => c.json(await conversationView(c.get("db"), c.req.valid("param").id, options.now()), 200));

  // DELETE /api/chat/v1/conversations/{id} – forget a conversation now
  app.openapi(deleteConversationRoute, async (c) => {
    await deleteConversation(c.get("db"), c.req.valid("param").id, options.now());
    return c.body(null, 204);
  });

  // POST /api/chat/v1/conversations/{id}/messages – ask a question, answer streamed or whole
  app.openapi(postMessageRoute, async (c) => {
    await limit(c, "questions", options);
    const abort = new AbortController();
    const exchange = await askQuestion(c.get("db"), {
      conversationId: c.req.valid("param").id,
      content: c.req.valid("json").content,
      engine: options.engine(),
      now: options.now(),
      ttlHours: options.ttlHours,
      signal: abort.signal,
    });

    if (!(c.req.header("accept") ?? "").includes(CHAT_STREAM_CONTENT_TYPE)) {
      let text = "";
      try {
        for await (const piece of exchange.text) text += piece;
        if (!text.trim()) throw new EngineFailedError(new Error("empty answer"));
      } catch (error) {
        throw engineError(error);
      }
      return c.json({ question: exchange.question, answer: await exchange.finish(text.trim()) }, 201);
    }

    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: ChatStreamEvent) => controller.enqueue(encoder.encode(encodeChatStreamEvent(event)));
        send({ event: "start", question: exchange.question, answer_id: exchange.answerId, sources: exchange.sources });
        let text = "";
        try {
          for await (const piece of exchange.text) {
            text += piece;
            send({ event: "delta", text: piece });
          }
          if (!text.trim()) throw new EngineFailedError(new Error("empty answer"));
          send({ event: "done", answer: await exchange.finish(text.trim()) });
        } catch (error) {
          if (!abort.signal.aborted) {
            // A conversation forgotten meanwhile is the caller's doing (its code, not logged).
            if (error instanceof ApiError) send({ event: "error", code: error.codes[0]! });
            else {
              console.error(`[chat] answer failed: ${describeError(error instanceof EngineFailedError ? (error.cause ?? error) : error)}`);
              send({ event: "error", code: error instanceof EngineFailedError ? ASSISTANT_ENGINE_FAILED : "internal_error" });
            }
          }
        }
        if (!abort.signal.aborted) controller.close();
      },
      // The page went away: stop asking the model.
      cancel() {
        abort.abort();
      },
    });
    return new Response(body, { status: 200, headers: STREAM_HEADERS }) as never;
  });

  // POST /api/chat/v1/messages/{id}/copies – count a copy of a message
  app.openapi(copyRoute, async (c) => {
    await limit(c, "reactions", options);
    return c.json(await recordCopy(c.get("db"), { messageId: c.req.valid("param").id, now: options.now() }), 201);
  });

  // POST /api/chat/v1/feedbacks – say whether an answer was useful
  app.openapi(createFeedbackRoute, async (c) => {
    await limit(c, "reactions", options);
    const input = c.req.valid("json");
    return c.json({ feedback: await createFeedback(c.get("db"), { messageId: input.message_id, useful: input.useful, now: options.now() }) }, 201);
  });

  // PUT /api/chat/v1/feedbacks/{id} – change a feedback
  app.openapi(updateFeedbackRoute, async (c) => {
    await limit(c, "reactions", options);
    const feedback = await updateFeedback(c.get("db"), { id: c.req.valid("param").id, useful: c.req.valid("json").useful, now: options.now() });
    return c.json({ feedback }, 200);
  });

  // DELETE /api/chat/v1/feedbacks/{id} – withdraw a feedback
  app.openapi(deleteFeedbackRoute, async (c) => {
    await limit(c, "reactions", options);
    await deleteFeedback(c.get("db"), { id: c.req.valid("param").id, now: options.now() });
    return c.body(null, 204);
  });

  // POST /api/chat/v1/mail_redactions – draft a letter in French from what the family typed
  app.openapi(mailRedactionRoute, async (c) => {
    await limit(c, "letters", options);
    const input = c.req.valid("json");
    const today = todayInFrance(options.now());
    const codes: string[] = [];
    if (input.fields.date_of_death > today) codes.push("mail_redaction__date_of_death__in_future");
    if (input.fields.deceased_birth_date && input.fields.deceased_birth_date > today) codes.push("mail_redaction__deceased_birth_date__in_future");
    if (codes.length > 0) throw new ApiError(422, codes);
    return c.json({ mail_redaction: draftLetter(input.template, input.fields, today) }, 201);
  });

  // POST /api/chat/v1/text_completions – rewrite a text with the model (501 without one)
  app.openapi(textCompletionRoute, async (c) => {
    await limit(c, "writing", options);
    const input = c.req.valid("json");
    try {
      const content = await options.engine().complete({ tool: input.tool, content: input.content, locale: input.locale });
      return c.json({ text_completion: { tool: input.tool, content } }, 200);
    } catch (error) {
      throw engineError(error);
    }
  });

  // POST /api/chat/v1/translations – translate a text with the model (501 without one)
  app.openapi(translationRoute, async (c) => {
    await limit(c, "writing", options);
    const input = c.req.valid("json");
    try {
      const content = await options.engine().translate({ content: input.content, languageCode: input.language_code });
      return c.json({ translation: { content, language_code: input.language_code } }, 200);
    } catch (error) {
      throw engineError(error);
    }
  });
}
