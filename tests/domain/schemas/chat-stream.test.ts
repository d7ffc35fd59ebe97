import { describe, expect, it } from "vitest";
import { chatErrorCodes, type ChatMessage } from "@/domain/schemas/chat";
import { ChatStreamParser, encodeChatStreamEvent, type ChatStreamEvent } from "@/domain/schemas/chat-stream";

const message: ChatMessage = {
  id: "7d0f3c1e-2b9a-4c55-9a53-6f1f3d2e8a10",
  conversation_id: "c".repeat(32),
  role: "assistant",
  content: "Line one\n\ndata: not an event [1]",
  sources: [{ kind: "guide", title: "Capital décès", url: "/guides-obseques/aides-financieres/capital-deces-cpam", extract: "Le capital décès…", language: "fr" }],
  outcome: "answered",
  suggest_advisor: false,
  copies_count: 0,
  feedback: null,
  created_at: 1_790_000_000,
};

const EVENTS: ChatStreamEvent[] = [
  { event: "start", question: { ...message, role: "user", outcome: null, sources: [] }, answer_id: message.id, sources: message.sources },
  { event: "delta", text: "Line one\n\n" },
  { event: "delta", text: "data: not an event [1]" },
  { event: "done", answer: message },
];

describe("the chat stream", () => {
  it("reads back what the server writes, whatever the chunking (one byte at a time included)", () => {
    const wire = EVENTS.map(encodeChatStreamEvent).join("");
    for (const size of [1, 7, 64, wire.length]) {
      const parser = new ChatStreamParser();
      const read: ChatStreamEvent[] = [];
      for (let i = 0; i < wire.length; i += size) read.push(...parser.push(wire.slice(i, i + size)));
      read.push(...parser.end());
      expect(read).toEqual(EVENTS);
    }
  });

  it("skips keep-alive comments, unknown events and malformed data, and accepts CRLF", () => {
    const parser = new ChatStreamParser();
    const wire = `: keep-alive\r\n\r\nevent: ping\r\ndata: {}\r\n\r\nevent: delta\r\ndata: {not json\r\n\r\nevent: delta\r\ndata: {"text":1}\r\n\r\nevent: delta\r\ndata: {"text":"ok"}\r\n\r\n`;
    expect(parser.push(wire)).toEqual([{ event: "delta", text: "ok" }]);
  });

  it("gives the last event of a stream cut before its blank line", () => {
    const parser = new ChatStreamParser();
    expect(parser.push('event: error\ndata: {"code":"assistant__engine__failed"}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: "error", code: "assistant__engine__failed" }]);
  });
});

describe("chatErrorCodes", () => {
  it("keeps the code of every status, lists of a 422, and falls back to unhandled", () => {
    expect(chatErrorCodes(429, { error: "Too Many Requests", message: "rate_limited" })).toEqual(["rate_limited"]);
    expect(chatErrorCodes(501, { error: "Not Implemented", message: "assistant__engine__unavailable" })).toEqual(["assistant__engine__unavailable"]);
    expect(chatErrorCodes(422, { error: "Unprocessable Entity", errors: ["a__b__blank", "c__d__invalid"] })).toEqual(["a__b__blank", "c__d__invalid"]);
    expect(chatErrorCodes(0, null)).toEqual(["no_network"]);
    expect(chatErrorCodes(500, "<html>")).toEqual(["unhandled"]);
  });
});
