"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { monumentThumbnailPath } from "@/domain/marble/monument-view";
import { MONUMENT_MODELS, MONUMENT_SHAPES, MONUMENT_SIZES } from "@/domain/marble/products";
import { formatMoney } from "@/domain/quote/money";
import type { MarbleProduct } from "@/domain/schemas/marble-funnel";
import { cn } from "@/ui/cn";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import type { MonumentApi } from "./monument-api";

/**
 * The model grid: every model with its drawing, server-rendered from the catalogue's own list
 * (so the first screen needs no request), then priced and filtered by the API.
 */

interface ModelCard {
  code: string;
  name: string;
  shape: MarbleProduct["shape"];
  size: MarbleProduct["size"];
  product?: MarbleProduct;
}

const STATIC_CARDS: ModelCard[] = MONUMENT_MODELS.map((m) => ({ code: m.code, name: m.name, shape: m.shape, size: m.size }));

export function ModelStep({
  api,
  locale,
  value,
  onPick,
  error,
}: {
  api: MonumentApi | null;
  locale: string;
  value: string | null;
  onPick: (code: string) => void;
  error?: string;
}) {
  const t = useTranslations("MonumentFunnel.model");
  const tc = useTranslations("MonumentCatalog");
  const [q, setQ] = useState("");
  const [shape, setShape] = useState("");
  const [size, setSize] = useState("");
  const [cards, setCards] = useState<ModelCard[]>(STATIC_CARDS);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");

  useEffect(() => {
    if (!api) return;
    const timer = setTimeout(() => {
      setState("loading");
      api
        .products({ q: q.trim(), shape, size })
        .then(({ products }) => {
          // the catalogue's own short names (the rows say "Monument « … »"), so a card never changes its title
          setCards(products.map((p) => ({ code: p.code, name: STATIC_CARDS.find((c) => c.code === p.code)?.name ?? p.name, shape: p.shape, size: p.size, product: p })));
          setState("idle");
        })
        .catch(() => setState("failed"));
    }, 250);
    return () => clearTimeout(timer);
  }, [api, q, shape, size]);

  return (
    <div className="flex flex-col gap-4">
      {/* the search spans the row, so each filter gets half of it: a third cut "Toutes les dimensions" short beside the drawing */}
      <div role="search" className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Input label={t("search")} type="search" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
        </div>
        <Select
          label={t("shape")}
          placeholder={t("allShapes")}
          value={shape}
          onChange={(event) => setShape(event.target.value)}
          options={MONUMENT_SHAPES.map((s) => ({ value: s, label: tc(`shapes.${s}`) }))}
        />
        <Select
          label={t("size")}
          placeholder={t("allSizes")}
          value={size}
          onChange={(event) => setSize(event.target.value)}
          options={MONUMENT_SIZES.map((s) => ({ value: s, label: tc(`sizes.${s}`) }))}
        />
      </div>
      <p role="status" className="text-ink-soft">
        {state === "failed" ? t("failed") : state === "loading" ? t("loading") : t("count", { count: cards.length })}
      </p>
      {error ? (
        <p className="font-semibold text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {cards.map((card, index) => {
          const selected = card.code === value;
          return (
            <li key={card.code}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onPick(card.code)}
                className={cn(
                  "flex h-full w-full flex-col items-stretch rounded-lg border bg-surface p-2 text-start focus-visible:outline-2 focus-visible:outline-offset-2",
                  selected ? "border-primary ring-2 ring-primary" : "border-line hover:border-line-strong",
                )}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a small committed SVG; next/image adds nothing here */}
                <img
                  src={monumentThumbnailPath(card.code)}
                  alt=""
                  width={400}
                  height={400}
                  loading={index < 4 ? "eager" : "lazy"}
                  fetchPriority={index < 2 ? "high" : undefined}
                  className="aspect-square w-full rounded bg-sand-50"
                />
                <span className="mt-2 font-semibold">{card.name}</span>
                <span className="text-sm text-ink-soft">
                  {tc(`shapes.${card.shape}`)} · {tc(`sizes.${card.size}`)}
                </span>
                {/* the price and stock lines keep their room before the API answers, so nothing moves */}
                <span className="mt-1 min-h-10 text-sm">{card.product ? t("from", { price: formatMoney(card.product.price_ttc_cents, locale) }) : "\u00a0"}</span>
                <span className={cn("min-h-5 text-sm", card.product?.in_stock ? "text-success" : "text-ink-soft")}>
                  {!card.product ? "\u00a0" : card.product.in_stock ? t("inStock") : card.product.lead_time_days !== null ? t("leadTime", { days: card.product.lead_time_days }) : t("onOrder")}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
