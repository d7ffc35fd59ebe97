import { eq, inArray } from "drizzle-orm";
import { toSlug } from "@/domain/schemas/common";
import type { Db } from "@/server/db/client";
import { cityhalls, countries, departments, regions } from "@/server/db/schema/geo";
import {
  concessionTypes,
  consulates,
  crematoriumAgeRanges,
  crematoriumCeremonies,
  crematoriumRooms,
  crematoriums,
  funeralParlorStays,
  funeralParlors,
  graveyardConcessionTerms,
  graveyardConcessions,
  graveyards,
  hospitals,
  polices,
  prefectureCoverages,
  prefectures,
  regionalHealthAuthorities,
  regionalHealthAuthorityCoverages,
  worshipTypes,
  worships,
} from "@/server/db/schema/partners";
import { DEMO_CITIES, DEMO_CONSULATES, type DemoCity } from "@/server/db/seed/demo/places";
import type { Random } from "@/server/db/seed/random";

/** Demonstration partner places: every name ends with "(démo)" and every row has demo = true. */
export const DEMO_SUFFIX = " (démo)";

interface CityContext extends DemoCity {
  cityhallId: number;
  regionCode: string;
  departmentName: string;
  regionName: string;
}

export async function loadDemoCities(db: Db): Promise<CityContext[]> {
  const rows = await db
    .select({ id: cityhalls.id, insee: cityhalls.inseeCode, regionCode: departments.regionCode, departmentName: departments.name, regionName: regions.name })
    .from(cityhalls)
    .innerJoin(departments, eq(departments.code, cityhalls.departmentCode))
    .innerJoin(regions, eq(regions.code, departments.regionCode))
    .where(inArray(cityhalls.inseeCode, DEMO_CITIES.map((c) => c.insee)));
  const byInsee = new Map(rows.map((r) => [r.insee, r]));
  return DEMO_CITIES.flatMap((c) => {
    const row = byInsee.get(c.insee);
    return row ? [{ ...c, cityhallId: row.id, regionCode: row.regionCode, departmentName: row.departmentName, regionName: row.regionName }] : [];
  });
}

function place(c: CityContext, random: Random, name: string, streetIndex = 0) {
  return {
    name: `${name}${DEMO_SUFFIX}`,
    address: `${random.int(1, 180)} ${c.streets[streetIndex % c.streets.length]}`,
    postalCode: c.postalCode,
    city: c.city,
    cityhallId: c.cityhallId,
    departmentCode: c.department,
    phone: null,
    // on the reserved .test domain: an advisor can try sending a batch to a demo crematorium, and no mail can reach anyone
    email: `${toSlug(name).slice(0, 60)}@demo.test`,
    countryCode: "fr",
    headquarterCountryCode: "fr",
    demo: true,
  };
}

export async function seedDemoPartners(db: Db, random: Random): Promise<Record<string, number>> {
  const cities = await loadDemoCities(db);
  const counts: Record<string, number> = {};
  const count = (key: string, n: number) => (counts[key] = (counts[key] ?? 0) + n);

  const worshipTypeIds = new Map((await db.select({ id: worshipTypes.id, code: worshipTypes.code }).from(worshipTypes)).map((w) => [w.code, w.id]));
  const concessionTypeRows = await db.select().from(concessionTypes);

  for (const c of cities) {
    // Places of worship first: crematoriums refer to them.
    const worshipRows = [
      { ...place(c, random, `Église Saint-Martin de ${c.city}`, 0), worshipTypeId: worshipTypeIds.get("catholic") },
      { ...place(c, random, `Temple protestant de ${c.city}`, 1), worshipTypeId: worshipTypeIds.get("protestant") },
      { ...place(c, random, `Mosquée de ${c.city}`, 2), worshipTypeId: worshipTypeIds.get("muslim") },
      ...(c.city === "Paris" || c.city === "Marseille" || c.city === "Strasbourg"
        ? [{ ...place(c, random, `Synagogue de ${c.city}`, 1), worshipTypeId: worshipTypeIds.get("jewish") }]
        : []),
    ];
    const insertedWorships = await db.insert(worships).values(worshipRows).returning({ id: worships.id });
    count("worships", insertedWorships.length);

    const parlors = await db
      .insert(funeralParlors)
      .values([place(c, random, `Chambre funéraire de ${c.city} Centre`, 0), place(c, random, `Chambre funéraire de ${c.city} Nord`, 1)])
      .returning({ id: funeralParlors.id });
    count("funeral_parlors", parlors.length);
    await db.insert(funeralParlorStays).values(
      parlors.flatMap((p) => [
        { funeralParlorId: p.id, name: "Salon de présentation", includedDays: 0, pricePerDayCents: random.euros(70, 120), admissionPriceCents: random.euros(120, 220) },
        { funeralParlorId: p.id, name: "Case réfrigérée", includedDays: 0, pricePerDayCents: random.euros(40, 70), admissionPriceCents: random.euros(80, 150) },
      ]),
    );

    const [crematorium] = await db
      .insert(crematoriums)
      .values({ ...place(c, random, `Crématorium de ${c.city}`, 2), reducedPriceCityhallIds: [c.cityhallId], worshipIds: insertedWorships.map((w) => w.id) })
      .returning({ id: crematoriums.id });
    count("crematoriums", 1);
    const adultPrice = random.euros(560, 820);
    await db.insert(crematoriumAgeRanges).values([
      { crematoriumId: crematorium!.id, minAge: 0, maxAge: 0, priceCents: 0, reducedPriceCents: 0 },
      { crematoriumId: crematorium!.id, minAge: 1, maxAge: 12, priceCents: Math.round(adultPrice * 0.4 / 500) * 500, reducedPriceCents: Math.round(adultPrice * 0.3 / 500) * 500 },
      { crematoriumId: crematorium!.id, minAge: 13, maxAge: null, priceCents: adultPrice, reducedPriceCents: Math.round(adultPrice * 0.85 / 500) * 500 },
    ]);
    await db.insert(crematoriumCeremonies).values([
      { crematoriumId: crematorium!.id, name: "Cérémonie de 30 minutes", durationMinutes: 30, priceCents: random.euros(90, 160) },
      { crematoriumId: crematorium!.id, name: "Cérémonie d'une heure", durationMinutes: 60, priceCents: random.euros(180, 290) },
    ]);
    await db.insert(crematoriumRooms).values([
      { crematoriumId: crematorium!.id, name: "Salle de cérémonie", capacity: random.int(60, 150), priceCents: random.euros(100, 250) },
      { crematoriumId: crematorium!.id, name: "Salon des familles", capacity: random.int(15, 40), priceCents: random.euros(50, 120) },
    ]);

    const sole = concessionTypeRows.find((t) => t.kind === "sole");
    const ground = concessionTypeRows.find((t) => t.kind === "ground");
    const yards = await db
      .insert(graveyards)
      .values([
        { ...place(c, random, `Cimetière communal de ${c.city}`, 0), cityhallIds: [c.cityhallId], concessionSemelleTypeId: sole?.id, defaultConcessionTypeId: ground?.id },
        { ...place(c, random, `Cimetière paysager de ${c.city}`, 1), cityhallIds: [c.cityhallId], concessionSemelleTypeId: sole?.id, defaultConcessionTypeId: ground?.id },
      ])
      .returning({ id: graveyards.id });
    count("graveyards", yards.length);
    for (const yard of yards) {
      const terms = await db
        .insert(graveyardConcessionTerms)
        .values([
          { graveyardId: yard.id, durationYears: 15, label: "15 ans" },
          { graveyardId: yard.id, durationYears: 30, label: "30 ans" },
          { graveyardId: yard.id, durationYears: 50, label: "50 ans" },
        ])
        .returning({ id: graveyardConcessionTerms.id, years: graveyardConcessionTerms.durationYears });
      const base = random.euros(180, 450);
      await db.insert(graveyardConcessions).values(
        terms.flatMap((term) =>
          concessionTypeRows
            .filter((t) => t.kind !== "sole")
            .map((t) => ({
              graveyardId: yard.id,
              concessionTypeId: t.id,
              concessionTermId: term.id,
              // Longer terms and more places cost more; rounded to 10 euros like municipal price lists.
              priceCents: Math.round((base * ((term.years ?? 15) / 15) * Math.max(1, (t.places ?? 1) / 1.5)) / 1000) * 1000,
            })),
        ),
      );
    }

    await db.insert(hospitals).values([
      { ...place(c, random, `Centre hospitalier de ${c.city}`, 1), agreementLocationType: "FuneralParlor" as const, agreementLocationId: parlors[0]!.id },
      { ...place(c, random, `Clinique des Lilas, ${c.city}`, 2) },
    ]);
    count("hospitals", 2);
    await db.insert(polices).values(place(c, random, `Commissariat de police de ${c.city}`, 0));
    count("polices", 1);
  }

  // One prefecture per département and one regional health authority per région of the demo cities.
  const seenDepartments = new Set<string>();
  const seenRegions = new Set<string>();
  for (const c of cities) {
    if (!seenDepartments.has(c.department)) {
      seenDepartments.add(c.department);
      const [prefecture] = await db
        .insert(prefectures)
        .values(place(c, random, `Préfecture ${c.departmentName.match(/^[AEIOUYÉÈH]/i) ? "de l'" : "de "}${c.departmentName}`, 1))
        .returning({ id: prefectures.id });
      await db.insert(prefectureCoverages).values({ prefectureId: prefecture!.id, zoneType: "department", zoneId: c.department });
      count("prefectures", 1);
    }
    if (!seenRegions.has(c.regionCode)) {
      seenRegions.add(c.regionCode);
      const [rha] = await db
        .insert(regionalHealthAuthorities)
        .values(place(c, random, `Agence régionale de santé ${c.regionName}`, 2))
        .returning({ id: regionalHealthAuthorities.id });
      await db.insert(regionalHealthAuthorityCoverages).values({ regionalHealthAuthorityId: rha!.id, zoneType: "region", zoneId: c.regionCode });
      count("rha", 1);
    }
  }

  const countryNames = new Map(
    (await db.select({ code: countries.code, names: countries.names }).from(countries)).map((r) => [r.code, r.names.fr]),
  );
  for (const c of cities) {
    for (const code of DEMO_CONSULATES[c.city] ?? []) {
      const countryName = countryNames.get(code);
      if (!countryName) continue;
      await db.insert(consulates).values({ ...place(c, random, `Consulat — ${countryName} à ${c.city}`, 0), referenceCountryId: code });
      count("consulates", 1);
    }
  }
  return counts;
}
