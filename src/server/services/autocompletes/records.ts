import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { rankedSearch } from "@/server/services/autocompletes/ranked-search";
import { queryRows } from "@/server/db/query";

/** Back-office pickers over reference tables and case records. */

type Params = { q?: string; limit: number; includeDisabled?: boolean };
const num = <T extends { id: unknown }>(rows: T[]) => rows.map((r) => ({ ...r, id: Number(r.id) }));

export async function searchAirlines(db: Db, p: Params) {
  return num(
    await rankedSearch<{ id: number; name: string; iata: string; icao: string | null; country: string | null; disabled: boolean }>(
      db,
      { select: sql`t.id, t.name, t.iata, t.icao, t.country, t.disabled`, from: sql`airlines t`, column: sql`t.search_name`, where: p.includeDisabled ? undefined : sql`NOT t.disabled`, order: sql`t.name, t.id` },
      p.q,
      p.limit,
    ),
  );
}

export async function searchAirports(db: Db, p: Params) {
  return num(
    await rankedSearch<{ id: number; name: string; city: string | null; iata: string; icao: string | null; country_code: string | null }>(
      db,
      { select: sql`t.id, t.name, t.city, t.iata, t.icao, t.country_code`, from: sql`airports t`, column: sql`t.search_name`, order: sql`t.iata` },
      p.q,
      p.limit,
    ),
  );
}

export async function searchAirportWarehouses(db: Db, airportId: number, p: Params) {
  return num(
    await rankedSearch<{ id: number; name: string; city: string | null; supplier_id: number; supplier_name: string; demo: boolean; disabled: boolean }>(
      db,
      {
        select: sql`t.id, t.name, t.city, t.supplier_id, s.name AS supplier_name, t.demo, (t.disabled OR s.disabled) AS disabled`,
        from: sql`supplier_warehouses t JOIN suppliers s ON s.id = t.supplier_id`,
        column: sql`t.search_name`,
        // A warehouse of a disabled supplier is out of the pickers too.
        where: p.includeDisabled ? sql`t.airport_id = ${airportId}` : sql`t.airport_id = ${airportId} AND NOT t.disabled AND NOT s.disabled`,
        order: sql`t.name, t.id`,
      },
      p.q,
      p.limit,
    ),
  );
}

export async function searchCompanies(db: Db, p: Params) {
  const rows = await rankedSearch<{ id: number; name: string; slug: string; category_code: string | null; category_name: string | null }>(
    db,
    {
      select: sql`t.id, t.name, t.slug, cc.code AS category_code, cc.name AS category_name`,
      from: sql`companies t LEFT JOIN company_categories cc ON cc.id = t.category_id`,
      column: sql`t.search_name`,
      order: sql`t.name, t.id`,
    },
    p.q,
    p.limit,
  );
  return rows.map(({ category_code, category_name, ...r }) => ({
    ...r,
    id: Number(r.id),
    category: category_code ? { code: category_code, name: category_name } : null,
  }));
}

export async function searchDepartments(db: Db, p: Params) {
  const rows = await rankedSearch<{ id: string; code: string; name: string; slug: string; region_code: string; region_name: string }>(
    db,
    {
      select: sql`t.code AS id, t.code, t.name, t.slug, r.code AS region_code, r.name AS region_name`,
      from: sql`departments t JOIN regions r ON r.code = t.region_code`,
      column: sql`t.search_name`,
      order: sql`t.code`,
    },
    p.q,
    p.limit,
  );
  return rows.map(({ region_code, region_name, ...r }) => ({ ...r, region: { code: region_code, name: region_name } }));
}

export async function searchDocumentTypes(db: Db, p: Params) {
  return num(
    await rankedSearch<{ id: number; code: string; name: string; expires: boolean }>(
      db,
      { select: sql`t.id, t.code, t.name, t.expires`, from: sql`document_types t`, column: sql`t.search_name`, order: sql`t.name` },
      p.q,
      p.limit,
    ),
  );
}

export async function searchProducts(db: Db, p: Params) {
  return num(
    await rankedSearch<{ id: number; code: string; name: string; category: string; range: string | null; price_cents: number; vat_rate_bp: number; quote_section: string | null }>(
      db,
      {
        select: sql`t.id, t.code, t.name, t.category, t.range, t.price_cents, t.vat_rate_bp, t.quote_section, t.demo`,
        from: sql`products t`,
        column: sql`t.search_name`,
        where: sql`t.active`,
        order: sql`t.category, t.name`,
      },
      p.q,
      p.limit,
    ),
  );
}

export async function searchRuleSets(db: Db, p: Params) {
  return num(
    await rankedSearch<{ id: number; code: string; name: string; deal_type: string | null }>(
      db,
      { select: sql`t.id, t.code, t.name, t.deal_type`, from: sql`rule_sets t`, column: sql`t.search_name`, order: sql`t.name` },
      p.q,
      p.limit,
    ),
  );
}

export async function searchSuppliers(db: Db, p: Params) {
  return num(
    await rankedSearch<{ id: number; name: string; city: string | null; department_code: string | null; dependencies: string[]; demo: boolean; disabled: boolean }>(
      db,
      {
        select: sql`t.id, t.name, t.city, t.department_code, t.dependencies, t.demo, t.disabled`,
        from: sql`suppliers t`,
        column: sql`t.search_name`,
        where: p.includeDisabled ? undefined : sql`NOT t.disabled`,
        order: sql`t.name, t.id`,
      },
      p.q,
      p.limit,
    ),
  );
}

/** The deceased (accent- and case-insensitive); `assignedTo`: only those of the deals assigned to this partner pro. */
export async function searchDefuncts(db: Db, p: Params & { assignedTo?: number | null }) {
  const rows = await rankedSearch<{ id: number; firstname: string | null; lastname: string | null; birth_date: string | null; death_date: string | null }>(
    db,
    {
      select: sql`t.id, t.firstname, t.lastname, t.birth_date::text AS birth_date, t.death_date::text AS death_date`,
      from: sql`defuncts t`,
      column: sql`t.search_name`,
      ...(p.assignedTo != null ? { where: sql`t.id IN (SELECT dl.defunct_id FROM deals dl WHERE dl.advisor_id = ${p.assignedTo})` } : {}),
      order: sql`t.death_date DESC NULLS LAST, t.id DESC`,
    },
    p.q,
    p.limit,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), name: [r.firstname, r.lastname].filter(Boolean).join(" ") }));
}

export async function searchEntityInvoices(db: Db, p: Params) {
  const rows = await rankedSearch<{
    id: number;
    entity_type: string;
    entity_id: number;
    entity_name: string;
    group_type: string;
    group_id: number;
    group_year: number;
    cost_tax_incl: number;
    number: string | null;
  }>(
    db,
    {
      select: sql`t.id, t.entity_type, t.entity_id, t.entity_name, t.group_type, t.group_id, t.group_year, t.cost_tax_incl, t.number`,
      from: sql`entity_invoices t`,
      column: sql`t.search_name`,
      order: sql`t.group_year DESC, t.id DESC`,
    },
    p.q,
    p.limit,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    // A validated invoice is known by its number; a draft by its group.
    name: `${r.entity_name} — ${r.number ? `n° ${r.number}` : `${r.group_type} ${r.group_id}/${r.group_year}`}`,
    number: r.number,
    entity: { type: r.entity_type, id: Number(r.entity_id) },
    group: { type: r.group_type, id: Number(r.group_id), year: Number(r.group_year) },
    cost_tax_incl: Number(r.cost_tax_incl),
  }));
}

/** Deals with at least one invoiced prestation, found by number or by the deceased's name. */
export async function searchDealsWithInvoices(db: Db, p: Params) {
  const typed = (p.q ?? "").trim();
  // A number is a deal number, not a name.
  const dealNumber = /^\d{1,9}$/.test(typed) ? Number(typed) : null;
  const rows = await rankedSearch<{ id: number; uuid: string; kind: string; state: string; firstname: string | null; lastname: string | null }>(
    db,
    {
      select: sql`t.id, t.uuid::text AS uuid, t.kind, t.state, d.firstname, d.lastname`,
      from: sql`deals t LEFT JOIN defuncts d ON d.id = t.defunct_id`,
      column: sql`coalesce(d.search_name, '')`,
      where: sql`EXISTS (SELECT 1 FROM entity_invoice_prestations ip WHERE ip.deal_id = t.id)${dealNumber === null ? sql`` : sql` AND t.id = ${dealNumber}`}`,
      order: sql`t.id DESC`,
    },
    dealNumber === null ? p.q : undefined,
    p.limit,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: `Dossier n° ${r.id}${r.lastname ? ` — ${[r.firstname, r.lastname].filter(Boolean).join(" ")}` : ""}`,
    uuid: r.uuid,
    kind: r.kind,
    state: r.state,
  }));
}

export async function searchDealDocuments(db: Db, dealId: number, p: Params) {
  return num(
    await rankedSearch<{ id: number; name: string; document_type: string | null; content_type: string; created_at: number }>(
      db,
      {
        select: sql`t.id, t.name, t.document_type, t.content_type, floor(extract(epoch FROM t.created_at))::int AS created_at`,
        from: sql`documents t`,
        column: sql`search_norm(t.name)`,
        where: sql`t.deal_id = ${dealId}`,
        order: sql`t.created_at DESC, t.id DESC`,
      },
      p.q,
      p.limit,
    ),
  );
}

export async function airportExists(db: Db, airportId: number): Promise<boolean> {
  const result = await queryRows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM airports WHERE id = ${airportId}) AS found`);
  return Boolean(result[0]?.found);
}

/** Flights by airport code or city, airline name or code. */
export async function searchFlights(db: Db, p: Params) {
  const rows = await rankedSearch<{
    id: number;
    airline_id: number;
    airline_name: string;
    airline_iata: string;
    departure_airport_id: number;
    departure_iata: string;
    arrival_airport_id: number;
    arrival_iata: string;
    arrival_country_code: string | null;
    stopover_airport_id: number | null;
    stopover_iata: string | null;
    demo: boolean;
    disabled: boolean;
  }>(
    db,
    {
      select: sql`t.id, t.airline_id, al.name AS airline_name, al.iata AS airline_iata,
        t.departure_airport_id, dep.iata AS departure_iata, t.arrival_airport_id, arr.iata AS arrival_iata,
        arr.country_code AS arrival_country_code, t.stopover_airport_id, st.iata AS stopover_iata, t.demo, t.disabled`,
      from: sql`flights t JOIN airlines al ON al.id = t.airline_id JOIN airports dep ON dep.id = t.departure_airport_id
        JOIN airports arr ON arr.id = t.arrival_airport_id LEFT JOIN airports st ON st.id = t.stopover_airport_id`,
      column: sql`(dep.search_name || ' ' || arr.search_name || ' ' || al.search_name)`,
      where: p.includeDisabled ? undefined : sql`NOT t.disabled`,
      order: sql`dep.iata, arr.iata, t.id`,
    },
    p.q,
    p.limit,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: `${r.departure_iata} → ${r.stopover_iata ? `${r.stopover_iata} → ` : ""}${r.arrival_iata} (${r.airline_name})`,
    airline: { id: Number(r.airline_id), name: r.airline_name, iata: r.airline_iata },
    departure_airport: { id: Number(r.departure_airport_id), iata: r.departure_iata },
    stopover_airport: r.stopover_airport_id ? { id: Number(r.stopover_airport_id), iata: r.stopover_iata } : null,
    arrival_airport: { id: Number(r.arrival_airport_id), iata: r.arrival_iata, country_code: r.arrival_country_code },
    demo: r.demo,
    disabled: Boolean(r.disabled),
  }));
}
