import { describe, expect, it } from "vitest";
import { countryName, serbianToLatin } from "@/features/repatriation/country-name";
import { countryNotes, localisedNotes } from "@/features/repatriation/country-notes";
import { buildCountryView, countryOfferRange, estimateFromRoutes, repatriationTotal } from "@/features/repatriation/country-view";
import type { CountryPageData, RouteRecord } from "@/server/services/countries-page";

const names = { fr: "Maroc", ar: "المغرب", de: "Marokko", en: "Morocco", es: "Marruecos", he: "מרוקו", it: "Marocco", pt: "Marrocos", sr: "Мароко", tr: "Fas", zh: "摩洛哥" };

function route(id: number, coffin: number | null, over: Partial<RouteRecord> = {}): RouteRecord {
  const airport = (iata: string) => ({ id, iata, name: iata, city: iata });
  return { flightId: id, airline: { name: "Royal Air Maroc", iata: "AT" }, from: airport("ORY"), stopover: null, to: airport("CMN"), coffinPriceCents: coffin, urnPriceCents: 24_000, demo: true, disabled: false, ...over };
}

const data: CountryPageData = {
  country: { code: "ma", alpha3: "MAR", slug: "maroc", names },
  consulates: [{ id: 1, name: "Consulat — Maroc à Lyon (démo)", address: "1 rue", postalCode: "69008", city: "Lyon", phone: null, website: null, demo: true, disabled: false }],
  airports: [{ id: 23, iata: "CMN", name: "Casablanca Mohammed V", city: "Casablanca" }],
  routes: [route(1, 72_500), route(2, 95_000), route(3, null), route(4, 10, { disabled: true })],
};

describe("estimateFromRoutes", () => {
  it("prices the repatriation on the cheapest and the dearest published route", () => {
    const estimate = estimateFromRoutes("ma", data.routes)!;
    expect(estimate.freightLowCents).toBe(72_500);
    expect(estimate.freightHighCents).toBe(95_000);
    // Air freight is exempt from VAT and passed as is: the totals differ by the freight difference.
    expect(estimate.highCents - estimate.lowCents).toBe(95_000 - 72_500);
    expect(estimate.lowCents).toBe(repatriationTotal("ma", 72_500, 24_000).totalCents);
    expect(estimate.lowCents).toBeGreaterThan(estimate.freightLowCents);
    expect(estimate.isDemo).toBe(true);
  });

  it("gives no estimate when no route has a price", () => {
    expect(estimateFromRoutes("ma", [route(3, null)])).toBeNull();
    expect(estimateFromRoutes("ma", [])).toBeNull();
  });
});

describe("buildCountryView", () => {
  it("names the country in the page's language and keeps its French slug", () => {
    expect(buildCountryView(data, null, "ar").name).toBe("المغرب");
    expect(buildCountryView(data, null, "de").name).toBe("Marokko");
    const view = buildCountryView(data, countryNotes("ma"), "fr");
    expect(view.path).toBe("/rapatriement-corps-pays/maroc");
    expect(view.delayDays).toEqual([2, 6]);
    expect(view.notes.length).toBeGreaterThan(0);
    expect(view.hasDemo).toBe(true);
    expect(view.hasUnpublished).toBe(true);
  });

  it("writes Serbian country names in the Latin script of the Serbian pages", () => {
    expect(serbianToLatin("Мароко")).toBe("Maroko");
    expect(serbianToLatin("Џибути, Њујорк")).toBe("Džibuti, Njujork");
    expect(countryName(names, "sr")).toBe("Maroko");
  });
});

describe("countryNotes", () => {
  it("reads the editorial notes of a country and nothing for an unknown one", () => {
    const notes = countryNotes("MA");
    expect(notes?.agreement).toBe("unknown");
    expect(notes?.mainAirports).toContain("CMN");
    expect(countryNotes("zz")).toBeNull();
  });

  it("gives the notes in the page's language, in French where a translation is missing or incomplete", () => {
    const morocco = countryNotes("ma")!;
    for (const locale of ["ar", "de", "en", "es", "he", "it", "pt", "sr", "tr", "zh"] as const) {
      const { notes, lang } = localisedNotes(morocco, locale);
      expect(lang).toBe(locale);
      expect(notes).toHaveLength(morocco.notes.length);
      expect(notes.some((note) => morocco.notes.includes(note))).toBe(false);
    }
    expect(localisedNotes(morocco, "fr")).toEqual({ notes: morocco.notes, lang: "fr" });
    const extraNote = { ...morocco, notes: [...morocco.notes, "Une note ajoutée depuis."] };
    expect(localisedNotes(extraNote, "en")).toEqual({ notes: extraNote.notes, lang: "fr" });
    const untranslated = { ...morocco, code: "zz" };
    expect(localisedNotes(untranslated, "de").lang).toBe("fr");
  });

  it("marks the country page's notes with their language", () => {
    const view = buildCountryView(data, countryNotes("ma"), "en");
    expect(view.notesLang).toBe("en");
    expect(buildCountryView(data, countryNotes("ma"), "fr").notesLang).toBe("fr");
  });
});

describe("countryOfferRange", () => {
  it("offers the estimate's range over the published priced routes, and nothing without a price", () => {
    const view = buildCountryView(data, null, "fr");
    expect(countryOfferRange(view)).toEqual({ lowCents: view.estimate!.lowCents, highCents: view.estimate!.highCents, count: 2 });
    expect(countryOfferRange(buildCountryView({ ...data, routes: [route(3, null)] }, null, "fr"))).toBeNull();
  });
});
