import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { ChatStreamParser, type ChatStreamEvent } from "@/domain/schemas/chat-stream";
import type { ChatConversationCreated, ChatConversationView, ChatExchange, ChatMessage, MailRedactionResponse } from "@/domain/schemas/chat";
import { chatConversations, chatFeedbacks, chatMessages } from "@/server/db/schema/chat";
import { declaredAccess } from "@/server/http/auth";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { purgeExpired } from "@/server/jobs/maintenance";
import { createTestApp, signInHeaders, type TestContext } from "../helpers/app";

/**
 * The chat service over a seeded database, offline engine (the default without a model
 * server): SPEC §7 "Chat service" routes, anonymous and limited per address.
 */

const BASE = "/api/chat/v1";
let now = new Date("2026-11-25T09:00:00Z");
let ctx: TestContext;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

async function call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await ctx.app.request(`${BASE}${path}`, {
    method,
    headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: peerStamp("198.51.100.250"), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

async function conversation(locale = "fr", agent = "funeral-assistant"): Promise<string> {
  const { status, body } = await call<ChatConversationCreated>("POST", "/conversations", { ai_agent_slug: agent, locale });
  expect(status).toBe(201);
  return body.conversation.id;
}

async function ask(conversationId: string, content: string): Promise<ChatExchange> {
  const { status, body } = await call<ChatExchange>("POST", `/conversations/${conversationId}/messages`, { content });
  expect(status).toBe(201);
  return body;
}

beforeAll(async () => {
  ctx = await createTestApp({ chatClock: () => now, chatLimits: { conversations: { limit: 1000, windowMs: 3_600_000 }, questions: { limit: 1000, windowMs: 3_600_000 } } });
});
afterAll(async () => ctx?.close());

describe("the chat routes", () => {
  it("are all public (anonymous by design) and under /api/chat/v1", () => {
    const routes = ctx.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/chat/"));
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const key of [
      "POST /api/chat/v1/conversations",
      "GET /api/chat/v1/conversations/:id",
      "DELETE /api/chat/v1/conversations/:id",
      "POST /api/chat/v1/conversations/:id/messages",
      "POST /api/chat/v1/messages/:id/copies",
      "POST /api/chat/v1/feedbacks",
      "PUT /api/chat/v1/feedbacks/:id",
      "DELETE /api/chat/v1/feedbacks/:id",
      "POST /api/chat/v1/mail_redactions",
      "POST /api/chat/v1/text_completions",
      "POST /api/chat/v1/translations",
    ]) expect(keys.has(key), key).toBe(true);
    for (const route of routes) {
      const access = declaredAccess(route.handler);
      if (access !== undefined) expect(typeof access === "function" ? "function" : access.kind).toBe("public");
    }
  });

  it("read no credentials: a client's token, even a broken one, changes nothing (the API would answer 401 to it)", async () => {
    const tokens = await signInHeaders(ctx.db, "client", "client@paisible.test").catch(() => null);
    const broken = { "access-token": "not-a-token", client: "nope", uid: "nobody@example.org", "token-type": "Bearer", cookie: "paisible_session=forged" };
    const created = await call<ChatConversationCreated>("POST", "/conversations", { locale: "en" }, { ...(tokens ?? {}), ...broken });
    expect(created.status).toBe(201);
    expect(created.headers.get("access-token")).toBeNull();
    expect(created.headers.get("set-cookie")).toBeNull();
  });

  it("answer CORS for the site's origins without credentials", async () => {
    const preflight = await ctx.app.request(`${BASE}/conversations`, {
      method: "OPTIONS",
      headers: { origin: "http://en.localhost:3000", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://en.localhost:3000");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const foreign = await ctx.app.request(`${BASE}/conversations`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(foreign.status).toBe(403);
  });
});

describe("conversations", () => {
  it("start with an agent and a locale, and read back with their messages", async () => {
    const created = await call<ChatConversationCreated>("POST", "/conversations", { ai_agent_slug: "repatriation-assistant", locale: "de" });
    expect(created.status).toBe(201);
    const c = created.body.conversation;
    expect(c).toMatchObject({ ai_agent_slug: "repatriation-assistant", locale: "de", engine: "offline" });
    expect(c.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(c.expires_at - c.created_at).toBe(24 * 3600);
    const view = await call<ChatConversationView>("GET", `/conversations/${c.id}`);
    expect(view.status).toBe(200);
    expect(view.body.messages).toEqual([]);
  });

  it("refuse an unknown agent or locale with codes", async () => {
    const bad = await call<{ errors: string[] }>("POST", "/conversations", { ai_agent_slug: "oracle", locale: "xx" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(expect.arrayContaining(["chat_conversation__ai_agent_slug__invalid", "chat_conversation__locale__invalid"]));
  });

  it("are unknown with a guessed or malformed id", async () => {
    expect((await call("GET", "/conversations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await call("GET", "/conversations/'; DROP TABLE chat_messages; --")).status).toBe(404);
    expect((await call("POST", "/conversations/nope/messages", { content: "capital décès" })).status).toBe(404);
  });

  it("are forgotten on request, messages included", async () => {
    const id = await conversation();
    await ask(id, "capital décès");
    expect((await call("DELETE", `/conversations/${id}`)).status).toBe(204);
    expect((await call("GET", `/conversations/${id}`)).status).toBe(404);
    const [left] = await ctx.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.conversationId, id));
    expect(Number(left!.n)).toBe(0);
  });

  it("expire after their time to live: a question moves the expiry on, then the conversation reads as unknown and is erased", async () => {
    const start = now;
    try {
      const id = await conversation();
      now = new Date(start.getTime() + 20 * 3600 * 1000);
      await ask(id, "capital décès");
      const view = await call<ChatConversationView>("GET", `/conversations/${id}`);
      expect(view.body.conversation.expires_at).toBe(Math.floor(now.getTime() / 1000) + 24 * 3600);
      // Created at 0 h (expiry 24 h), asked at 20 h: it now lives until 44 h.
      now = new Date(start.getTime() + 43 * 3600 * 1000);
      expect((await call("GET", `/conversations/${id}`)).status).toBe(200);
      now = new Date(start.getTime() + 44 * 3600 * 1000 + 1000);
      expect((await call("GET", `/conversations/${id}`)).status).toBe(404);
      const rows = await ctx.db.select().from(chatConversations).where(eq(chatConversations.id, id));
      expect(rows).toEqual([]);
    } finally {
      now = start;
    }
  });

  it("past their expiry are purged by the maintenance job, with their messages and feedbacks", async () => {
    const id = await conversation();
    const { answer } = await ask(id, "capital décès");
    await call("POST", "/feedbacks", { message_id: answer.id, useful: true });
    const keep = await conversation();
    await ctx.db.update(chatConversations).set({ expiresAt: new Date(now.getTime() - 1000) }).where(eq(chatConversations.id, id));
    await purgeExpired(ctx.db, now);
    expect(await ctx.db.select().from(chatConversations).where(eq(chatConversations.id, id))).toEqual([]);
    expect(await ctx.db.select().from(chatMessages).where(eq(chatMessages.conversationId, id))).toEqual([]);
    expect(await ctx.db.select().from(chatFeedbacks).where(eq(chatFeedbacks.messageId, answer.id))).toEqual([]);
    expect((await call("GET", `/conversations/${keep}`)).status).toBe(200);
  });
});

/** The held list of issue 17: each question answers with a link to the page that holds the answer. */
const HELD: Array<{ locale: "fr" | "en"; question: string; page: RegExp; says: RegExp }> = [
  { locale: "fr", question: "délai pour organiser des obsèques", page: /^\/devis-obseques$|premieres-demarches-apres-un-deces/, says: /14/ },
  { locale: "fr", question: "capital décès", page: /^\/guides-obseques\/aides-financieres\/capital-deces-cpam$/, says: /capital décès/i },
  { locale: "fr", question: "rapatrier un corps au Maroc", page: /^\/rapatriement-corps-pays\/maroc$/, says: /Maroc/ },
  { locale: "en", question: "deadline to organise a funeral", page: /^\/devis-obseques$|premieres-demarches-apres-un-deces/, says: /14/ },
  { locale: "en", question: "death grant", page: /^\/guides-obseques\/aides-financieres\/capital-deces-cpam$/, says: /death grant/i },
  { locale: "en", question: "repatriate a body to Morocco", page: /^\/rapatriement-corps-pays\/maroc$/, says: /Morocco/ },
];

describe("the offline assistant", () => {
  it.each(HELD)("$locale: « $question » answers with a link to the right page", async ({ locale, question, page, says }) => {
    const id = await conversation(locale);
    const { question: asked, answer } = await ask(id, question);
    expect(asked).toMatchObject({ role: "user", content: question, outcome: null });
    expect(answer).toMatchObject({ role: "assistant", outcome: "answered", suggest_advisor: false, conversation_id: id });
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources[0]!.url).toMatch(page);
    expect(answer.content).toMatch(says);
    expect(answer.content).toContain("[1]");
    // The answer's sentence is in the conversation's language.
    expect(answer.content.startsWith(locale === "fr" ? "Voici ce que nos pages en disent" : "Here is what our pages say")).toBe(true);
  });

  it.each([
    ["fr", "Quelle est la recette de la tarte tatin ?", "Je ne trouve pas la réponse"],
    ["en", "What is the best pizza in Naples?", "I can't find the answer"],
    ["de", "Wie wird das Wetter morgen in Berlin?", "finde ich keine Antwort"],
  ])("%s: an unrelated question says plainly it does not know and offers an advisor", async (locale, question, says) => {
    const id = await conversation(locale);
    const { answer } = await ask(id, question);
    expect(answer).toMatchObject({ outcome: "unknown", suggest_advisor: true, sources: [] });
    expect(answer.content).toContain(says);
  });

  it("streams its answer as Server-Sent Events that the shared parser reads", async () => {
    const id = await conversation("fr");
    const response = await ctx.app.request(`${BASE}/conversations/${id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) },
      body: JSON.stringify({ content: "rapatrier un corps au Maroc" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toContain("no-transform");
    const parser = new ChatStreamParser();
    const events: ChatStreamEvent[] = [];
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      events.push(...parser.push(decoder.decode(value, { stream: true })));
    }
    events.push(...parser.end());
    expect(events.map((e) => e.event)).toEqual(["start", ...events.slice(1, -1).map(() => "delta"), "done"]);
    const start = events[0] as Extract<ChatStreamEvent, { event: "start" }>;
    const done = events.at(-1) as Extract<ChatStreamEvent, { event: "done" }>;
    expect(start.sources[0]!.url).toBe("/rapatriement-corps-pays/maroc");
    expect(done.answer.id).toBe(start.answer_id);
    const streamed = events.filter((e): e is Extract<ChatStreamEvent, { event: "delta" }> => e.event === "delta").map((e) => e.text).join("");
    expect(done.answer.content).toBe(streamed.trim());
    const view = await call<ChatConversationView>("GET", `/conversations/${id}`);
    expect(view.body.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("refuses an empty or too long question, and more than 40 questions in one conversation", async () => {
    const id = await conversation();
    const blank = await call<{ errors: string[] }>("POST", `/conversations/${id}/messages`, { content: "   " });
    expect(blank.body.errors).toEqual(["chat_message__content__blank"]);
    const long = await call<{ errors: string[] }>("POST", `/conversations/${id}/messages`, { content: "x".repeat(2001) });
    expect(long.body.errors).toEqual(["chat_message__content__too_long"]);
    const nul = await call<{ errors: string[] }>("POST", `/conversations/${id}/messages`, { content: "a\u0000b" });
    expect(nul.body.errors).toEqual(["chat_message__content__invalid_characters"]);
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: crypto.randomUUID(), conversationId: id, role: "user", content: `q${i}` }));
    await ctx.db.insert(chatMessages).values(rows);
    const tooMany = await call<{ errors: string[] }>("POST", `/conversations/${id}/messages`, { content: "capital décès" });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual(["chat_conversation__messages__too_many"]);
  });
});

describe("copies and feedbacks", () => {
  let answer: ChatMessage;
  let question: ChatMessage;
  beforeAll(async () => {
    ({ answer, question } = await ask(await conversation(), "capital décès"));
  });

  it("count copies of a message", async () => {
    expect((await call("POST", `/messages/${answer.id}/copies`)).body).toEqual({ message_id: answer.id, copies_count: 1 });
    expect((await call("POST", `/messages/${answer.id}/copies`)).body).toEqual({ message_id: answer.id, copies_count: 2 });
    expect((await call("POST", `/messages/${crypto.randomUUID()}/copies`)).status).toBe(404);
    expect((await call("POST", `/messages/not-a-uuid/copies`)).status).toBe(404);
  });

  it("go through their lifecycle: create once, change, withdraw", async () => {
    const created = await call<{ feedback: { id: string; useful: boolean; message_id: string } }>("POST", "/feedbacks", { message_id: answer.id, useful: false });
    expect(created.status).toBe(201);
    expect(created.body.feedback).toMatchObject({ message_id: answer.id, useful: false });
    const again = await call<{ errors: string[] }>("POST", "/feedbacks", { message_id: answer.id, useful: true });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual(["chat_feedback__message__taken"]);
    const changed = await call<{ feedback: { useful: boolean } }>("PUT", `/feedbacks/${created.body.feedback.id}`, { useful: true });
    expect(changed.status).toBe(200);
    expect(changed.body.feedback.useful).toBe(true);
    const view = await call<ChatConversationView>("GET", `/conversations/${answer.conversation_id}`);
    expect(view.body.messages.find((m) => m.id === answer.id)!.feedback).toMatchObject({ useful: true });
    expect((await call("DELETE", `/feedbacks/${created.body.feedback.id}`)).status).toBe(204);
    expect((await call("PUT", `/feedbacks/${created.body.feedback.id}`, { useful: false })).status).toBe(404);
    expect((await call("DELETE", `/feedbacks/${created.body.feedback.id}`)).status).toBe(404);
    // Withdrawn, it may be given again.
    expect((await call("POST", "/feedbacks", { message_id: answer.id, useful: true })).status).toBe(201);
  });

  it("are refused on the family's own question, with a bad value, or on an unknown message", async () => {
    expect((await call<{ errors: string[] }>("POST", "/feedbacks", { message_id: question.id, useful: true })).body.errors).toEqual(["chat_feedback__message__not_an_answer"]);
    expect((await call<{ errors: string[] }>("POST", "/feedbacks", { message_id: answer.id, useful: "yes" })).body.errors).toEqual(["chat_feedback__useful__invalid"]);
    expect((await call<{ errors: string[] }>("POST", "/feedbacks", { message_id: "x", useful: true })).body.errors).toEqual(["chat_feedback__message_id__invalid"]);
    expect((await call("POST", "/feedbacks", { message_id: crypto.randomUUID(), useful: true })).status).toBe(404);
  });
});

const LETTER = {
  sender_name: "Claire Martin",
  sender_address: "12 rue des Lilas\n69003 Lyon",
  relationship: "fille",
  deceased_name: "Jean Martin",
  deceased_birth_date: "1941-03-02",
  date_of_death: "2026-11-20",
  recipient_name: "Banque Exemple",
  reference: "FR76 0000 0000 0000",
  place: "Lyon",
};

describe("mail redactions", () => {
  it("draft a French letter filled from what the family typed, whatever the page's language, and store nothing", async () => {
    const before = await ctx.db.select({ n: count() }).from(chatMessages);
    const { status, body } = await call<MailRedactionResponse>("POST", "/mail_redactions", { template: "bank", locale: "en", fields: LETTER });
    expect(status).toBe(201);
    const letter = body.mail_redaction;
    expect(letter).toMatchObject({ template: "bank", language: "fr" });
    expect(letter.subject).toBe("Décès de Jean Martin – information et blocage des comptes");
    expect(letter.body).toContain("Claire Martin\n12 rue des Lilas\n69003 Lyon");
    expect(letter.body).toContain("À Lyon, le 25 novembre 2026");
    expect(letter.body).toContain("Numéro de compte : FR76 0000 0000 0000");
    expect(letter.body).toContain("né(e) le 2 mars 1941, survenu le 20 novembre 2026");
    expect(letter.body).toContain("En ma qualité de fille de la personne défunte");
    expect(letter.body).toContain("L312-1-4");
    expect(letter.enclosures[0]).toBe("Copie de l'acte de décès");
    expect(await ctx.db.select({ n: count() }).from(chatMessages)).toEqual(before);
  });

  it.each(["employer", "landlord", "notary", "pension_fund", "insurer", "health_insurance", "utility"])("draft the %s letter", async (template) => {
    const { status, body } = await call<MailRedactionResponse>("POST", "/mail_redactions", { template, fields: { ...LETTER, relationship: null, reference: null, place: null } });
    expect(status).toBe(201);
    expect(body.mail_redaction.body).toContain("Jean Martin");
    expect(body.mail_redaction.body).toContain("Le 25 novembre 2026");
    expect(body.mail_redaction.body).not.toContain("null");
    expect(body.mail_redaction.body).not.toContain("undefined");
  });

  it("keeps what the family typed as text (no markup is interpreted, nothing is lost)", async () => {
    const { body } = await call<MailRedactionResponse>("POST", "/mail_redactions", { template: "notary", fields: { ...LETTER, deceased_name: "<b>Jean</b> & « Jo »" } });
    expect(body.mail_redaction.body).toContain("<b>Jean</b> & « Jo »");
  });

  it.each([
    [{ template: "priest", fields: LETTER }, ["mail_redaction__template__invalid"]],
    [{ template: "bank" }, ["mail_redaction__fields__missing"]],
    [{ template: "bank", fields: { ...LETTER, sender_name: " ", deceased_name: "" } }, ["mail_redaction__sender_name__blank", "mail_redaction__deceased_name__blank"]],
    [{ template: "bank", fields: { ...LETTER, recipient_name: undefined } }, ["mail_redaction__recipient_name__blank"]],
    [{ template: "bank", fields: { ...LETTER, date_of_death: undefined } }, ["mail_redaction__date_of_death__blank"]],
    [{ template: "bank", fields: { ...LETTER, date_of_death: "2026-02-30" } }, ["mail_redaction__date_of_death__invalid"]],
    [{ template: "bank", fields: { ...LETTER, deceased_birth_date: "2026-11-21" } }, ["mail_redaction__deceased_birth_date__after_date_of_death"]],
    [{ template: "bank", fields: { ...LETTER, date_of_death: "2026-11-26" } }, ["mail_redaction__date_of_death__in_future"]],
    [{ template: "bank", fields: { ...LETTER, sender_address: "x".repeat(501) } }, ["mail_redaction__sender_address__too_long"]],
    [{ template: "bank", locale: "xx", fields: LETTER }, ["mail_redaction__locale__invalid"]],
  ])("refuses bad input with codes: %j", async (body, codes) => {
    const result = await call<{ error: string; errors: string[] }>("POST", "/mail_redactions", body);
    expect(result.status).toBe(422);
    expect(result.body.error).toBe("Unprocessable Entity");
    expect(result.body.errors.sort()).toEqual([...codes].sort());
  });
});

describe("text completions and translations without a model", () => {
  it("answer 501 assistant__engine__unavailable", async () => {
    const completion = await call<{ error: string; message: string }>("POST", "/text_completions", { tool: "rephrase", content: "Merci pour votre présence." });
    expect(completion.status).toBe(501);
    expect(completion.body).toEqual({ error: "Not Implemented", message: "assistant__engine__unavailable" });
    const translation = await call<{ message: string }>("POST", "/translations", { content: "Merci", language_code: "en" });
    expect(translation.status).toBe(501);
    expect(translation.body.message).toBe("assistant__engine__unavailable");
  });

  it("still validate their input first", async () => {
    expect((await call<{ errors: string[] }>("POST", "/text_completions", { tool: "poem", content: "" })).body.errors.sort()).toEqual(["text_completion__content__blank", "text_completion__tool__invalid"]);
    expect((await call<{ errors: string[] }>("POST", "/translations", { content: "x".repeat(4001), language_code: "la" })).body.errors.sort()).toEqual(["translation__content__too_long", "translation__language_code__invalid"]);
  });
});

describe("abuse limits per caller address", () => {
  it("answer 429 rate_limited with Retry-After once an address used its conversations, and other addresses go on", async () => {
    const limited = await createTestApp({ chatClock: () => now, chatLimits: { conversations: { limit: 3, windowMs: 3_600_000 } } });
    try {
      const from = (ip: string) =>
        limited.app.request(`${BASE}/conversations`, { method: "POST", headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: peerStamp(ip) }, body: "{}" });
      for (let i = 0; i < 3; i++) expect((await from("192.0.2.7")).status).toBe(201);
      const refused = await from("192.0.2.7");
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: "Too Many Requests", message: "rate_limited" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await from("192.0.2.8")).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("limit questions, letters and rewriting too", async () => {
    const limited = await createTestApp({
      chatClock: () => now,
      chatLimits: { questions: { limit: 1, windowMs: 60_000 }, letters: { limit: 1, windowMs: 60_000 }, writing: { limit: 1, windowMs: 60_000 }, reactions: { limit: 1, windowMs: 60_000 } },
    });
    try {
      const post = (path: string, body: unknown) =>
        limited.app.request(`${BASE}${path}`, { method: "POST", headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: peerStamp("192.0.2.9") }, body: JSON.stringify(body) });
      const id = ((await (await post("/conversations", {})).json()) as ChatConversationCreated).conversation.id;
      const first = (await (await post(`/conversations/${id}/messages`, { content: "capital décès" })).json()) as ChatExchange;
      expect((await post(`/conversations/${id}/messages`, { content: "capital décès" })).status).toBe(429);
      expect((await post("/mail_redactions", { template: "bank", fields: LETTER })).status).toBe(201);
      expect((await post("/mail_redactions", { template: "bank", fields: LETTER })).status).toBe(429);
      expect((await post("/translations", { content: "Merci", language_code: "en" })).status).toBe(501);
      expect((await post("/translations", { content: "Merci", language_code: "en" })).status).toBe(429);
      expect((await post(`/messages/${first.answer.id}/copies`, {})).status).toBe(201);
      expect((await post("/feedbacks", { message_id: first.answer.id, useful: true })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
