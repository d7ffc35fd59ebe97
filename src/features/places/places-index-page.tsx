import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/server/db/client";
import { listMostPopulatedCommunes, listPlacesIndex } from "@/server/services/places-page";
import type { CommuneSuggestionLink } from "./search";
import { CommuneSearch } from "./commune-search";
import { communePath, departmentPath } from "./commune-view";

/** How many of the largest towns are linked above the régions. */
const BIGGEST_TOWNS = 24;

export interface PlacesIndexProps {
  /** The searched text (no-JavaScript form), trimmed; null when nothing was searched. */
  query: string | null;
  /** Results of that search; null when the search itself was refused (too long). */
  results: CommuneSuggestionLink[] | null;
}

/** /pompes-funebres: a search for a commune, the biggest towns, and every département by région. */
export async function PlacesIndexPage({ query, results }: PlacesIndexProps) {
  const t = await getTranslations("Places.index");
  const db = await getDb();
  const regions = await listPlacesIndex(db);
  const biggest = await listMostPopulatedCommunes(db, BIGGEST_TOWNS);
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <header className="py-10 sm:py-14">
        <h1 className="max-w-3xl text-3xl sm:text-5xl">{t("heading")}</h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft">{t("lead")}</p>
        <div className="mt-8">
          <CommuneSearch
            defaultValue={query ?? ""}
            labels={{
              label: t("searchLabel"),
              hint: t("searchHint"),
              submit: t("searchSubmit"),
              listLabel: t("searchSuggestions"),
              countOne: String(t.raw("searchCountOne")),
              countMany: String(t.raw("searchCountMany")),
              none: t("searchNone"),
              error: t("searchError"),
            }}
          />
        </div>
      </header>

      {query !== null ? (
        <section aria-labelledby="results-heading" className="mb-12" data-testid="search-results">
          <h2 id="results-heading" className="text-2xl">
            {t("resultsHeading", { q: query })}
          </h2>
          {results === null ? (
            <p className="mt-3 text-danger">{t("searchTooLong")}</p>
          ) : results.length === 0 ? (
            <p className="mt-3 text-ink-soft">{t("noResults", { q: query })}</p>
          ) : (
            <ul className="mt-4 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
              {results.map((r) => (
                <li key={r.href}>
                  <Link href={r.href} className="inline-flex min-h-11 items-center gap-2 text-primary underline underline-offset-[0.2em] hover:decoration-2">
                    {r.name}
                    <span className="text-sm text-ink-soft no-underline">
                      {[r.postalCode, r.departmentName].filter(Boolean).join(" · ")}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {biggest.length > 0 ? (
        <section aria-labelledby="biggest-heading" className="mb-12">
          <h2 id="biggest-heading" className="text-2xl">
            {t("biggest")}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 sm:grid-cols-3 lg:grid-cols-6">
            {biggest.map((c) => (
              <li key={c.inseeCode}>
                <Link href={communePath(c.name, c.inseeCode)} className="inline-flex min-h-11 items-center text-primary underline underline-offset-[0.2em] hover:decoration-2">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="regions-heading">
        <h2 id="regions-heading" className="text-2xl">
          {t("byRegion")}
        </h2>
        <div className="mt-6 grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {regions.map((region) => (
            <section key={region.code} aria-labelledby={`region-${region.code}`}>
              <h3 id={`region-${region.code}`} className="font-sans text-lg font-semibold">
                {region.name}
              </h3>
              <ul className="mt-2">
                {region.departments.map((d) => (
                  <li key={d.code}>
                    <Link
                      href={departmentPath(d.name, d.code)}
                      className="inline-flex min-h-11 items-center gap-2 text-primary underline underline-offset-[0.2em] hover:decoration-2"
                    >
                      {d.name} ({d.code})
                    </Link>{" "}
                    <span className="text-sm text-ink-soft">{t("communesCount", { count: d.communes })}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    </div>
  );
}
