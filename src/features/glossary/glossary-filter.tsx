"use client";

import { useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { foldText } from "./fold-text";

const subscribeNothing = () => () => {};

/**
 * Narrows the glossary as the visitor types. Progressive enhancement: the whole
 * list is server-rendered inside `children` and readable without JavaScript; the
 * filter box only appears once this island runs (the server and the first client
 * render leave it out), and it hides entries by toggling `hidden` on the rendered
 * markup rather than re-rendering 100 definitions on each key press.
 */
export function GlossaryFilter({ children }: { children: ReactNode }) {
  const t = useTranslations("Glossary");
  const ready = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  function apply(value: string) {
    setQuery(value);
    const root = listRef.current;
    if (!root) return;
    const needle = foldText(value.trim());
    let count = 0;
    for (const section of root.querySelectorAll<HTMLElement>("[data-glossary-letter]")) {
      let inSection = 0;
      for (const entry of section.querySelectorAll<HTMLElement>("[data-glossary-term]")) {
        const match = needle === "" || foldText(entry.textContent ?? "").includes(needle);
        entry.hidden = !match;
        if (match) inSection++;
      }
      section.hidden = inSection === 0;
      count += inSection;
    }
    // Letters of the index whose section is now empty are dimmed, not removed, so the index keeps its shape.
    for (const link of document.querySelectorAll<HTMLElement>("[data-glossary-index-letter]")) {
      const section = document.getElementById(link.dataset.glossaryIndexLetter ?? "");
      link.dataset.empty = section && !section.hidden ? "false" : "true";
    }
    setShown(needle === "" ? null : count);
  }

  return (
    <>
      {ready ? (
        <div role="search" className="mb-8 max-w-xl">
          <label htmlFor={`${id}-input`} className="block font-semibold text-ink">
            {t("filterLabel")}
          </label>
          <p id={`${id}-hint`} className="text-base text-ink-soft">
            {t("filterHint")}
          </p>
          <div className="mt-1.5 flex gap-2">
            <input
              id={`${id}-input`}
              type="search"
              value={query}
              onChange={(event) => apply(event.target.value)}
              aria-describedby={`${id}-hint ${id}-count`}
              autoComplete="off"
              spellCheck={false}
              className="block min-h-12 w-full rounded-md border border-line-strong bg-surface px-4 py-2.5 text-ink placeholder:text-ink-soft hover:border-ink-soft"
            />
            {query ? (
              <button
                type="button"
                onClick={() => apply("")}
                className="min-h-12 shrink-0 rounded-md border border-line-strong bg-surface px-4 font-semibold text-primary hover:bg-primary-soft"
              >
                {t("filterClear")}
              </button>
            ) : null}
          </div>
          <p id={`${id}-count`} role="status" className="mt-2 min-h-7 text-base text-ink-soft">
            {shown === null ? "" : shown === 0 ? t("filterNoResult", { query: query.trim() }) : t("filterCount", { count: shown })}
          </p>
        </div>
      ) : null}
      <div ref={listRef}>{children}</div>
    </>
  );
}
