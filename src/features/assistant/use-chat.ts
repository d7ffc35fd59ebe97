"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatFeedback, ChatMessage, ChatOutcome, ChatSource } from "@/domain/schemas/chat";
import { sessionStore } from "@/domain/storage";
import { ask, ChatCallError, forgetConversation, readConversation, startConversation } from "./assistant-calls";

/** One line of the conversation as the panel shows it; an answer being written has `streaming`. */
export type ChatEntry = {
  key: string;
  /** The stored message's id; null only for a question not yet accepted. */
  id: string | null;
  role: "user" | "assistant";
  content: string;
  sources: ChatSource[];
  outcome: ChatOutcome | null;
  suggestAdvisor: boolean;
  feedback: ChatFeedback | null;
  streaming: boolean;
};

export type ChatFailure = { codes: string[]; status: number; retryAfter: number | null };

// The conversation's id for this tab: a reload or a followed link finds the conversation again.
const CONVERSATION_KEY = "paisible.assistant.conversation";

function entryOf(message: ChatMessage): ChatEntry {
  return {
    key: message.id,
    id: message.id,
    role: message.role,
    content: message.content,
    sources: message.sources,
    outcome: message.outcome,
    suggestAdvisor: message.suggest_advisor,
    feedback: message.feedback,
    streaming: false,
  };
}

const failureOf = (error: unknown): ChatFailure =>
  error instanceof ChatCallError ? { codes: error.codes, status: error.status, retryAfter: error.retryAfter } : { codes: ["unhandled"], status: 0, retryAfter: null };

/**
 * The conversation: what was asked and answered, the question being typed, and the last
 * failure. What the family typed is cleared only once the service has accepted the
 * question; when anything fails it stays (or comes back) in the field, ready to resend.
 */
export function useChat(locale: string) {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const conversation = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const stored = sessionStore.getItem(CONVERSATION_KEY);
    if (!stored) return;
    conversation.current = stored;
    let cancelled = false;
    readConversation(stored).then(
      (view) => {
        if (!cancelled) setEntries(view.messages.map(entryOf));
      },
      (error: unknown) => {
        // Expired or erased: start afresh with the next question.
        if (error instanceof ChatCallError && error.status === 404 && conversation.current === stored) {
          conversation.current = null;
          sessionStore.removeItem(CONVERSATION_KEY);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => () => abort.current?.abort(), []);

  const open = useCallback(async (fresh: boolean) => {
    if (conversation.current && !fresh) return conversation.current;
    const started = await startConversation(locale);
    conversation.current = started.id;
    sessionStore.setItem(CONVERSATION_KEY, started.id);
    return started.id;
  }, [locale]);

  const send = useCallback(
    async (question: string) => {
      const content = question.trim();
      if (busy || content === "") return;
      setBusy(true);
      setFailure(null);
      const controller = new AbortController();
      abort.current = controller;
      const draftKey = `draft-${Date.now()}`;
      const questionKey = `${draftKey}-q`;
      let accepted = false;
      const run = async (fresh: boolean) => {
        const id = await open(fresh);
        return ask(
          id,
          content,
          {
            onStart: (stored, answerId, sources) => {
              accepted = true;
              setText("");
              setEntries((list) => [
                ...list,
                { ...entryOf(stored), key: questionKey },
                { key: draftKey, id: answerId, role: "assistant", content: "", sources, outcome: null, suggestAdvisor: false, feedback: null, streaming: true },
              ]);
            },
            onDelta: (piece) => setEntries((list) => list.map((entry) => (entry.key === draftKey ? { ...entry, content: entry.content + piece } : entry))),
          },
          controller.signal,
        );
      };
      try {
        let exchange;
        try {
          exchange = await run(false);
        } catch (error) {
          // The conversation expired between two questions: open a new one once.
          if (!accepted && error instanceof ChatCallError && error.status === 404) exchange = await run(true);
          else throw error;
        }
        const answer = { ...entryOf(exchange.answer), key: draftKey };
        setEntries((list) => list.map((entry) => (entry.key === draftKey ? answer : entry)));
      } catch (error) {
        if (controller.signal.aborted) return;
        if (accepted) {
          // The answer broke off: drop it and give the question back to the field, to send again.
          setEntries((list) => list.filter((entry) => entry.key !== draftKey && entry.key !== questionKey));
          setText(content);
        }
        setFailure(failureOf(error));
      } finally {
        if (abort.current === controller) abort.current = null;
        setBusy(false);
      }
    },
    [busy, open],
  );

  /** Forgets the conversation here and on the service. */
  const clear = useCallback(async () => {
    abort.current?.abort();
    const id = conversation.current;
    conversation.current = null;
    sessionStore.removeItem(CONVERSATION_KEY);
    setEntries([]);
    setFailure(null);
    setBusy(false);
    if (id) await forgetConversation(id).catch(() => undefined);
  }, []);

  const update = useCallback((key: string, change: Partial<ChatEntry>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  return { entries, text, setText, busy, failure, send, clear, update };
}
