import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_CATEGORIES, COMPANY_FIELD_NAMES, companyFields } from "@/domain/companies";
import { isDocumentTypeCode } from "@/domain/document-types";
import { LOCALES } from "@/domain/locales";
import { FORMALITY_KINDS, formalityFieldSchema } from "@/domain/schemas/administrative-procedure";
import { toSlug } from "@/domain/schemas/common";
import { queryRows } from "@/server/db/query";
import { COMPANY_CATEGORY_NAMES, REFERENCE_COMPANIES } from "@/server/db/seed/reference/companies/seed-companies";
import { createTestApp, type TestContext } from "./helpers/app";

/**
 * The companies' reference data (issue 11 "Reference data, real"): enough real
 * organisations in every category, each reachable, sourced and with a formality whose
 * fields and documents the rest of the product can render.
 */

type Tree = { [key: string]: string | Tree };
const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8")) as Tree;
const lookup = (tree: Tree, key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);

describe("the companies reference data (seed source)", () => {
  it("holds at least 120 real organisations with unique slugs", () => {
    expect(REFERENCE_COMPANIES.length).toBeGreaterThanOrEqual(120);
    const slugs = REFERENCE_COMPANIES.map((c) => toSlug(c.name));
    expect(slugs.filter((s, i) => slugs.indexOf(s) !== i)).toEqual([]);
  });

  it("covers every category, the issue's named bodies included", () => {
    const present = new Set(REFERENCE_COMPANIES.map((c) => c.category));
    expect(COMPANY_CATEGORIES.filter((code) => !present.has(code))).toEqual([]);
    const names = REFERENCE_COMPANIES.map((c) => c.name).join("\n");
    for (const expected of ["CNAV", "Agirc-Arrco", "MSA", "CNRACL", "SSI", "CPAM", "CAF", "France Travail", "impots", "ANTS", "EDF", "Orange", "La Banque Postale", "Facebook", "Google"]) {
      expect(names.toLowerCase()).toContain(expected.toLowerCase().replace("impots", "impôts"));
    }
  });

  it("gives each company at least one formality of a known kind", () => {
    expect(REFERENCE_COMPANIES.filter((c) => c.formalities.length === 0).map((c) => c.name)).toEqual([]);
    const kinds = REFERENCE_COMPANIES.flatMap((c) => c.formalities.map((f) => f.kind));
    expect(kinds.filter((k) => !(FORMALITY_KINDS as readonly string[]).includes(k))).toEqual([]);
    expect(new Set(kinds)).toEqual(new Set(FORMALITY_KINDS));
  });

  it("sources every entry on an https page and dates each page that was read", () => {
    const bad = REFERENCE_COMPANIES.filter((c) => {
      try {
        return new URL(c.source).protocol !== "https:" || (c.checkedOn !== null && !/^\d{4}-\d{2}-\d{2}$/.test(c.checkedOn));
      } catch {
        return true;
      }
    });
    expect(bad.map((c) => c.name)).toEqual([]);
    // An unread source is no more than the official site or help centre: never a deep page claimed as read.
    expect(REFERENCE_COMPANIES.filter((c) => c.checkedOn !== null).length).toBeGreaterThanOrEqual(15);
  });

  it("prints a postal address or phone number only from a page that was read", () => {
    const unread = REFERENCE_COMPANIES.filter((c) => (c.address || c.phone) && c.checkedOn === null);
    expect(unread.map((c) => c.name)).toEqual([]);
  });

  it("says how to reach each company: an https website, and a form or a postal address when known", () => {
    const urls = REFERENCE_COMPANIES.flatMap((c) => [c.website, c.formUrl].filter((u): u is string => typeof u === "string"));
    expect(urls.filter((u) => !u.startsWith("https://"))).toEqual([]);
    // An address is printed on an envelope: a street line and a French postal code line at least.
    const addresses = REFERENCE_COMPANIES.flatMap((c) => (c.address ? [c.address] : []));
    expect(addresses.filter((a) => a.split("\n").length < 2 || !/^\d{5} /m.test(a))).toEqual([]);
  });

  it("asks only for document types the product knows", () => {
    const codes = REFERENCE_COMPANIES.flatMap((c) => c.formalities.flatMap((f) => f.documents));
    expect(codes.filter((code) => !isDocumentTypeCode(code))).toEqual([]);
    expect(REFERENCE_COMPANIES.flatMap((c) => c.formalities).filter((f) => f.documents.length === 0)).toEqual([]);
  });

  it("builds fields that fit the FormalityField contract", () => {
    const fields = REFERENCE_COMPANIES.flatMap((c) => c.formalities.flatMap((f) => companyFields(f.fields)));
    expect(fields.filter((f) => !formalityFieldSchema.safeParse(f).success)).toEqual([]);
  });

  it.each(LOCALES)("has every category, kind, field label and hint in messages/%s.json", (locale) => {
    const tree = messages(locale);
    const keys = [
      ...COMPANY_CATEGORIES.map((code) => `Companies.categories.${code}`),
      ...FORMALITY_KINDS.map((kind) => `Companies.kinds.${kind}`),
      ...COMPANY_FIELD_NAMES.flatMap((name) => [companyFields({ [name]: true })[0]!.label, `Companies.hints.${name}`]),
    ];
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });

  it("names every category in French for the stored rows", () => {
    expect(Object.keys(COMPANY_CATEGORY_NAMES).sort()).toEqual([...COMPANY_CATEGORIES].sort());
  });
});

describe("the seeded database", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("has the reference companies, none of them demo, each with a formality", async () => {
    const [counts] = await queryRows<{ total: number; demo: number; without_formality: number; categories: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS total,
            count(*) FILTER (WHERE demo)::int AS demo,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM companies_formalities f WHERE f.company_id = c.id))::int AS without_formality,
            (SELECT count(DISTINCT category_id)::int FROM companies) AS categories
          FROM companies c`,
    );
    expect(counts!.total).toBeGreaterThanOrEqual(120);
    expect(counts!.total).toBe(REFERENCE_COMPANIES.length);
    expect(counts!.demo).toBe(0);
    expect(counts!.without_formality).toBe(0);
    expect(counts!.categories).toBe(COMPANY_CATEGORIES.length);
  });

  it("stores an https source on each real company, and \"demo\" only on demo rows", async () => {
    const rows = await queryRows<{ name: string; source: string; demo: boolean }>(ctx.db, sql`SELECT name, source, demo FROM companies`);
    const bad = rows.filter((r) => (r.demo ? r.source !== "demo" : !r.source.startsWith("https://")));
    expect(bad).toEqual([]);
  });

  it("stores only known document type codes", async () => {
    const rows = await queryRows<{ code: string }>(ctx.db, sql`SELECT DISTINCT jsonb_array_elements_text(document_types) AS code FROM companies_formalities`);
    expect(rows.map((r) => r.code).filter((code) => !isDocumentTypeCode(code))).toEqual([]);
  });
});
