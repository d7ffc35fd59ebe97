"use client";

import { useCallback, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button, type ButtonVariant } from "@/ui/button";
import { cn } from "@/ui/cn";
import { refusalOf, useRefusalText, type Refusal } from "./memorial-errors";

/** A section of the family's memorial page, named for assistive technology. */
export function Panel({ id, title, intro, children, className }: { id: string; title: string; intro?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={cn("flex scroll-mt-24 flex-col gap-4 rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6", className)} data-testid={id}>
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
          {title}
        </h2>
        {intro ? <p className="text-ink-soft">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A refused call's sentence, announced; empty keeps nothing on screen. */
export function RefusalLine({ refusal, testId }: { refusal: Refusal | null; testId?: string }) {
  const text = useRefusalText()(refusal);
  if (!text) return null;
  return (
    <p role="alert" className="font-semibold text-danger" data-testid={testId}>
      {text}
    </p>
  );
}

/**
 * A call made from a button or a form: busy while it runs; its refusal kept for the
 * form to show (what was typed stays, the caller clears it only on success).
 */
export function useCall(): { busy: boolean; refusal: Refusal | null; run: (action: () => Promise<unknown>) => Promise<boolean>; clear: () => void } {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await action();
      return true;
    } catch (error) {
      setRefusal(refusalOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, refusal, run, clear: useCallback(() => setRefusal(null), []) };
}

/**
 * A button whose action cannot be undone (delete, new link): a first press asks, in the
 * same place, for a confirmation that says what will happen; Cancel puts things back.
 */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, busy, variant = "danger", testId }: { label: string; question: string; confirmLabel: string; onConfirm: () => void; busy?: boolean; variant?: ButtonVariant; testId?: string }) {
  const t = useTranslations("Memorial.family");
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" className="self-start" onClick={() => setAsking(true)} data-testid={testId}>
        {label}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning-soft p-3">
      <p className="font-semibold text-ink">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant={variant} loading={busy} onClick={() => { onConfirm(); setAsking(false); }} data-testid={testId ? `${testId}-confirm` : undefined} autoFocus>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}

/** An item's state in words (never colour alone). */
export function StatusBadge({ status }: { status: "pending" | "published" | "rejected" }) {
  const t = useTranslations("Memorial.status");
  const tone = status === "pending" ? "border-warning/40 bg-warning-soft text-warning" : status === "published" ? "border-success/40 bg-success-soft text-success" : "border-line-strong bg-sand-50 text-ink-soft";
  return (
    <span className={cn("inline-flex w-fit items-center gap-1.5 rounded-full border px-3 py-0.5 text-base font-semibold", tone)} data-status={status}>
      <span aria-hidden="true">{status === "pending" ? "○" : status === "published" ? "✓" : "–"}</span>
      {t(status)}
    </span>
  );
}
