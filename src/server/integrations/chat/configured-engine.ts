import { serverEnv, type ServerEnv } from "@/config/env";
import type { ChatEngine } from "@/server/integrations/chat/chat-engine";
import { offlineEngine } from "@/server/integrations/chat/offline-engine";
import { openAiEngine } from "@/server/integrations/chat/openai-engine";
import { assistantWording } from "@/server/services/assistant/wording";

/** An OpenAI-compatible server when its base URL and model are set, else the embedded offline engine. */
export function configuredChatEngine(env: ServerEnv = serverEnv()): ChatEngine {
  if (env.CHAT_OPENAI_BASE_URL && env.CHAT_OPENAI_MODEL) {
    return openAiEngine({ baseUrl: env.CHAT_OPENAI_BASE_URL, apiKey: env.CHAT_OPENAI_API_KEY, model: env.CHAT_OPENAI_MODEL, timeoutMs: env.CHAT_OPENAI_TIMEOUT_MS });
  }
  return offlineEngine(assistantWording);
}
