"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { ApiError } from "@/api-client/api-error";
import { api } from "@/api-client/client";
import { messageKeysForCodes, UNHANDLED } from "@/domain/errors";
import type { CleaningReport } from "@/domain/schemas/cleaning";
import { Button } from "@/ui/button";

/** The real run: a checkbox to confirm, then one request; the answer says how many rows went. */
export function CleaningRun({ total }: { total: number }) {
  const t = useTranslations("ProHouse.cleaning");
  const errors = useTranslations("Errors");
  const router = useRouter();
  const id = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);

  async function run() {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await api.post<CleaningReport>("/api/v1/cleaning/reset", { dry_run: false, confirm: confirmed });
      setMessage({ tone: "ok", text: t("done", { count: answer.total }) });
      router.refresh();
    } catch (error) {
      const codes = error instanceof ApiError ? error.codes : [UNHANDLED];
      setMessage({ tone: "error", text: messageKeysForCodes(codes).map((key) => errors(key)).join(" ") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-danger/40 bg-surface p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-2xl">
        {t("runHeading")}
      </h2>
      <p className="mt-2">{t("runWarning", { count: total })}</p>
      <label className="mt-4 flex min-h-11 items-center gap-3 font-semibold">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} className="size-5" />
        {t("confirmLabel")}
      </label>
      <Button variant="danger" className="mt-4" disabled={busy || !confirmed} onClick={run}>
        {t("run")}
      </Button>
      <div role="status" aria-live="polite" className="mt-3">
        {message ? <p className={message.tone === "ok" ? "font-medium text-success" : "font-medium text-danger"}>{message.text}</p> : null}
      </div>
    </section>
  );
}
