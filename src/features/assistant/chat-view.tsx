"use client";

import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from "react";
import { CHAT_MESSAGE_MAX_LENGTH } from "@/domain/schemas/chat";
import { Button } from "@/ui/button";
import { controlClasses } from "@/ui/field";
import type { Translate } from "./assistant-text";
import { ChatEntryView } from "./chat-entry";
import type { ChatFailure, useChat } from "./use-chat";

type Chat = ReturnType<typeof useChat>;

/** Questions families ask most, offered while the conversation is empty (one press asks). */
const SUGGESTIONS = ["delay", "deathCapital", "repatriation"] as const;

/** The suggestions and the clear button vanish once pressed: focus goes on to the question field rather than to the page. */
const focusQuestion = () => document.querySelector<HTMLTextAreaElement>("[data-assistant-question]")?.focus();

/** Retrying helps when the network or the model server failed, or once the limit's wait is over. */
const retryable = (failure: ChatFailure) => failure.status === 0 || failure.status === 429 || failure.status >= 500;

export function ChatLog({ chat, t, onFollow, onAdvisor }: { chat: Chat; t: Translate; onFollow: () => void; onAdvisor: () => void }) {
  const end = useRef<HTMLDivElement>(null);
  const last = chat.entries.at(-1);

  // Keep the newest words in view as the answer is written (no smooth scrolling: reduced motion, and it lags behind the text).
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [chat.entries.length, last?.content]);

  return (
    <div className="flex flex-col gap-4">
      {chat.entries.length === 0 ? (
        <div className="flex flex-col gap-3">
          <p>{t("chat.welcome")}</p>
          <p className="text-sm text-ink-soft">{t("chat.privacy")}</p>
          <p className="font-semibold">{t("chat.suggestionsTitle")}</p>
          <ul className="flex flex-col gap-2">
            {SUGGESTIONS.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  disabled={chat.busy}
                  onClick={() => {
                    void chat.send(t(`chat.suggestions.${key}`));
                    focusQuestion();
                  }}
                  className="min-h-11 w-full cursor-pointer rounded-md border border-line bg-surface px-4 py-2 text-start text-primary hover:bg-primary-soft disabled:cursor-not-allowed"
                >
                  {t(`chat.suggestions.${key}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => {
              void chat.clear();
              focusQuestion();
            }}
            className="min-h-11 cursor-pointer rounded-md px-2 text-sm font-medium text-primary underline hover:bg-primary-soft"
          >
            {t("chat.clear")}
          </button>
        </div>
      )}
      {/* role=log is a polite live region: each new question and answer is read out once complete (aria-busy while written). */}
      <div role="log" aria-label={t("chat.logLabel")} className="flex flex-col gap-3">
        {chat.entries.map((entry) => (
          <ChatEntryView
            key={entry.key}
            entry={entry}
            t={t}
            onFollow={onFollow}
            onAdvisor={onAdvisor}
            onFeedback={(feedback) => chat.update(entry.key, { feedback })}
          />
        ))}
      </div>
      <div ref={end} />
    </div>
  );
}

export function ChatComposer({ chat, t, errorText }: { chat: Chat; t: Translate; errorText: (code: string) => string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const hintId = useId();

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (chat.text.trim() === "") {
      field.current?.focus();
      return;
    }
    void chat.send(chat.text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line; never while an input method is composing a word.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const failure = chat.failure;
  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2" noValidate>
      {failure ? (
        <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-danger">
          <p className="font-medium">
            {failure.codes.map(errorText).join(" ")}
            {failure.status === 429 && failure.retryAfter ? ` ${t("chat.retryAfter", { seconds: failure.retryAfter })}` : ""}
          </p>
          {retryable(failure) ? (
            <button type="button" onClick={() => submit()} className="min-h-11 cursor-pointer rounded-md px-2 font-semibold text-primary underline hover:bg-primary-soft">
              {t("chat.retry")}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={fieldId} className="sr-only">
          {t("chat.question")}
        </label>
        <textarea
          ref={(node) => {
            field.current = node;
            // The dialog focuses its [autofocus] element when it opens (React's autoFocus sets no attribute). Not on
            // touch screens: the keyboard would spring up over the welcome and the suggested questions.
            if (node && window.matchMedia?.("(pointer: fine)").matches) node.setAttribute("autofocus", "");
          }}
          id={fieldId}
          data-assistant-question=""
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={t("chat.placeholder")}
          value={chat.text}
          onChange={(event) => chat.setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={hintId}
          className={`${controlClasses} min-h-12 min-w-0 flex-1 resize-none`}
        />
        <Button type="submit" loading={chat.busy} className="shrink-0">
          {t("chat.send")}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-ink-soft max-sm:sr-only">{t("chat.keyboardHint")}</p>
    </form>
  );
}
