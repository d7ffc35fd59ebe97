import { isLocale } from "@/domain/locales";
import { loadMessages } from "@/i18n/load-messages";
import type { AssistantMessages, MessageTree } from "./assistant-text";

/**
 * The error sentences the panel may need: the generic ones, and those of the calls it makes
 * (the chat service, the call-back lead). Every other code falls back to these through
 * messageKeyForCode, so the file stays a few kilobytes instead of the whole catalogue.
 */
const GENERIC_ERRORS = new Set(["no_network", "unhandled", "rate_limited", "validation_failed", "bad_request", "invalid_json", "payload_too_large", "not_found", "internal_error"]);
const ERROR_PREFIXES = ["assistant__", "chat_conversation__", "chat_message__", "chat_feedback__", "mail_redaction__", "lead__", "phone__", "email__"];

const wanted = (code: string) => GENERIC_ERRORS.has(code) || ERROR_PREFIXES.some((prefix) => code.startsWith(prefix));

/** The body of /assistant/messages/{locale}.json, or null for a file that is not a locale's. */
export async function assistantMessages(file: string): Promise<AssistantMessages | null> {
  const locale = file.endsWith(".json") ? file.slice(0, -".json".length) : "";
  if (!isLocale(locale)) return null;
  const messages = await loadMessages(locale);
  const errors = messages.Errors as Record<string, string>;
  return {
    Assistant: messages.Assistant as MessageTree,
    Errors: Object.fromEntries(Object.entries(errors).filter(([code]) => wanted(code))),
  };
}
