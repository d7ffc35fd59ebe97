"use client";

import { useEffect, useRef } from "react";

export interface BoardShortcutHandlers {
  focusSearch: () => void;
  moveSelection: (delta: 1 | -1) => void;
  openSelection: () => void;
  toggleView: () => void;
  newRequests: () => void;
  showHelp: () => void;
}

/** Whether a key press belongs to what the user is typing (a field, a list box, an editable area). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
}

/**
 * The board's keyboard shortcuts: "/" search, j/k or the arrows move the selection, Enter
 * opens it, v switches list and kanban, n shows the new requests, "?" lists them all. None
 * fires while typing in a field, with a modifier held, or while a dialog is open.
 */
export function useBoardShortcuts(handlers: BoardShortcutHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector("dialog[open]")) return;
      const on = latest.current;
      const target = event.target instanceof HTMLElement ? event.target : null;
      switch (event.key) {
        case "/":
          event.preventDefault();
          return on.focusSearch();
        case "j":
        case "ArrowDown":
          event.preventDefault();
          return on.moveSelection(1);
        case "k":
        case "ArrowUp":
          event.preventDefault();
          return on.moveSelection(-1);
        case "Enter":
          // A focused link or button does its own thing.
          if (target && target.closest("a, button")) return;
          return on.openSelection();
        case "v":
          return on.toggleView();
        case "n":
          return on.newRequests();
        case "?":
          return on.showHelp();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
