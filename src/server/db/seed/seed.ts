import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { isSeeded } from "@/server/db/migrate";
import { seedDemoAccounts } from "@/server/db/seed/demo/accounts";
import { seedProducts } from "@/server/db/seed/demo/catalog";
import { seedFlowerProducts } from "@/server/db/seed/demo/flowers";
import { seedMonumentProducts, seedMonumentStock } from "@/server/db/seed/demo/monuments";
import { seedDemoOrganisations } from "@/server/db/seed/demo/organisations";
import { seedDemoPartners } from "@/server/db/seed/demo/partners";
import { seedDemoReviews } from "@/server/db/seed/demo/reviews";
import { seedDemoSuppliers } from "@/server/db/seed/demo/suppliers";
import { createRandom } from "@/server/db/seed/random";
import { seedAirlines, seedAirports } from "@/server/db/seed/reference/air";
import { seedCompanies } from "@/server/db/seed/reference/companies/seed-companies";
import { seedCountries } from "@/server/db/seed/reference/countries";
import { seedGeography } from "@/server/db/seed/reference/geo";
import { seedReferenceLists } from "@/server/db/seed/reference/lists";
import { seedEditableDocuments } from "@/server/db/seed/reference/editable-documents";

export interface SeedOptions {
  /** Demo accounts with a known password: development and tests only. */
  accounts: boolean;
  log?: (line: string) => void;
  now?: Date;
}

export interface SeedReport {
  seeded: boolean;
  steps: Array<{ step: string; ms: number; detail: string }>;
  totalMs: number;
}

/**
 * Fills an empty database with the reference data (communes, countries, airports,
 * airlines) and the demonstration data. Does nothing when the database already has
 * data, so it is safe on every start. Runs in one transaction: a failure leaves the
 * database empty rather than half seeded.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const steps: SeedReport["steps"] = [];
  if (await isSeeded(db)) return { seeded: false, steps, totalMs: 0 };
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const random = createRandom(20_260_701);

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Another process may have seeded between the check and the transaction (PostgreSQL).
    await t.execute(sql`LOCK TABLE cityhalls IN EXCLUSIVE MODE`);
    if (await isSeeded(t)) return;
    const step = async (name: string, run: () => Promise<unknown>) => {
      const begin = performance.now();
      const result = await run();
      const ms = Math.round(performance.now() - begin);
      const detail = typeof result === "object" && result !== null ? JSON.stringify(result) : String(result ?? "");
      steps.push({ step: name, ms, detail });
      log(`  ${name.padEnd(22)} ${String(ms).padStart(6)} ms  ${detail}`);
    };
    await step("geography", () => seedGeography(t));
    await step("countries", () => seedCountries(t));
    await step("airports", () => seedAirports(t));
    await step("airlines", () => seedAirlines(t));
    await step("reference lists", () => seedReferenceLists(t));
    await step("editable documents", () => seedEditableDocuments(t));
    await step("companies", () => seedCompanies(t));
    await step("products (demo)", () => seedProducts(t));
    await step("flowers (demo)", () => seedFlowerProducts(t));
    await step("monuments (demo)", () => seedMonumentProducts(t));
    await step("partners (demo)", () => seedDemoPartners(t, random));
    await step("suppliers, flights (demo)", () => seedDemoSuppliers(t, random));
    await step("monument stock (demo)", () => seedMonumentStock(t));
    await step("reviews (demo)", () => seedDemoReviews(t, random, now));
    await step("organisations (demo)", () => seedDemoOrganisations(t));
    if (options.accounts) await step("accounts (demo)", () => seedDemoAccounts(t));
  });
  // Fresh statistics so the planner picks the search indexes from the first query.
  await db.execute(sql`ANALYZE`);
  return { seeded: steps.length > 0, steps, totalMs: Math.round(performance.now() - started) };
}
