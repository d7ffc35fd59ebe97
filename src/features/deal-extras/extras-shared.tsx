"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { messageKeyForCode } from "@/domain/errors";
import { isolatedMoney, paymentDay } from "@/domain/payments/payment-format";
import type { Role } from "@/domain/roles";
import { useReloadable } from "@/ui/use-reloadable";

/** What every deal-extras panel receives from the deal page. */
export interface DealExtraPanelProps {
  dealId: number;
  role: Role;
  locale: string;
}

/** Euros as typed ("120", "120,5", "0") to cents; null when it is not an amount (suppliers may quote 0). */
export function eurosToCents(text: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*(?:€)?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

export const money = (cents: number, locale: string) => isolatedMoney(cents, locale);
export const day = (seconds: number, locale: string) => paymentDay(new Date(seconds * 1000), locale, "medium", "Europe/Paris");
export const calendarDay = (iso: string, locale: string) => paymentDay(new Date(`${iso}T00:00:00Z`), locale, "medium");

/** The sentence of a failed call: its first known code, rate limits included, else the generic one. */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations("Errors");
  return useCallback(
    (error: unknown) => {
      const failure = toApiError(error);
      const codes = failure.status === 429 ? ["rate_limited"] : failure.codes;
      return t(messageKeyForCode(codes[0] ?? "unhandled"));
    },
    [t],
  );
}

export type Loaded<T> = { kind: "loading" } | { kind: "ready"; value: T } | { kind: "failed"; message: string };

/** Loads on mount and on reload() (src/ui/use-reloadable.ts); a failure becomes a sentence, never a crash. */
export function useLoaded<T>(load: () => Promise<T>): [Loaded<T>, () => Promise<void>] {
  const errorText = useErrorText();
  const [loaded, reload] = useReloadable(load);
  const state: Loaded<T> = loaded.state === "ready" ? { kind: "ready", value: loaded.value } : loaded.state === "failed" ? { kind: "failed", message: errorText(loaded.error) } : { kind: "loading" };
  return [state, reload];
}

/**
 * A call made from a button or a form: busy while it runs, its failure as a sentence (what
 * was typed stays, the caller clears it only on success); answers whether it went through.
 */
export function useAction(): { busy: boolean; error: string; run: (action: () => Promise<unknown>) => Promise<boolean> } {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      setBusy(true);
      setError("");
      try {
        await action();
        return true;
      } catch (caught) {
        setError(errorText(caught));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [errorText],
  );
  return { busy, error, run };
}

/** The panel's frame: a titled section the deal page stacks with its own. */
export function PanelFrame({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-stone-300 bg-white p-4 sm:p-6" data-testid={id}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

/** A call's failure, announced; empty keeps its place so the layout does not jump. */
export function ErrorLine({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="alert" className="min-h-6 font-semibold text-red-800">
      {message}
    </p>
  );
}
