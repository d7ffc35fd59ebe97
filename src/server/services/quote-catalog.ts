import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { CoffinRange, ConcessionKind as QuoteConcessionKind, Disposition, FlowerChoice } from "@/domain/quote/answers";
import type {
  CatalogItem,
  CoffinProduct,
  CrematoriumPartner,
  FlowerProduct,
  FuneralParlorPartner,
  GraveyardConcession,
  GraveyardPartner,
  QuoteCatalog,
  QuotePartners,
  RepatriationRate,
  UrnProduct,
} from "@/domain/quote/catalog";
import { DEMO_CATALOG } from "@/domain/quote/demo-catalog";
import { VAT_RATES, type VatRate } from "@/domain/quote/money";
import type { Db } from "@/server/db/client";
import { findCommuneRecord } from "@/server/services/communes/commune-record";
import { products } from "@/server/db/schema/catalog";
import { countries } from "@/server/db/schema/geo";
import {
  concessionTypes,
  crematoriumAgeRanges,
  crematoriumCeremonies,
  crematoriums,
  funeralParlorStays,
  funeralParlors,
  graveyardConcessionTerms,
  graveyardConcessions,
  graveyards,
} from "@/server/db/schema/partners";
import { queryRows } from "@/server/db/query";

/**
 * Loads the price data of the quote engine from the database: the operator's products
 * become a QuoteCatalog, the partners serving a commune (funeral parlours, crematoriums,
 * graveyards), the transport rates and the repatriation rates become QuotePartners.
 *
 * Products are found by stable code (the `products.code` column). A slot of the
 * catalogue no product fills yet is taken from the demo catalogue, and the catalogue
 * is then flagged as demo, so a missing price can never pass for a real one.
 */

/** Catalogue slots and the product codes that fill them, first match wins. */
const SERVICE_CODES = {
  organisation: ["PREP-DEMARCHES"],
  coffining: ["MEB-MISE"],
  bearers: ["TRA-PORTEURS"],
  burialStaff: ["INH-PERSONNEL"],
  cremationStaff: ["CRE-CONDUITE"],
  embalming: ["PREP-SOINS"],
  ceremonyMaster: ["CER-MAITRE"],
  onlineNotice: ["SRV-AVIS-EN-LIGNE"],
  memorialPage: ["SRV-PAGE-SOUVENIR"],
  scattering: ["CRE-DISPERSION"],
  urnPlacement: ["CRE-DEPOT-URNE"],
} as const satisfies Record<keyof QuoteCatalog["services"], readonly string[]>;

const ACCESSORY_CODES = {
  watertightLining: ["ACC-GARNITURE"],
  handles: ["ACC-POIGNEES"],
  identityPlate: ["ACC-PLAQUE"],
  padding: ["ACC-CAPITON"],
  emblem: ["ACC-EMBLEME"],
} as const satisfies Record<keyof QuoteCatalog["accessories"], readonly string[]>;

/** The engine prices handles one by one and prints "× 4": a pack of four is divided. */
const HANDLES_PER_PACK: Readonly<Record<string, number>> = { "ACC-POIGNEES": 4 };

const PRESS_NOTICE_CODES = ["CER-AVIS"];
const TRANSPORT_FLAT_CODE = "TRA-CORBILLARD";
const TRANSPORT_KM_CODE = "TRA-KM";
const PARLOR_ROOM_CODE = "CER-SALLE";
const GRAVE_OPENING_CODE = "INH-CREUSEMENT";
const POLICE_FEE_CODE = "FAV-VACATION";
const HERMETIC_CASE_CODE = "RAP-CERCUEIL";
const REPATRIATION_FORMALITIES_CODE = "RAP-FORMALITES";

const RANGES: Readonly<Record<string, CoffinRange>> = {
  essentiel: "essential",
  essential: "essential",
  tradition: "tradition",
  prestige: "prestige",
};

const CONCESSION_KINDS: Readonly<Record<string, QuoteConcessionKind>> = {
  ground: "ground",
  vault: "vault",
  columbarium: "columbarium",
  urn_grave: "urn-plot",
};

interface ProductRow {
  code: string;
  name: string;
  category: string;
  range: string | null;
  priceCents: number;
  vatRateBp: number;
  subcontracted: boolean;
  attributes: Record<string, unknown>;
  demo: boolean;
}

function vatRate(basisPoints: number): VatRate {
  const rate = Math.round(basisPoints / 100);
  return (VAT_RATES as readonly number[]).includes(rate) ? (rate as VatRate) : 20;
}

function toItem(row: ProductRow, overrides: Partial<CatalogItem> = {}): CatalogItem {
  const item: CatalogItem = { code: row.code, label: row.name, priceHtCents: row.priceCents, vatRate: vatRate(row.vatRateBp) };
  if (row.subcontracted) item.subcontracted = true;
  return { ...item, ...overrides };
}

/** Coffins state what they are made for in `attributes.dispositions`; otherwise the name tells ("finition crémation"). */
function coffinDispositions(row: ProductRow): Disposition[] {
  const declared = row.attributes.dispositions;
  if (Array.isArray(declared)) {
    const valid = declared.filter((d): d is Disposition => d === "burial" || d === "cremation");
    if (valid.length > 0) return valid;
  }
  if (/crémation|cremation/i.test(row.name)) return ["cremation"];
  if (/inhumation/i.test(row.name)) return ["burial"];
  return ["burial", "cremation"];
}

function flowerVariant(row: ProductRow): Exclude<FlowerChoice, "none"> | null {
  const declared = row.attributes.variant;
  if (declared === "bouquet" || declared === "spray" || declared === "wreath" || declared === "coffin-top") return declared;
  // The flowers catalogue states it for each arrangement: null keeps one out of the funeral quote.
  if (declared === null) return null;
  if (/dessus de cercueil/i.test(row.name)) return "coffin-top";
  if (/couronne|coussin/i.test(row.name)) return "wreath";
  if (/gerbe/i.test(row.name)) return "spray";
  if (/bouquet/i.test(row.name)) return "bouquet";
  return null;
}

export interface LoadedCatalog {
  catalog: QuoteCatalog;
  /** Operator-side rates the partner loader needs (transport, room, opening, police, repatriation). */
  rates: {
    transport: QuotePartners["transport"];
    parlorRoomHtCents: number | null;
    graveOpening: { amountCents: number; subcontracted: boolean } | null;
    policeSupervisionFeeCents: number | null;
    hermeticCaseHtCents: number | null;
    repatriationFormalitiesHtCents: number | null;
    demo: boolean;
  };
}

export async function loadQuoteCatalog(db: Db): Promise<LoadedCatalog> {
  const rows: ProductRow[] = await db
    .select({
      code: products.code,
      name: products.name,
      category: products.category,
      range: products.range,
      priceCents: products.priceCents,
      vatRateBp: products.vatRateBp,
      subcontracted: products.subcontracted,
      attributes: products.attributes,
      demo: products.demo,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.priceCents), asc(products.code));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  let demo = rows.some((row) => row.demo);
  const find = (codes: readonly string[]) => {
    for (const code of codes) {
      const row = byCode.get(code);
      if (row) return row;
    }
    return undefined;
  };

  const services = {} as Record<keyof QuoteCatalog["services"], CatalogItem>;
  for (const slot of Object.keys(SERVICE_CODES) as (keyof typeof SERVICE_CODES)[]) {
    const row = find(SERVICE_CODES[slot]);
    if (row) services[slot] = toItem(row);
    else {
      services[slot] = DEMO_CATALOG.services[slot];
      demo = true;
    }
  }
  const accessories = {} as Record<keyof QuoteCatalog["accessories"], CatalogItem>;
  for (const slot of Object.keys(ACCESSORY_CODES) as (keyof typeof ACCESSORY_CODES)[]) {
    const row = find(ACCESSORY_CODES[slot]);
    if (!row) {
      accessories[slot] = DEMO_CATALOG.accessories[slot];
      demo = true;
      continue;
    }
    const pack = HANDLES_PER_PACK[row.code];
    accessories[slot] =
      slot === "handles" && pack !== undefined
        ? toItem(row, { label: "Poignée de cercueil", priceHtCents: Math.round(row.priceCents / pack) })
        : toItem(row);
  }

  const coffins: CoffinProduct[] = [];
  const urns: UrnProduct[] = [];
  const flowers: FlowerProduct[] = [];
  for (const row of rows) {
    const range = row.range ? RANGES[row.range] : undefined;
    if (row.category === "coffin" && range) coffins.push({ ...toItem(row), range, dispositions: coffinDispositions(row) });
    else if (row.category === "urn" && range) urns.push({ ...toItem(row), range });
    else if (row.category === "flowers") {
      const variant = flowerVariant(row);
      // One product per variant: the cheapest, rows being sorted by price.
      if (variant && !flowers.some((f) => f.variant === variant)) flowers.push({ ...toItem(row), variant });
    }
  }
  if (coffins.length === 0) {
    coffins.push(...DEMO_CATALOG.coffins);
    demo = true;
  }
  if (urns.length === 0) {
    urns.push(...DEMO_CATALOG.urns);
    demo = true;
  }

  const press = find(PRESS_NOTICE_CODES);
  // The newspaper bills the family directly: the amount passed on is its price with its own VAT.
  const pressNotice = press
    ? { code: press.code, label: press.name, amountCents: press.priceCents + Math.floor((press.priceCents * vatRate(press.vatRateBp) + 50) / 100) }
    : DEMO_CATALOG.thirdParty.pressNotice;
  if (!press) demo = true;

  const flat = byCode.get(TRANSPORT_FLAT_CODE);
  const perKm = byCode.get(TRANSPORT_KM_CODE);
  const transport = {
    flatFeeHtCents: flat?.priceCents ?? 18_000,
    perKmHtCents: perKm?.priceCents ?? 190,
  };
  if (!flat || !perKm) demo = true;
  const opening = byCode.get(GRAVE_OPENING_CODE);

  return {
    catalog: {
      id: demo ? "products-demo" : "products",
      isDemo: demo,
      coffins,
      urns,
      flowers,
      accessories,
      services,
      thirdParty: { pressNotice },
    },
    rates: {
      transport,
      parlorRoomHtCents: byCode.get(PARLOR_ROOM_CODE)?.priceCents ?? null,
      graveOpening: opening ? { amountCents: opening.priceCents, subcontracted: opening.subcontracted } : null,
      policeSupervisionFeeCents: byCode.get(POLICE_FEE_CODE)?.priceCents ?? null,
      hermeticCaseHtCents: byCode.get(HERMETIC_CASE_CODE)?.priceCents ?? null,
      repatriationFormalitiesHtCents: byCode.get(REPATRIATION_FORMALITIES_CODE)?.priceCents ?? null,
      demo,
    },
  };
}

export interface QuoteCommune {
  id: number;
  inseeCode: string;
  name: string;
  postalCode: string | null;
  departmentCode: string;
}

export async function findCommune(db: Db, inseeCode: string): Promise<QuoteCommune | null> {
  // A withdrawn commune still prices a quote that names it (its deal was started before).
  const commune = await findCommuneRecord(db, sql`c.insee_code = ${inseeCode.toUpperCase()}`);
  if (!commune) return null;
  return { id: commune.id, inseeCode: commune.inseeCode, name: commune.name, postalCode: commune.postalCodes[0] ?? null, departmentCode: commune.departmentCode };
}

export interface PartnerQuery {
  /** Commune of death (or of the funeral when planning ahead). */
  commune: QuoteCommune | null;
  /** Countries whose repatriation rates are needed (destination, country of death), upper or lower case. */
  countries: readonly string[];
}

/**
 * Partners serving a commune: those of the commune itself, else those of its département.
 * A graveyard serves the communes listed in `cityhall_ids` (intercommunal graveyards).
 */
export async function loadQuotePartners(db: Db, loaded: LoadedCatalog, query: PartnerQuery): Promise<QuotePartners> {
  const commune = query.commune;
  let demo = loaded.rates.demo;
  const partners: QuotePartners = {
    isDemo: false,
    funeralParlors: [],
    crematoriums: [],
    graveyards: [],
    transport: loaded.rates.transport,
    repatriation: [],
    worshipFees: [],
  };
  if (commune) {
    partners.commune = { inseeCode: commune.inseeCode, name: commune.name };
    if (loaded.rates.policeSupervisionFeeCents !== null) partners.commune.policeSupervisionFeeCents = loaded.rates.policeSupervisionFeeCents;
    const [parlors, crematoria, yards] = await Promise.all([
      loadParlors(db, commune, loaded),
      loadCrematoriums(db, commune),
      loadGraveyards(db, commune, loaded),
    ]);
    partners.funeralParlors = parlors.items;
    partners.crematoriums = crematoria.items;
    partners.graveyards = yards.items;
    demo ||= parlors.demo || crematoria.demo || yards.demo;
  }
  if (query.countries.length > 0) {
    const rates = await loadRepatriationRates(db, loaded, query.countries);
    partners.repatriation = rates.items;
    demo ||= rates.demo;
  }
  partners.isDemo = demo;
  return partners;
}

/** Rows of the commune when it has any, else of its département. */
function nearest<T extends { inCommune: boolean }>(rows: T[]): T[] {
  const local = rows.filter((row) => row.inCommune);
  return local.length > 0 ? local : rows;
}

async function loadParlors(db: Db, commune: QuoteCommune, loaded: LoadedCatalog) {
  const rows = await db
    .select({ id: funeralParlors.id, name: funeralParlors.name, cityhallId: funeralParlors.cityhallId, demo: funeralParlors.demo })
    .from(funeralParlors)
    .where(and(eq(funeralParlors.disabled, false), or(eq(funeralParlors.cityhallId, commune.id), eq(funeralParlors.departmentCode, commune.departmentCode))))
    .orderBy(asc(funeralParlors.id));
  const chosen = nearest(rows.map((row) => ({ ...row, inCommune: row.cityhallId === commune.id })));
  if (chosen.length === 0) return { items: [] as FuneralParlorPartner[], demo: false };
  const stays = await db
    .select()
    .from(funeralParlorStays)
    .where(inArray(funeralParlorStays.funeralParlorId, chosen.map((row) => row.id)))
    .orderBy(asc(funeralParlorStays.id));
  const items: FuneralParlorPartner[] = [];
  for (const row of chosen) {
    // The first stay listed is the parlour's standard one (a private room).
    const stay = stays.find((s) => s.funeralParlorId === row.id);
    if (!stay) continue;
    items.push({
      id: String(row.id),
      name: row.name,
      communeInsee: row.inCommune ? commune.inseeCode : undefined,
      admissionHtCents: stay.admissionPriceCents,
      pricePerDayHtCents: stay.pricePerDayCents,
      ceremonyRoomHtCents: loaded.rates.parlorRoomHtCents,
    });
  }
  return { items, demo: chosen.some((row) => row.demo) };
}

async function loadCrematoriums(db: Db, commune: QuoteCommune) {
  const rows = await db
    .select({
      id: crematoriums.id,
      name: crematoriums.name,
      cityhallId: crematoriums.cityhallId,
      reduced: crematoriums.reducedPriceCityhallIds,
      demo: crematoriums.demo,
    })
    .from(crematoriums)
    .where(and(eq(crematoriums.disabled, false), or(eq(crematoriums.cityhallId, commune.id), eq(crematoriums.departmentCode, commune.departmentCode))))
    .orderBy(asc(crematoriums.id));
  const chosen = nearest(rows.map((row) => ({ ...row, inCommune: row.cityhallId === commune.id })));
  if (chosen.length === 0) return { items: [] as CrematoriumPartner[], demo: false };
  const ids = chosen.map((row) => row.id);
  const [ranges, ceremonies] = await Promise.all([
    db.select().from(crematoriumAgeRanges).where(inArray(crematoriumAgeRanges.crematoriumId, ids)).orderBy(asc(crematoriumAgeRanges.minAge)),
    db.select().from(crematoriumCeremonies).where(inArray(crematoriumCeremonies.crematoriumId, ids)).orderBy(asc(crematoriumCeremonies.durationMinutes)),
  ]);
  const items = chosen.map((row): CrematoriumPartner => {
    // Residents of the communes the crematorium lists pay its reduced price.
    const resident = row.reduced.includes(commune.id);
    return {
      id: String(row.id),
      name: row.name,
      communeInsee: row.inCommune ? commune.inseeCode : undefined,
      ageRanges: ranges
        .filter((r) => r.crematoriumId === row.id)
        .map((r) => ({ minAgeYears: r.minAge, maxAgeYears: r.maxAge, priceCents: resident && r.reducedPriceCents !== null ? r.reducedPriceCents : r.priceCents })),
      rooms: ceremonies
        .filter((c) => c.crematoriumId === row.id)
        .map((c) => ({ id: String(c.id), label: c.name, durationMinutes: c.durationMinutes, priceCents: c.priceCents })),
      memorialGardenFeeCents: null,
    };
  });
  return { items, demo: chosen.some((row) => row.demo) };
}

async function loadGraveyards(db: Db, commune: QuoteCommune, loaded: LoadedCatalog) {
  const rows = await db
    .select({ id: graveyards.id, name: graveyards.name, cityhallId: graveyards.cityhallId, served: graveyards.cityhallIds, demo: graveyards.demo })
    .from(graveyards)
    .where(
      and(
        eq(graveyards.disabled, false),
        or(eq(graveyards.cityhallId, commune.id), sql`${commune.id} = ANY(${graveyards.cityhallIds})`, eq(graveyards.departmentCode, commune.departmentCode)),
      ),
    )
    .orderBy(asc(graveyards.id));
  const chosen = nearest(rows.map((row) => ({ ...row, inCommune: row.cityhallId === commune.id || row.served.includes(commune.id) })));
  if (chosen.length === 0) return { items: [] as GraveyardPartner[], demo: false };
  const concessionRows = await db
    .select({
      graveyardId: graveyardConcessions.graveyardId,
      priceCents: graveyardConcessions.priceCents,
      kind: concessionTypes.kind,
      typeName: concessionTypes.name,
      years: graveyardConcessionTerms.durationYears,
      termLabel: graveyardConcessionTerms.label,
    })
    .from(graveyardConcessions)
    .innerJoin(concessionTypes, eq(concessionTypes.id, graveyardConcessions.concessionTypeId))
    .innerJoin(graveyardConcessionTerms, eq(graveyardConcessionTerms.id, graveyardConcessions.concessionTermId))
    .where(inArray(graveyardConcessions.graveyardId, chosen.map((row) => row.id)))
    .orderBy(asc(graveyardConcessions.priceCents));
  const opening = loaded.rates.graveOpening ?? { amountCents: 45_000, subcontracted: true };
  const items = chosen.map((row): GraveyardPartner => {
    const concessions: GraveyardConcession[] = [];
    for (const c of concessionRows) {
      if (c.graveyardId !== row.id) continue;
      const kind = CONCESSION_KINDS[c.kind];
      // Perpetual concessions (no term) are priced case by case by the commune.
      if (!kind || c.years === null) continue;
      // One price per kind and term: the first listed is the cheapest (smallest plot).
      if (concessions.some((x) => x.kind === kind && x.termYears === c.years)) continue;
      concessions.push({ kind, label: `${c.typeName}, ${c.termLabel}`, termYears: c.years, priceCents: c.priceCents });
    }
    concessions.sort((a, b) => a.kind.localeCompare(b.kind) || a.termYears - b.termYears);
    return {
      id: String(row.id),
      name: row.name,
      communeInsee: row.inCommune ? commune.inseeCode : undefined,
      concessions,
      opening: { amountCents: opening.amountCents, performedBy: "operator", subcontracted: opening.subcontracted },
      memorialGardenFeeCents: null,
    };
  });
  return { items, demo: chosen.some((row) => row.demo) || loaded.rates.graveOpening === null };
}

/**
 * Repatriation rates per country: the cheapest coffin and urn freight of the flights to
 * the country's airports, with the operator's hermetic case and formalities. Flights are
 * recorded from France; the same freight is used for a return to France.
 */
async function loadRepatriationRates(db: Db, loaded: LoadedCatalog, codes: readonly string[]) {
  const wanted = [...new Set(codes.map((code) => code.toLowerCase()))];
  const freight = await queryRows<{ country_code: string; kind: string; price: number; demo: boolean }>(
    db,
    sql`SELECT a.country_code, r.kind::text AS kind, min(r.price_cents)::int AS price, bool_or(f.demo) AS demo
        FROM flight_rates r
        JOIN flights f ON f.id = r.flight_id AND NOT f.disabled
        JOIN airports a ON a.id = f.arrival_airport_id
        WHERE a.country_code IN (${sql.join(wanted.map((code) => sql`${code}`), sql`, `)})
          AND r.min_weight_kg = 0
        GROUP BY a.country_code, r.kind`,
  );
  if (freight.length === 0) return { items: [] as RepatriationRate[], demo: false };
  const names = new Map(
    (await db.select({ code: countries.code, names: countries.names }).from(countries).where(inArray(countries.code, wanted))).map((row) => [row.code, row.names.fr]),
  );
  const items: RepatriationRate[] = [];
  let demo = false;
  for (const code of wanted) {
    const coffin = freight.find((row) => row.country_code === code && row.kind === "coffin");
    if (!coffin) continue;
    const urn = freight.find((row) => row.country_code === code && row.kind === "urn");
    demo ||= coffin.demo || urn?.demo === true;
    items.push({
      countryCode: code.toUpperCase(),
      countryName: names.get(code) ?? code.toUpperCase(),
      airFreightHtCents: Number(coffin.price),
      hermeticCaseHtCents: loaded.rates.hermeticCaseHtCents ?? 89_000,
      formalitiesHtCents: loaded.rates.repatriationFormalitiesHtCents ?? 35_000,
      consularFeeCents: 0,
      urnShippingHtCents: Number(urn?.price ?? coffin.price),
    });
  }
  if (loaded.rates.hermeticCaseHtCents === null || loaded.rates.repatriationFormalitiesHtCents === null) demo = true;
  return { items, demo };
}
