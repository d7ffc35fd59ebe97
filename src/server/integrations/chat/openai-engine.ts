import OpenAI from "openai";
import { LOCALE_NAMES, type Locale } from "@/domain/locales";
import type { TextCompletionTool } from "@/domain/schemas/chat";
import { EngineFailedError, type ChatEngine, type GroundedQuestion } from "@/server/integrations/chat/chat-engine";

export interface OpenAiEngineOptions {
  baseUrl: string;
  /** Empty for a local server (Ollama, vLLM) that asks for none. */
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** English names, for the model's instructions ("answer in German"). */
const LANGUAGE_NAMES: Record<Locale, string> = {
  fr: "French",
  ar: "Arabic",
  de: "German",
  en: "English",
  es: "Spanish",
  he: "Hebrew",
  it: "Italian",
  pt: "Portuguese",
  sr: "Serbian (Latin script)",
  tr: "Turkish",
  zh: "Simplified Chinese",
};

/** The passages a model reads, each cut to this length (context windows of small local models are short). */
const PASSAGE_CHARS = 1500;
/** Earlier turns sent along: enough for a follow-up question, not a whole conversation. */
const HISTORY_TURNS = 6;

/** The instructions that keep the model to the site's pages; exported for the tests. */
export function groundedPrompt(input: GroundedQuestion): string {
  const pages = input.sources
    .map((source, i) => `[${i + 1}] ${source.title} (${source.url})\n${(input.passages[i] ?? source.extract).slice(0, PASSAGE_CHARS)}`)
    .join("\n\n");
  return [
    "You are the assistant of Paisible, a French funeral-services company, talking to a bereaved family. Be calm, kind and brief.",
    `Answer in ${LANGUAGE_NAMES[input.locale]}, in plain text (no Markdown, no HTML), in at most 120 words.`,
    "Use ONLY the numbered pages below. Cite the pages you use as [1], [2]... right after the sentence they support.",
    "If the pages do not answer the question, say plainly that you do not know and suggest talking to an advisor; never invent a figure, a date or a rule.",
    "Never ask for or repeat personal data beyond what the question needs.",
    "",
    "Pages:",
    pages,
  ].join("\n");
}

const TOOL_PROMPTS: Record<TextCompletionTool, string> = {
  correct: "Correct the spelling, grammar and punctuation of the text. Keep its wording and meaning; change nothing else.",
  rephrase: "Rephrase the text more clearly and gently, keeping its meaning and its length.",
  shorten: "Shorten the text to about half its length, keeping what matters.",
  formalize: "Rewrite the text in a formal, courteous register suitable for an official letter.",
  condolence: "Write a short, sincere condolence message (at most 80 words) from the notes given. Do not invent facts about the deceased.",
};

export function openAiEngine(options: OpenAiEngineOptions): ChatEngine {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // The client insists on a key; a local server ignores this one.
    apiKey: options.apiKey ?? "no-key",
    timeout: options.timeoutMs,
    maxRetries: 1,
  });

  async function once(system: string, user: string): Promise<string> {
    try {
      const completion = await client.chat.completions.create({
        model: options.model,
        temperature: 0.2,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
      });
      const text = completion.choices[0]?.message?.content?.trim();
      if (!text) throw new Error("empty completion");
      return text;
    } catch (error) {
      throw new EngineFailedError(error);
    }
  }

  return {
    name: "openai",
    async *answer(input, signal) {
      let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
      try {
        stream = await client.chat.completions.create(
          {
            model: options.model,
            temperature: 0.2,
            stream: true,
            messages: [
              { role: "system", content: groundedPrompt(input) },
              ...input.history.slice(-HISTORY_TURNS).map((turn) => ({ role: turn.role, content: turn.content })),
              { role: "user", content: input.question },
            ],
          },
          { signal },
        );
      } catch (error) {
        throw new EngineFailedError(error);
      }
      try {
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) yield delta;
        }
      } catch (error) {
        throw new EngineFailedError(error);
      }
    },
    complete: ({ tool, content, locale }) =>
      once(`${TOOL_PROMPTS[tool]} Answer in ${LANGUAGE_NAMES[locale]}, with the resulting text only, in plain text.`, content),
    translate: ({ content, languageCode }) =>
      once(
        `Translate the text into ${LANGUAGE_NAMES[languageCode]} (${LOCALE_NAMES[languageCode]}). Answer with the translation only, in plain text, keeping names and line breaks.`,
        content,
      ),
  };
}
