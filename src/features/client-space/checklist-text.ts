"use client";

import { useTranslations } from "next-intl";

/**
 * Words of a checklist step. The deadline rules (src/domain) name each step by a code;
 * their sentences live with the rules in the "Procedures.deadlines" messages.
 */
export function useChecklistText() {
  const t = useTranslations("Procedures.deadlines");
  return {
    title: (code: string) => (t.has(`${code}.title`) ? t(`${code}.title`) : code),
    detail: (code: string) => (t.has(`${code}.detail`) ? t(`${code}.detail`) : null),
  };
}
