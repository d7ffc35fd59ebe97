"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { ApiError } from "@/api-client/api-error";
import { api } from "@/api-client/client";
import { paths } from "@/config/paths";
import { messageKeysForCodes, UNHANDLED } from "@/domain/errors";
import { Button } from "@/ui/button";

type Outcome = { kind: "ok"; text: string; dealId?: number } | { kind: "error"; text: string } | null;

/** Assign, record the call, convert: each calls the API, says what happened and refreshes the list; what was typed stays on a failure. */
export function LeadActions({ leadId, advisors, assignedId, note: initialNote }: { leadId: number; advisors: { id: number; name: string }[]; assignedId: number | null; note: string }) {
  const t = useTranslations("ProHouse.leads");
  const errors = useTranslations("Errors");
  const router = useRouter();
  const ids = useId();
  const [holder, setHolder] = useState(assignedId === null ? "" : String(assignedId));
  const [note, setNote] = useState(initialNote);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function run(call: () => Promise<{ data: { deal_id: number | null } }>, success: (dealId: number | null) => string) {
    setBusy(true);
    setOutcome(null);
    try {
      const { data } = await call();
      setOutcome({ kind: "ok", text: success(data.deal_id), ...(data.deal_id !== null ? { dealId: data.deal_id } : {}) });
      router.refresh();
    } catch (error) {
      const codes = error instanceof ApiError ? error.codes : [UNHANDLED];
      setOutcome({ kind: "error", text: messageKeysForCodes(codes).map((key) => errors(key)).join(" ") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 grid gap-4 border-t border-line pt-4 md:grid-cols-3">
      <div className="flex flex-col gap-2">
        <label htmlFor={`${ids}-holder`} className="text-sm font-semibold">
          {t("assignTo")}
        </label>
        <select id={`${ids}-holder`} value={holder} onChange={(e) => setHolder(e.target.value)} className="min-h-11 rounded-md border border-line-strong bg-surface px-3">
          <option value="">{t("assignedNone")}</option>
          {advisors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          disabled={busy || holder === ""}
          onClick={() => run(() => api.put(`/api/v1/leads/${leadId}/assign`, { business_user_id: Number(holder) }), () => t("saved"))}
        >
          {t("assign")}
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${ids}-note`} className="text-sm font-semibold">
          {t("note")}
        </label>
        <textarea id={`${ids}-note`} value={note} maxLength={2000} rows={2} onChange={(e) => setNote(e.target.value)} className="min-h-11 rounded-md border border-line-strong bg-surface px-3 py-2" dir="auto" />
        <Button variant="secondary" disabled={busy} onClick={() => run(() => api.post(`/api/v1/leads/${leadId}/called`, { note }), () => t("saved"))}>
          {t("markCalled")}
        </Button>
      </div>
      <div className="flex flex-col justify-end gap-2">
        <Button variant="primary" disabled={busy} onClick={() => run(() => api.post(`/api/v1/leads/${leadId}/convert`, {}), (dealId) => t("converted", { id: dealId ?? 0 }))}>
          {t("convert")}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="md:col-span-3">
        {outcome?.kind === "ok" ? (
          <p className="font-medium text-success">
            {outcome.text}{" "}
            {outcome.dealId ? (
              <Link href={paths.proDeal(outcome.dealId)} className="text-primary underline">
                {t("openDeal", { id: outcome.dealId })}
              </Link>
            ) : null}
          </p>
        ) : null}
        {outcome?.kind === "error" ? <p className="font-medium text-danger">{outcome.text}</p> : null}
      </div>
    </div>
  );
}
