import { useEffect, useMemo, useRef, useState } from "react";
import type { computeQuote, Quote } from "@/domain/quote/pricing";
import { todayInFrance } from "@/domain/time";
import { fetchPricing, pricingKey, type PricingData, type PricingQuery } from "./funnel-api";
import { answersKey, type FunnelDraft } from "./funnel-flow";
import type { QuoteFreshness } from "./quote-panel";

// Not needed before the first answer: the pricing engine (the funnel's largest module)
// loads with the commune's price data, so the first question is ready sooner.
let pricingEngine: typeof computeQuote | null = null;
const loadPricingEngine = () =>
  import("@/domain/quote/pricing").then((m) => {
    pricingEngine = m.computeQuote;
  });

/**
 * The price beside the questions: the commune's price data (and countries') fetched once
 * per commune, the quote computed here on every answer, and the one to show — the
 * server's when it matches the answers, else this device's, else the server's last one.
 */
export function useFunnelPricing(draft: FunnelDraft, server: { quote: Quote; key: string } | null) {
  const [pricing, setPricing] = useState<{ key: string; data: PricingData } | null>(null);
  const pricingCache = useRef(new Map<string, Promise<PricingData>>());

  const query: PricingQuery = useMemo(
    () => ({
      commune: draft.answers.deathCommuneInsee,
      death_country: draft.answers.placeOfDeath === "abroad" ? draft.answers.deathCountry : undefined,
      destination: draft.answers.repatriation?.destinationCountry,
    }),
    [draft.answers.deathCommuneInsee, draft.answers.placeOfDeath, draft.answers.deathCountry, draft.answers.repatriation?.destinationCountry],
  );
  const wantedPricing = query.commune ? pricingKey(query) : null;
  useEffect(() => {
    if (!wantedPricing) return;
    let cancelled = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      let pending = pricingCache.current.get(wantedPricing);
      if (!pending) {
        pending = Promise.all([fetchPricing(query), loadPricingEngine()]).then(([data]) => data);
        pricingCache.current.set(wantedPricing, pending);
      }
      pending
        .then((data) => {
          if (!cancelled) setPricing({ key: wantedPricing, data });
        })
        .catch(() => {
          pricingCache.current.delete(wantedPricing);
          // Without a connection the server's last quote stays on screen; try again calmly.
          attempt += 1;
          if (!cancelled) timer = setTimeout(load, Math.min(30_000, 2_000 * attempt));
        });
    };
    load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [wantedPricing, query]);

  const currentKey = answersKey(draft.answers);
  const priced = draft.answers.deathCommuneInsee !== undefined && draft.choice !== null;
  const localQuote = useMemo(() => {
    if (!pricing || pricing.key !== wantedPricing || !pricingEngine) return null;
    return pricingEngine(draft.answers, pricing.data.catalog, pricing.data.partners, { operator: pricing.data.operator, today: todayInFrance() });
  }, [pricing, wantedPricing, draft.answers]);
  let shown: { quote: Quote | null; freshness: QuoteFreshness } = { quote: null, freshness: "local" };
  if (priced) {
    if (server && server.key === currentKey) shown = { quote: server.quote, freshness: "server" };
    else if (localQuote) shown = { quote: localQuote, freshness: "local" };
    else if (server) shown = { quote: server.quote, freshness: "stale" };
  }

  return { pricing: pricing?.key === wantedPricing ? pricing.data : null, shown };
}
