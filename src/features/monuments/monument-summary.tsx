"use client";

import { useTranslations } from "next-intl";
import { formatMoney } from "@/domain/quote/money";
import type { MarbleDealView, SupplierWarehouseProduct } from "@/domain/schemas/marble-funnel";

/**
 * The monument as configured and what it costs: the drawing (the same function as the quote PDF),
 * then the last total the server computed, with HT, VAT and TTC. While a newer answer is on its
 * way the last server total stays, marked as being updated: the browser never presents a price of
 * its own as the quote.
 */
export function MonumentPreview({ svg, label }: { svg: string; label: string }) {
  return (
    <figure className="m-0">
      <div
        className="mx-auto aspect-square w-full max-w-sm rounded-lg bg-sand-50 [&>svg]:h-full [&>svg]:w-full"
        data-testid="monument-preview"
        // the drawing escapes every text it is given (src/domain/marble/monument-drawing.ts)
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}

export function MonumentPrice({ deal, updating, locale }: { deal: MarbleDealView | null; updating: boolean; locale: string }) {
  const t = useTranslations("MonumentFunnel.price");
  const totals = deal?.quote?.totals;
  return (
    <section aria-labelledby="monument-price" className="rounded-lg border border-line bg-surface p-4" aria-busy={updating}>
      <h2 id="monument-price" className="font-sans text-lg font-semibold">
        {t("title")}
      </h2>
      {totals ? (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="monument-total">
          <dt className="text-ink-soft">{t("ht")}</dt>
          <dd className="m-0 text-end tabular-nums">{formatMoney(totals.ht_cents, locale)}</dd>
          <dt className="text-ink-soft">{t("vat")}</dt>
          <dd className="m-0 text-end tabular-nums">{formatMoney(totals.vat_cents, locale)}</dd>
          <dt className="font-semibold">{t("ttc")}</dt>
          <dd className="m-0 text-end text-xl font-semibold tabular-nums" data-testid="monument-ttc">
            {formatMoney(totals.ttc_cents, locale)}
          </dd>
        </dl>
      ) : (
        <p className="mt-2 text-ink-soft">{t("empty")}</p>
      )}
      <p role="status" className="mt-2 min-h-6 text-sm text-ink-soft">
        {updating ? t("updating") : totals ? t("fromServer") : ""}
      </p>
      {deal?.demo ? <p className="mt-1 text-sm text-warning">{t("demo")}</p> : null}
    </section>
  );
}

/** Stock and lead time of the chosen model in the supplier warehouses (the shortest wait first). */
export function MonumentStock({ rows, modelCode }: { rows: readonly SupplierWarehouseProduct[] | null; modelCode: string | null }) {
  const t = useTranslations("MonumentFunnel.stock");
  if (!modelCode || rows === null) return null;
  const offers = rows.filter((row) => row.product_code === modelCode).sort((a, b) => Number(b.available) - Number(a.available) || a.lead_time_days - b.lead_time_days);
  const best = offers[0];
  return (
    <section aria-labelledby="monument-stock" className="rounded-lg border border-line bg-surface p-4" data-testid="monument-stock">
      <h2 id="monument-stock" className="font-sans text-lg font-semibold">
        {t("title")}
      </h2>
      {best ? (
        <p className="mt-1">
          {best.available ? t("available", { stock: best.stock, days: best.lead_time_days }) : t("onOrder", { days: best.lead_time_days })}{" "}
          <span className="text-ink-soft">{t("where", { supplier: best.supplier_name, city: best.city ?? best.warehouse_name })}</span>
        </p>
      ) : (
        <p className="mt-1 text-ink-soft">{t("unknown")}</p>
      )}
    </section>
  );
}
