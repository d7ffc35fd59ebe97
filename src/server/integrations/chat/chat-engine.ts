import type { Locale } from "@/domain/locales";
import type { ChatSource, TextCompletionTool } from "@/domain/schemas/chat";

/**
 * The assistant's language engine, behind one interface (DESIGN "Integrations"): the embedded
 * offline engine (offline-engine.ts) by default, any OpenAI-compatible server
 * (openai-engine.ts) when one is configured. Retrieval is not theirs: the service finds the
 * passages first, so both engines answer from the same pages.
 */
export interface GroundedQuestion {
  question: string;
  locale: Locale;
  /** Earlier turns of the conversation, oldest first (the engine may use them for follow-ups). */
  history: ReadonlyArray<{ role: "user" | "assistant"; content: string }>;
  /** The pages found for the question, cited as [1], [2]... in this order; never empty. */
  sources: readonly ChatSource[];
  /** The same pages' passages, longer than the extracts, for an engine that reads. */
  passages: readonly string[];
}

export interface ChatEngine {
  readonly name: "offline" | "openai";
  /** The answer's text, piece by piece as it is written. */
  answer(input: GroundedQuestion, signal?: AbortSignal): AsyncIterable<string>;
  /** Throws EngineUnavailableError when the engine cannot write (the offline one). */
  complete(input: { tool: TextCompletionTool; content: string; locale: Locale }): Promise<string>;
  translate(input: { content: string; languageCode: Locale }): Promise<string>;
}

/** The engine cannot do this at all (501 assistant__engine__unavailable). */
export class EngineUnavailableError extends Error {
  constructor() {
    super("The assistant has no language model for this");
    this.name = "EngineUnavailableError";
  }
}

/** The model server failed or answered nonsense (502 assistant__engine__failed). */
export class EngineFailedError extends Error {
  constructor(cause?: unknown) {
    super("The assistant's model server failed", cause === undefined ? undefined : { cause });
    this.name = "EngineFailedError";
  }
}
