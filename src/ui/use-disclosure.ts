"use client";

import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Open/closed state of a menu or panel shown by a toggle button: Escape closes it and puts
 * focus back on the toggle, a press outside `within` (when given) closes it, and a new
 * `resetKey` (the page's path) closes it, adjusted during render rather than in an effect.
 */
export function useDisclosure<Toggle extends HTMLElement = HTMLButtonElement>({ resetKey, within }: { resetKey?: string; within?: RefObject<HTMLElement | null> } = {}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<Toggle>(null);
  const [shownFor, setShownFor] = useState(resetKey);
  if (shownFor !== resetKey) {
    setShownFor(resetKey);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (within && !within.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, within]);

  return { open, setOpen, toggle };
}
