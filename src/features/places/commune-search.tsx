"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { api } from "@/api-client/client";
import { paths } from "@/config/paths";
import { AUTOCOMPLETE_Q_MAX } from "@/domain/schemas/autocomplete";
import { communeSlug, hasPlacePage, isInseeCode } from "@/domain/slug";

/**
 * The commune search of /pompes-funebres. Without JavaScript it is a plain GET form to
 * /pompes-funebres?q=…, which the server answers with a list of communes. With
 * JavaScript the same field becomes a combobox (WAI-ARIA 1.2 pattern) fed by the public
 * autocomplete GET /api/v1/autocompletes/cityhalls?q=: arrow keys move through the
 * suggestions, Enter opens the highlighted commune (or sends the form when none is
 * highlighted), Escape closes the list. The number of suggestions is announced politely.
 */

interface Suggestion {
  name: string;
  insee_code: string;
  postal_codes?: string[];
  department?: { code: string; name: string };
}

export interface CommuneSearchLabels {
  label: string;
  hint: string;
  submit: string;
  listLabel: string;
  /** ICU-free templates filled here: "{count}" is replaced by the number. */
  countOne: string;
  countMany: string;
  none: string;
  error: string;
}

const DEBOUNCE_MS = 180;
const LIMIT = 8;

function hrefOf(s: Suggestion): string | null {
  return isInseeCode(s.insee_code) && (!s.department || hasPlacePage(s.department.code)) ? paths.funeralPlace(communeSlug(s.name, s.insee_code)) : null;
}

export function CommuneSearch({ labels, defaultValue = "" }: { labels: CommuneSearchLabels; defaultValue?: string }) {
  const router = useRouter();
  const baseId = useId();
  const inputId = `${baseId}-q`;
  const listId = `${baseId}-list`;
  const hintId = `${baseId}-hint`;
  const [value, setValue] = useState(defaultValue);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = value.trim();
    // Shorter texts are cleared by onChange; the list only follows what is worth asking.
    if (q.length < 2) return;
    const timer = window.setTimeout(async () => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      try {
        const found = await api.get<Suggestion[]>("/api/v1/autocompletes/cityhalls", {
          query: { q: q.slice(0, AUTOCOMPLETE_Q_MAX), limit: LIMIT },
          signal: controller.signal,
        });
        const usable = Array.isArray(found) ? found.filter((s) => hrefOf(s) !== null) : [];
        setItems(usable);
        setActive(-1);
        setOpen(true);
        setStatus(usable.length === 0 ? labels.none : (usable.length === 1 ? labels.countOne : labels.countMany).replace("{count}", String(usable.length)));
      } catch {
        if (controller.signal.aborted) return;
        // The plain form still works: the server answers the same search.
        setItems([]);
        setOpen(false);
        setStatus(labels.error);
      }
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value, labels]);

  useEffect(() => () => abort.current?.abort(), []);

  const onChange = (next: string) => {
    setValue(next);
    if (next.trim().length < 2) {
      abort.current?.abort();
      setItems([]);
      setOpen(false);
      setStatus("");
    }
  };

  const go = (s: Suggestion) => {
    const href = hrefOf(s);
    if (!href) return;
    setOpen(false);
    router.push(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      const chosen = open ? items[active] : undefined;
      if (chosen) {
        event.preventDefault();
        go(chosen);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const expanded = open && items.length > 0;
  return (
    <form role="search" method="get" action={paths.funeralIndex()} className="relative max-w-xl">
      <label htmlFor={inputId} className="block font-semibold text-ink">
        {labels.label}
      </label>
      <p id={hintId} className="mt-1 text-ink-soft">
        {labels.hint}
      </p>
      <div className="mt-2 flex gap-2">
        <div className="relative flex-1">
          <input
            id={inputId}
            name="q"
            // A combobox may not be a type="search" input (HTML-ARIA); the keyboard still offers "search".
            type="text"
            inputMode="search"
            enterKeyHint="search"
            value={value}
            maxLength={AUTOCOMPLETE_Q_MAX}
            autoComplete="off"
            spellCheck={false}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-describedby={hintId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => items.length > 0 && setOpen(true)}
            onBlur={() => window.setTimeout(() => setOpen(false), 150)}
            className="min-h-12 w-full rounded-md border border-line-strong bg-surface px-4 text-ink outline-none focus-visible:outline-3 focus-visible:outline-focus"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={labels.listLabel}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-96 overflow-auto rounded-md border border-line bg-surface shadow-card"
          >
            {items.map((s, index) => (
              <li
                key={s.insee_code}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(s)}
                className={`flex min-h-12 cursor-pointer flex-col justify-center px-4 py-2 ${index === active ? "bg-primary-soft" : "hover:bg-sand-50"}`}
              >
                <span className="font-medium text-ink">{s.name}</span>
                <span className="text-sm text-ink-soft" dir="auto">
                  {[s.postal_codes?.[0], s.department ? `${s.department.name} (${s.department.code})` : null].filter(Boolean).join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className="inline-flex min-h-12 items-center rounded-md bg-primary px-5 font-semibold text-on-primary hover:bg-primary-hover">
          {labels.submit}
        </button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </form>
  );
}
