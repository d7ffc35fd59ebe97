"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { DOCUMENT_REQUEST_CODE_ATTEMPTS, DOCUMENT_REQUEST_CODE_LENGTH, DOCUMENT_REQUEST_ERRORS } from "@/domain/document-requests";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { failureOf, verifyCode } from "./document-request-calls";

/** What a refused code means for the page: stay and say why, or show another state. */
export type CodeOutcome = "verified" | "locked" | "expired" | "gone";

/**
 * The code of the SMS: one field the phone fills from the message (one-time-code), digits
 * keyboard, the typed value kept on every error, the error said in words and focused.
 */
export function CodeForm({ token, attemptsLeft, notice, onDone }: { token: string; attemptsLeft: number; notice?: string; onDone: (outcome: CodeOutcome) => void }) {
  const t = useTranslations("DocumentRequests");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [left, setLeft] = useState(attemptsLeft);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const digits = code.replace(/[\s-]/g, "");
    if (!new RegExp(`^\\d{${DOCUMENT_REQUEST_CODE_LENGTH}}$`).test(digits)) {
      setError(t("errors.codeFormat"));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await verifyCode(token, digits);
      onDone("verified");
    } catch (failure) {
      const { status, code: reason } = failureOf(failure);
      if (status === 403 && reason === DOCUMENT_REQUEST_ERRORS.locked) return onDone("locked");
      if (status === 410) return onDone("expired");
      if (status === 404) return onDone("gone");
      if (reason === DOCUMENT_REQUEST_ERRORS.codeInvalid) {
        const remaining = Math.max(0, left - 1);
        setLeft(remaining);
        if (remaining === 0) return onDone("locked");
        setError(`${t("errors.codeInvalid")} ${t("attemptsLeft", { count: remaining })}`);
      } else if (status === 429) setError(t("errors.rateLimited"));
      else if (status === 0) setError(t("errors.network"));
      else setError(t("errors.unhandled"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="code-title">
      <h2 id="code-title" className="text-xl font-semibold text-ink">
        {t("codeTitle")}
      </h2>
      {notice ? <Alert tone="warning">{notice}</Alert> : null}
      <p className="text-ink-soft">{t("privacy")}</p>
      <Input
        ref={inputRef}
        label={t("codeLabel")}
        hint={left < DOCUMENT_REQUEST_CODE_ATTEMPTS ? `${t("codeHint")} ${t("attemptsLeft", { count: left })}` : t("codeHint")}
        error={error ?? undefined}
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]*"
        maxLength={DOCUMENT_REQUEST_CODE_LENGTH + 2}
        dir="ltr"
        required
        className="max-w-48 text-center font-mono text-2xl tracking-[0.3em]"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" size="lg" loading={pending} className="w-full sm:w-auto sm:self-start">
        {t("submit")}
      </Button>
    </form>
  );
}
