"use client";

import { useLocale, useTranslations } from "next-intl";
import { messageKeyForCode, messageKeysForCodes } from "@/domain/errors";

/** Sentences for error codes, in the visitor's language: the family's own field codes first, then the shared "Errors". */
export function useFamilyErrors() {
  const t = useTranslations("Errors");
  const tf = useTranslations("Family.accept");
  const own: Record<string, string> = {
    client__firstname__blank: tf("firstnameRequired"),
    client__lastname__blank: tf("lastnameRequired"),
    client__firstname__too_long: tf("nameTooLong"),
    client__lastname__too_long: tf("nameTooLong"),
  };
  return {
    one: (code: string | undefined | null) => (code ? (own[code] ?? t(messageKeyForCode(code))) : undefined),
    many: (codes: readonly string[]) => {
      if (codes.length === 0) return [];
      const mine = codes.filter((c) => own[c]).map((c) => own[c]!);
      const shared = codes.filter((c) => !own[c]);
      return [...new Set([...mine, ...(shared.length > 0 ? messageKeysForCodes(shared).map((key) => t(key)) : [])])];
    },
  };
}

/** A date of the API (seconds) in the visitor's language. */
export function useDateText() {
  const locale = useLocale();
  return (seconds: number) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(new Date(seconds * 1000));
}
