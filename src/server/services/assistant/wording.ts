import type { Locale } from "@/domain/locales";
import { loadMessages } from "@/i18n/load-messages";

/** The assistant's own sentences in a language (messages "Assistant.answer"). */
export interface AssistantWording {
  intro: string;
  unknown: string;
}

export async function assistantWording(locale: Locale): Promise<AssistantWording> {
  const messages = await loadMessages(locale);
  const answer = (messages.Assistant as { answer?: Partial<AssistantWording> } | undefined)?.answer ?? {};
  const french = locale === "fr" ? answer : ((await loadMessages("fr")).Assistant as { answer: AssistantWording }).answer;
  return { intro: answer.intro ?? french.intro!, unknown: answer.unknown ?? french.unknown! };
}
