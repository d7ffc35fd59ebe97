"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import type { PriceRequestView } from "@/domain/schemas/deal-extras";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { DemoTag } from "@/ui/tags";
import { Textarea } from "@/ui/textarea";
import { calendarDay, ErrorLine, money, PanelFrame, useAction, useLoaded, type DealExtraPanelProps } from "./extras-shared";

interface SupplierOption {
  id: number;
  name: string;
  city: string | null;
  demo?: boolean;
}

/**
 * The deal page's "supplier prices" panel: ask one or several suppliers (found by name or
 * town) for a price — what, when, where, never the family's names — then read their answers
 * and take one, which books it.
 */
export function PriceRequestsPanel({ dealId, locale }: DealExtraPanelProps) {
  const t = useTranslations("DealExtras.prices");
  const [loaded, reload] = useLoaded(() => api.get<{ data: PriceRequestView[] }>(`/api/v1/deals/${dealId}/suppliers/price_requests`).then((r) => r.data));
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<SupplierOption[]>([]);
  const [chosen, setChosen] = useState<SupplierOption[]>([]);
  const [job, setJob] = useState("");
  const [neededOn, setNeededOn] = useState("");
  const [place, setPlace] = useState("");
  const { busy, error, run } = useAction();

  async function search(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => setFound(await api.get<SupplierOption[]>("/api/v1/autocompletes/suppliers", { query: { q: query } })));
  }

  function toggle(option: SupplierOption) {
    setChosen((current) => (current.some((c) => c.id === option.id) ? current.filter((c) => c.id !== option.id) : [...current, option]));
  }

  async function ask(event: React.FormEvent) {
    event.preventDefault();
    if (await run(() => api.post(`/api/v1/deals/${dealId}/suppliers/price_requests`, { supplier_ids: chosen.map((c) => c.id), job, needed_on: neededOn || null, place: place || null }))) {
      setChosen([]);
      setJob("");
      setNeededOn("");
      setPlace("");
      await reload();
    }
  }

  async function accept(id: number) {
    if (await run(() => api.put(`/api/v1/deals/${dealId}/suppliers/price_requests/${id}/accept`))) await reload();
  }

  return (
    <PanelFrame id="deal-prices" title={t("title")}>
      {loaded.kind === "failed" && <ErrorLine id="deal-prices-load" message={loaded.message} />}
      {loaded.kind === "ready" &&
        (loaded.value.length === 0 ? (
          <p className="text-stone-700">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {loaded.value.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{r.supplier.name}</span>
                  {r.supplier.demo && <DemoTag label={t("demo")} />}
                  <span className="block">
                    {r.job}
                    {r.needed_on ? ` · ${calendarDay(r.needed_on, locale)}` : ""}
                    {r.place ? ` · ${r.place}` : ""}
                  </span>
                  <span className="block text-stone-700">
                    {t(`status.${r.status}`)}
                    {r.price_cents !== null && r.delay_days !== null ? ` · ${t("offer", { price: money(r.price_cents, locale), days: r.delay_days })}` : ""}
                  </span>
                  {r.supplier_comment && <span className="block whitespace-pre-line text-stone-700">{r.supplier_comment}</span>}
                </span>
                {r.status === "answered" && (
                  <Button type="button" variant="secondary" onClick={() => accept(r.id)} aria-label={t("acceptNamed", { name: r.supplier.name })}>
                    {t("accept")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
      <form onSubmit={search} className="flex flex-wrap items-end gap-2" role="search">
        <Input label={t("supplierSearch")} value={query} onChange={(e) => setQuery(e.target.value)} className="grow" />
        <Button type="submit" variant="secondary">
          {t("find")}
        </Button>
      </form>
      {found.length > 0 && (
        <fieldset>
          <legend className="font-semibold">{t("choose")}</legend>
          {found.map((option) => (
            <label key={option.id} className="flex items-center gap-2 py-1">
              <input type="checkbox" className="size-5" checked={chosen.some((c) => c.id === option.id)} onChange={() => toggle(option)} />
              <span>
                {option.name}
                {option.city ? ` · ${option.city}` : ""}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <form onSubmit={ask} className="space-y-3">
        <p className="text-stone-700">{chosen.length === 0 ? t("noneChosen") : t("chosen", { names: chosen.map((c) => c.name).join(", ") })}</p>
        <Textarea label={t("job")} hint={t("jobHint")} value={job} onChange={(e) => setJob(e.target.value)} maxLength={1000} rows={3} required />
        <Input label={t("neededOn")} type="date" value={neededOn} onChange={(e) => setNeededOn(e.target.value)} />
        <Input label={t("place")} hint={t("placeHint")} value={place} onChange={(e) => setPlace(e.target.value)} maxLength={200} />
        <ErrorLine id="deal-prices-error" message={error} />
        <Button type="submit" disabled={busy}>
          {t("ask")}
        </Button>
      </form>
    </PanelFrame>
  );
}
