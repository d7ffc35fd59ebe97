import { LOCALES, type Locale } from "@/domain/locales";
import { normalizeSearchText } from "@/domain/schemas/autocomplete";
import { countrySlug } from "@/domain/slug";
import type { CountryNames } from "@/domain/schemas/country";
import type { Db } from "@/server/db/client";
import { countries } from "@/server/db/schema/geo";
import { insertInBatches } from "@/server/db/seed/batch";
import { readPackageJson, requirePackage } from "@/server/db/seed/packages";

/** Every ISO 3166-1 country named in the 11 locales (i18n-iso-countries). */

interface IsoCountries {
  registerLocale(data: unknown): void;
  getAlpha2Codes(): Record<string, string>;
  getName(code: string, locale: string, options?: { select: "official" | "alias" | "all" }): string | undefined;
  alpha2ToAlpha3(code: string): string | undefined;
  alpha2ToNumeric(code: string): string | undefined;
  getAlpha2Code(name: string, locale: string): string | undefined;
}

let registered: IsoCountries | undefined;
export function isoCountries(): IsoCountries {
  if (registered) return registered;
  const lib = requirePackage<IsoCountries>("i18n-iso-countries");
  for (const locale of LOCALES) lib.registerLocale(readPackageJson(`i18n-iso-countries/langs/${locale}.json`));
  registered = lib;
  return lib;
}

export async function seedCountries(db: Db): Promise<number> {
  const lib = isoCountries();
  const rows = Object.keys(lib.getAlpha2Codes()).map((alpha2) => {
    const names = Object.fromEntries(
      LOCALES.map((locale: Locale) => [locale, lib.getName(alpha2, locale, { select: "official" }) ?? alpha2]),
    ) as CountryNames;
    const searchNames = Object.fromEntries(LOCALES.map((locale) => [locale, normalizeSearchText(names[locale])])) as CountryNames;
    return {
      code: alpha2.toLowerCase(),
      alpha3: lib.alpha2ToAlpha3(alpha2) ?? alpha2,
      numericCode: lib.alpha2ToNumeric(alpha2) ?? null,
      names,
      searchNames,
      slug: countrySlug(names.fr),
    };
  });
  await insertInBatches(db, countries, rows);
  return rows.length;
}
