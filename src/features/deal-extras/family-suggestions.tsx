"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import type { ServiceSuggestionView } from "@/domain/schemas/deal-extras";
import { Button } from "@/ui/button";
import { ErrorLine, money, useErrorText, useLoaded } from "./extras-shared";

/**
 * The services the funeral home suggests for the family's deal: each with its price, to
 * accept or decline (the owner and editors; a reader is told the server's answer).
 */
export function FamilySuggestions({ dealId, locale }: { dealId: number; locale: string }) {
  const t = useTranslations("DealExtras.familySuggestions");
  const status = useTranslations("DealExtras.suggestions.status");
  const errorText = useErrorText();
  const [loaded, reload] = useLoaded(() => api.get<{ data: ServiceSuggestionView[] }>(`/api/v1/deals/${dealId}/service_suggestions`).then((r) => r.data));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(0);

  async function decide(id: number, decision: "accept" | "decline") {
    setBusy(id);
    setError("");
    try {
      await api.put(`/api/v1/service_suggestions/${id}/${decision}`);
      await reload();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(0);
    }
  }

  if (loaded.kind === "loading") return <p>{t("loading")}</p>;
  if (loaded.kind === "failed") return <ErrorLine id="family-suggestions-load" message={loaded.message} />;
  if (loaded.value.length === 0) return <p>{t("none")}</p>;
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {loaded.value.map((s) => (
          <li key={s.id} className="rounded-lg border border-stone-300 bg-white p-4">
            <p className="font-semibold">
              {s.name}
              {s.price_cents !== null && <span> · {money(s.price_cents, locale)}</span>}
            </p>
            {s.description && <p className="mt-1 whitespace-pre-line">{s.description}</p>}
            {s.status === "pending" ? (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button type="button" disabled={busy === s.id} onClick={() => decide(s.id, "accept")} aria-label={t("acceptNamed", { name: s.name })}>
                  {t("accept")}
                </Button>
                <Button type="button" variant="secondary" disabled={busy === s.id} onClick={() => decide(s.id, "decline")} aria-label={t("declineNamed", { name: s.name })}>
                  {t("decline")}
                </Button>
              </div>
            ) : (
              <p className="mt-2 text-stone-700">{status(s.status)}</p>
            )}
          </li>
        ))}
      </ul>
      <ErrorLine id="family-suggestions-error" message={error} />
    </div>
  );
}
