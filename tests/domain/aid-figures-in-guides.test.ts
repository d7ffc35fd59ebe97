import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CAPITAL_DECES,
  CHILD_DEATH_ALLOWANCE,
  CIVIL_SERVANT_CAPITAL_DECES,
  FUNERAL_COSTS_FROM_ACCOUNT,
  SELF_EMPLOYED_CAPITAL_DECES,
  SURVIVOR_PENSIONS,
  figureValues,
} from "@/domain/financial-aid";

/**
 * The guides and the glossary must say what src/domain/financial-aid.ts says: every
 * euro amount and percentage written in the financial-aid guides (fr, en) and in the
 * glossary entries about the aids must be one of the module's figures. A figure
 * changed in the module but not in a guide (or the reverse) fails here.
 */

const root = join(process.cwd(), "src/content");

/** Amount in cents read from "3 977 €", "3 909,94 €", "€3,977" or "€2,289.43". */
function cents(raw: string, locale: "fr" | "en"): number {
  const digits = raw.replace(/[€\s\u00a0\u202f]/g, "");
  const normalised = locale === "fr" ? digits.replace(",", ".") : digits.replace(/,/g, "");
  return Math.round(Number(normalised) * 100);
}

function amountsIn(text: string, locale: "fr" | "en"): number[] {
  const pattern = locale === "fr" ? /(\d{1,3}(?:[ \u00a0\u202f]\d{3})*(?:,\d{2})?)\s?€/g : /€\s?(\d{1,3}(?:,\d{3})*(?:\.\d{2})?)/g;
  return [...text.matchAll(pattern)].map((match) => cents(match[1]!, locale));
}

function percentsIn(text: string): number[] {
  return [...text.matchAll(/(\d+(?:[.,]\d+)?)\s?%/g)].map((match) => Number(match[1]!.replace(",", ".")));
}

const figures = figureValues();
const KNOWN_CENTS = new Set<number>([
  CAPITAL_DECES.amountCents,
  CAPITAL_DECES.previousAmountCents,
  FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents,
  CHILD_DEATH_ALLOWANCE.higherAmountCents,
  CHILD_DEATH_ALLOWANCE.lowerAmountCents,
  figures.selfEmployedWorkingCents,
  figures.selfEmployedRetiredCents,
  figures.reversionCeilingCents,
  figures.reversionCoupleCeilingCents,
]);
const KNOWN_PERCENTS = new Set<number>([
  CAPITAL_DECES.workAccidentMinRatePercent,
  SELF_EMPLOYED_CAPITAL_DECES.workingPercentOfPass,
  SELF_EMPLOYED_CAPITAL_DECES.retiredPercentOfPass,
  CIVIL_SERVANT_CAPITAL_DECES.beforeRetirementAgePercent,
  CIVIL_SERVANT_CAPITAL_DECES.afterRetirementAgePercent,
  SURVIVOR_PENSIONS.general.ratePercent,
  SURVIVOR_PENSIONS.agircArrco.ratePercent,
  SURVIVOR_PENSIONS.civilService.ratePercent,
]);

function guideTexts(locale: "fr" | "en"): [string, string][] {
  const dir = join(root, "guides", locale, "aides-financieres");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => [`${locale}/${file}`, readFileSync(join(dir, file), "utf8")]);
}

/** Glossary entries about the aids: the capital décès and its neighbours. */
function glossaryTexts(locale: "fr" | "en"): [string, string][] {
  const entries = JSON.parse(readFileSync(join(root, "glossary", `${locale}.json`), "utf8")) as { slug: string; definition: string }[];
  return entries.filter((entry) => /capital|reversion|compte|allocation/.test(entry.slug)).map((entry) => [`glossary ${locale} ${entry.slug}`, entry.definition]);
}

/** The general documentation (a legal page, also served as a PDF) sums up the aids too; it exists in French only. */
function legalPageTexts(locale: "fr" | "en"): [string, string][] {
  if (locale !== "fr") return [];
  const file = join(root, "pages", "fr", "legal", "documentation-generale.md");
  return [["fr/legal/documentation-generale.md", readFileSync(file, "utf8")]];
}

describe.each(["fr", "en"] as const)("aid figures in the %s guides and glossary", (locale) => {
  const texts = [...guideTexts(locale), ...glossaryTexts(locale), ...legalPageTexts(locale)];

  it.each(texts)("%s states only the module's amounts and rates", (_name, text) => {
    for (const amount of amountsIn(text, locale)) expect(KNOWN_CENTS, `${amount / 100} €`).toContain(amount);
    for (const percent of percentsIn(text)) expect(KNOWN_PERCENTS, `${percent} %`).toContain(percent);
  });

  it("gives the capital décès amount of the module in the guide and the glossary", () => {
    const guide = texts.find(([name]) => name.endsWith("capital-deces-cpam.md"))![1];
    expect(amountsIn(guide, locale)).toContain(CAPITAL_DECES.amountCents);
    const glossary = texts.find(([name]) => name === `glossary ${locale} capital-deces`)?.[1] ?? "";
    expect(amountsIn(glossary, locale)).toEqual([CAPITAL_DECES.amountCents]);
  });

  it("gives the child-death allowance and the bank-account ceiling of the module", () => {
    const caf = texts.find(([name]) => name.endsWith("aides-caf-mutuelles-et-caisses-de-retraite.md"))![1];
    expect(amountsIn(caf, locale)).toEqual(expect.arrayContaining([CHILD_DEATH_ALLOWANCE.higherAmountCents, CHILD_DEATH_ALLOWANCE.lowerAmountCents]));
    const account = texts.find(([name]) => name.endsWith("payer-les-obseques-avec-le-compte-du-defunt.md"))![1];
    expect(new Set(amountsIn(account, locale))).toEqual(new Set([FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents]));
  });
});
