"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "@/api-client/api-error";
import { UNHANDLED, messageKeyForCode } from "@/domain/errors";

/** The codes of a failed call (a network failure is `no_network`). */
export function codesOf(error: unknown): string[] {
  return error instanceof ApiError ? error.codes : [UNHANDLED];
}

/** Codes the deal page words for an advisor itself (ProDeal.errors), before the shared "Errors". */
const OWN_CODES = [
  "client__incomplete",
  "todo_item__title__blank",
  "todo_item__title__too_long",
  "communication__note__blank",
  "communication__note__too_long",
  "deal__commentary__too_long",
  "deal_step__scheduled_at__invalid",
  "deal__brand__blank",
  "deal__brand__too_long",
] as const;

/** Sentences for error codes in the advisor's language, without repeats. */
export function useDealErrors() {
  const t = useTranslations("Errors");
  const own = useTranslations("ProDeal.errors");
  const one = (code: string) => ((OWN_CODES as readonly string[]).includes(code) ? own(code as (typeof OWN_CODES)[number]) : t(messageKeyForCode(code)));
  return (codes: readonly string[]) => [...new Set((codes.length > 0 ? codes : [UNHANDLED]).map(one))];
}
