"use client";

import { useMemo, useState } from "react";
import { Dialog } from "@/ui/dialog";
import { cn } from "@/ui/cn";
import { AdvisorView, useCallBack } from "./advisor-view";
import { errorText as errorSentence, translator, type AssistantMessages } from "./assistant-text";
import { ChatComposer, ChatLog } from "./chat-view";
import { LetterView, useLetter } from "./letter-view";
import { useChat } from "./use-chat";

export type AssistantPanelProps = { open: boolean; locale: string; messages: AssistantMessages; onClose: () => void };

const MODES = ["chat", "letter", "advisor"] as const;
type Mode = (typeof MODES)[number];

/**
 * The assistant: a modal dialog (the browser keeps focus inside, Escape closes, focus goes
 * back to the launcher), full screen on phones. Three modes: questions answered from the
 * site's own pages with their sources, a letter drafted from what the family types, and
 * an advisor (phone, or a call-back request). Every mode's state lives here, above the
 * dialog, so closing the panel or switching modes loses nothing typed.
 */
export function AssistantPanel({ open, locale, messages, onClose }: AssistantPanelProps) {
  const t = useMemo(() => translator(messages.Assistant), [messages]);
  // A field left empty gets a plain "fill this in" rather than the catalogue's general "check the fields".
  const errorText = (code: string) => (/__(blank|missing)$/.test(code) && !(code in messages.Errors) ? t("required") : errorSentence(messages.Errors, code));
  const [mode, setMode] = useState<Mode>("chat");
  const chat = useChat(locale);
  const letter = useLetter(locale);
  const callBack = useCallBack();

  function choose(next: Mode) {
    if (next === "advisor") callBack.offer(chat.entries.findLast((entry) => entry.role === "user")?.content ?? null);
    setMode(next);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("title")}
      // On a phone the screen belongs to the conversation: the introduction stays for screen readers only.
      description={<span className="max-sm:sr-only">{t("intro")}</span>}
      closeLabel={t("close")}
      size="lg"
      className="max-sm:m-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:rounded-none max-sm:border-0 sm:h-[min(46rem,calc(100dvh-2rem))]"
      footer={mode === "chat" ? <ChatComposer chat={chat} t={t} errorText={errorText} /> : undefined}
    >
      <div role="group" aria-label={t("modes.label")} className="mb-4 grid grid-cols-3 gap-1 rounded-lg bg-sand-50 p-1">
        {MODES.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={mode === key}
            onClick={() => choose(key)}
            className={cn(
              "min-h-11 cursor-pointer rounded-md px-2 text-sm font-semibold leading-tight sm:text-base",
              mode === key ? "bg-surface text-primary shadow-card" : "text-ink-soft hover:text-ink",
            )}
          >
            {t(`modes.${key}`)}
          </button>
        ))}
      </div>
      {mode === "chat" ? <ChatLog chat={chat} t={t} onFollow={onClose} onAdvisor={() => choose("advisor")} /> : null}
      {mode === "letter" ? <LetterView letter={letter} locale={locale} t={t} errorText={errorText} /> : null}
      {mode === "advisor" ? <AdvisorView callBack={callBack} t={t} errorText={errorText} /> : null}
    </Dialog>
  );
}
