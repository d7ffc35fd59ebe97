import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/config/env";
import type { ChatConversationCreated, ChatExchange } from "@/domain/schemas/chat";
import { ChatStreamParser, type ChatStreamEvent } from "@/domain/schemas/chat-stream";
import { configuredChatEngine } from "@/server/integrations/chat/configured-engine";
import { openAiEngine } from "@/server/integrations/chat/openai-engine";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { createTestApp, type TestContext } from "../helpers/app";

/**
 * The OpenAI-compatible engine against a small local fake server speaking the chat
 * completions protocol (stream=true as SSE chunks, as OpenAI, Ollama and vLLM do): the
 * retrieval context must reach the model, and its stream must reach the page.
 */

interface Seen {
  path: string;
  authorization: string | undefined;
  body: { model: string; stream?: boolean; messages: Array<{ role: string; content: string }> };
}

const CHUNKS = ["Pour rapatrier un corps", " au Maroc, le consulat", " délivre l'autorisation [1]."];
let seen: Seen[] = [];
let failing = false;
/** When set, the fake server holds its last chunk until the test opens this gate. */
let gate: Promise<void> | null = null;
let finished = false;
/** When set, the fake model answers without citing any page. */
let uncited = false;
let server: Server;
let baseUrl: string;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    request.on("data", (chunk) => (data += chunk));
    request.on("end", () => resolve(data));
  });
}

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "fake-model", choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as Seen["body"];
    seen.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
    if (failing) {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "model crashed" } }));
      return;
    }
    if (body.stream) {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(chunk(""));
      if (uncited) {
        response.write(chunk("Je ne sais pas répondre à cette question."));
        response.end("data: [DONE]\n\n");
        return;
      }
      for (const piece of CHUNKS.slice(0, -1)) response.write(chunk(piece));
      if (gate) await gate;
      response.write(chunk(CHUNKS.at(-1)!));
      response.write(chunk(null, "stop"));
      finished = true;
      response.end("data: [DONE]\n\n");
      return;
    }
    const system = body.messages[0]!.content;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: "chatcmpl-2",
        object: "chat.completion",
        created: 1,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: system.startsWith("Translate") ? "Thank you for being there." : "Merci de votre présence." }, finish_reason: "stop" }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  failing = false;
  gate = null;
  finished = false;
  uncited = false;
});

describe("the configured engine", () => {
  it("is the OpenAI-compatible one when a base URL and a model are set, the offline one otherwise", () => {
    expect(configuredChatEngine(parseServerEnv({ CHAT_OPENAI_BASE_URL: "http://localhost:11434/v1", CHAT_OPENAI_MODEL: "llama3.2" })).name).toBe("openai");
    expect(configuredChatEngine(parseServerEnv({ CHAT_OPENAI_BASE_URL: "http://localhost:11434/v1" })).name).toBe("offline");
    expect(configuredChatEngine(parseServerEnv({})).name).toBe("offline");
  });
});

describe("the OpenAI-compatible engine through the chat API", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ chatEngine: openAiEngine({ baseUrl, apiKey: "sk-test-key", model: "fake-model", timeoutMs: 5000 }) });
  });
  afterAll(async () => ctx?.close());

  const post = (path: string, body: unknown, accept = "application/json") =>
    ctx.app.request(`/api/chat/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept, [PEER_ADDRESS_HEADER]: peerStamp("198.51.100.77") },
      body: JSON.stringify(body),
    });
  const start = async (locale = "fr") => ((await (await post("/conversations", { locale })).json()) as ChatConversationCreated).conversation;

  async function streamed(response: Response): Promise<ChatStreamEvent[]> {
    const parser = new ChatStreamParser();
    const text = await response.text();
    return [...parser.push(text), ...parser.end()];
  }

  it("sends the retrieved pages to the model and relays its stream as it comes", async () => {
    const conversation = await start();
    expect(conversation.engine).toBe("openai");
    const response = await post(`/conversations/${conversation.id}/messages`, { content: "rapatrier un corps au Maroc" }, "text/event-stream");
    expect(response.status).toBe(200);
    const events = await streamed(response);

    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.authorization).toBe("Bearer sk-test-key");
    expect(request.body).toMatchObject({ model: "fake-model", stream: true });
    const [system, ...rest] = request.body.messages;
    expect(system!.role).toBe("system");
    expect(system!.content).toContain("Answer in French");
    expect(system!.content).toContain("[1] ");
    expect(system!.content).toContain("(/rapatriement-corps-pays/maroc)");
    expect(system!.content).toContain("consulat");
    expect(rest.at(-1)).toEqual({ role: "user", content: "rapatrier un corps au Maroc" });

    const start_ = events[0] as Extract<ChatStreamEvent, { event: "start" }>;
    expect(start_.event).toBe("start");
    expect(start_.sources[0]!.url).toBe("/rapatriement-corps-pays/maroc");
    const deltas = events.filter((e): e is Extract<ChatStreamEvent, { event: "delta" }> => e.event === "delta").map((e) => e.text);
    expect(deltas).toEqual(CHUNKS);
    const done = events.at(-1) as Extract<ChatStreamEvent, { event: "done" }>;
    expect(done.event).toBe("done");
    expect(done.answer).toMatchObject({ content: CHUNKS.join(""), outcome: "answered", role: "assistant" });
    expect(done.answer.sources).toEqual(start_.sources);
  });

  it("relays each piece as the model writes it, before the model has finished", async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const conversation = await start();
    const response = await post(`/conversations/${conversation.id}/messages`, { content: "rapatrier un corps au Maroc" }, "text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const parser = new ChatStreamParser();
    const events: ChatStreamEvent[] = [];
    while (!events.some((e) => e.event === "delta" && e.text === CHUNKS[1])) {
      const { value, done } = await reader.read();
      if (done) break;
      events.push(...parser.push(decoder.decode(value, { stream: true })));
    }
    // The first pieces are on the page while the model still holds its last one.
    expect(events.map((e) => e.event)).toEqual(["start", "delta", "delta"]);
    expect(finished).toBe(false);
    open();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      events.push(...parser.push(decoder.decode(value, { stream: true })));
    }
    expect(finished).toBe(true);
    expect(events.at(-1)!.event).toBe("done");
  });

  it("keeps nothing of an answer whose conversation was forgotten while it was being written", async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const conversation = await start();
    const response = await post(`/conversations/${conversation.id}/messages`, { content: "capital décès" }, "text/event-stream");
    const reader = response.body!.getReader();
    await reader.read();
    expect((await ctx.app.request(`/api/chat/v1/conversations/${conversation.id}`, { method: "DELETE" })).status).toBe(204);
    open();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const events = [...new ChatStreamParser().push(text)];
    expect(events.at(-1)).toEqual({ event: "error", code: "not_found" });
    expect((await ctx.app.request(`/api/chat/v1/conversations/${conversation.id}`)).status).toBe(404);
  });

  it("sends the earlier turns with a follow-up question", async () => {
    const conversation = await start();
    await post(`/conversations/${conversation.id}/messages`, { content: "capital décès" });
    seen = [];
    const exchange = (await (await post(`/conversations/${conversation.id}/messages`, { content: "capital décès : quel délai pour le demander ?" })).json()) as ChatExchange;
    expect(exchange.answer.content).toBe(CHUNKS.join(""));
    expect(seen[0]!.body.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(seen[0]!.body.messages[1]!.content).toBe("capital décès");
  });

  it("offers an advisor with an answer that cites none of the pages", async () => {
    uncited = true;
    const conversation = await start();
    const exchange = (await (await post(`/conversations/${conversation.id}/messages`, { content: "capital décès" })).json()) as ChatExchange;
    expect(exchange.answer).toMatchObject({ content: "Je ne sais pas répondre à cette question.", outcome: "unknown", suggest_advisor: true });
  });

  it("does not ask the model when no page answers: it says it does not know", async () => {
    const conversation = await start("en");
    const exchange = (await (await post(`/conversations/${conversation.id}/messages`, { content: "What is the best pizza in Naples?" })).json()) as ChatExchange;
    expect(exchange.answer).toMatchObject({ outcome: "unknown", suggest_advisor: true });
    expect(seen).toEqual([]);
  });

  it("answers 502 assistant__engine__failed (or an error event when streaming) when the model server fails, and stores no answer", async () => {
    const conversation = await start();
    failing = true;
    const whole = await post(`/conversations/${conversation.id}/messages`, { content: "capital décès" });
    expect(whole.status).toBe(502);
    expect(await whole.json()).toEqual({ error: "Bad Gateway", message: "assistant__engine__failed" });
    const events = await streamed(await post(`/conversations/${conversation.id}/messages`, { content: "capital décès" }, "text/event-stream"));
    expect(events.map((e) => e.event)).toEqual(["start", "error"]);
    expect(events[1]).toEqual({ event: "error", code: "assistant__engine__failed" });
    const view = (await (await ctx.app.request(`/api/chat/v1/conversations/${conversation.id}`)).json()) as { messages: Array<{ role: string }> };
    expect(view.messages.map((m) => m.role)).toEqual(["user", "user"]);
  });

  it("writes text completions and translations with the model", async () => {
    const completion = await post("/text_completions", { tool: "condolence", content: "merci d'être venus", locale: "fr" });
    expect(completion.status).toBe(200);
    expect(await completion.json()).toEqual({ text_completion: { tool: "condolence", content: "Merci de votre présence." } });
    expect(seen[0]!.body.messages[0]!.content).toContain("condolence");
    expect(seen[0]!.body.messages[1]).toEqual({ role: "user", content: "merci d'être venus" });
    const translation = await post("/translations", { content: "Merci d'être venus.", language_code: "en" });
    expect(translation.status).toBe(200);
    expect(await translation.json()).toEqual({ translation: { content: "Thank you for being there.", language_code: "en" } });
    expect(seen[1]!.body.messages[0]!.content).toContain("into English");
  });
});
