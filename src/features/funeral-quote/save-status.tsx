"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { cn } from "@/ui/cn";
import type { SaveStatus } from "./funnel-saver";

/**
 * Where the family's answers are, in a calm sentence: saved, being saved, or kept on this
 * device while we try again. Announced politely, never as an alarm.
 */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const t = useTranslations("Quote.save");
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
        <button type="button" onClick={onRetry} className="font-semibold text-primary underline underline-offset-2">
          {t("retryNow")}
        </button>
      ) : null}
    </div>
  );
}
