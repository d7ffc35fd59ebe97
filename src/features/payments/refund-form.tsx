"use client";

import { useId, useState } from "react";
import { api } from "@/api-client/client";
import { ApiError } from "@/api-client/api-error";
import { isolatedMoney } from "@/domain/payments/payment-format";
import { Button } from "@/ui/button";

export interface RefundFormLabels {
  /** "Refund payment no. 12" */
  legend: string;
  amount: string;
  /** Already formatted: "Up to 1 290,00 € can be refunded." */
  refundable: string;
  review: string;
  /** With {amount}: "Refund {amount}? This cannot be undone." */
  confirmQuestion: string;
  confirm: string;
  cancel: string;
  refunding: string;
  done: string;
  amountInvalid: string;
  errors: Record<string, string>;
  unhandled: string;
}

/** Euros as typed ("120", "120,5", "120.50") to cents; null when it is not an amount. */
export function euroTextToCents(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

type State = { kind: "editing" } | { kind: "confirming"; cents: number } | { kind: "refunding"; cents: number } | { kind: "done" } | { kind: "error"; message: string };

/**
 * A director's refund of one captured payment: type the amount, check it, then confirm.
 * Nothing is sent before the confirmation; what was typed stays when the server refuses it.
 */
export function RefundForm({
  paymentId,
  refundableCents,
  locale,
  labels,
  onRefunded = () => window.location.reload(),
}: {
  paymentId: number;
  refundableCents: number;
  locale: string;
  labels: RefundFormLabels;
  /** After a refund: the page is read again from the server. */
  onRefunded?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(() => (refundableCents / 100).toFixed(2).replace(".", ","));
  const [state, setState] = useState<State>({ kind: "editing" });

  function review(event: React.FormEvent) {
    event.preventDefault();
    const cents = euroTextToCents(text);
    if (cents === null) return setState({ kind: "error", message: labels.amountInvalid });
    if (cents > refundableCents) return setState({ kind: "error", message: labels.errors.payment__refund__above_captured ?? labels.amountInvalid });
    setState({ kind: "confirming", cents });
  }

  async function confirm(cents: number) {
    setState({ kind: "refunding", cents });
    try {
      await api.post(`/api/v1/payments/${paymentId}/refund`, { amount: cents });
      setState({ kind: "done" });
      onRefunded();
    } catch (caught) {
      // The refund route answers 503 only when the provider did not answer (SPEC §8 lists no 503 body, so the client reads it as unhandled).
      const codes = !(caught instanceof ApiError) ? [] : caught.status === 503 ? ["payment__provider__unavailable"] : caught.codes;
      setState({ kind: "error", message: codes.map((code) => labels.errors[code]).find(Boolean) ?? labels.unhandled });
    }
  }

  const pending = state.kind === "confirming" || state.kind === "refunding" ? state : null;
  return (
    <form onSubmit={review} className="mt-3 space-y-3 rounded-md border border-stone-300 p-3" aria-labelledby={`${id}-legend`} data-testid={`refund-form-${paymentId}`}>
      <p id={`${id}-legend`} className="font-semibold">
        {labels.legend}
      </p>
      <label className="flex flex-col gap-1">
        <span>{labels.amount}</span>
        <input
          type="text"
          inputMode="decimal"
          dir="ltr"
          value={text}
          disabled={pending !== null}
          onChange={(event) => {
            setText(event.target.value);
            if (state.kind === "error" || state.kind === "done") setState({ kind: "editing" });
          }}
          aria-describedby={`${id}-hint ${id}-status`}
          className="w-40 rounded-md border border-stone-400 px-3 py-2 text-end"
        />
      </label>
      <p id={`${id}-hint`} className="text-sm text-stone-700">
        {labels.refundable}
      </p>
      <p id={`${id}-status`} role={state.kind === "error" ? "alert" : "status"} className={state.kind === "error" ? "min-h-6 font-semibold text-red-800" : "min-h-6"}>
        {state.kind === "error"
          ? state.message
          : state.kind === "done"
            ? labels.done
            : pending
              ? labels.confirmQuestion.replace("{amount}", isolatedMoney(pending.cents, locale))
              : ""}
      </p>
      {pending ? (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="danger" loading={state.kind === "refunding"} onClick={() => void confirm(pending.cents)}>
            {state.kind === "refunding" ? labels.refunding : labels.confirm}
          </Button>
          <Button type="button" variant="secondary" disabled={state.kind === "refunding"} onClick={() => setState({ kind: "editing" })}>
            {labels.cancel}
          </Button>
        </div>
      ) : (
        <Button type="submit" variant="secondary">
          {labels.review}
        </Button>
      )}
    </form>
  );
}
