"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { cn } from "@/ui/cn";
import type { SaveStatus } from "./monument-saver";

/** Where the family's choices are, said calmly: saved, being saved, or kept here while we retry. */
export function MonumentSaveStatus({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const t = useTranslations("MonumentFunnel.save");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.kind !== "retrying") return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status]);

  const seconds = status.kind === "retrying" ? Math.max(1, Math.ceil((status.retryAt - now) / 1000)) : 0;
  const text =
    status.kind === "saving"
      ? t("saving")
      : status.kind === "saved"
        ? t("saved")
        : status.kind === "retrying"
          ? t(status.offline ? "offline" : "retrying", { seconds })
          : status.kind === "refused"
            ? t("refused")
            : t("idle");
  const tone = status.kind === "saved" ? "text-success" : status.kind === "retrying" || status.kind === "refused" ? "text-warning" : "text-ink-soft";
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="save-status" data-state={status.kind}>
      <p role="status" className={cn("m-0", tone)}>
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
