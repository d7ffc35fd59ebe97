"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { cn } from "@/ui/cn";

/** What a funnel's saver reports, as far as the family needs to know. */
export type SaveStatusView = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "retrying"; retryAt: number; offline: boolean } | { kind: "refused" };

/**
 * Where the family's answers are, in a calm sentence: saved, being saved, or kept on this
 * device while we try again. Announced politely, never as an alarm. `namespace` holds the
 * funnel's sentences (idle, saving, saved, offline, retrying, refused, retryNow).
 */
export function SaveStatusLine({ status, onRetry, namespace }: { status: SaveStatusView; onRetry: () => void; namespace: "Quote.save" | "MonumentFunnel.save" }) {
  const t = useTranslations(namespace);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (status.kind !== "retrying") return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status]);

  let text = "";
  let tone: "calm" | "ok" | "wait" = "calm";
  if (status.kind === "saving") text = t("saving");
  else if (status.kind === "saved") {
    text = t("saved");
    tone = "ok";
  } else if (status.kind === "retrying") {
    const seconds = Math.max(1, Math.ceil((status.retryAt - now) / 1000));
    text = status.offline ? t("offline", { seconds }) : t("retrying", { seconds });
    tone = "wait";
  } else if (status.kind === "refused") {
    text = t("refused");
    tone = "wait";
  } else {
    text = t("idle");
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base" data-testid="save-status" data-state={status.kind}>
      <p role="status" className={cn("flex items-center gap-2", tone === "ok" ? "text-success" : tone === "wait" ? "text-warning" : "text-ink-soft")}>
        <span aria-hidden="true" className={cn("inline-block size-2.5 rounded-full", tone === "ok" ? "bg-success" : tone === "wait" ? "bg-warning" : "bg-line-strong")} />
        {text}
      </p>
      {status.kind === "retrying" ? (
        <button type="button" onClick={onRetry} className="min-h-11 font-semibold text-primary underline underline-offset-2">
          {t("retryNow")}
        </button>
      ) : null}
    </div>
  );
}
