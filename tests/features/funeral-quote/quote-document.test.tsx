// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import en from "@messages/en.json";
import fr from "@messages/fr.json";
import { DEMO_CATALOG, DEMO_OPERATOR, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote } from "@/domain/quote/pricing";
import { QuoteDocument } from "@/features/funeral-quote/quote-document";

const quote = computeQuote(
  {
    situation: "death-occurred",
    placeOfDeath: "hospital",
    deathCommuneInsee: "69123",
    deathDate: "2026-03-02",
    disposition: "cremation",
    ceremony: { type: "civil", place: "crematorium" },
    finalRestingPlace: "scattering",
    scatteringPlace: "memorial-garden",
    coffinRange: "essential",
    embalming: true,
  },
  DEMO_CATALOG,
  DEMO_PARTNERS,
  { operator: DEMO_OPERATOR, today: "2026-03-03" },
);

afterEach(cleanup);

function show(locale: "fr" | "en") {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === "fr" ? fr : en} timeZone="Europe/Paris">
      <QuoteDocument quote={quote} />
    </NextIntlClientProvider>,
  );
}

describe("QuoteDocument", () => {
  it("lays the quote out in the nine sections of the legal model, with the operator's licence", () => {
    show("fr");
    const headings = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "1. Préparation, organisation des obsèques",
      "2. Transport du défunt avant mise en bière (sans cercueil)",
      "3. Cercueil et accessoires",
      "4. Mise en bière et fermeture du cercueil",
      "5. Transport du défunt après mise en bière",
      "6. Cérémonie funéraire",
      "7A. Inhumation",
      "7B. Crémation",
      "8. Frais avancés pour le compte de la famille",
    ]);
    expect(screen.getByText(/Habilitation funéraire n° \u2066?DÉMO-00-0000/)).toBeInTheDocument();
    expect(screen.getByText(/Devis de démonstration/)).toBeInTheDocument();
    // Burial does not apply to a cremation.
    const burial = screen.getByRole("region", { name: "7A. Inhumation" });
    expect(within(burial).getByText("Sans objet pour ces obsèques.")).toBeInTheDocument();
  });

  it("puts each line in its mandatory or optional column and says why, in the engine's words", () => {
    show("fr");
    const preparation = screen.getByRole("region", { name: /^1\./ });
    const rows = within(preparation).getAllByRole("row");
    const embalming = rows.find((row) => row.textContent?.includes("Soins de conservation"))!;
    const cells = within(embalming).getAllByRole("cell");
    expect(within(cells[0]!).getByText("Optionnel")).toBeInTheDocument();
    expect(within(cells[0]!).getByText("Optionnel : les soins de conservation ne sont jamais obligatoires")).toBeInTheDocument();
    expect(cells[1]!.textContent).toBe("aucun montant");
    expect(cells[2]!.textContent).toMatch(/420,00/);
    const coffin = within(screen.getByRole("region", { name: /^3\./ })).getAllByRole("row").find((row) => row.textContent?.includes("Cercueil en pin"))!;
    expect(within(coffin).getByText("Obligatoire")).toBeInTheDocument();
    expect(within(coffin).getByText("Obligatoire : le cercueil est exigé par la loi")).toBeInTheDocument();
  });

  it("gives the totals and the legal 14-day limit", () => {
    show("fr");
    const total = screen.getByText("Total TTC").closest("div")!;
    expect(total.textContent).toMatch(new RegExp(String(Math.floor(quote.totals.totalTtc / 100)).replace(/\B(?=(\d{3})+$)/g, "\\D?")));
    expect(screen.getByText(/Au plus tard le lundi 16 mars 2026/)).toBeInTheDocument();
  });

  it("translates the lines and keeps the official French wording beside them", () => {
    show("en");
    expect(screen.getAllByRole("heading", { level: 3 })[0]!.textContent).toBe("1. Preparation and organisation of the funeral");
    const coffin = within(screen.getByRole("region", { name: /^3\./ })).getAllByRole("row").find((row) => row.textContent?.includes("Coffin"))!;
    expect(within(coffin).getByText("Mandatory: the law requires a coffin.")).toBeInTheDocument();
    const official = within(coffin).getByText(/Cercueil en pin massif/);
    expect(official.closest("[lang]")).toHaveAttribute("lang", "fr");
    expect(screen.getByText(/Funeral licence no. \u2066?DÉMO-00-0000/)).toBeInTheDocument();
  });
});
