"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS } from "@/domain/schemas/memorial";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { visitorCalls } from "./memorial-calls";
import { useRefusalText } from "./memorial-errors";
import { PhotoInput, UploadProgress, useVisitorSend } from "./photo-input";

const FIELDS = ["author_name", "caption", "file"] as const;

/** A visitor adds a photo to the gallery (when the family allows it); held or shown as the family chose. */
export function VisitorPhotoForm({ slug }: { slug: string }) {
  const t = useTranslations("Memorial.visitorPhoto");
  const refusalText = useRefusalText();
  const progressId = useId();
  const [author, setAuthor] = useState("");
  const [caption, setCaption] = useState("");
  const [missing, setMissing] = useState(false);
  const { file, setFile, fileKey, progress, busy, refusal, sent, send } = useVisitorSend();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMissing(!file);
    if (!file) return;
    if (await send((chosen, onProgress) => visitorCalls.photo(slug, { author_name: author, caption }, chosen!, onProgress))) setCaption("");
  }

  const general = refusalText(refusal, undefined, FIELDS);
  return (
    <details className="rounded-lg border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold text-primary">{t("open")}</summary>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate data-testid="visitor-photo-form">
        {sent ? (
          <Alert tone="success" title={t("sentTitle")}>
            {sent === "pending" ? t("sentPending") : t("sentPublished")}
          </Alert>
        ) : null}
        <PhotoInput key={fileKey} label={t("file")} required onFile={setFile} error={(missing ? t("fileMissing") : refusalText(refusal, "file")) || undefined} />
        <Input label={t("caption")} value={caption} onChange={(e) => setCaption(e.target.value)} maxLength={MEMORIAL_LIMITS.caption} error={refusalText(refusal, "caption") || undefined} />
        <Input label={t("author")} value={author} onChange={(e) => setAuthor(e.target.value)} maxLength={MEMORIAL_LIMITS.condolenceAuthor} autoComplete="name" required error={refusalText(refusal, "author_name") || undefined} />
        <UploadProgress fraction={progress} id={progressId} />
        {general ? <Alert tone="error">{general}</Alert> : null}
        <Button type="submit" loading={busy} className="self-start">
          {t("send")}
        </Button>
      </form>
    </details>
  );
}
