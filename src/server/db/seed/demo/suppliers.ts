import { inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema/catalog";
import { funeralWorkTypes } from "@/server/db/schema/partners";
import { supplierCoverages, supplierWarehouseProducts, supplierWarehouses, supplierZoneFuneralWorks, supplierZones, suppliers } from "@/server/db/schema/suppliers";
import { airlines, flightRates, flights } from "@/server/db/schema/travel";
import { DEMO_SUFFIX, loadDemoCities } from "@/server/db/seed/demo/partners";
import type { Random } from "@/server/db/seed/random";
import { airportIdsByIata } from "@/server/db/seed/reference/air";

/** Demonstration suppliers (florists, marble masons, repatriation forwarders) and flights with freight rates. */

/** Forwarders work from a warehouse at the airport the coffin leaves from. */
const FORWARDER_AIRPORTS: ReadonlyArray<[iata: string, city: string, insee: string, department: string]> = [
  ["CDG", "Roissy-en-France", "95527", "95"],
  ["ORY", "Paray-Vieille-Poste", "91479", "91"],
  ["LYS", "Colombier-Saugnieu", "69299", "69"],
  ["MRS", "Marignane", "13054", "13"],
  ["TLS", "Blagnac", "31069", "31"],
  ["BOD", "Mérignac", "33281", "33"],
  ["NCE", "Nice", "06088", "06"],
];

/** [from, to, airline IATA, stopover or null, zone]: zone sets the rate level. */
const DEMO_FLIGHTS: ReadonlyArray<[string, string, string, string | null, "maghreb" | "europe" | "africa" | "middle_east" | "asia"]> = [
  ["CDG", "ALG", "AH", null, "maghreb"], ["ORY", "ALG", "AH", null, "maghreb"], ["LYS", "ALG", "AH", null, "maghreb"],
  ["MRS", "ALG", "AH", null, "maghreb"], ["MRS", "ORN", "AH", null, "maghreb"], ["ORY", "ORN", "AH", null, "maghreb"],
  ["LYS", "CZL", "AH", null, "maghreb"], ["TLS", "ALG", "AH", null, "maghreb"], ["ORY", "BJA", "AH", null, "maghreb"],
  ["ORY", "CMN", "AT", null, "maghreb"], ["CDG", "CMN", "AT", null, "maghreb"], ["LYS", "CMN", "AT", null, "maghreb"],
  ["MRS", "CMN", "AT", null, "maghreb"], ["TLS", "CMN", "AT", null, "maghreb"], ["BOD", "CMN", "AT", null, "maghreb"],
  ["ORY", "OUD", "AT", null, "maghreb"], ["ORY", "TUN", "TU", null, "maghreb"], ["MRS", "TUN", "TU", null, "maghreb"],
  ["LYS", "TUN", "TU", null, "maghreb"], ["NCE", "TUN", "TU", null, "maghreb"], ["ORY", "DJE", "TU", null, "maghreb"],
  ["CDG", "DSS", "AF", null, "africa"], ["CDG", "ABJ", "AF", null, "africa"], ["CDG", "BKO", "AF", null, "africa"],
  ["CDG", "DLA", "AF", null, "africa"], ["CDG", "CKY", "AF", null, "africa"], ["MRS", "DSS", "AF", "CDG", "africa"],
  ["CDG", "IST", "TK", null, "middle_east"], ["LYS", "IST", "TK", null, "middle_east"], ["MRS", "IST", "TK", null, "middle_east"],
  ["TLS", "IST", "TK", null, "middle_east"], ["NCE", "IST", "TK", null, "middle_east"], ["CDG", "ESB", "TK", "IST", "middle_east"],
  ["ORY", "LIS", "TP", null, "europe"], ["CDG", "LIS", "TP", null, "europe"], ["LYS", "LIS", "TP", null, "europe"],
  ["MRS", "LIS", "TP", null, "europe"], ["ORY", "OPO", "TP", null, "europe"], ["BOD", "OPO", "TP", null, "europe"],
  ["TLS", "LIS", "TP", null, "europe"], ["CDG", "BEG", "JU", null, "europe"], ["LYS", "BEG", "JU", null, "europe"],
  ["CDG", "TLV", "LY", null, "middle_east"], ["NCE", "TLV", "LY", null, "middle_east"], ["MRS", "TLV", "LY", "CDG", "middle_east"],
  ["CDG", "PEK", "CA", null, "asia"], ["CDG", "PVG", "MU", null, "asia"], ["LYS", "PEK", "AF", "CDG", "asia"],
];

const RATE_LEVELS: Record<(typeof DEMO_FLIGHTS)[number][4], [number, number]> = {
  maghreb: [650, 1100],
  europe: [850, 1450],
  middle_east: [1200, 1900],
  africa: [1500, 2400],
  asia: [2600, 3900],
};

export async function seedDemoSuppliers(db: Db, random: Random): Promise<Record<string, number>> {
  const counts: Record<string, number> = { suppliers: 0, warehouses: 0, flights: 0 };
  const cities = await loadDemoCities(db);
  const airportIds = await airportIdsByIata(db);
  const productIds = new Map((await db.select({ id: products.id, code: products.code }).from(products)).map((p) => [p.code, p.id]));
  const workTypes = await db.select({ id: funeralWorkTypes.id, code: funeralWorkTypes.code }).from(funeralWorkTypes);

  for (const c of cities) {
    const base = { postalCode: c.postalCode, city: c.city, departmentCode: c.department, countryCode: "fr", headquarterCountryCode: "fr", demo: true };
    const [florist] = await db
      .insert(suppliers)
      .values({ ...base, name: `Fleurs de ${c.city}${DEMO_SUFFIX}`, address: `${random.int(1, 90)} ${c.streets[0]}`, dependencies: ["flowers"] })
      .returning({ id: suppliers.id });
    const [mason] = await db
      .insert(suppliers)
      .values({ ...base, name: `Marbrerie de ${c.city}${DEMO_SUFFIX}`, address: `${random.int(1, 90)} ${c.streets[1]}`, dependencies: ["marble"] })
      .returning({ id: suppliers.id });
    counts.suppliers! += 2;

    const [shop] = await db
      .insert(supplierWarehouses)
      .values({ ...base, supplierId: florist!.id, name: `Boutique Fleurs de ${c.city}${DEMO_SUFFIX}`, address: `${random.int(1, 90)} ${c.streets[0]}` })
      .returning({ id: supplierWarehouses.id });
    // The workshop's monuments and granites are seeded with their stock by seedMonumentStock (monuments.ts).
    await db
      .insert(supplierWarehouses)
      .values({ ...base, supplierId: mason!.id, name: `Atelier Marbrerie de ${c.city}${DEMO_SUFFIX}`, address: `${random.int(1, 90)} ${c.streets[2]}` });
    counts.warehouses! += 2;
    const stock = (warehouseId: number, codes: string[], markup: [number, number]) =>
      codes
        .filter((code) => productIds.has(code))
        .map((code) => ({ warehouseId, productId: productIds.get(code)!, priceCents: random.int(markup[0], markup[1]) * 100 }));
    await db.insert(supplierWarehouseProducts).values([
      ...stock(shop!.id, ["FLE-GERBE", "FLE-COUSSIN", "FLE-COEUR", "FLE-RAQUETTE", "FLE-DEVANT", "FLE-BOUQUET"], [45, 140]),
    ]);

    const [zone] = await db
      .insert(supplierZones)
      .values({ supplierId: mason!.id, name: `Département ${c.department}`, zoneType: "department", zoneId: c.department })
      .returning({ id: supplierZones.id });
    await db.insert(supplierZoneFuneralWorks).values(workTypes.map((w) => ({ supplierZoneId: zone!.id, funeralWorkTypeId: w.id, priceCents: random.euros(90, 650) })));
    await db.insert(supplierZones).values({ supplierId: florist!.id, name: `Département ${c.department}`, zoneType: "department", zoneId: c.department });
    // Both deliver across their département.
    await db.insert(supplierCoverages).values([florist!.id, mason!.id].map((supplierId) => ({ supplierId, zoneType: "department" as const, zoneId: c.department })));
  }

  const [forwarder] = await db
    .insert(suppliers)
    .values({ name: `Transitaire Funéraire International${DEMO_SUFFIX}`, city: "Roissy-en-France", postalCode: "95700", departmentCode: "95", dependencies: ["repatriation"], demo: true })
    .returning({ id: suppliers.id });
  counts.suppliers! += 1;
  await db.insert(supplierCoverages).values({ supplierId: forwarder!.id, zoneType: "country", zoneId: "fr" });
  for (const [iata, city, , department] of FORWARDER_AIRPORTS) {
    const airportId = airportIds.get(iata);
    if (!airportId) continue;
    const [warehouse] = await db
      .insert(supplierWarehouses)
      .values({ supplierId: forwarder!.id, name: `Entrepôt fret ${iata}${DEMO_SUFFIX}`, city, departmentCode: department, airportId, demo: true })
      .returning({ id: supplierWarehouses.id });
    counts.warehouses! += 1;
    const coffin = productIds.get("RAP-CERCUEIL");
    if (coffin) await db.insert(supplierWarehouseProducts).values({ warehouseId: warehouse!.id, productId: coffin, priceCents: random.euros(650, 900) });
  }

  const airlineIds = new Map(
    (await db.select({ id: airlines.id, iata: airlines.iata }).from(airlines).where(inArray(airlines.iata, [...new Set(DEMO_FLIGHTS.map((f) => f[2]))])).orderBy(airlines.id)).map(
      (a) => [a.iata, a.id],
    ),
  );
  for (const [from, to, airline, stopover, zone] of DEMO_FLIGHTS) {
    const departureAirportId = airportIds.get(from);
    const arrivalAirportId = airportIds.get(to);
    const airlineId = airlineIds.get(airline);
    if (!departureAirportId || !arrivalAirportId || !airlineId) continue;
    const [flight] = await db
      .insert(flights)
      .values({ airlineId, departureAirportId, arrivalAirportId, stopoverAirportId: stopover ? airportIds.get(stopover) : null, demo: true })
      .returning({ id: flights.id });
    const [min, max] = RATE_LEVELS[zone];
    const coffin = random.euros(min, max);
    await db.insert(flightRates).values([
      { flightId: flight!.id, kind: "coffin", minWeightKg: 0, maxWeightKg: 150, priceCents: coffin },
      { flightId: flight!.id, kind: "coffin", minWeightKg: 151, maxWeightKg: 250, priceCents: Math.round((coffin * 1.3) / 500) * 500 },
      { flightId: flight!.id, kind: "urn", minWeightKg: 0, maxWeightKg: 10, priceCents: random.euros(180, 420) },
    ]);
    counts.flights! += 1;
  }
  return counts;
}
