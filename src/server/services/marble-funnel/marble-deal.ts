import { and, eq, sql } from "drizzle-orm";
import { MONUMENT_CATEGORIES, MONUMENT_QUOTE_VALIDITY_MONTHS, MONUMENT_SIZE_DIMENSIONS } from "@/domain/marble/products";
import { priceMonument, type MonumentPricing } from "@/domain/marble/pricing";
import type { MarbleDealView, MonumentConfigurationValue } from "@/domain/schemas/marble-funnel";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSettings, deals, marbleDetails } from "@/server/db/schema/deals";
import { concessionTypes, graveyards } from "@/server/db/schema/partners";
import { supplierWarehouses, suppliers } from "@/server/db/schema/suppliers";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { DealAccess } from "@/server/services/deals/deal-access";
import { MARBLE_FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { loadMonumentCatalogue } from "@/server/services/marble-funnel/catalogue";
import { readMarbleSetting, type MarbleSetting } from "@/server/services/marble-funnel/marble-setting";
import { chooseWorkshop, type ChosenWorkshop } from "@/server/services/marble-funnel/warehouses";

/** The tombstone funnel's deal: its setting, owner, and marble_details with cemetery and workshop, in one query. */
export async function loadMarbleDeal(db: Db, uuid: string) {
  const [row] = await db
    .select({
      deal: deals,
      setting: dealSettings.value,
      owner: clients,
      detail: marbleDetails,
      graveyard: { id: graveyards.id, name: graveyards.name, city: graveyards.city, postalCode: graveyards.postalCode, departmentCode: graveyards.departmentCode },
      concessionTypeName: concessionTypes.name,
      workshop: { name: supplierWarehouses.name, city: supplierWarehouses.city, departmentCode: supplierWarehouses.departmentCode },
      supplierName: suppliers.name,
    })
    .from(deals)
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, deals.id), eq(dealSettings.key, MARBLE_FUNNEL_SETTING_KEY)))
    .leftJoin(dealAbilities, and(eq(dealAbilities.dealId, deals.id), eq(dealAbilities.role, "owner")))
    .leftJoin(clients, eq(clients.id, dealAbilities.clientId))
    .leftJoin(marbleDetails, eq(marbleDetails.dealId, deals.id))
    .leftJoin(graveyards, eq(graveyards.id, marbleDetails.graveyardId))
    .leftJoin(concessionTypes, eq(concessionTypes.id, marbleDetails.concessionTypeId))
    .leftJoin(supplierWarehouses, eq(supplierWarehouses.id, marbleDetails.supplierWarehouseId))
    .leftJoin(suppliers, eq(suppliers.id, supplierWarehouses.supplierId))
    .where(and(eq(deals.uuid, uuid), eq(deals.kind, "marble")))
    .limit(1);
  if (!row) return null;
  return { ...row, setting: readMarbleSetting(row.setting) };
}
export type LoadedMarbleDeal = NonNullable<Awaited<ReturnType<typeof loadMarbleDeal>>>;

export interface PricedConfiguration {
  /** Null until both the model and the granite are chosen. */
  pricing: MonumentPricing | null;
  workshop: ChosenWorkshop | null;
  validUntil: string | null;
  demo: boolean;
  /** The chosen granite's colour family, kept on marble_details for the advisors' lists. */
  colourFamily: string | null;
}

/** YYYY-MM-DD, `months` after `now` (the last day of a shorter month when the day does not exist). */
export function addMonths(now: Date, months: number): string {
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The server's price of a configuration, from the database's rows only: whatever the
 * browser computed is never read. Unknown codes answer 422 with their codes.
 */
export async function priceConfiguration(db: Db, configuration: MonumentConfigurationValue, departmentCode: string | null, now: Date): Promise<PricedConfiguration> {
  const { rows, demo } = await loadMonumentCatalogue(db);
  const colourOf = (code: string | null) => {
    const family = rows.find((r) => r.code === code && r.category === MONUMENT_CATEGORIES.granite)?.attributes.colour_family;
    return typeof family === "string" ? family : null;
  };
  if (configuration.model_code === null || configuration.granite_code === null) {
    // Codes given so far are still checked, so a wrong one is told at once rather than at the end.
    const partial = priceMonument({ ...configuration, model_code: configuration.model_code ?? "", granite_code: configuration.granite_code ?? "" }, rows);
    if (!partial.ok) {
      const relevant = partial.errors.filter(
        (code) => !(code === "monument__model__unknown" && configuration.model_code === null) && !(code === "monument__granite__unknown" && configuration.granite_code === null) && code !== "monument__option__unavailable",
      );
      if (relevant.length > 0) throw new ApiError(422, relevant);
    }
    return { pricing: null, workshop: null, validUntil: null, demo, colourFamily: colourOf(configuration.granite_code) };
  }
  const priced = priceMonument({ ...configuration, model_code: configuration.model_code, granite_code: configuration.granite_code }, rows);
  if (!priced.ok) throw new ApiError(422, priced.errors);
  const workshop = await chooseWorkshop(db, configuration.model_code, configuration.granite_code, departmentCode);
  return { pricing: priced.pricing, workshop, validUntil: addMonths(now, MONUMENT_QUOTE_VALIDITY_MONTHS), demo, colourFamily: colourOf(configuration.granite_code) };
}

export interface MarbleDetailsWrite {
  dealId: number;
  configuration: MonumentConfigurationValue;
  graveyardId: number | null;
  concessionTypeId: number | null;
  plotReference: string | null;
  priced: PricedConfiguration;
  commentary: string | null;
  now: Date;
}

/** The deal's monument record (marble_details) and the family's comment, as the last save left them. */
export async function writeMarbleDetails(db: Db, input: MarbleDetailsWrite): Promise<void> {
  const { configuration: c, priced } = input;
  const size = priced.pricing?.size ?? null;
  const dims = size ? MONUMENT_SIZE_DIMENSIONS[size] : null;
  const values = {
    monumentModel: c.model_code,
    material: c.granite_code,
    color: priced.colourFamily,
    finish: c.finish_code,
    engraving: c.engraving,
    accessories: c.accessories,
    options: c.options,
    graveyardId: input.graveyardId,
    concessionTypeId: input.concessionTypeId,
    plotReference: input.plotReference,
    widthCm: dims?.width_cm ?? null,
    lengthCm: dims?.length_cm ?? null,
    supplierWarehouseId: priced.workshop?.warehouseId ?? null,
    leadTimeDays: priced.workshop?.leadTimeDays ?? null,
    validUntil: priced.validUntil,
    updatedAt: input.now,
  };
  await db
    .insert(marbleDetails)
    .values({ dealId: input.dealId, ...values })
    .onConflictDoUpdate({ target: marbleDetails.dealId, set: values });
  await db.execute(sql`UPDATE deals SET client_commentary = ${input.commentary} WHERE id = ${input.dealId}`);
}

export type MarbleOwnerView = { civility: string | null; firstname: string | null; lastname: string | null; phone: string | null; email: string | null };

/** What the funnel answers about a deal; through a resume token alone, not who the family is. */
export function marbleView(input: {
  uuid: string;
  state: string;
  setting: MarbleSetting;
  owner: MarbleOwnerView | null;
  graveyard: { id: number; name: string; city: string | null; postalCode: string | null } | null;
  concession: { concessionTypeId: number | null; concessionTypeName: string | null; plotReference: string | null } | null;
  commentary: string | null;
  quote: MonumentPricing | null;
  workshop: { supplierName: string; warehouseName: string; city: string | null; departmentCode: string | null } | null;
  leadTimeDays: number | null;
  validUntil: string | null;
  demo: boolean;
  createdAt: Date;
  updatedAt: Date;
  access?: DealAccess;
}): MarbleDealView {
  const { setting } = input;
  const redacted = input.access === "token";
  const owner = redacted ? null : input.owner;
  const civility = owner?.civility === "Mme" || owner?.civility === "M." ? owner.civility : null;
  return {
    uuid: input.uuid,
    state: input.state,
    current_step: setting.current_step,
    locale: setting.locale,
    configuration: setting.configuration,
    graveyard: input.graveyard ? { id: input.graveyard.id, name: input.graveyard.name, city: input.graveyard.city, postal_code: input.graveyard.postalCode } : null,
    concession: input.concession
      ? { concession_type_id: input.concession.concessionTypeId, concession_type_name: input.concession.concessionTypeName, plot_reference: redacted ? null : input.concession.plotReference }
      : null,
    client: owner ? { civility, firstname: owner.firstname, lastname: owner.lastname, phone: owner.phone, email: owner.email, contact_channel: setting.contact_channel } : null,
    commentary: redacted ? null : input.commentary,
    quote: input.quote,
    supplier: input.workshop
      ? { supplier_name: input.workshop.supplierName, warehouse_name: input.workshop.warehouseName, city: input.workshop.city, department_code: input.workshop.departmentCode }
      : null,
    lead_time_days: input.leadTimeDays,
    valid_until: input.validUntil,
    demo: input.demo,
    submitted_at: setting.submitted_at ? epochSeconds(setting.submitted_at) : null,
    created_at: epochSeconds(input.createdAt),
    updated_at: epochSeconds(input.updatedAt),
  };
}

/** The view of a loaded deal as stored. */
export function storedMarbleView(loaded: LoadedMarbleDeal, access: DealAccess): MarbleDealView {
  const d = loaded.detail;
  return marbleView({
    uuid: loaded.deal.uuid,
    state: loaded.deal.state,
    setting: loaded.setting,
    owner: loaded.owner,
    graveyard: loaded.graveyard,
    concession: d && (d.concessionTypeId !== null || d.plotReference !== null) ? { concessionTypeId: d.concessionTypeId, concessionTypeName: loaded.concessionTypeName, plotReference: d.plotReference } : null,
    commentary: loaded.deal.clientCommentary,
    quote: (loaded.deal.quote as MonumentPricing | null) ?? null,
    workshop: loaded.workshop && loaded.supplierName ? { supplierName: loaded.supplierName, warehouseName: loaded.workshop.name, city: loaded.workshop.city, departmentCode: loaded.workshop.departmentCode } : null,
    leadTimeDays: d?.leadTimeDays ?? null,
    validUntil: d?.validUntil ?? null,
    demo: loaded.deal.demo,
    createdAt: loaded.deal.createdAt,
    updatedAt: loaded.deal.updatedAt,
    access,
  });
}
