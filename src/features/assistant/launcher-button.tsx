"use client";

import { useState, type ComponentType } from "react";
import { usePathname } from "next/navigation";
import { assistantMessagesUrl, assistantShownOn } from "./assistant-scope";
import type { AssistantMessages } from "./assistant-text";
import type { AssistantPanelProps } from "./assistant-panel";

export type LauncherStrings = { open: string; failed: string };

type Loaded = { Panel: ComponentType<AssistantPanelProps>; messages: AssistantMessages };

// The panel's code and words, fetched once per page life and only when a visitor asks.
let loading: Promise<Loaded> | null = null;

function loadPanel(locale: string): Promise<Loaded> {
  loading ??= Promise.all([
    import("./assistant-panel").then((m) => m.AssistantPanel),
    fetch(assistantMessagesUrl(locale)).then((response) => {
      if (!response.ok) throw new Error(`assistant messages: ${response.status}`);
      return response.json() as Promise<AssistantMessages>;
    }),
  ]).then(([Panel, messages]) => ({ Panel, messages }));
  // A failed load (offline, a new deployment) may be tried again with the next press.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The assistant's launcher: a small fixed button at the page's bottom corner (the inline
 * end, so it follows right-to-left pages). Nothing of the assistant is loaded before it is
 * pressed; then the panel's code and its locale's messages come together.
 */
export function LauncherButton({ locale, strings }: { locale: string; strings: LauncherStrings }) {
  const pathname = usePathname();
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [open, setOpen] = useState(false);
  // A followed link (or any navigation) closes the panel, so the new page is what the family sees.
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  if (!assistantShownOn(pathname ?? "/")) return null;

  function openPanel() {
    if (loaded) {
      setOpen(true);
      return;
    }
    setState("loading");
    loadPanel(locale).then(
      (result) => {
        setLoaded(result);
        setState("idle");
        setOpen(true);
      },
      () => setState("failed"),
    );
  }

  const Panel = loaded?.Panel;
  return (
    <>
      <div data-assistant-launcher="" className="fixed bottom-[max(1rem,env(safe-area-inset-bottom))] end-4 z-40 flex flex-col items-end gap-2 print:hidden">
        {state === "failed" ? (
          <p role="alert" className="max-w-64 rounded-md border border-danger bg-surface px-3 py-2 text-sm text-danger shadow-card">
            {strings.failed}
          </p>
        ) : null}
        <button
          type="button"
          onClick={openPanel}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-busy={state === "loading" || undefined}
          className="inline-flex min-h-12 min-w-12 cursor-pointer items-center justify-center gap-2 rounded-full bg-primary px-4 font-semibold text-on-primary shadow-card hover:bg-primary-hover max-sm:px-0"
        >
          <svg
            className={state === "loading" ? "size-6 animate-spin motion-reduce:animate-none sm:size-5" : "size-6 sm:size-5"}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            {state === "loading" ? (
              <path d="M21 12a9 9 0 1 1-9-9" />
            ) : (
              <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z M8.5 12h.01M12 12h.01M15.5 12h.01" />
            )}
          </svg>
          {/* On a phone only the round icon shows, to cover as little of the page as it can; its name stays. */}
          <span className="max-sm:sr-only">{strings.open}</span>
        </button>
      </div>
      {/* Mounted once loaded and kept while the page lives, so a closed and reopened panel keeps its conversation. */}
      {Panel && loaded ? <Panel open={open} locale={locale} messages={loaded.messages} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
