import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crematoriums } from "@/server/db/schema/partners";
import {
  countCommunePages,
  findCommune,
  getCommunePageData,
  getDepartmentPageData,
  listCommunesOfDepartment,
  listDepartmentLinks,
  listMostPopulatedCommunes,
  listPlacesIndex,
} from "@/server/services/places-page";
import { createTestDatabase, type TestDatabase } from "../helpers/template";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("commune pages", () => {
  it("reads a commune with its département and région", async () => {
    expect(await findCommune(database.db, "69123")).toMatchObject({ name: "Lyon", departmentName: "Rhône", regionName: "Auvergne-Rhône-Alpes" });
    expect(await findCommune(database.db, "2A004")).toMatchObject({ name: "Ajaccio", departmentCode: "2A" });
    expect(await findCommune(database.db, "99999")).toBeNull();
  });

  it("gives no page to collectivities outside French funeral law", async () => {
    const noumea = await listCommunesOfDepartment(database.db, "988");
    expect(noumea).toEqual([]);
    expect((await listDepartmentLinks(database.db)).map((d) => d.code)).not.toContain("988");
  });

  it("lists the commune's partners, those of the commune itself first, with their prices", async () => {
    const data = (await getCommunePageData(database.db, "69123"))!;
    const crematorium = data.partners.find((p) => p.kind === "crematorium")!;
    expect(crematorium).toMatchObject({ name: "Crématorium de Lyon (démo)", inCommune: true, demo: true, disabled: false });
    const kinds = new Set(data.partners.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(["crematorium", "funeralParlor", "graveyard", "hospital"]);
    const firstNotInCommune = data.partners.findIndex((p) => p.kind === "crematorium" && !p.inCommune);
    expect(firstNotInCommune === -1 || firstNotInCommune > data.partners.indexOf(crematorium)).toBe(true);
    // Lyon's residents pay the crematorium's reduced price.
    expect(data.prices.cremations.some((c) => c.crematoriumId === crematorium.id && c.reducedForCommune)).toBe(true);
    expect(data.prices.concessions.length).toBeGreaterThan(0);
    expect(data.neighbours.map((n) => n.name)).toContain("Villeurbanne");
    expect(data.neighbours.some((n) => n.inseeCode === "69123")).toBe(false);
  });

  it("shows an unpublished (disabled) partner in preview only", async () => {
    const data = (await getCommunePageData(database.db, "69123"))!;
    const crematorium = data.partners.find((p) => p.kind === "crematorium")!;
    await database.db.update(crematoriums).set({ disabled: true }).where(eq(crematoriums.id, crematorium.id));
    try {
      const publicView = (await getCommunePageData(database.db, "69123"))!;
      expect(publicView.partners.some((p) => p.id === crematorium.id && p.kind === "crematorium")).toBe(false);
      const preview = (await getCommunePageData(database.db, "69123", { includeUnpublished: true }))!;
      expect(preview.partners.find((p) => p.id === crematorium.id && p.kind === "crematorium")).toMatchObject({ disabled: true });
    } finally {
      await database.db.update(crematoriums).set({ disabled: false }).where(eq(crematoriums.id, crematorium.id));
    }
  });

  it("finds communes with no partner nearby without failing", async () => {
    const data = (await getCommunePageData(database.db, "2A004"))!;
    expect(data.commune.name).toBe("Ajaccio");
    expect(data.partners).toEqual([]);
    expect(data.neighbours.length).toBeGreaterThan(0);
  });
});

describe("index, département pages and pre-rendering", () => {
  it("lists régions with their départements and counts", async () => {
    const regions = await listPlacesIndex(database.db);
    const ara = regions.find((r) => r.name === "Auvergne-Rhône-Alpes")!;
    expect(ara.departments.find((d) => d.code === "69")).toMatchObject({ name: "Rhône" });
    expect(regions.flatMap((r) => r.departments).every((d) => d.communes > 0)).toBe(true);
    const total = regions.flatMap((r) => r.departments).reduce((sum, d) => sum + d.communes, 0);
    expect(total).toBe(await countCommunePages(database.db));
  });

  it("reads a département with every commune, most populated first", async () => {
    const rhone = (await getDepartmentPageData(database.db, "69"))!;
    expect(rhone.department).toMatchObject({ name: "Rhône", regionName: "Auvergne-Rhône-Alpes" });
    expect(rhone.communes[0]!.name).toBe("Lyon");
    expect(rhone.communes.length).toBe((await listCommunesOfDepartment(database.db, "69")).length);
    expect(await getDepartmentPageData(database.db, "00")).toBeNull();
  });

  it("names the most populated communes to build ahead", async () => {
    const top = await listMostPopulatedCommunes(database.db, 3);
    expect(top.map((c) => c.name)).toEqual(["Paris", "Marseille", "Lyon"]);
  });
});
