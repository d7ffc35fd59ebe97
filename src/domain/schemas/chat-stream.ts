import { z } from "zod";
import { chatMessageSchema, chatSourceSchema } from "@/domain/schemas/chat";

/**
 * The streamed answer of `POST /v1/conversations/{id}/messages` sent with
 * `Accept: text/event-stream`: Server-Sent Events over the POST's response (read it with
 * fetch and a ReadableStream; EventSource only does GET). Events, in this order:
 *
 *   event: start   data: {"question": ChatMessage, "answer_id": uuid, "sources": [ChatSource]}
 *   event: delta   data: {"text": "…"}                         (zero or more; append them)
 *   event: done    data: {"answer": ChatMessage}               (the answer as stored: replace the draft)
 * or, when the model server fails after `start`:
 *   event: error   data: {"code": "assistant__engine__failed"} (nothing stored for the answer)
 *
 * Errors before `start` (404, 422, 429) are ordinary JSON answers with their status.
 * Lines starting with ":" are keep-alive comments. `ChatStreamParser` reads the stream.
 */

export const chatStreamStartSchema = z.object({ question: chatMessageSchema, answer_id: z.string().uuid(), sources: z.array(chatSourceSchema) });
export const chatStreamDeltaSchema = z.object({ text: z.string() });
export const chatStreamDoneSchema = z.object({ answer: chatMessageSchema });
export const chatStreamErrorSchema = z.object({ code: z.string() });

export type ChatStreamEvent =
  | ({ event: "start" } & z.infer<typeof chatStreamStartSchema>)
  | ({ event: "delta" } & z.infer<typeof chatStreamDeltaSchema>)
  | ({ event: "done" } & z.infer<typeof chatStreamDoneSchema>)
  | ({ event: "error" } & z.infer<typeof chatStreamErrorSchema>);

export const CHAT_STREAM_CONTENT_TYPE = "text/event-stream";

/** One event as the server writes it. */
export function encodeChatStreamEvent(event: ChatStreamEvent): string {
  const { event: name, ...data } = event;
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

const DATA_SCHEMAS = { start: chatStreamStartSchema, delta: chatStreamDeltaSchema, done: chatStreamDoneSchema, error: chatStreamErrorSchema } as const;

function decodeBlock(block: string): ChatStreamEvent | null {
  let name = "message";
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  if (!(name in DATA_SCHEMAS) || data.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.join("\n"));
  } catch {
    return null;
  }
  const result = DATA_SCHEMAS[name as keyof typeof DATA_SCHEMAS].safeParse(parsed);
  return result.success ? ({ event: name, ...result.data } as ChatStreamEvent) : null;
}

/** Incremental reader: push each decoded chunk of text, get the complete events so far. Unknown or malformed events are skipped. */
export class ChatStreamParser {
  private buffer = "";

  push(chunk: string): ChatStreamEvent[] {
    this.buffer += chunk;
    const events: ChatStreamEvent[] = [];
    let end: RegExpExecArray | null;
    const separator = /\r?\n\r?\n/;
    while ((end = separator.exec(this.buffer)) !== null) {
      const block = this.buffer.slice(0, end.index);
      this.buffer = this.buffer.slice(end.index + end[0].length);
      const event = decodeBlock(block);
      if (event) events.push(event);
    }
    return events;
  }

  /** The last event when the stream ended without its blank line. */
  end(): ChatStreamEvent[] {
    const rest = this.buffer;
    this.buffer = "";
    const event = rest.trim() ? decodeBlock(rest) : null;
    return event ? [event] : [];
  }
}
