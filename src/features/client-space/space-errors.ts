"use client";

import { useTranslations } from "next-intl";
import { messageKeyForCode, messageKeysForCodes } from "@/domain/errors";

/**
 * Sentences for error codes: a field code the client space words itself
 * ("ClientSpace.fieldErrors.<code>", e.g. the birth place a procedure needs) first, then the
 * shared "Errors" sentence, so a newer server's code still reads as a sentence.
 */
export function useSpaceErrors() {
  const t = useTranslations("Errors");
  const own = useTranslations("ClientSpace.fieldErrors");
  const one = (code: string | undefined | null): string | undefined => {
    if (!code) return undefined;
    return own.has(code) ? own(code) : t(messageKeyForCode(code));
  };
  return {
    one,
    many: (codes: readonly string[]): string[] => {
      if (codes.length === 0) return [];
      const ownCodes = codes.filter((code) => own.has(code));
      const rest = codes.filter((code) => !own.has(code));
      return [...new Set([...ownCodes.map((code) => own(code)), ...(rest.length > 0 ? messageKeysForCodes(rest).map((key) => t(key)) : [])])];
    },
  };
}
