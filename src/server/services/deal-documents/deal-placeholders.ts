import { sql } from "drizzle-orm";
import { OPERATOR, BRAND } from "@/config/brand";
import type { PlaceholderValues } from "@/domain/editable-documents/placeholders";
import { personName } from "@/domain/person-name";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { frenchDate } from "@/server/integrations/pdf/formality-letter";
import { loadDealOwner } from "@/server/services/deals/deal-owner";

/**
 * The deal's data as the editable documents' placeholders name it: the deceased, the
 * person organising the funeral (the deal's owner), the places and times of its steps
 * (partner places by name, else the step's address), the operator (src/config/brand.ts)
 * and the advisor. What the deal does not hold is left null, never guessed.
 */

interface DealFacts {
  deal_id: number;
  defunct_civility: string | null;
  defunct_firstname: string | null;
  defunct_lastname: string | null;
  defunct_birth_name: string | null;
  birth_date: string | null;
  birth_location: string | null;
  death_date: string | null;
  death_city: string | null;
}

interface StepFacts {
  step_type: string;
  scheduled_at: string | Date | null;
  place_name: string | null;
  place_city: string | null;
  step_address: string | null;
}

const PARIS_DATE_TIME = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });

function joined(...parts: Array<string | null | undefined>): string | null {
  const text = parts.filter((p) => p && p.trim()).join(" ");
  return text || null;
}

function placeOf(step: StepFacts | undefined): string | null {
  if (!step) return null;
  if (step.place_name) return step.place_city ? `${step.place_name}, ${step.place_city}` : step.place_name;
  return step.step_address;
}

function whenOf(step: StepFacts | undefined): string | null {
  return step?.scheduled_at ? PARIS_DATE_TIME.format(new Date(step.scheduled_at)) : null;
}

export async function dealPlaceholderValues(db: Db, dealId: number, advisor: { firstname: string; lastname: string } | null, now: Date): Promise<PlaceholderValues> {
  const [facts] = await queryRows<DealFacts>(
    db,
    sql`SELECT d.id AS deal_id, df.civility AS defunct_civility, df.firstname AS defunct_firstname, df.lastname AS defunct_lastname, df.birth_name AS defunct_birth_name,
               df.birth_date::text AS birth_date, df.birth_location, df.death_date::text AS death_date, ch.name AS death_city
        FROM deals d
        LEFT JOIN defuncts df ON df.id = d.defunct_id
        LEFT JOIN cityhalls ch ON ch.id = df.death_cityhall_id
        WHERE d.id = ${dealId}`,
  );
  const steps = await queryRows<StepFacts>(
    db,
    sql`SELECT s.step_type, s.scheduled_at, s.address AS step_address,
               coalesce(fp.name, w.name, cr.name, g.name, h.name) AS place_name,
               coalesce(fp.city, w.city, cr.city, g.city, h.city) AS place_city
        FROM deal_steps s
        LEFT JOIN funeral_parlors fp ON s.location_type = 'FuneralParlor' AND fp.id = s.location_id
        LEFT JOIN worships w ON s.location_type = 'Worship' AND w.id = s.location_id
        LEFT JOIN crematoriums cr ON s.location_type = 'Crematorium' AND cr.id = s.location_id
        LEFT JOIN graveyards g ON s.location_type = 'Graveyard' AND g.id = s.location_id
        LEFT JOIN hospitals h ON s.location_type = 'Hospital' AND h.id = s.location_id
        WHERE s.deal_id = ${dealId}
        ORDER BY s.position, s.id`,
  );
  const owner = await loadDealOwner(db, dealId);
  const first = (type: string) => steps.find((s) => s.step_type === type);
  const f = facts ?? ({} as Partial<DealFacts>);
  const ownerAddress = owner?.address ? [owner.address, owner.addressL2, joined(owner.postalCode, owner.city)].filter(Boolean).join(", ") : null;
  return {
    "deal.number": String(dealId),
    today: frenchDate(now),
    "defunct.full_name": joined(f.defunct_civility, f.defunct_firstname, f.defunct_lastname?.toUpperCase()),
    "defunct.birth_name": f.defunct_birth_name ?? null,
    "defunct.birth_date": f.birth_date ? frenchDate(f.birth_date) : null,
    "defunct.birth_place": f.birth_location ?? null,
    "defunct.death_date": f.death_date ? frenchDate(f.death_date) : null,
    "defunct.death_place": f.death_city ?? null,
    "family.full_name": joined(owner?.civility, owner?.firstname, owner?.lastname?.toUpperCase()),
    "family.address": ownerAddress,
    "family.phone": owner?.phone ?? null,
    "family.email": owner?.email ?? null,
    "transport.departure": placeOf(first("death")),
    "transport.arrival": placeOf(first("transport")) ?? placeOf(first("deposit")),
    "transport.date": whenOf(first("transport")),
    "closing.place": placeOf(first("closing")),
    "closing.date": whenOf(first("closing")),
    "ceremony.place": placeOf(first("ceremony")),
    "ceremony.date": whenOf(first("ceremony")),
    "cremation.place": placeOf(first("cremation")),
    "cremation.date": whenOf(first("cremation")),
    "interment.place": placeOf(first("interment")),
    "interment.date": whenOf(first("interment")),
    "operator.name": `${OPERATOR.legalName} (${BRAND})`,
    "operator.address": OPERATOR.address,
    "operator.habilitation": OPERATOR.licence,
    "operator.siren": OPERATOR.siren,
    "advisor.full_name": advisor ? personName(advisor) || null : null,
  };
}
