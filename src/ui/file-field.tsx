"use client";

import { useState, type ChangeEvent, type ReactNode } from "react";
import { cn } from "@/ui/cn";
import { FieldError, FieldHint, useFieldIds } from "@/ui/field";

/**
 * A file picker for phones first: "take a photo" opens the rear camera (capture), "choose
 * a file" the files or the photo library. Both are real file inputs, visually hidden
 * behind their labels (a 48px tap target each, keyboard focus shown on the label). The
 * size is checked before anything is sent: too large, the choice is dropped and
 * `tooLargeMessage` shown. The server still judges the content. Words arrive translated.
 * Reused by the documents screens (messages "Documents.takePhoto", "Documents.chooseFile",
 * "Errors.supporting_document__file__too_large").
 */
export type FileFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** A server refusal to show (already translated). */
  error?: ReactNode;
  takePhotoLabel: ReactNode;
  chooseFileLabel: ReactNode;
  tooLargeMessage: ReactNode;
  /** Types offered by the file chooser (e.g. DOCUMENT_INPUT_ACCEPT). */
  accept: string;
  /** Types offered to the camera: JPEG keeps iPhones from sending HEIC. */
  photoAccept?: string;
  maxBytes: number;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** The chosen file, or null when the choice was dropped (too large). */
  onFile(file: File | null): void;
};

const pickerClasses =
  "inline-flex min-h-12 cursor-pointer items-center justify-center rounded-md border border-line-strong bg-surface px-4 py-2.5 font-semibold text-ink " +
  "hover:border-ink-soft peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus " +
  "peer-disabled:cursor-not-allowed peer-disabled:text-ink-soft";

export function FileField({ label, hint, error, takePhotoLabel, chooseFileLabel, tooLargeMessage, accept, photoAccept = "image/jpeg", maxBytes, name, required, disabled, onFile }: FileFieldProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const shownError = tooLarge ? tooLargeMessage : error;
  const ids = useFieldIds({ hint, error: shownError });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > maxBytes) {
      event.target.value = "";
      setChosen(null);
      setTooLarge(true);
      onFile(null);
      return;
    }
    setTooLarge(false);
    setChosen(file?.name ?? null);
    onFile(file);
  };

  const input = (capture: boolean) => (
    <input
      type="file"
      className="peer sr-only"
      name={capture ? undefined : name}
      accept={capture ? photoAccept : accept}
      capture={capture ? "environment" : undefined}
      required={required && !chosen}
      disabled={disabled}
      aria-invalid={ids.invalid || undefined}
      aria-describedby={ids.describedBy}
      onChange={onChange}
    />
  );

  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend id={ids.labelId} className="mb-1.5 font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-1 text-danger">
            *
          </span>
        ) : null}
      </legend>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{shownError}</FieldError>
      <div className="flex flex-wrap gap-3">
        <label className="relative">
          {input(true)}
          <span className={pickerClasses}>{takePhotoLabel}</span>
        </label>
        <label className="relative">
          {input(false)}
          <span className={pickerClasses}>{chooseFileLabel}</span>
        </label>
      </div>
      <p aria-live="polite" className={cn("text-base text-ink-soft", !chosen && "sr-only")}>
        {chosen}
      </p>
    </fieldset>
  );
}
