"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS, type MemorialReportTarget } from "@/domain/schemas/memorial";
import { Button } from "@/ui/button";
import { Textarea } from "@/ui/textarea";
import { visitorCalls } from "./memorial-calls";
import { refusalOf, useRefusalText, type Refusal } from "./memorial-errors";

/**
 * "Report" under a condolence or a photo: a short reason, optional, sent to the family's
 * moderation list. Nothing about the visitor is kept; the item stays until the family acts.
 */
export function ReportButton({ slug, target, targetId }: { slug: string; target: MemorialReportTarget; targetId: number }) {
  const t = useTranslations("Memorial.report");
  const refusalText = useRefusalText();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await visitorCalls.report(slug, { target_type: target, target_id: targetId, reason });
      setDone(true);
      setOpen(false);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p role="status" className="text-base text-ink-soft">
        {t("done")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Button variant="ghost" className="self-start px-2 text-base" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((value) => !value)} data-testid="memorial-report">
        {t(target === "photo" ? "openPhoto" : "openCondolence")}
      </Button>
      <form id={formId} hidden={!open} onSubmit={send} className="flex flex-col gap-3 rounded-md border border-line p-3">
        <Textarea label={t("reason")} hint={t("reasonHint")} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={MEMORIAL_LIMITS.reportReason} rows={3} error={refusalText(refusal) || undefined} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" loading={busy}>
            {t("send")}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    </div>
  );
}
