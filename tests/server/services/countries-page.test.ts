import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRepatriationCountries, findRepatriationCountry, getCountryPageData, listRepatriationCountries } from "@/server/services/countries-page";
import { createTestDatabase, type TestDatabase } from "../helpers/template";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("country pages", () => {
  it("lists countries abroad, never France nor its overseas territories", async () => {
    const countries = await listRepatriationCountries(database.db);
    const codes = countries.map((c) => c.code);
    expect(codes).toContain("ma");
    for (const french of ["fr", "gp", "re", "nc"]) expect(codes).not.toContain(french);
    expect(countries.length).toBe(await countRepatriationCountries(database.db));
    expect(countries.find((c) => c.code === "ma")!.flights).toBeGreaterThan(0);
  });

  it("finds a country by its French slug", async () => {
    expect(await findRepatriationCountry(database.db, "maroc")).toMatchObject({ code: "ma", names: { fr: "Maroc", ar: "المغرب" } });
    expect(await findRepatriationCountry(database.db, "algerie")).toMatchObject({ code: "dz" });
    expect(await findRepatriationCountry(database.db, "france")).toBeNull();
    expect(await findRepatriationCountry(database.db, "atlantide")).toBeNull();
  });

  it("gives the consulates, the airports (editorial ones first) and the flights from France with their freight price", async () => {
    const data = (await getCountryPageData(database.db, "maroc", { mainAirports: ["RAK", "CMN"] }))!;
    expect(data.consulates.length).toBeGreaterThan(0);
    expect(data.consulates.every((c) => c.name.includes("Maroc"))).toBe(true);
    expect(data.airports.slice(0, 2).map((a) => a.iata)).toEqual(["RAK", "CMN"]);
    expect(data.routes.length).toBeGreaterThan(0);
    const prices = data.routes.map((r) => r.coffinPriceCents).filter((p): p is number => p !== null);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(data.routes.every((r) => r.to.iata && r.from.iata && r.airline.iata)).toBe(true);
  });
});
