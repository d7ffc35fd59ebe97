"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS } from "@/domain/schemas/memorial";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { visitorCalls } from "./memorial-calls";
import { refusalOf, useRefusalText, type Refusal } from "./memorial-errors";
import { PhotoInput, UploadProgress } from "./photo-input";

const FIELDS = ["author_name", "caption", "file"] as const;

/** A visitor adds a photo to the gallery (when the family allows it); held or shown as the family chose. */
export function VisitorPhotoForm({ slug }: { slug: string }) {
  const t = useTranslations("Memorial.visitorPhoto");
  const refusalText = useRefusalText();
  const router = useRouter();
  const progressId = useId();
  const [author, setAuthor] = useState("");
  const [caption, setCaption] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sent, setSent] = useState<"pending" | "published" | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setMissing(!file);
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    setProgress(0);
    try {
      const receipt = await visitorCalls.photo(slug, { author_name: author, caption }, file, setProgress);
      setSent(receipt.status);
      setCaption("");
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
    <details className="rounded-lg border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold text-primary">{t("open")}</summary>
      <form onSubmit={send} className="mt-4 flex flex-col gap-4" noValidate data-testid="visitor-photo-form">
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
