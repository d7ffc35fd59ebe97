"use client";

import { useMessages } from "next-intl";

type Tree = { [key: string]: string | Tree };

/**
 * Words of a checklist step. The deadline rules (src/domain/after-death-deadlines.ts) name
 * each step by an id; their sentences live with the rules in "Procedures.rules.<id>"
 * (a title and an explanation). Read from the catalogue directly, so a rule whose sentences
 * are not there yet shows its id rather than breaking the page.
 */
export function useChecklistText() {
  const messages = useMessages() as Tree;
  const rules = ((messages.Procedures as Tree | undefined)?.rules ?? {}) as Tree;
  const pick = (id: string, keys: readonly string[]): string | null => {
    const entry = rules[id];
    if (typeof entry === "string") return keys.includes("title") ? entry : null;
    if (!entry) return null;
    for (const key of keys) if (typeof entry[key] === "string") return entry[key];
    return null;
  };
  return {
    title: (id: string) => pick(id, ["title", "label", "name"]) ?? id,
    detail: (id: string) => pick(id, ["explanation", "detail", "description", "body"]),
  };
}
