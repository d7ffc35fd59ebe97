"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { messageKeyForCode } from "@/domain/errors";

/** A refused call as the page shows it: its status, codes and the sentences of those codes. */
export interface Refusal {
  status: number;
  codes: string[];
}

export function refusalOf(error: unknown): Refusal {
  const failure = toApiError(error);
  return { status: failure.status, codes: failure.status === 429 ? ["rate_limited"] : failure.codes };
}

/** The sentence of one code ("Errors" namespace; field codes without their own fall back to "check this field"). */
export function useErrorSentence(): (code: string) => string {
  const t = useTranslations("Errors");
  return useCallback((code: string) => t(messageKeyForCode(code)), [t]);
}

/**
 * The refusal's sentences for one field (codes `<resource>__<field>__…`), or for the
 * whole form when `field` is omitted (the codes no field claims).
 */
export function useRefusalText(): (refusal: Refusal | null, field?: string, claimed?: readonly string[]) => string {
  const sentence = useErrorSentence();
  return useCallback(
    (refusal: Refusal | null, field?: string, claimed: readonly string[] = []) => {
      if (!refusal) return "";
      const fieldOf = (code: string) => code.split("__")[1] ?? "";
      const codes = field === undefined ? refusal.codes.filter((code) => !claimed.includes(fieldOf(code))) : refusal.codes.filter((code) => fieldOf(code) === field);
      return [...new Set(codes.map(sentence))].join(" ");
    },
    [sentence],
  );
}
