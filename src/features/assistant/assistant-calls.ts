import { api } from "@/api-client/client";
import { toApiError } from "@/api-client/api-error";
import { chatUrl } from "@/api-client/chat-url";
import {
  chatErrorCodes,
  DEFAULT_AI_AGENT_SLUG,
  type ChatConversation,
  type ChatConversationCreated,
  type ChatConversationView,
  type ChatCopy,
  type ChatExchange,
  type ChatFeedback,
  type ChatMessage,
  type ChatSource,
  type MailRedaction,
  type MailRedactionInput,
  type MailRedactionResponse,
} from "@/domain/schemas/chat";
import { CHAT_STREAM_CONTENT_TYPE, ChatStreamParser } from "@/domain/schemas/chat-stream";
import type { LeadInput } from "@/domain/schemas/lead";

/**
 * The widget's calls. The chat service is anonymous by design: no token headers, no
 * cookies (`credentials: "omit"`), on its own base (chatUrl). The call-back request goes to
 * the main API like every other form.
 */

/** A failed chat call: its status (0 without a response), codes, and Retry-After in seconds when given. */
export class ChatCallError extends Error {
  constructor(
    readonly status: number,
    readonly codes: string[],
    readonly retryAfter: number | null = null,
  ) {
    super(`chat call failed (${status}): ${codes.join(", ")}`);
    this.name = "ChatCallError";
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

async function send(method: string, path: string, body?: unknown, init: { accept?: string; signal?: AbortSignal } = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(chatUrl(path), {
      method,
      headers: { Accept: init.accept ?? "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      signal: init.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ChatCallError(0, ["no_network"]);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const retry = Number(response.headers.get("retry-after"));
    throw new ChatCallError(response.status, chatErrorCodes(response.status, parsed), Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return response;
}

async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export async function startConversation(locale: string): Promise<ChatConversation> {
  const created = await json<ChatConversationCreated>("POST", "/v1/conversations", { ai_agent_slug: DEFAULT_AI_AGENT_SLUG, locale });
  return created.conversation;
}

export function readConversation(id: string): Promise<ChatConversationView> {
  return json<ChatConversationView>("GET", `/v1/conversations/${encodeURIComponent(id)}`);
}

export async function forgetConversation(id: string): Promise<void> {
  await json<void>("DELETE", `/v1/conversations/${encodeURIComponent(id)}`);
}

export type AskHandlers = {
  /** The question as stored, the id the answer will have, and the sources it draws on. */
  onStart: (question: ChatMessage, answerId: string, sources: ChatSource[]) => void;
  /** A piece of the answer's text, to append. */
  onDelta: (text: string) => void;
};

/**
 * Asks a question and reads the answer as it is written (SSE over the POST's response).
 * Resolves with the stored exchange; a server that answers in one piece (no stream) is
 * read as such. Rejects with ChatCallError, an `error` event included.
 */
export async function ask(conversationId: string, content: string, handlers: AskHandlers, signal?: AbortSignal): Promise<ChatExchange> {
  const response = await send("POST", `/v1/conversations/${encodeURIComponent(conversationId)}/messages`, { content }, { accept: CHAT_STREAM_CONTENT_TYPE, signal });
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes(CHAT_STREAM_CONTENT_TYPE) || !response.body) {
    const exchange = (await response.json()) as ChatExchange;
    handlers.onStart(exchange.question, exchange.answer.id, exchange.answer.sources);
    handlers.onDelta(exchange.answer.content);
    return exchange;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new ChatStreamParser();
  let question: ChatMessage | null = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const events = done ? parser.end() : parser.push(value);
      for (const event of events) {
        if (event.event === "start") {
          question = event.question;
          handlers.onStart(event.question, event.answer_id, event.sources);
        } else if (event.event === "delta") handlers.onDelta(event.text);
        else if (event.event === "done" && question) return { question, answer: event.answer };
        else if (event.event === "error") throw new ChatCallError(response.status, [event.code]);
      }
      if (done) break;
    }
  } catch (error) {
    if (error instanceof ChatCallError || isAbort(error)) throw error;
    // The connection dropped in the middle of the answer.
    throw new ChatCallError(0, ["no_network"]);
  } finally {
    reader.releaseLock();
  }
  throw new ChatCallError(0, ["no_network"]);
}

export async function recordCopy(messageId: string): Promise<number> {
  const copy = await json<ChatCopy>("POST", `/v1/messages/${encodeURIComponent(messageId)}/copies`);
  return copy.copies_count;
}

/**
 * Sets, changes or withdraws the family's verdict on an answer: `useful` null withdraws
 * it. Returns the feedback now held (null once withdrawn).
 */
export async function giveFeedback(messageId: string, current: ChatFeedback | null, useful: boolean | null): Promise<ChatFeedback | null> {
  if (useful === null) {
    if (current) await json<void>("DELETE", `/v1/feedbacks/${encodeURIComponent(current.id)}`);
    return null;
  }
  const answer = current
    ? await json<{ feedback: ChatFeedback }>("PUT", `/v1/feedbacks/${encodeURIComponent(current.id)}`, { useful })
    : await json<{ feedback: ChatFeedback }>("POST", "/v1/feedbacks", { message_id: messageId, useful });
  return answer.feedback;
}

export async function draftLetter(input: MailRedactionInput): Promise<MailRedaction> {
  const answer = await json<MailRedactionResponse>("POST", "/v1/mail_redactions", input);
  return answer.mail_redaction;
}

/** The call-back request: a lead on the main API. Rejects with ChatCallError too, so the panel reads one error type. */
export async function requestCallBack(input: LeadInput): Promise<void> {
  try {
    await api.post("/api/v1/leads", input);
  } catch (error) {
    const failure = toApiError(error);
    // SPEC §8's mapping knows no "Too Many Requests" body: keep the limit's own code.
    throw new ChatCallError(failure.status, failure.status === 429 ? ["rate_limited"] : failure.codes);
  }
}
