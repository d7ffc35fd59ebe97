"use client";

import { useTranslations } from "next-intl";
import { messageKeyForCode, messageKeysForCodes } from "@/domain/errors";

/** Sentences, in the visitor's language, for error codes (client-side checks and API answers alike). */
export function useErrorText() {
  const t = useTranslations("Errors");
  return {
    one: (code: string | undefined | null) => (code ? t(messageKeyForCode(code)) : undefined),
    // No codes, no message (messageKeysForCodes alone would turn [] into "unhandled").
    many: (codes: readonly string[]) => (codes.length === 0 ? [] : messageKeysForCodes(codes).map((key) => t(key))),
  };
}
