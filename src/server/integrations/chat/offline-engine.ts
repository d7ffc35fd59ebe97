import type { ChatEngine, GroundedQuestion } from "@/server/integrations/chat/chat-engine";
import { EngineUnavailableError } from "@/server/integrations/chat/chat-engine";

/** Sentences of the offline answer in the conversation's language (messages "Assistant.answer"). */
export interface OfflineWording {
  intro: string;
}

/**
 * The embedded engine: no model, so it writes nothing of its own. Its answer is the pages'
 * extracts, numbered like their links, after one sentence of the conversation's language.
 */
export function offlineEngine(wording: (locale: GroundedQuestion["locale"]) => Promise<OfflineWording>): ChatEngine {
  return {
    name: "offline",
    async *answer(input) {
      const { intro } = await wording(input.locale);
      yield intro;
      for (const [index, source] of input.sources.entries()) {
        yield `\n\n[${index + 1}] ${source.title}\n${source.extract}`;
      }
    },
    async complete() {
      throw new EngineUnavailableError();
    },
    async translate() {
      throw new EngineUnavailableError();
    },
  };
}
