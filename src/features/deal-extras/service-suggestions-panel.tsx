"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import type { ServiceSuggestionView } from "@/domain/schemas/deal-extras";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Textarea } from "@/ui/textarea";
import { ErrorLine, eurosToCents, money, PanelFrame, useAction, useLoaded, type DealExtraPanelProps } from "./extras-shared";

/**
 * The deal page's "suggested services" panel: what the advisor proposed to the family, and
 * their answer; a form to suggest another (what was typed stays when the server refuses it),
 * and withdrawing one the family has not answered.
 */
export function ServiceSuggestionsPanel({ dealId, locale }: DealExtraPanelProps) {
  const t = useTranslations("DealExtras.suggestions");
  const [loaded, reload] = useLoaded(() => api.get<{ data: ServiceSuggestionView[] }>("/api/v1/service_suggestions", { query: { deal_id: dealId } }).then((r) => r.data));
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [price, setPrice] = useState("");
  const [priceError, setPriceError] = useState("");
  const { busy, error, run } = useAction();

  async function suggest(event: React.FormEvent) {
    event.preventDefault();
    const cents = price.trim() === "" ? null : eurosToCents(price);
    setPriceError(cents === null && price.trim() !== "" ? t("priceInvalid") : "");
    if (cents === null && price.trim() !== "") return;
    if (await run(() => api.post("/api/v1/service_suggestions", { deal_id: dealId, name, description: description || null, price_cents: cents }))) {
      setName("");
      setDescription("");
      setPrice("");
      await reload();
    }
  }

  async function withdraw(id: number) {
    if (await run(() => api.delete(`/api/v1/service_suggestions/${id}`))) await reload();
  }

  return (
    <PanelFrame id="deal-suggestions" title={t("title")}>
      {loaded.kind === "failed" && <ErrorLine id="deal-suggestions-load" message={loaded.message} />}
      {loaded.kind === "ready" &&
        (loaded.value.length === 0 ? (
          <p className="text-stone-700">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {loaded.value.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{s.name}</span>
                  {s.price_cents !== null && <span> · {money(s.price_cents, locale)}</span>}
                  <span className="block text-stone-700">{t(`status.${s.status}`)}</span>
                </span>
                {s.status === "pending" && (
                  <Button type="button" variant="ghost" onClick={() => withdraw(s.id)} aria-label={t("withdrawNamed", { name: s.name })}>
                    {t("withdraw")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
      <form onSubmit={suggest} className="space-y-3" aria-describedby={error ? "deal-suggestions-error" : undefined}>
        <Input label={t("name")} value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} />
        <Textarea label={t("description")} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} rows={2} />
        <Input label={t("price")} hint={t("priceHint")} value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" error={priceError || undefined} />
        <ErrorLine id="deal-suggestions-error" message={error} />
        <Button type="submit" disabled={busy}>
          {t("suggest")}
        </Button>
      </form>
    </PanelFrame>
  );
}
