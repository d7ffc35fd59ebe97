"use client";

import { useState } from "react";
import { api } from "@/api-client/client";
import { ApiError } from "@/api-client/api-error";
import { isolatedMoney } from "@/domain/payments/payment-format";
import { Button } from "@/ui/button";
import { useHydrated } from "@/ui/use-hydrated";

export interface ShareFormLabels {
  heading: string;
  hint: string;
  modeLegend: string;
  modeAmounts: string;
  modeShares: string;
  /** Per member, already formatted: "Amount for Claire (€)", "Shares for Claire". */
  amountLabels: Record<number, string>;
  shareLabels: Record<number, string>;
  total: string;
  save: string;
  saving: string;
  saved: string;
  clear: string;
  errors: Record<string, string>;
  unhandled: string;
}

type Mode = "amounts" | "shares";

/** Euros as typed ("120", "120,5", "120.50") to cents; null when it is not an amount. */
function toCents(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/**
 * The owner's split of what remains between the deal's members: by amounts (adding up to
 * the balance) or by shares. A member left empty takes no part. What was typed stays on
 * screen when the server refuses it.
 */
export function ShareForm({
  dealId,
  balanceCents,
  locale,
  members,
  current,
  labels,
  onSaved = () => window.location.reload(),
}: {
  dealId: number;
  balanceCents: number;
  locale: string;
  members: Array<{ client_id: number; name: string }>;
  current: Array<{ client_id: number; amount_cents: number; share: number | null }>;
  labels: ShareFormLabels;
  /** After a save: the page is read again from the server (parts, who paid). */
  onSaved?: () => void;
}) {
  const [mode, setMode] = useState<Mode>(current.length > 0 && current.every((s) => s.share === null) ? "amounts" : "shares");
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(current.map((s) => [s.client_id, s.share === null ? (s.amount_cents / 100).toFixed(2).replace(".", ",") : String(s.share)])),
  );
  // Before hydration the typed shares would be lost and the plain form sent: wait for React.
  const hydrated = useHydrated();
  const [state, setState] = useState<{ kind: "idle" | "saving" | "saved" } | { kind: "error"; message: string }>({ kind: "idle" });

  const filled = members.filter((m) => (values[m.client_id] ?? "").trim() !== "");
  const typedCents = mode === "amounts" ? filled.reduce((sum, m) => sum + (toCents(values[m.client_id]!) ?? 0), 0) : null;

  async function send(payers: Array<{ client_id: number; amount_cents?: number; share?: number }>) {
    setState({ kind: "saving" });
    try {
      await api.put(`/api/v1/payments/deals/${dealId}/shares`, { mode, payers });
      setState({ kind: "saved" });
      onSaved();
    } catch (caught) {
      const codes = caught instanceof ApiError ? caught.codes : [];
      setState({ kind: "error", message: codes.map((code) => labels.errors[code]).find(Boolean) ?? labels.unhandled });
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const payers = filled.map((m) => {
      const text = values[m.client_id]!;
      if (mode === "amounts") return { client_id: m.client_id, amount_cents: toCents(text) ?? -1 };
      return { client_id: m.client_id, share: /^\s*\d{1,3}\s*$/.test(text) ? Number(text) : 0 };
    });
    void send(payers);
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4 rounded-lg border border-stone-300 bg-white p-4" aria-labelledby="share-form-heading" aria-describedby="share-form-status" data-ready={hydrated ? "true" : "false"}>
      <h2 id="share-form-heading" className="text-lg font-semibold">
        {labels.heading}
      </h2>
      <p className="text-stone-700">{labels.hint}</p>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-semibold">{labels.modeLegend}</legend>
        {(["shares", "amounts"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="split-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="size-5" />
            {value === "amounts" ? labels.modeAmounts : labels.modeShares}
          </label>
        ))}
      </fieldset>
      <div className="space-y-3">
        {members.map((m) => (
          <label key={m.client_id} className="flex flex-col gap-1">
            <span>{mode === "amounts" ? labels.amountLabels[m.client_id] : labels.shareLabels[m.client_id]}</span>
            <input
              type="text"
              inputMode={mode === "amounts" ? "decimal" : "numeric"}
              dir="ltr"
              value={values[m.client_id] ?? ""}
              onChange={(event) => setValues((old) => ({ ...old, [m.client_id]: event.target.value }))}
              className="w-40 rounded-md border border-stone-400 px-3 py-2 text-end"
              data-testid={`share-input-${m.client_id}`}
            />
          </label>
        ))}
      </div>
      {typedCents !== null && (
        <p className="text-stone-700">
          {labels.total.replace("{amount}", isolatedMoney(typedCents, locale)).replace("{balance}", isolatedMoney(balanceCents, locale))}
        </p>
      )}
      <p id="share-form-status" role={state.kind === "error" ? "alert" : "status"} className={state.kind === "error" ? "min-h-6 font-semibold text-red-800" : "min-h-6"}>
        {state.kind === "error" ? state.message : state.kind === "saved" ? labels.saved : ""}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!hydrated || state.kind === "saving" || filled.length === 0}>
          {state.kind === "saving" ? labels.saving : labels.save}
        </Button>
        {current.length > 0 && (
          <Button type="button" variant="secondary" disabled={!hydrated || state.kind === "saving"} onClick={() => void send([])}>
            {labels.clear}
          </Button>
        )}
      </div>
    </form>
  );
}
