"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/ui/cn";
import { controlClasses, FieldError, FieldHint, FieldLabel } from "@/ui/field";

/**
 * A text field that suggests places as the family types (communes, countries): the
 * ARIA 1.2 combobox pattern. Arrow keys move through the suggestions, Enter picks, Escape
 * closes; the field keeps what was typed until a suggestion is picked, and a picked place
 * shows its full name. Suggestions are fetched after a short pause, and a slow answer
 * never overwrites a newer one.
 */

export interface ComboboxOption {
  id: string;
  label: string;
  /** Second line (département, postal codes). */
  hint?: string;
  /** A value the picker's owner keeps (the main postal code of a commune). */
  extra?: string;
}

export interface PlaceComboboxProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The picked option's label, or "" when nothing is picked. */
  value: string;
  search: (q: string, signal: AbortSignal) => Promise<ComboboxOption[]>;
  onPick: (option: ComboboxOption) => void;
  /** Announced when a search finds nothing. */
  emptyText: string;
  /** Shown while suggestions load and when the search failed. */
  loadingText: string;
  failedText: string;
  required?: boolean;
  id?: string;
  autoFocus?: boolean;
}

export function PlaceCombobox({ label, hint, error, value, search, onPick, emptyText, loadingText, failedText, required, id, autoFocus }: PlaceComboboxProps) {
  const generated = useId();
  const inputId = id ?? `combo${generated}`;
  const listId = `${inputId}-list`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const [text, setText] = useState(value);
  // While the family types, the field shows their text; otherwise the picked place.
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const searchRef = useRef(search);

  useEffect(() => {
    searchRef.current = search;
  }, [search]);

  useEffect(() => {
    const q = text.trim();
    if (!typing || q.length < 1) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRef.current(q, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setActive(found.length > 0 ? 0 : -1);
          setState("idle");
          setOpen(true);
        })
        .catch(() => {
          if (!controller.signal.aborted) setState("failed");
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, typing]);

  function pick(option: ComboboxOption) {
    setTyping(false);
    setText(option.label);
    setOpen(false);
    setOptions([]);
    setActive(-1);
    onPick(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open && options.length > 0) setOpen(true);
      setActive((index) => (options.length === 0 ? -1 : (index + 1) % options.length));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (options.length === 0 ? -1 : (index - 1 + options.length) % options.length));
    } else if (event.key === "Enter") {
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        pick(options[active]);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
      }
    }
  }

  const shown = typing ? text : value;
  const showList = open && typing && text.trim().length > 0;
  const status = state === "loading" ? loadingText : state === "failed" ? failedText : showList && options.length === 0 ? emptyText : "";
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;

  return (
    <div className="relative flex flex-col gap-1.5">
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        autoFocus={autoFocus}
        aria-autocomplete="list"
        aria-expanded={showList && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        required={required}
        value={shown}
        onChange={(event) => {
          const next = event.target.value;
          setTyping(true);
          setText(next);
          setOpen(true);
          if (next.trim() === "") {
            setOptions([]);
            setState("idle");
          } else {
            setState("loading");
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // Let a tap on a suggestion land before the list closes.
          setTimeout(() => setOpen(false), 150);
        }}
        className={cn(controlClasses, "min-h-12")}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={typeof label === "string" ? label : undefined}
        hidden={!(showList && options.length > 0)}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-md border border-line-strong bg-surface py-1 shadow-card"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
            onMouseEnter={() => setActive(index)}
            className={cn("cursor-pointer px-4 py-2.5", index === active ? "bg-primary-soft" : "")}
          >
            <span className="block font-medium text-ink">{option.label}</span>
            {option.hint ? <span className="block text-sm text-ink-soft">{option.hint}</span> : null}
          </li>
        ))}
      </ul>
      <p aria-live="polite" className={cn("min-h-6 text-sm text-ink-soft", status ? "" : "sr-only")}>
        {status}
      </p>
    </div>
  );
}
