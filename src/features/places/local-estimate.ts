import type { ConcessionKind } from "@/domain/quote/answers";
import type { CrematoriumPartner, FuneralParlorPartner, GraveyardConcession, GraveyardPartner, QuotePartners } from "@/domain/quote/catalog";
import { DEMO_CATALOG, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote, type Quote } from "@/domain/quote/pricing";
import type { LocalPrices } from "@/server/services/places-page";
import type { RankedPartner } from "./nearest-partners";

/**
 * The price estimate of a commune page: the pricing engine run on two plain funerals
 * (an "Essentiel" cremation and an "Essentiel" burial in a new plot), with the nearest
 * partners' own prices: crematorium fee (the residents' reduced rate when the commune
 * has one), plot price, parlour rates. What no local partner prices is left out and
 * said so, never filled with another town's figures.
 */

export interface ScenarioEstimate {
  /** Mandatory services and mandatory advanced costs, TTC, in cents. */
  minimumCents: number;
  /** Everything the scenario holds, TTC, in cents (equal to the minimum: no option is chosen). */
  totalCents: number;
  /** False when a local price is missing (no crematorium or graveyard priced nearby). */
  complete: boolean;
  /** The partner whose price was used, when there is one. */
  partnerName: string | null;
  /** The crematorium's reduced rate for residents of the commune applies. */
  residentRate: boolean;
}

export interface LocalEstimate {
  cremation: ScenarioEstimate;
  burial: ScenarioEstimate;
  /** Catalogue or partners are demonstration data: the page must say so. */
  isDemo: boolean;
}

const CONCESSION_KINDS: Record<string, ConcessionKind | undefined> = {
  ground: "ground",
  vault: "vault",
  columbarium: "columbarium",
  urn_grave: "urn-plot",
};

/** The database's partners and prices in the shape the pricing engine reads, nearest first. */
export function localQuotePartners(
  communeInsee: string,
  communeName: string,
  partners: { funeralParlor: readonly RankedPartner[]; crematorium: readonly RankedPartner[]; graveyard: readonly RankedPartner[] },
  prices: LocalPrices,
): QuotePartners {
  const funeralParlors: FuneralParlorPartner[] = partners.funeralParlor.map((p) => {
    // The cheapest stay per day is the one a plain funeral uses.
    const stays = prices.parlorStays.filter((s) => s.funeralParlorId === p.id).sort((a, b) => a.pricePerDayCents - b.pricePerDayCents);
    const stay = stays[0];
    return {
      id: String(p.id),
      name: p.name,
      disabled: p.disabled,
      admissionHtCents: stay?.admissionPriceCents ?? 0,
      pricePerDayHtCents: stay?.pricePerDayCents ?? 0,
      ceremonyRoomHtCents: null,
    };
  });
  const crematoriums: CrematoriumPartner[] = partners.crematorium
    .map((p) => {
      const bands = prices.cremations.filter((c) => c.crematoriumId === p.id);
      return {
        id: String(p.id),
        name: p.name,
        disabled: p.disabled,
        ageRanges: bands.map((b) => ({
          minAgeYears: b.minAge,
          maxAgeYears: b.maxAge,
          priceCents: b.reducedForCommune && b.reducedPriceCents !== null ? b.reducedPriceCents : b.priceCents,
        })),
        rooms: [],
        memorialGardenFeeCents: null,
      };
    })
    // A crematorium without a price list cannot price a cremation: the next one is used.
    .filter((c) => c.ageRanges.length > 0);
  const graveyards: GraveyardPartner[] = partners.graveyard
    .map((p) => {
      const concessions: GraveyardConcession[] = [];
      for (const c of prices.concessions) {
        const kind = CONCESSION_KINDS[c.kind];
        if (c.graveyardId !== p.id || kind === undefined || c.termYears === null) continue;
        concessions.push({ kind, label: c.label, termYears: c.termYears, priceCents: c.priceCents });
      }
      return {
        id: String(p.id),
        name: p.name,
        disabled: p.disabled,
        concessions,
        // Opening the grave is our own (subcontracted) work: the catalogue's price applies everywhere.
        opening: DEFAULT_GRAVE_OPENING,
        memorialGardenFeeCents: null,
      };
    })
    .filter((g) => g.concessions.length > 0);
  return {
    isDemo: [...partners.funeralParlor, ...partners.crematorium, ...partners.graveyard].some((p) => p.demo),
    commune: { inseeCode: communeInsee, name: communeName },
    funeralParlors,
    crematoriums,
    graveyards,
    transport: DEMO_PARTNERS.transport,
    repatriation: [],
    worshipFees: [],
  };
}

const DEFAULT_GRAVE_OPENING: GraveyardPartner["opening"] = DEMO_PARTNERS.graveyards[0]?.opening ?? {
  amountCents: 65_000,
  performedBy: "operator",
  subcontracted: true,
};

function scenario(quote: Quote, partnerName: string | null, residentRate: boolean): ScenarioEstimate {
  return {
    minimumCents: quote.totals.minimumTtc,
    totalCents: quote.totals.totalTtc,
    complete: quote.complete,
    partnerName,
    residentRate,
  };
}

export function computeLocalEstimate(
  commune: { inseeCode: string; name: string },
  partners: { funeralParlor: readonly RankedPartner[]; crematorium: readonly RankedPartner[]; graveyard: readonly RankedPartner[] },
  prices: LocalPrices,
): LocalEstimate {
  const quotePartners = localQuotePartners(commune.inseeCode, commune.name, partners, prices);
  const crematorium = quotePartners.crematoriums.find((c) => c.disabled !== true);
  const graveyard = quotePartners.graveyards.find((g) => g.disabled !== true);
  const base = { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: commune.inseeCode, coffinRange: "essential" } as const;
  const cremation = computeQuote({ ...base, disposition: "cremation", crematoriumId: crematorium?.id }, DEMO_CATALOG, quotePartners);
  const burial = computeQuote(
    { ...base, disposition: "burial", finalRestingPlace: "new-concession", concessionKind: "ground", graveyardId: graveyard?.id },
    DEMO_CATALOG,
    quotePartners,
  );
  const residentRate =
    crematorium !== undefined && prices.cremations.some((c) => String(c.crematoriumId) === crematorium.id && c.reducedForCommune && c.reducedPriceCents !== null);
  return {
    cremation: scenario(cremation, crematorium?.name ?? null, residentRate),
    burial: scenario(burial, graveyard?.name ?? null, false),
    isDemo: cremation.isDemo || burial.isDemo,
  };
}
