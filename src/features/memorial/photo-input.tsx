"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS } from "@/domain/schemas/memorial";
import { FileField } from "@/ui/file-field";
import { refusalOf, type Refusal } from "./memorial-errors";

/** Pictures the server reads (it judges the content, not the name); an iPhone turns its HEIC photos into JPEG for this list. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

/** A photo to send: the camera or the library, refused at once when too large. */
export function PhotoInput({ label, hint, error, required, onFile }: { label: string; hint?: string; error?: string; required?: boolean; onFile: (file: File | null) => void }) {
  const t = useTranslations("Memorial.photoInput");
  return (
    <FileField
      label={label}
      hint={hint ?? t("hint", { max: Math.round(MEMORIAL_LIMITS.photoBytes / 1024 / 1024) })}
      error={error}
      takePhotoLabel={t("takePhoto")}
      chooseFileLabel={t("chooseFile")}
      tooLargeMessage={t("tooLarge", { max: Math.round(MEMORIAL_LIMITS.photoBytes / 1024 / 1024) })}
      accept={PHOTO_ACCEPT}
      maxBytes={MEMORIAL_LIMITS.photoBytes}
      required={required}
      onFile={onFile}
    />
  );
}

/** How much of an upload has left the device, said in words as well as shown. */
export function UploadProgress({ fraction, id }: { fraction: number | null; id: string }) {
  const t = useTranslations("Memorial.photoInput");
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex flex-col gap-1" data-testid="memorial-upload-progress">
      <label htmlFor={id} className="text-base text-ink-soft">
        {percent >= 100 ? t("processing") : t("sending", { percent })}
      </label>
      <progress id={id} max={100} value={percent} className="h-2 w-full accent-primary" />
    </div>
  );
}

/**
 * What a visitor's form sends with an optional photo: the chosen file (reset after a
 * success, so the same photo is not sent twice), the upload's progress, the refusal kept
 * for the fields, and the answer's state (pending: the family reads it first).
 */
export function useVisitorSend() {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sent, setSent] = useState<"pending" | "published" | null>(null);

  async function send(action: (file: File | null, onProgress: (fraction: number) => void) => Promise<{ status: "pending" | "published" }>): Promise<boolean> {
    setBusy(true);
    setRefusal(null);
    setProgress(file ? 0 : null);
    try {
      const receipt = await action(file, setProgress);
      setSent(receipt.status);
      setFile(null);
      setFileKey((key) => key + 1);
      if (receipt.status === "published") router.refresh();
      return true;
    } catch (error) {
      setRefusal(refusalOf(error));
      return false;
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return { file, setFile, fileKey, progress, busy, refusal, sent, send };
}
