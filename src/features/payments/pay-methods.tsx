"use client";

import { useState } from "react";
import { api } from "@/api-client/client";
import { ApiError } from "@/api-client/api-error";
import { Button } from "@/ui/button";
import { useHydrated } from "@/ui/use-hydrated";

export interface PayOption {
  /** card, bank_transfer, or an instalment plan key (p2x, p3x, p4x, d30). */
  id: string;
  label: string;
  hint: string;
  /** Schedule lines and fees, already formatted. */
  details: string[];
}

export interface PayMethodsLabels {
  legend: string;
  pay: string;
  redirecting: string;
  errors: Record<string, string>;
  unhandled: string;
}

const PATHS: Record<string, string> = { card: "/api/v1/payments/worldline", bank_transfer: "/api/v1/payments/fintecture" };

/** The ways open to this payer; the chosen one opens the provider's hosted page. */
export function PayMethods({ dealId, amountCents, forEveryone = false, options, labels }: { dealId: number; amountCents: number; forEveryone?: boolean; options: PayOption[]; labels: PayMethodsLabels }) {
  const [choice, setChoice] = useState(options[0]?.id ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // Server HTML and the page before hydration have no submit handler: a click there would send the
  // plain form (GET ?method=card) and lose the family's choice, so the button waits for React.
  const hydrated = useHydrated();

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      const path = PATHS[choice] ?? "/api/v1/payments/alma";
      // The owner paying for the whole family says so: the server checks the amount against the same rule.
      const base = forEveryone ? { deal_id: dealId, amount: amountCents, for_everyone: true } : { deal_id: dealId, amount: amountCents };
      const body = PATHS[choice] ? base : { ...base, plan: choice };
      const answer = await api.post<{ redirect_url: string }>(path, body);
      window.location.assign(answer.redirect_url);
    } catch (caught) {
      const codes = caught instanceof ApiError ? caught.codes : [];
      setError(codes.map((code) => labels.errors[code]).find(Boolean) ?? labels.unhandled);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={pay} className="mt-6 space-y-4" aria-describedby={error ? "pay-error" : undefined} data-ready={hydrated ? "true" : "false"}>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">{labels.legend}</legend>
        {options.map((option) => (
          <label key={option.id} className="flex cursor-pointer gap-3 rounded-lg border border-stone-300 bg-white p-4 has-[:checked]:border-stone-900 has-[:focus-visible]:ring-2">
            <input type="radio" name="method" value={option.id} checked={choice === option.id} onChange={() => setChoice(option.id)} className="mt-1 size-5 shrink-0" />
            <span>
              <span className="block font-semibold">{option.label}</span>
              <span className="block text-stone-700">{option.hint}</span>
              {option.details.length > 0 && (
                <span className="mt-1 block text-sm text-stone-700">
                  {option.details.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <p id="pay-error" role="alert" className="min-h-6 font-semibold text-red-800">
        {error}
      </p>
      <Button type="submit" size="lg" fullWidth disabled={!hydrated || busy || !choice}>
        {busy ? labels.redirecting : labels.pay}
      </Button>
    </form>
  );
}
