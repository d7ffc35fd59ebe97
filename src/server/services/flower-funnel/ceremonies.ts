import { sql, type SQL } from "drizzle-orm";
import type { DeliveryPlace } from "@/domain/flowers/catalogue";
import { deliveryProblems, latestDeliveryBefore, parisWallClock, type ParisWallClock } from "@/domain/flowers/delivery-rules";
import { personName } from "@/domain/person-name";
import type { FlowerCeremony } from "@/domain/schemas/flower-funnel";
import type { LocationType } from "@/domain/schemas/deal";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { ApiError, notFoundError } from "@/server/http/errors";
import { dealAccess, type DealCaller } from "@/server/services/deals/deal-access";

/**
 * The ceremonies a family can have flowers delivered to: the ceremony, cremation and
 * burial steps of the funeral deals the caller holds (any family role: a cousin invited
 * as reader sends flowers too), or of the one deal its resume token opens. The place,
 * date and time always come from the deal's steps, never from the browser.
 */

export const CEREMONY_STEP_TYPES = ["ceremony", "cremation", "interment"] as const;
type CeremonyStepType = (typeof CEREMONY_STEP_TYPES)[number];

const PLACE_OF: Partial<Record<LocationType, DeliveryPlace>> = {
  FuneralParlor: "funeral_parlor",
  Worship: "worship",
  Crematorium: "crematorium",
  Graveyard: "graveyard",
};

interface CeremonyRow {
  deal_id: number;
  deal_uuid: string;
  step_id: number;
  step_type: CeremonyStepType;
  scheduled_at: Date | string | null;
  location_type: LocationType | null;
  location_id: number | null;
  step_address: string | null;
  place_name: string | null;
  place_address: string | null;
  place_postal_code: string | null;
  place_city: string | null;
  defunct_firstname: string | null;
  defunct_lastname: string | null;
}

/** Where and when a ceremony takes place, as the order stores it. */
export interface ResolvedCeremony {
  dealId: number;
  dealUuid: string;
  stepId: number;
  stepType: CeremonyStepType;
  /** null: no place the florist can find (no partner and no address on the step). */
  place: DeliveryPlace | null;
  /** The partner place of the step, copied onto the delivery step. */
  locationType: LocationType | null;
  locationId: number | null;
  placeName: string | null;
  addressLine: string | null;
  postalCode: string | null;
  city: string | null;
  at: Date | null;
  clock: ParisWallClock | null;
  defunctName: string | null;
}

async function ceremonyRows(db: Db, where: SQL): Promise<CeremonyRow[]> {
  return queryRows<CeremonyRow>(
    db,
    sql`SELECT d.id AS deal_id, d.uuid AS deal_uuid, s.id AS step_id, s.step_type, s.scheduled_at, s.location_type, s.location_id, s.address AS step_address,
               coalesce(fp.name, w.name, c.name, g.name) AS place_name,
               coalesce(fp.address, w.address, c.address, g.address) AS place_address,
               coalesce(fp.postal_code, w.postal_code, c.postal_code, g.postal_code) AS place_postal_code,
               coalesce(fp.city, w.city, c.city, g.city) AS place_city,
               df.firstname AS defunct_firstname, df.lastname AS defunct_lastname
        FROM deals d
        JOIN deal_steps s ON s.deal_id = d.id AND s.step_type IN ('ceremony', 'cremation', 'interment')
        LEFT JOIN funeral_parlors fp ON s.location_type = 'FuneralParlor' AND fp.id = s.location_id
        LEFT JOIN worships w ON s.location_type = 'Worship' AND w.id = s.location_id
        LEFT JOIN crematoriums c ON s.location_type = 'Crematorium' AND c.id = s.location_id
        LEFT JOIN graveyards g ON s.location_type = 'Graveyard' AND g.id = s.location_id
        LEFT JOIN defuncts df ON df.id = d.defunct_id
        WHERE d.kind = 'funeral' AND ${where}
        ORDER BY s.scheduled_at NULLS LAST, d.id, array_position(ARRAY['ceremony', 'cremation', 'interment'], s.step_type::text), s.position, s.id`,
  );
}

function resolve(row: CeremonyRow): ResolvedCeremony {
  const at = row.scheduled_at === null ? null : new Date(row.scheduled_at);
  const partnerPlace = row.location_type ? (PLACE_OF[row.location_type] ?? null) : null;
  // A partner's own address first; the step's free address (a hall, a family's garden) otherwise.
  const addressLine = row.place_address ?? row.step_address;
  const place = addressLine === null ? null : (partnerPlace ?? "home");
  return {
    dealId: row.deal_id,
    dealUuid: row.deal_uuid,
    stepId: row.step_id,
    stepType: row.step_type,
    place,
    locationType: partnerPlace ? row.location_type : null,
    locationId: partnerPlace ? row.location_id : null,
    placeName: row.place_name,
    addressLine,
    postalCode: row.place_address ? row.place_postal_code : null,
    city: row.place_address ? row.place_city : null,
    at,
    clock: at ? parisWallClock(at) : null,
    defunctName: personName({ firstname: row.defunct_firstname, lastname: row.defunct_lastname }) || null,
  };
}

/** A funeral deal's ceremony, cremation and burial steps, in time order (the memorial page shows them; no access check here). */
export async function dealCeremonies(db: Db, dealId: number): Promise<ResolvedCeremony[]> {
  return (await ceremonyRows(db, sql`d.id = ${dealId}`)).map(resolve);
}

/** Why flowers cannot be ordered for this ceremony now (empty: they can, delivered an hour before). */
export function ceremonyProblems(ceremony: ResolvedCeremony, now: Date): string[] {
  if (!ceremony.clock) return ["delivery__funeral_deal__no_date"];
  if (!ceremony.place) return ["delivery__funeral_deal__no_place"];
  const time = latestDeliveryBefore(ceremony.clock.time);
  if (!time) return ["delivery__time__outside_hours"];
  return deliveryProblems({ date: ceremony.clock.date, time, place: ceremony.place, ceremony: ceremony.clock }, now);
}

export function ceremonyView(ceremony: ResolvedCeremony, now: Date): FlowerCeremony {
  const cityLine = [ceremony.postalCode, ceremony.city].filter(Boolean).join(" ");
  return {
    deal_uuid: ceremony.dealUuid,
    step_id: ceremony.stepId,
    step_type: ceremony.stepType,
    place: ceremony.place,
    place_name: ceremony.placeName,
    address: [ceremony.addressLine, cityLine].filter(Boolean).join(", ") || null,
    date: ceremony.clock?.date ?? null,
    time: ceremony.clock?.time ?? null,
    latest_delivery_time: ceremony.clock ? latestDeliveryBefore(ceremony.clock.time) : null,
    defunct_name: ceremony.defunctName,
    problems: ceremonyProblems(ceremony, now),
  };
}

/** The funeral deal a uuid names, when the caller holds it or sent its resume token; 404 otherwise (the uuid alone opens nothing). */
async function heldFuneralDeal(db: Db, uuid: string, caller: DealCaller, now: Date): Promise<number> {
  const [deal] = await queryRows<{ id: number }>(db, sql`SELECT id FROM deals WHERE uuid = ${uuid}::uuid AND kind = 'funeral'`);
  if (!deal || !(await dealAccess(db, deal.id, caller, now, "read"))) throw notFoundError();
  return deal.id;
}

/** GET /api/v1/flower_funnel/ceremonies: with `dealUuid`, that deal's (token or holder); otherwise those of every funeral deal the signed-in client holds. */
export async function listCeremonies(db: Db, caller: DealCaller, now: Date, dealUuid?: string): Promise<FlowerCeremony[]> {
  let where: SQL;
  if (dealUuid) where = sql`d.id = ${await heldFuneralDeal(db, dealUuid, caller, now)}`;
  else if (caller.auth?.realm === "client") where = sql`EXISTS (SELECT 1 FROM deal_abilities a WHERE a.deal_id = d.id AND a.client_id = ${caller.auth.userId})`;
  else return [];
  return (await ceremonyRows(db, where)).map((row) => ceremonyView(resolve(row), now));
}

/**
 * The ceremony an order names: the step `stepId` of the funeral deal, or its ceremony
 * (else its cremation, else its burial), the scheduled one first. 404 when the caller
 * does not hold the deal; 422 when it has no such step.
 */
export async function ceremonyForOrder(db: Db, dealUuid: string, stepId: number | null | undefined, caller: DealCaller, now: Date): Promise<ResolvedCeremony> {
  const dealId = await heldFuneralDeal(db, dealUuid, caller, now);
  const rows = await ceremonyRows(db, stepId ? sql`d.id = ${dealId} AND s.id = ${stepId}` : sql`d.id = ${dealId}`);
  const scheduled = rows.filter((row) => row.scheduled_at !== null);
  const pick = (candidates: CeremonyRow[]) => CEREMONY_STEP_TYPES.map((type) => candidates.find((row) => row.step_type === type)).find(Boolean);
  const row = pick(scheduled) ?? pick(rows);
  if (!row) throw new ApiError(422, "delivery__funeral_deal__no_ceremony");
  return resolve(row);
}
