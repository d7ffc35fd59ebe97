"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS } from "@/domain/schemas/memorial";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Textarea } from "@/ui/textarea";
import { visitorCalls } from "./memorial-calls";
import { refusalOf, useRefusalText, type Refusal } from "./memorial-errors";
import { PhotoInput, UploadProgress } from "./photo-input";

const FIELDS = ["author_name", "message", "file"] as const;

/**
 * A visitor's condolence: a name, a message and, when the family allows visitors' photos,
 * one picture. What was typed stays on screen after a refusal (each field says what is
 * wrong; too many messages from this address is said plainly); once sent, the page says
 * whether the family reads it first.
 */
export function CondolenceForm({ slug }: { slug: string }) {
  const t = useTranslations("Memorial.condolenceForm");
  const refusalText = useRefusalText();
  const router = useRouter();
  const progressId = useId();
  const [author, setAuthor] = useState("");
  const [message, setMessage] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sent, setSent] = useState<"pending" | "published" | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    setProgress(file ? 0 : null);
    try {
      const receipt = await visitorCalls.condolence(slug, { author_name: author, message }, file, setProgress);
      setSent(receipt.status);
      setMessage("");
      setFile(null);
      setFileKey((key) => key + 1);
      if (receipt.status === "published") router.refresh();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const general = refusalText(refusal, undefined, FIELDS);
  return (
    <form onSubmit={send} className="flex flex-col gap-4" noValidate data-testid="condolence-form">
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
