import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/query";
import { seedDatabase } from "@/server/db/seed/seed";
import { createTestDatabase, type TestDatabase } from "./helpers/template";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const count = async (table: string, where = "TRUE") =>
  (await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)))[0]!.n;

describe("schema", () => {
  it("gives every table created_at and updated_at", async () => {
    const missing = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT t.table_name FROM information_schema.tables t
          WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            -- directory_changes is an append-only history: a row is never updated, so it has no updated_at
            AND t.table_name NOT IN ('cityhall_postal_codes', 'directory_changes')
            AND (SELECT count(*) FROM information_schema.columns c
                 WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name IN ('created_at', 'updated_at')) < 2`,
    );
    expect(missing.map((r) => r.table_name)).toEqual([]);
  });

  it("gives every partner type a disabled flag", async () => {
    const partners = ["consulates", "crematoriums", "funeral_parlors", "graveyards", "hospitals", "polices", "prefectures", "regional_health_authorities", "worships", "suppliers", "supplier_warehouses", "flights", "cityhalls"];
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'disabled'`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(partners));
  });

  it("refuses an unknown deal step type", async () => {
    const [deal] = await queryRows<{ id: number }>(database.db, sql`INSERT INTO deals (kind) VALUES ('funeral') RETURNING id`);
    await expect(database.db.execute(sql`INSERT INTO deal_steps (deal_id, step_type) VALUES (${deal!.id}, 'teleportation')`)).rejects.toThrow();
    await database.db.execute(sql`INSERT INTO deal_steps (deal_id, step_type) VALUES (${deal!.id}, 'urn_sealing')`);
    await expect(database.db.execute(sql`INSERT INTO deals (kind) VALUES ('boat')`)).rejects.toThrow();
  });

  it("keeps money in whole cents and refuses impossible amounts", async () => {
    await expect(
      database.db.execute(sql`INSERT INTO products (code, name, category, price_cents, vat_rate_bp) VALUES ('X-NEG', 'x', 'service', -1, 2000)`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`INSERT INTO products (code, name, category, price_cents, vat_rate_bp) VALUES ('X-VAT', 'x', 'service', 100, 1900)`),
    ).rejects.toThrow();
  });

  it("keeps search names in step with the name", async () => {
    const [row] = await queryRows<{ search_name: string }>(database.db, sql`SELECT search_name FROM cityhalls WHERE insee_code = '94038'`);
    expect(row!.search_name).toBe("l hay les roses");
  });
});

describe("seed", () => {
  it("loads every current commune with postal codes, départements and régions", async () => {
    expect(await count("cityhalls")).toBeGreaterThan(34_000);
    expect(await count("cityhall_postal_codes")).toBeGreaterThan(35_000);
    expect(await count("departments")).toBeGreaterThanOrEqual(101);
    expect(await count("regions")).toBeGreaterThanOrEqual(18);
    expect(await count("cityhalls", "population IS NULL")).toBeLessThan(50);
  });

  it("names every country in the 11 locales", async () => {
    expect(await count("countries")).toBe(250);
    const [missing] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM countries, unnest(ARRAY['fr','ar','de','en','es','he','it','pt','sr','tr','zh']) AS l
          WHERE coalesce(names->>l, '') = ''`,
    );
    expect(missing!.n).toBe(0);
  });

  it("spreads demo partners over at least ten départements, all marked demo", async () => {
    const [spread] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(DISTINCT department_code)::int AS n FROM (
            SELECT department_code FROM funeral_parlors UNION ALL SELECT department_code FROM crematoriums
            UNION ALL SELECT department_code FROM graveyards) p`,
    );
    expect(spread!.n).toBeGreaterThanOrEqual(10);
    for (const table of ["funeral_parlors", "crematoriums", "graveyards", "hospitals", "worships", "consulates", "prefectures", "polices", "regional_health_authorities", "suppliers"]) {
      expect(await count(table, "NOT demo OR name NOT LIKE '%(démo)'"), table).toBe(0);
      expect(await count(table), table).toBeGreaterThan(0);
    }
    expect(await count("crematorium_age_ranges")).toBeGreaterThan(0);
    expect(await count("graveyard_concessions")).toBeGreaterThan(0);
    expect(await count("flight_rates")).toBeGreaterThan(0);
  });

  it("seeds the demo accounts with their roles", async () => {
    const users = await queryRows<{ email: string; role: number }>(database.db, sql`SELECT email, role FROM business_users ORDER BY role`);
    expect(users).toEqual([
      { email: "admin@demo.test", role: 0 },
      { email: "directeur@demo.test", role: 1 },
      { email: "conseiller@demo.test", role: 2 },
      { email: "analyste@demo.test", role: 3 },
      { email: "pro@demo.test", role: 4 },
    ]);
    const [client] = await queryRows<{ password_hash: string }>(database.db, sql`SELECT password_hash FROM clients WHERE email = 'client@demo.test'`);
    expect(client!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("does nothing on an already seeded database", async () => {
    const before = await count("cityhalls");
    const report = await seedDatabase(database.db, { accounts: true });
    expect(report.seeded).toBe(false);
    expect(await count("cityhalls")).toBe(before);
  });
});
