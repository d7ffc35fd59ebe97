import { asc, eq, inArray } from "drizzle-orm";
import { isSentToPartner, type DealStepType } from "@/domain/deal-steps";
import type { LocationType } from "@/domain/schemas/deal";
import type { Db } from "@/server/db/client";
import { dealSteps } from "@/server/db/schema/deals";
import { crematoriums, funeralParlors, graveyards, hospitals, worships } from "@/server/db/schema/partners";
import { supplierWarehouses } from "@/server/db/schema/suppliers";

/**
 * GET /api/v1/deals/{id}/entities: the partners the deal's steps take place at (crematorium,
 * graveyard, funeral parlour, hospital, place of worship, supplier's warehouse), once each,
 * with their contact and the steps concerned. A public location or the family's home is no
 * partner, and a step without a place has none. Only the partner-facing steps count
 * (isSentToPartner, SPEC §3): transport, which the operator arranges itself, is never one,
 * and a step type the product does not know is an error, not a silent skip (SPEC §5).
 */

const TABLES = {
  Crematorium: crematoriums,
  Graveyard: graveyards,
  FuneralParlor: funeralParlors,
  Hospital: hospitals,
  Worship: worships,
  SupplierWarehouse: supplierWarehouses,
} as const;
type PartnerType = keyof typeof TABLES;

function isPartnerType(type: LocationType | null): type is PartnerType {
  return type !== null && type in TABLES;
}

export async function dealEntities(db: Db, dealId: number) {
  const steps = await db
    .select({ stepType: dealSteps.stepType, locationType: dealSteps.locationType, locationId: dealSteps.locationId })
    .from(dealSteps)
    .where(eq(dealSteps.dealId, dealId))
    .orderBy(asc(dealSteps.position), asc(dealSteps.id));
  const wanted = new Map<PartnerType, Map<number, DealStepType[]>>();
  for (const step of steps) {
    if (!isSentToPartner(step.stepType) || !isPartnerType(step.locationType) || step.locationId === null) continue;
    const byId = wanted.get(step.locationType) ?? new Map<number, DealStepType[]>();
    byId.set(step.locationId, [...(byId.get(step.locationId) ?? []), step.stepType]);
    wanted.set(step.locationType, byId);
  }
  const found = await Promise.all(
    [...wanted].map(async ([type, byId]) => {
      const table = TABLES[type];
      const rows = await db
        .select({ id: table.id, name: table.name, address: table.address, postalCode: table.postalCode, city: table.city, phone: table.phone, email: table.email, demo: table.demo })
        .from(table)
        .where(inArray(table.id, [...byId.keys()]))
        .orderBy(asc(table.id));
      return rows.map((row) => ({
        location_type: type,
        id: row.id,
        name: row.name,
        address: row.address,
        postal_code: row.postalCode,
        city: row.city,
        phone: row.phone,
        email: row.email,
        demo: row.demo,
        step_types: [...new Set(byId.get(row.id) ?? [])],
      }));
    }),
  );
  return found.flat();
}
