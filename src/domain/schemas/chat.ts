import { z } from "zod";
import { LOCALES } from "@/domain/locales";
import { storableText } from "@/domain/text";

/**
 * The assistant's chat service (SPEC §7 "Chat service"): anonymous, no credentials, on its
 * own base URL (NEXT_PUBLIC_CHAT_URL, by default `/api/chat` on the app's origin; see
 * `chatUrl` in src/api-client/chat-url.ts). Every path below is relative to that base.
 *
 *   POST   /v1/conversations                    chatConversationInputSchema → 201 chatConversationCreatedSchema
 *   GET    /v1/conversations/{id}               → 200 chatConversationViewSchema (404 once expired)
 *   DELETE /v1/conversations/{id}               → 204 (the family forgets it now, rather than at expiry)
 *   POST   /v1/conversations/{id}/messages      chatMessageInputSchema →
 *            Accept: text/event-stream → 200 SSE stream (src/domain/chat/stream.ts)
 *            otherwise                 → 201 chatExchangeSchema (the whole answer at once)
 *   POST   /v1/messages/{id}/copies             (no body) → 201 chatCopySchema
 *   POST   /v1/feedbacks                        chatFeedbackInputSchema → 201 chatFeedbackResponseSchema
 *   PUT    /v1/feedbacks/{id}                   chatFeedbackUpdateSchema → 200 chatFeedbackResponseSchema
 *   DELETE /v1/feedbacks/{id}                   → 204
 *   POST   /v1/mail_redactions                  mailRedactionInputSchema → 201 mailRedactionResponseSchema
 *   POST   /v1/text_completions                 textCompletionInputSchema → 200 textCompletionResponseSchema
 *   POST   /v1/translations                     translationInputSchema → 200 translationResponseSchema
 *
 * Errors have the API's shape (422 `{error, errors: [codes]}`, else `{error, message: code}`);
 * read them with `chatErrorCodes` below, which keeps the code of a 429 or 501 too.
 * 429 `rate_limited` (with Retry-After) when a caller address asks too much; 501
 * `assistant__engine__unavailable` for text completions and translations without a model;
 * 502 `assistant__engine__failed` when the configured model server fails.
 */

/** Where this app serves the chat service by default; NEXT_PUBLIC_CHAT_URL may name another host. */
export const CHAT_MOUNT_PATH = "/api/chat";

/** Assistants a conversation may talk to; each weighs the sources of its subject first. */
export const AI_AGENT_SLUGS = ["funeral-assistant", "procedures-assistant", "repatriation-assistant"] as const;
export type AiAgentSlug = (typeof AI_AGENT_SLUGS)[number];
export const DEFAULT_AI_AGENT_SLUG: AiAgentSlug = "funeral-assistant";

/** Longest question or text the service reads. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_TEXT_MAX_LENGTH = 4000;
/** Questions one conversation may hold; then the family starts a new one (or talks to an advisor). */
export const CHAT_CONVERSATION_MAX_QUESTIONS = 40;

const timestamp = z.number().int().meta({ description: "Unix timestamp in seconds" });
const chatLocaleSchema = (code: string) => z.enum(LOCALES, { error: code });

// ─── Conversations ───────────────────────────────────────────────────────────

export const chatConversationInputSchema = z
  .object({
    ai_agent_slug: z.enum(AI_AGENT_SLUGS, { error: "chat_conversation__ai_agent_slug__invalid" }).default(DEFAULT_AI_AGENT_SLUG),
    locale: chatLocaleSchema("chat_conversation__locale__invalid").default("fr").meta({
      description: "Language of the page: answers and links are in it (the French content is searched too)",
    }),
  })
  .meta({ id: "ChatConversationInput" });
export type ChatConversationInput = z.input<typeof chatConversationInputSchema>;

export const chatConversationSchema = z
  .object({
    id: z.string().meta({ description: "Unguessable (192 random bits): whoever holds it reads the conversation", example: "pXk2…" }),
    ai_agent_slug: z.enum(AI_AGENT_SLUGS),
    locale: z.enum(LOCALES),
    engine: z.enum(["offline", "openai"]).meta({ description: "offline: retrieval over the site's own content; openai: a configured model grounded on it" }),
    created_at: timestamp,
    expires_at: timestamp.meta({ description: "The conversation and its messages are erased then (each question moves it on)" }),
  })
  .meta({ id: "ChatConversation" });
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatConversationCreatedSchema = z.object({ conversation: chatConversationSchema }).meta({ id: "ChatConversationCreated" });
export type ChatConversationCreated = z.infer<typeof chatConversationCreatedSchema>;

// ─── Messages ────────────────────────────────────────────────────────────────

export const CHAT_SOURCE_KINDS = ["guide", "glossary", "repatriation", "financial_aid", "legal_quote", "service", "page"] as const;
export type ChatSourceKind = (typeof CHAT_SOURCE_KINDS)[number];

/** A page of the site an answer comes from: the widget shows it as a link with its extract. */
export const chatSourceSchema = z
  .object({
    kind: z.enum(CHAT_SOURCE_KINDS),
    title: z.string(),
    url: z.string().meta({ description: "Path on the site (French path; the locale comes from the host), may end with #anchor", example: "/rapatriement-corps-pays/maroc" }),
    extract: z.string().meta({ description: "A short plain-text extract (at most ~300 characters)" }),
    language: z.enum(LOCALES).meta({ description: "Language of the title and extract (French when the page is not translated): set it as the extract's lang" }),
  })
  .meta({ id: "ChatSource" });
export type ChatSource = z.infer<typeof chatSourceSchema>;

export const CHAT_OUTCOMES = ["answered", "unknown"] as const;
export type ChatOutcome = (typeof CHAT_OUTCOMES)[number];

export const chatFeedbackSchema = z
  .object({ id: z.string().uuid(), message_id: z.string().uuid(), useful: z.boolean(), created_at: timestamp, updated_at: timestamp })
  .meta({ id: "ChatFeedback" });
export type ChatFeedback = z.infer<typeof chatFeedbackSchema>;

export const chatMessageSchema = z
  .object({
    id: z.string().uuid(),
    conversation_id: z.string(),
    role: z.enum(["user", "assistant"]),
    content: z.string().meta({
      description:
        "Plain text, never HTML nor Markdown to render: show it as text. An assistant's answer may cite its sources as [1], [2]… (1-based index in `sources`).",
    }),
    sources: z.array(chatSourceSchema),
    outcome: z.enum(CHAT_OUTCOMES).nullable().meta({ description: "null for the family's question; unknown: the assistant says it does not know" }),
    suggest_advisor: z.boolean().meta({ description: "Offer the advisor hand-off (phone, call-back) with this answer" }),
    copies_count: z.number().int(),
    feedback: chatFeedbackSchema.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationViewSchema = z
  .object({ conversation: chatConversationSchema, messages: z.array(chatMessageSchema) })
  .meta({ id: "ChatConversationView" });
export type ChatConversationView = z.infer<typeof chatConversationViewSchema>;

export const chatMessageInputSchema = z
  .object({
    content: storableText(
      z
        .string({ error: "chat_message__content__blank" })
        .trim()
        .min(1, { error: "chat_message__content__blank" })
        .max(CHAT_MESSAGE_MAX_LENGTH, { error: "chat_message__content__too_long" }),
      "chat_message__content__invalid_characters",
    ),
  })
  .meta({ id: "ChatMessageInput" });
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

/** The non-streamed answer of POST …/messages: the question as stored and the answer. */
export const chatExchangeSchema = z.object({ question: chatMessageSchema, answer: chatMessageSchema }).meta({ id: "ChatExchange" });
export type ChatExchange = z.infer<typeof chatExchangeSchema>;

export const chatCopySchema = z.object({ message_id: z.string().uuid(), copies_count: z.number().int() }).meta({ id: "ChatCopy" });
export type ChatCopy = z.infer<typeof chatCopySchema>;

// ─── Feedbacks ───────────────────────────────────────────────────────────────

const usefulSchema = z.boolean({ error: "chat_feedback__useful__invalid" });

/** One feedback per answer: a second POST is 422 chat_feedback__message__taken (PUT changes it). */
export const chatFeedbackInputSchema = z
  .object({ message_id: z.string({ error: "chat_feedback__message_id__invalid" }).uuid({ error: "chat_feedback__message_id__invalid" }), useful: usefulSchema })
  .meta({ id: "ChatFeedbackInput" });
export type ChatFeedbackInput = z.infer<typeof chatFeedbackInputSchema>;

export const chatFeedbackUpdateSchema = z.object({ useful: usefulSchema }).meta({ id: "ChatFeedbackUpdate" });
export type ChatFeedbackUpdate = z.infer<typeof chatFeedbackUpdateSchema>;

export const chatFeedbackResponseSchema = z.object({ feedback: chatFeedbackSchema }).meta({ id: "ChatFeedbackResponse" });

// ─── Mail redactions ─────────────────────────────────────────────────────────

/** Letters the assistant drafts. They are written in French: they go to French institutions. */
export const MAIL_TEMPLATES = ["bank", "employer", "landlord", "notary", "pension_fund", "insurer", "health_insurance", "utility"] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

const mailText = (field: string, max: number) =>
  storableText(
    z
      .string({ error: `mail_redaction__${field}__blank` })
      .trim()
      .min(1, { error: `mail_redaction__${field}__blank` })
      .max(max, { error: `mail_redaction__${field}__too_long` }),
    `mail_redaction__${field}__invalid_characters`,
  );
const optionalMailText = (field: string, max: number) =>
  storableText(z.string({ error: `mail_redaction__${field}__invalid` }).trim().max(max, { error: `mail_redaction__${field}__too_long` }), `mail_redaction__${field}__invalid_characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
const mailDate = (field: string) =>
  z
    .string({ error: `mail_redaction__${field}__invalid` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `mail_redaction__${field}__invalid` })
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, { error: `mail_redaction__${field}__invalid` });

/**
 * What the family typed. Every template takes the same fields; `reference` is the
 * template's number (account, contract, employee, lease, pension, policy, social
 * security...: MAIL_TEMPLATE_REFERENCE says which).
 */
export const mailRedactionFieldsSchema = z.object(
  {
  sender_name: mailText("sender_name", 200),
  sender_address: mailText("sender_address", 500).meta({ description: "Postal address, several lines allowed" }),
  sender_email: optionalMailText("sender_email", 254),
  sender_phone: optionalMailText("sender_phone", 40),
  relationship: optionalMailText("relationship", 100).meta({ description: "The sender's tie to the deceased, in French if possible (« fille », « époux »)" }),
  deceased_name: mailText("deceased_name", 200),
  deceased_birth_date: mailDate("deceased_birth_date").nullable().optional().transform((v) => v ?? null),
  date_of_death: z.string({ error: "mail_redaction__date_of_death__blank" }).pipe(mailDate("date_of_death")),
  recipient_name: mailText("recipient_name", 200).meta({ description: "The bank, employer, landlord, notary office, fund, insurer..." }),
  recipient_address: optionalMailText("recipient_address", 500),
  reference: optionalMailText("reference", 100),
  place: optionalMailText("place", 100).meta({ description: "Town the letter is written in (« Fait à »)" }),
  },
  { error: "mail_redaction__fields__missing" },
);
export type MailRedactionFields = z.infer<typeof mailRedactionFieldsSchema>;
export type MailRedactionFieldsInput = z.input<typeof mailRedactionFieldsSchema>;

export const mailRedactionInputSchema = z
  .object({
    template: z.enum(MAIL_TEMPLATES, { error: "mail_redaction__template__invalid" }),
    locale: chatLocaleSchema("mail_redaction__locale__invalid").default("fr").meta({ description: "Language of the page (the notice); the letter stays in French" }),
    fields: mailRedactionFieldsSchema,
  })
  .superRefine((input, ctx) => {
    const { date_of_death: death, deceased_birth_date: birth } = input.fields;
    if (birth && death && birth > death) ctx.addIssue({ code: "custom", path: ["fields", "deceased_birth_date"], message: "mail_redaction__deceased_birth_date__after_date_of_death" });
  })
  .meta({ id: "MailRedactionInput" });
export type MailRedactionInput = z.input<typeof mailRedactionInputSchema>;

export const mailRedactionSchema = z
  .object({
    template: z.enum(MAIL_TEMPLATES),
    language: z.literal("fr").meta({ description: "Letters are in French: they go to French institutions" }),
    subject: z.string(),
    body: z.string().meta({ description: "The whole letter as plain text (lines separated by \\n), ready to copy or print" }),
    enclosures: z.array(z.string()).meta({ description: "Documents to enclose, in French (also listed at the end of the body)" }),
  })
  .meta({ id: "MailRedaction" });
export type MailRedaction = z.infer<typeof mailRedactionSchema>;
export const mailRedactionResponseSchema = z.object({ mail_redaction: mailRedactionSchema }).meta({ id: "MailRedactionResponse" });
export type MailRedactionResponse = z.infer<typeof mailRedactionResponseSchema>;

// ─── Text completions and translations (need a model: 501 without one) ──────

export const TEXT_COMPLETION_TOOLS = ["correct", "rephrase", "shorten", "formalize", "condolence"] as const;
export type TextCompletionTool = (typeof TEXT_COMPLETION_TOOLS)[number];

const chatText = (resource: string) =>
  storableText(
    z
      .string({ error: `${resource}__content__blank` })
      .trim()
      .min(1, { error: `${resource}__content__blank` })
      .max(CHAT_TEXT_MAX_LENGTH, { error: `${resource}__content__too_long` }),
    `${resource}__content__invalid_characters`,
  );

export const textCompletionInputSchema = z
  .object({
    tool: z.enum(TEXT_COMPLETION_TOOLS, { error: "text_completion__tool__invalid" }),
    content: chatText("text_completion"),
    locale: chatLocaleSchema("text_completion__locale__invalid").default("fr").meta({ description: "Language to answer in" }),
  })
  .meta({ id: "TextCompletionInput" });
export type TextCompletionInput = z.input<typeof textCompletionInputSchema>;

export const textCompletionResponseSchema = z
  .object({ text_completion: z.object({ tool: z.enum(TEXT_COMPLETION_TOOLS), content: z.string() }) })
  .meta({ id: "TextCompletionResponse" });
export type TextCompletionResponse = z.infer<typeof textCompletionResponseSchema>;

export const translationInputSchema = z
  .object({
    content: chatText("translation"),
    language_code: chatLocaleSchema("translation__language_code__invalid").meta({ description: "Language to translate into" }),
  })
  .meta({ id: "TranslationInput" });
export type TranslationInput = z.infer<typeof translationInputSchema>;

export const translationResponseSchema = z
  .object({ translation: z.object({ content: z.string(), language_code: z.enum(LOCALES) }) })
  .meta({ id: "TranslationResponse" });
export type TranslationResponse = z.infer<typeof translationResponseSchema>;

// ─── Errors ──────────────────────────────────────────────────────────────────

export const ASSISTANT_ENGINE_UNAVAILABLE = "assistant__engine__unavailable";
export const ASSISTANT_ENGINE_FAILED = "assistant__engine__failed";

/**
 * Codes of a failed chat call. Unlike SPEC §8's mapping for the main API, every status keeps
 * its code (the widget must tell "too many questions" (429) and "needs a model" (501) apart).
 */
export function chatErrorCodes(status: number, body: unknown): string[] {
  if (status === 0) return ["no_network"];
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    const { errors, message } = body as { errors?: unknown; message?: unknown };
    if (Array.isArray(errors) && errors.every((e) => typeof e === "string") && errors.length > 0) return errors as string[];
    if (typeof message === "string" && message) return [message];
  }
  return ["unhandled"];
}
