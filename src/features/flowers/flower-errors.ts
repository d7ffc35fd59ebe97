"use client";

import { useTranslations } from "next-intl";
import { messageKeyForCode } from "@/domain/errors";

/**
 * Sentences for error codes: the funnel's own field sentences ("FlowerFunnel.fieldErrors")
 * first, then the shared "Errors" one, so any code the server adds still reads as a sentence.
 */
export function useFlowerErrors(codes: readonly string[]) {
  const t = useTranslations("Errors");
  const own = useTranslations("FlowerFunnel.fieldErrors");
  const text = (code: string) => (own.has(code) ? own(code) : t(messageKeyForCode(code)));
  return {
    /** The sentence for the first code about `prefix__field__…`. */
    field: (prefix: string, field: string) => {
      const code = codes.find((c) => c.startsWith(`${prefix}__${field}__`));
      return code ? text(code) : undefined;
    },
    text,
  };
}
