"use client";

import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { FLOWER_BUDGET_KEYS, FLOWER_COLOURS, FLOWER_KINDS, FLOWER_TYPES, DELIVERY_PLACES } from "@/domain/flowers/catalogue";
import { formatMoney } from "@/domain/quote/money";
import type { FlowerProduct, FlowerProductsResponse } from "@/domain/schemas/flower-funnel";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { EMPTY_QUERY, flowerApi, type CatalogueQuery } from "./flower-api";
import type { CartLine } from "./flower-draft";
import { useFlowerName } from "./flower-name";

type FilterKey = "type" | "colour" | "flower" | "place" | "budget";
const FILTERS: { key: FilterKey; values: readonly string[] }[] = [
  { key: "type", values: FLOWER_TYPES },
  { key: "colour", values: FLOWER_COLOURS },
  { key: "flower", values: FLOWER_KINDS.filter((kind) => kind !== "foliage") },
  { key: "place", values: DELIVERY_PLACES },
  { key: "budget", values: FLOWER_BUDGET_KEYS },
];

/**
 * Step 1: the catalogue. Its first page arrives rendered by the server (search engines and
 * a fast first paint); filters, search and paging then ask the API.
 */
export function FlowerCatalogue({ initial, cart, onToggle }: { initial: FlowerProductsResponse; cart: CartLine[]; onToggle: (product: FlowerProduct) => void }) {
  const t = useTranslations("FlowerFunnel");
  const locale = useLocale();
  const [query, setQuery] = useState<CatalogueQuery>(EMPTY_QUERY);
  const [search, setSearch] = useState("");
  const [data, setData] = useState(initial);
  const [state, setState] = useState<"idle" | "loading" | { codes: string[] }>("idle");
  const first = useRef(true);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const controller = new AbortController();
    setState("loading");
    flowerApi()
      .products(query, controller.signal)
      .then((answer) => {
        setData(answer);
        setState("idle");
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ codes: toApiError(error).codes });
      });
    return () => controller.abort();
  }, [query]);

  const setFilter = (key: FilterKey, value: string) => setQuery((q) => ({ ...q, [key]: value === "" ? [] : [value], page: 1 }));
  const goTo = (page: number) => {
    setQuery((q) => ({ ...q, page }));
    heading.current?.focus();
  };
  const chosen = new Set(cart.map((line) => line.code));

  return (
    <section aria-labelledby="flowers-catalogue-title" className="mt-6">
      <h2 id="flowers-catalogue-title" ref={heading} tabIndex={-1} className="font-serif text-2xl text-ink">
        {t("catalogue.title")}
      </h2>
      <p className="mt-1 text-ink-soft">{t("catalogue.demo")}</p>
      <form
        role="search"
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery((q) => ({ ...q, q: search, page: 1 }));
        }}
      >
        <div className="col-span-2 flex items-end gap-2 sm:col-span-3">
          <Input label={t("catalogue.search")} type="search" name="q" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} containerClassName="grow" />
          <Button type="submit" variant="secondary">
            {t("catalogue.searchAction")}
          </Button>
        </div>
        {FILTERS.map(({ key, values }) => (
          <Select
            key={key}
            label={t(`filters.${key}`)}
            name={key}
            value={query[key][0] ?? ""}
            onChange={(event) => setFilter(key, event.target.value)}
            placeholder={t("filters.any")}
            options={values.map((value) => ({ value, label: t(`${key}s.${value}`) }))}
          />
        ))}
      </form>
      <p className="mt-4 text-sm text-ink-soft" role="status" aria-live="polite">
        {state === "loading" ? t("catalogue.loading") : data.meta.total_count === 0 ? t("catalogue.none") : t("catalogue.count", { count: data.meta.total_count })}
      </p>
      {typeof state === "object" && (
        <Alert tone="error" className="mt-3">
          {t("catalogue.failed")}
        </Alert>
      )}
      <ul className="mt-4 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3" data-testid="flower-grid">
        {data.items.map((product, index) => (
          <li key={product.code}>
            <ProductCard product={product} chosen={chosen.has(product.code)} onToggle={onToggle} eager={index < 2} locale={locale} />
          </li>
        ))}
      </ul>
      {data.meta.total_pages > 1 && (
        <nav aria-label={t("catalogue.paging")} className="mt-6 flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={data.meta.page <= 1} onClick={() => goTo(data.meta.page - 1)}>
            {t("catalogue.previous")}
          </Button>
          <span className="text-sm text-ink-soft">{t("catalogue.page", { page: data.meta.page, pages: data.meta.total_pages })}</span>
          <Button variant="secondary" disabled={data.meta.page >= data.meta.total_pages} onClick={() => goTo(data.meta.page + 1)}>
            {t("catalogue.next")}
          </Button>
        </nav>
      )}
    </section>
  );
}

function ProductCard({ product, chosen, onToggle, eager, locale }: { product: FlowerProduct; chosen: boolean; onToggle: (p: FlowerProduct) => void; eager: boolean; locale: string }) {
  const t = useTranslations("FlowerFunnel");
  const flowerName = useFlowerName();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface" data-testid="flower-card" data-code={product.code}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a small drawn SVG from our own origin */}
      <img src={product.picture} alt={t("catalogue.pictureAlt", { type: t(`types.${product.type}`) })} width={320} height={240} loading={eager ? "eager" : "lazy"} className="aspect-[4/3] w-full bg-sand-50" />
      <div className="flex grow flex-col gap-2 p-4">
        <h3 className="font-semibold text-ink">{flowerName(product.code, product.name)}</h3>
        <p className="text-sm text-ink-soft">
          {t(`types.${product.type}`)}
          {product.size ? ` · ${t(`sizes.${product.size}`)}` : ""}
        </p>
        <details className="text-sm">
          <summary className="cursor-pointer text-primary underline">{t("catalogue.details")}</summary>
          <dl className="mt-2 grid gap-1">
            <div>
              <dt className="inline font-medium">{t("catalogue.flowers")} </dt>
              <dd className="inline">{product.flowers.map((kind) => t(`flowers.${kind}`)).join(", ")}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t("catalogue.colours")} </dt>
              <dd className="inline">{product.colours.map((colour) => t(`colours.${colour}`)).join(", ")}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t("catalogue.places")} </dt>
              <dd className="inline">{product.places.map((place) => t(`places.${place}`)).join(", ")}</dd>
            </div>
          </dl>
        </details>
        <p className="mt-auto text-lg font-semibold text-ink">
          {formatMoney(product.price_ttc_cents, locale)} <span className="text-sm font-normal text-ink-soft">{t("vatIncluded")}</span>
        </p>
        <Button variant={chosen ? "secondary" : "primary"} aria-pressed={chosen} onClick={() => onToggle(product)} data-testid="flower-choose">
          {chosen ? t("catalogue.chosen") : t("catalogue.choose")}
        </Button>
      </div>
    </article>
  );
}
