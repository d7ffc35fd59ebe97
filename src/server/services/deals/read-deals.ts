import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { QuoteAnswers } from "@/domain/quote/answers";
import type { DealKind } from "@/domain/schemas/deal";
import type { DealSort } from "@/domain/schemas/deal-list";
import type { FunnelContactChannel, FunnelStep } from "@/domain/schemas/funeral-quote";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSettings, dealSteps, deals, trackings } from "@/server/db/schema/deals";
import { cityhalls } from "@/server/db/schema/geo";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { FUNNEL_SETTING_KEY, MARBLE_FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { fromStoredQuote } from "@/server/services/quote-storage";
import { searchTerm } from "@/server/services/search-text";
import { epochSeconds } from "@/domain/time";
import { nextStatesFor } from "@/domain/deal-states";
import type { Role } from "@/domain/roles";
import { businessUsers } from "@/server/db/schema/users";
import { listDealEvents } from "@/server/services/deals/deal-events";
import { stepView } from "@/server/services/deals/manage-deal-steps";

/**
 * Deals as advisors and families read them (GET /api/v1/deals, GET /api/v1/deals/{id}).
 * Advisors see every deal; a client sees only the deals they hold an ability on (SPEC §3
 * "Deal ability"), and any other deal answers as if it did not exist.
 */

/** Who reads: an advisor (every deal), a client (their own), or a partner professional (the deals assigned to them, without the family's details). */
export type DealReader = { kind: "business"; role?: Role | null } | { kind: "client"; clientId: number } | { kind: "assigned"; businessUserId: number };

export interface DealListParams {
  page: number;
  per_page: number;
  state?: string | undefined;
  kind?: DealKind | undefined;
  q?: string | undefined;
  advisor_id?: number | "none" | undefined;
  created_from?: string | undefined;
  created_to?: string | undefined;
  sort?: DealSort | undefined;
  direction?: "asc" | "desc" | undefined;
}

/**
 * What an advisor types in the deals board's search: a deal number, or the start of any
 * word of the deceased's name, the owner's name or e-mail, or the start of the commune of
 * death. Read from the deal's own row (deals.search_names and search_commune, kept by the
 * triggers of migration 0017 and trigram/pattern-indexed), not by joining the people: the
 * same answers as the names' own search columns, within the board's 50 ms (bench/deals-list.ts).
 */
function searchCondition(raw: string | undefined): SQL | undefined {
  const trimmed = raw?.trim() ?? "";
  if (/^\d{1,9}$/.test(trimmed)) return eq(deals.id, Number(trimmed));
  const term = searchTerm(trimmed);
  if (!term.text) return undefined;
  // search_names starts with a space and joins the names with " | ": a word start anywhere is "% term%".
  return sql`(${deals.searchNames} LIKE ${term.word} OR ${deals.searchCommune} LIKE ${term.prefix})`;
}

/** Paris days: the board's dates are the advisors' calendar days. */
function parisDay(day: string, edge: "start" | "end"): SQL {
  return edge === "start" ? sql`(${day}::date)::timestamp AT TIME ZONE 'Europe/Paris'` : sql`((${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`;
}

/** The WHERE of the deal list for this reader and these parameters (also what bench/deals-list.ts explains). */
export function dealListWhere(reader: DealReader, params: DealListParams): SQL | undefined {
  // A partner professional finds their deals by number only: a name search would tell them who is in other files.
  const search = reader.kind === "assigned" && params.q?.trim() && !/^\d{1,9}$/.test(params.q.trim()) ? sql`false` : searchCondition(params.q);
  const conditions = [readableBy(reader), search];
  if (params.state) conditions.push(eq(deals.state, params.state));
  if (params.kind) conditions.push(eq(deals.kind, params.kind));
  // Who is in charge is the back-office's business: a client's filter would only narrow their own list.
  if (reader.kind === "business" && params.advisor_id !== undefined) conditions.push(params.advisor_id === "none" ? isNull(deals.advisorId) : eq(deals.advisorId, params.advisor_id));
  if (params.created_from) conditions.push(sql`${deals.createdAt} >= ${parisDay(params.created_from, "start")}`);
  if (params.created_to) conditions.push(sql`${deals.createdAt} < ${parisDay(params.created_to, "end")}`);
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

function seconds(date: Date | null): number | null {
  return date === null ? null : epochSeconds(date);
}

function readableBy(reader: DealReader): SQL | undefined {
  if (reader.kind === "business") return undefined;
  if (reader.kind === "assigned") return eq(deals.advisorId, reader.businessUserId);
  return sql`EXISTS (SELECT 1 FROM deal_abilities a WHERE a.deal_id = ${deals.id} AND a.client_id = ${reader.clientId})`;
}

/** The funeral funnel's setting as it writes it (answers validated by the quote engine's schema on the way in). */
interface FunnelSettingValue {
  contact_channel?: FunnelContactChannel | null;
  submitted_at?: string | null;
  current_step?: FunnelStep | null;
  locale?: string | null;
  answers?: QuoteAnswers;
  consent_at?: string | null;
}

async function ownersOf(db: Db, dealIds: number[]) {
  if (dealIds.length === 0) return new Map<number, typeof clients.$inferSelect>();
  const rows = await db
    .select({ dealId: dealAbilities.dealId, client: clients })
    .from(dealAbilities)
    .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
    .where(and(inArray(dealAbilities.dealId, dealIds), eq(dealAbilities.role, "owner")));
  return new Map(rows.map((row) => [row.dealId, row.client]));
}

async function funnelSettingsOf(db: Db, dealIds: number[]) {
  if (dealIds.length === 0) return new Map<number, FunnelSettingValue>();
  const rows = await db
    .select({ dealId: dealSettings.dealId, value: dealSettings.value })
    .from(dealSettings)
    // A deal has one funnel: the funeral quote's setting or the tombstone configurator's (same contact_channel and submitted_at).
    .where(and(inArray(dealSettings.dealId, dealIds), inArray(dealSettings.key, [FUNNEL_SETTING_KEY, MARBLE_FUNNEL_SETTING_KEY])));
  return new Map(rows.map((row) => [row.dealId, row.value as FunnelSettingValue]));
}

function clientSummary(row: typeof clients.$inferSelect | undefined) {
  if (!row) return null;
  return { id: row.id, civility: row.civility, firstname: row.firstname, lastname: row.lastname, email: row.email, phone: row.phone };
}

const deathCityhalls = aliasedTable(cityhalls, "death_commune");
const advisors = aliasedTable(businessUsers, "advisor");
/**
 * The first ceremony planned for the deal (the board's "ceremony date" column). The outer
 * table is spelled out: in a select list Drizzle names a column without its table, which
 * the subquery would read as its own.
 */
const CEREMONY_AT = sql<Date | null>`(SELECT min(s.scheduled_at) FROM deal_steps s WHERE s.deal_id = deals.id AND s.step_type = 'ceremony')`.mapWith(dealSteps.scheduledAt);
const OWNER_NAME = sql`(SELECT lower(c.lastname || ' ' || coalesce(c.firstname, '')) FROM deal_abilities a JOIN clients c ON c.id = a.client_id WHERE a.deal_id = deals.id AND a.role = 'owner' LIMIT 1)`;

/** What each sortable column of the board orders by. */
const SORT_KEYS: Record<DealSort, SQL[]> = {
  created_at: [sql`${deals.createdAt}`],
  number: [],
  kind: [sql`${deals.kind}`],
  state: [sql`${deals.state}`],
  defunct: [sql`lower(${defuncts.lastname})`, sql`lower(${defuncts.firstname})`],
  client: [OWNER_NAME],
  commune: [sql`lower(${deathCityhalls.name})`],
  advisor: [sql`lower(${advisors.lastname})`, sql`lower(${advisors.firstname})`],
  ceremony_at: [CEREMONY_AT],
};
const NOT_NULL_SORTS: readonly DealSort[] = ["created_at", "number", "kind", "state"];
/** Columns a partner professional does not see: ordering by them would tell what they hide. */
const FAMILY_SORTS: readonly DealSort[] = ["defunct", "client", "commune"];

/** ORDER BY of the list: the chosen column (blanks last either way), then the number, newest first by default. */
export function dealListOrder(reader: DealReader, params: Pick<DealListParams, "sort" | "direction">): SQL[] {
  const sort = params.sort && !(reader.kind === "assigned" && FAMILY_SORTS.includes(params.sort)) ? params.sort : "created_at";
  const direction = params.direction ?? (sort === "created_at" || sort === "number" || sort === "ceremony_at" ? "desc" : "asc");
  // Columns that are never null keep plain ASC/DESC: the (created_at, id) index then serves the default order.
  const way = NOT_NULL_SORTS.includes(sort) ? (direction === "asc" ? sql`ASC` : sql`DESC`) : direction === "asc" ? sql`ASC NULLS LAST` : sql`DESC NULLS LAST`;
  return [...SORT_KEYS[sort].map((key) => sql`${key} ${way}`), direction === "asc" ? asc(deals.id) : desc(deals.id)];
}

/** One page of deals with their defunct; the commune and the advisor are joined only to order by them. */
function dealPage(db: Db, where: SQL | undefined, reader: DealReader, params: DealListParams) {
  const query = db.select({ deal: deals, defunct: defuncts }).from(deals).leftJoin(defuncts, eq(defuncts.id, deals.defunctId)).$dynamic();
  if (params.sort === "commune") query.leftJoin(deathCityhalls, eq(deathCityhalls.id, defuncts.deathCityhallId));
  if (params.sort === "advisor") query.leftJoin(advisors, eq(advisors.id, deals.advisorId));
  return query
    .where(where)
    .orderBy(...dealListOrder(reader, params))
    .limit(params.per_page)
    .offset((params.page - 1) * params.per_page);
}

/**
 * The board's commune, advisor and ceremony date of a page's deals, read for those rows only
 * (in the page's own query they would be computed for every row skipped by the offset).
 */
async function boardColumnsOf(db: Db, dealIds: number[]) {
  if (dealIds.length === 0) return new Map<number, { commune: string | null; advisor: { id: number; firstname: string; lastname: string } | null; ceremonyAt: Date | null }>();
  const rows = await db
    .select({ id: deals.id, commune: deathCityhalls.name, advisorId: advisors.id, firstname: advisors.firstname, lastname: advisors.lastname, ceremonyAt: CEREMONY_AT })
    .from(deals)
    .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
    .leftJoin(deathCityhalls, eq(deathCityhalls.id, defuncts.deathCityhallId))
    .leftJoin(advisors, eq(advisors.id, deals.advisorId))
    .where(inArray(deals.id, dealIds));
  return new Map(
    rows.map((row) => [
      row.id,
      { commune: row.commune, advisor: row.advisorId !== null && row.firstname !== null && row.lastname !== null ? { id: row.advisorId, firstname: row.firstname, lastname: row.lastname } : null, ceremonyAt: row.ceremonyAt },
    ]),
  );
}

export async function listDeals(db: Db, reader: DealReader, params: DealListParams): Promise<{ data: DealSummary[]; meta: PagingMeta }> {
  const where = dealListWhere(reader, params);
  // The count and the page side by side: on PostgreSQL's pool they run at once (bench/deals-list.ts).
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(deals).where(where),
    dealPage(db, where, reader, params),
  ]);
  const ids = rows.map((row) => row.deal.id);
  const [owners, settings, columns] = await Promise.all([ownersOf(db, ids), funnelSettingsOf(db, ids), boardColumnsOf(db, ids)]);
  return {
    data: rows.map(({ deal, defunct }) => {
      const setting = settings.get(deal.id);
      const { commune, advisor, ceremonyAt } = columns.get(deal.id) ?? { commune: null, advisor: null, ceremonyAt: null };
      // A partner professional sees the case, not the family nor the price.
      const family = reader.kind !== "assigned";
      return {
        id: deal.id,
        uuid: deal.uuid,
        kind: deal.kind,
        state: deal.state,
        total_cents: family ? deal.totalCents : null,
        demo: deal.demo,
        client: family ? clientSummary(owners.get(deal.id)) : null,
        defunct: family && defunct ? { id: defunct.id, firstname: defunct.firstname, lastname: defunct.lastname, death_date: defunct.deathDate } : null,
        contact_channel: family ? (setting?.contact_channel ?? null) : null,
        death_city: family && commune ? { name: commune } : null,
        advisor,
        ceremony_at: seconds(ceremonyAt),
        submitted_at: setting?.submitted_at ? epochSeconds(setting.submitted_at) : null,
        created_at: seconds(deal.createdAt)!,
        updated_at: seconds(deal.updatedAt)!,
      };
    }),
    meta: pagingMeta(params.page, params.per_page, Number(total?.value ?? 0)),
  };
}

export interface DealSummary {
  id: number;
  uuid: string;
  kind: DealKind;
  state: string;
  total_cents: number | null;
  demo: boolean;
  client: ReturnType<typeof clientSummary>;
  defunct: { id: number; firstname: string | null; lastname: string | null; death_date: string | null } | null;
  contact_channel: string | null;
  death_city: { name: string } | null;
  advisor: { id: number; firstname: string; lastname: string } | null;
  ceremony_at: number | null;
  submitted_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * The members a reader of the deal sees: everyone, except for the notary, who sees the
 * documents and formalities of a family's file but not who is in the family (family-roles.ts).
 */
function visibleAbilities<T extends { ability: { clientId: number; role: string } }>(abilities: T[], reader: DealReader): T[] {
  if (reader.kind !== "client") return abilities;
  const own = abilities.find((a) => a.ability.clientId === reader.clientId);
  return own?.ability.role === "notary" ? [own] : abilities;
}

/** One deal with its client, defunct, steps, quote and attribution; null when it does not exist for this reader. */
export async function getDeal(db: Db, reader: DealReader, id: number) {
  const condition = readableBy(reader);
  const [row] = await db
    .select({ deal: deals, defunct: defuncts })
    .from(deals)
    .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
    .where(condition ? and(eq(deals.id, id), condition) : eq(deals.id, id))
    .limit(1);
  if (!row) return null;
  const { deal, defunct } = row;
  const internalReader = reader.kind === "business";
  const [abilities, steps, tracking, settings, deathCommune, events, advisor] = await Promise.all([
    db
      .select({ ability: dealAbilities, client: clients })
      .from(dealAbilities)
      .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
      .where(eq(dealAbilities.dealId, deal.id))
      .orderBy(asc(dealAbilities.id)),
    db.select().from(dealSteps).where(eq(dealSteps.dealId, deal.id)).orderBy(asc(dealSteps.position), asc(dealSteps.id)),
    db.select().from(trackings).where(eq(trackings.dealId, deal.id)).limit(1),
    funnelSettingsOf(db, [deal.id]),
    defunct?.deathCityhallId
      ? db.select({ name: cityhalls.name, inseeCode: cityhalls.inseeCode }).from(cityhalls).where(eq(cityhalls.id, defunct.deathCityhallId)).limit(1)
      : Promise.resolve([]),
    internalReader ? listDealEvents(db, deal.id) : Promise.resolve([]),
    internalReader && deal.advisorId
      ? db.select({ id: businessUsers.id, firstname: businessUsers.firstname, lastname: businessUsers.lastname, role: businessUsers.role }).from(businessUsers).where(eq(businessUsers.id, deal.advisorId)).limit(1)
      : Promise.resolve([]),
  ]);
  const owner = abilities.find((a) => a.ability.role === "owner")?.client;
  const setting = settings.get(deal.id);
  const attribution = tracking[0];
  // A client reads their own deal: the advisors' internal commentary stays with the advisors.
  const internal = reader.kind === "business";
  return {
    id: deal.id,
    uuid: deal.uuid,
    kind: deal.kind,
    state: deal.state,
    demo: deal.demo,
    total_cents: deal.totalCents,
    client_commentary: deal.clientCommentary,
    ...(internal
      ? {
          commentary: deal.commentary,
          advisor: advisor[0] ?? null,
          empowered_client_id: deal.empoweredClientId,
          brand: deal.brand,
          welcome_sent_at: seconds(deal.welcomeSentAt),
          next_states: nextStatesFor(deal.kind, deal.state, reader.role ?? null),
          events,
        }
      : {}),
    client: clientSummary(owner),
    abilities: visibleAbilities(abilities, reader).map(({ ability, client }) => ({
      id: ability.id,
      client_id: ability.clientId,
      role: ability.role,
      link: ability.link,
      client: { firstname: client.firstname, lastname: client.lastname, email: internal || client.id === (reader.kind === "client" ? reader.clientId : -1) ? client.email : null },
    })),
    defunct: defunct
      ? {
          id: defunct.id,
          civility: defunct.civility,
          firstname: defunct.firstname,
          lastname: defunct.lastname,
          death_date: defunct.deathDate,
          death_city: deathCommune[0] ? { name: deathCommune[0].name, insee_code: deathCommune[0].inseeCode } : null,
        }
      : null,
    deal_steps: steps.map(stepView),
    funnel: setting
      ? {
          answers: setting.answers ?? {},
          current_step: setting.current_step ?? null,
          locale: setting.locale ?? null,
          contact_channel: setting.contact_channel ?? null,
          consent_at: setting.consent_at ? epochSeconds(setting.consent_at) : null,
          submitted_at: setting.submitted_at ? epochSeconds(setting.submitted_at) : null,
        }
      : null,
    // Only a funeral deal holds the legal funeral quote; a monument's priced lines are the marble funnel's (GET /api/v1/marble_funnel/deals/{uuid}).
    quote: deal.kind === "funeral" ? fromStoredQuote(deal.quote) : null,
    tracking:
      internal && attribution
        ? {
            tracking_type: attribution.trackingType,
            tracking_id: attribution.trackingId,
            utm_source: attribution.utmSource,
            utm_medium: attribution.utmMedium,
            utm_campaign: attribution.utmCampaign,
            utm_term: attribution.utmTerm,
            consent: attribution.consent,
            expiration_date: seconds(attribution.expiresAt),
          }
        : null,
    created_at: seconds(deal.createdAt)!,
    updated_at: seconds(deal.updatedAt)!,
  };
}
