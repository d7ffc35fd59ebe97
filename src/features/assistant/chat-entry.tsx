"use client";

import { useState } from "react";
import { Link } from "@/ui/link";
import type { ChatFeedback } from "@/domain/schemas/chat";
import { giveFeedback, recordCopy } from "./assistant-calls";
import type { Translate } from "./assistant-text";
import { copyText } from "./copy-text";
import type { ChatEntry } from "./use-chat";

type EntryProps = {
  entry: ChatEntry;
  t: Translate;
  /** Following a source closes the panel, so the page it opens is seen. */
  onFollow: () => void;
  onAdvisor: () => void;
  onFeedback: (feedback: ChatFeedback | null) => void;
};

const SMALL_BUTTON = "inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-line px-3 text-sm font-medium text-primary hover:bg-primary-soft aria-pressed:border-primary aria-pressed:bg-primary-soft";

/** Copy, useful / not useful: each answer's own actions, with what they did said aloud. */
function AnswerActions({ entry, t, onFeedback }: Pick<EntryProps, "entry" | "t" | "onFeedback">) {
  const [status, setStatus] = useState("");
  const [sending, setSending] = useState(false);
  const id = entry.id;
  if (!id) return null;

  async function copy() {
    const copied = await copyText(entry.content);
    setStatus(copied ? t("answer.copied") : t("answer.copyFailed"));
    // Counted for the service's statistics; a lost count is not worth troubling the family.
    if (copied) await recordCopy(id!).catch(() => undefined);
  }

  async function judge(useful: boolean) {
    if (sending) return;
    setSending(true);
    const next = entry.feedback?.useful === useful ? null : useful;
    try {
      onFeedback(await giveFeedback(id!, entry.feedback, next));
      setStatus(next === null ? t("answer.feedbackWithdrawn") : t("answer.feedbackThanks"));
    } catch {
      setStatus(t("answer.feedbackFailed"));
    } finally {
      setSending(false);
    }
  }

  const useful = entry.feedback?.useful;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <button type="button" className={SMALL_BUTTON} onClick={() => void copy()}>
        {t("answer.copy")}
      </button>
      <button type="button" className={SMALL_BUTTON} aria-pressed={useful === true} aria-busy={sending || undefined} onClick={() => void judge(true)}>
        {t("answer.useful")}
      </button>
      <button type="button" className={SMALL_BUTTON} aria-pressed={useful === false} aria-busy={sending || undefined} onClick={() => void judge(false)}>
        {t("answer.notUseful")}
      </button>
      <p role="status" className="text-sm text-ink-soft">
        {status}
      </p>
    </div>
  );
}

/**
 * An answer's text, paragraph by paragraph, each finding its own direction: an Arabic or
 * Hebrew answer may quote a page that is only in French, whose sentences must stay
 * left to right (and their full stops at their end).
 */
function Paragraphs({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-3">
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} dir="auto" className="whitespace-pre-line break-words">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** A question or an answer of the conversation; answers are plain text with their sources as links. */
export function ChatEntryView({ entry, t, onFollow, onAdvisor, onFeedback }: EntryProps) {
  if (entry.role === "user") {
    return (
      <div className="ms-auto max-w-[85%] rounded-lg bg-primary-soft px-4 py-2.5">
        <p className="sr-only">{t("chat.you")}</p>
        <p dir="auto" className="whitespace-pre-line break-words">
          {entry.content}
        </p>
      </div>
    );
  }
  return (
    <article aria-busy={entry.streaming || undefined} className="max-w-[95%] rounded-lg border border-line bg-paper px-4 py-3">
      <p className="sr-only">{t("chat.assistant")}</p>
      {entry.content === "" && entry.streaming ? (
        <p className="text-ink-soft">{t("chat.writing")}</p>
      ) : (
        <Paragraphs text={entry.content} />
      )}
      {entry.sources.length > 0 ? (
        <div className="mt-3 border-t border-line pt-2">
          <p className="text-sm font-semibold text-ink-soft">{t("answer.sources")}</p>
          <ol className="mt-1 flex flex-col gap-2">
            {entry.sources.map((source, index) => (
              <li key={`${source.url}-${index}`} className="text-sm">
                <span className="text-ink-soft">[{index + 1}] </span>
                {/* A page not translated yet is cited in French: say so to screen readers and the browser. */}
                <Link href={source.url} onClick={onFollow} lang={source.language} dir="auto" className="font-medium">
                  {source.title}
                </Link>
                {/* The offline engine's answer is made of these extracts already: not twice. */}
                {source.extract && !entry.content.includes(source.extract) ? (
                  <p lang={source.language} dir="auto" className="mt-0.5 line-clamp-3 text-ink-soft">
                    {source.extract}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {!entry.streaming && (entry.suggestAdvisor || entry.outcome === "unknown") ? (
        <button type="button" onClick={onAdvisor} className="mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-md bg-primary px-4 font-semibold text-on-primary hover:bg-primary-hover">
          {t("answer.toAdvisor")}
        </button>
      ) : null}
      {entry.streaming ? null : <AnswerActions entry={entry} t={t} onFeedback={onFeedback} />}
    </article>
  );
}
