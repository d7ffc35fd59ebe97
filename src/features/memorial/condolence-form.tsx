"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS } from "@/domain/schemas/memorial";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Textarea } from "@/ui/textarea";
import { visitorCalls } from "./memorial-calls";
import { useRefusalText } from "./memorial-errors";
import { PhotoInput, UploadProgress, useVisitorSend } from "./photo-input";

const FIELDS = ["author_name", "message", "file"] as const;

/**
 * A visitor's condolence: a name, a message and, if they wish, one picture. What was
 * typed stays on screen after a refusal (each field says what is wrong; too many messages
 * from this address is said plainly); once sent, the page says whether the family reads
 * it first.
 */
export function CondolenceForm({ slug }: { slug: string }) {
  const t = useTranslations("Memorial.condolenceForm");
  const refusalText = useRefusalText();
  const progressId = useId();
  const [author, setAuthor] = useState("");
  const [message, setMessage] = useState("");
  const { setFile, fileKey, progress, busy, refusal, sent, send } = useVisitorSend();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await send((file, onProgress) => visitorCalls.condolence(slug, { author_name: author, message }, file, onProgress))) setMessage("");
  }

  const general = refusalText(refusal, undefined, FIELDS);
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="condolence-form">
      {sent ? (
        <Alert tone="success" title={t("sentTitle")} data-testid="condolence-sent">
          {sent === "pending" ? t("sentPending") : t("sentPublished")}
        </Alert>
      ) : null}
      <Input label={t("author")} hint={t("authorHint")} value={author} onChange={(e) => setAuthor(e.target.value)} maxLength={MEMORIAL_LIMITS.condolenceAuthor} autoComplete="name" required error={refusalText(refusal, "author_name") || undefined} />
      <Textarea
        label={t("message")}
        hint={t("messageHint", { count: message.length, max: MEMORIAL_LIMITS.condolenceMessage })}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={MEMORIAL_LIMITS.condolenceMessage}
        rows={5}
        required
        error={refusalText(refusal, "message") || undefined}
      />
      <PhotoInput key={fileKey} label={t("photo")} onFile={setFile} error={refusalText(refusal, "file") || undefined} />
      <UploadProgress fraction={progress} id={progressId} />
      {general ? (
        <Alert tone="error" data-testid="condolence-error">
          {general}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" loading={busy} className="self-start">
        {t("send")}
      </Button>
      <p className="text-base text-ink-soft">{t("privacy")}</p>
    </form>
  );
}
