import sharp from "sharp";
import { drawConfiguredMonument } from "@/domain/marble/monument-view";
import { MONUMENT_QUOTE_VALIDITY_MONTHS, MONUMENT_SIZE_DIMENSIONS, type EngravingFont } from "@/domain/marble/products";
import type { Db } from "@/server/db/client";
import { renderMonumentQuotePdf } from "@/server/integrations/pdf/monument-quote-pdf";
import type { FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { loadMonumentCatalogue } from "@/server/services/marble-funnel/catalogue";
import { getMarbleDeal } from "@/server/services/marble-funnel/get-marble-deal";
import { operatorIdentity } from "@/server/services/quote-pricing";

const FONT_NAMES: Record<EngravingFont, string> = { roman: "romaines", english: "anglaises", sans: "bâton", gothic: "gothiques" };
const COUNTRY_NAMES: Record<string, string> = { fr: "France", in: "Inde", zw: "Zimbabwe", za: "Afrique du Sud", es: "Espagne", no: "Norvège", br: "Brésil", cn: "Chine", fi: "Finlande" };

/** The monument's front elevation as a PNG, from the same drawing as the configurator's preview. */
export async function monumentDrawingPng(configuration: Parameters<typeof drawConfiguredMonument>[0]): Promise<Buffer> {
  const svg = drawConfiguredMonument(configuration, { title: "Monument" });
  return sharp(Buffer.from(svg), { density: 144 }).png({ compressionLevel: 9 }).toBuffer();
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function fullName(person: { civility?: string | null; firstname: string | null; lastname: string | null } | null): string | null {
  return person ? [person.civility, person.firstname, person.lastname].filter(Boolean).join(" ") || null : null;
}

/**
 * GET /api/v1/marble_funnel/deals/{uuid}/quote.pdf: the monument quote, same data and same
 * access as the deal's view (through the token: no names). Null: no such deal for this
 * caller, or no quote yet (model and granite not chosen).
 */
export async function marbleQuotePdf(db: Db, uuid: string, ctx: Pick<FunnelContext, "auth" | "resumeToken" | "now">): Promise<Uint8Array<ArrayBuffer> | null> {
  const deal = await getMarbleDeal(db, uuid, ctx);
  if (!deal?.quote) return null;
  const { rows } = await loadMonumentCatalogue(db);
  const named = (code: string | null) => rows.find((r) => r.code === code) ?? null;
  const config = deal.configuration;
  const model = named(config.model_code);
  const granite = named(config.granite_code);
  const finish = named(config.finish_code);
  const origin = granite ? [granite.attributes.origin_region, COUNTRY_NAMES[String(granite.attributes.origin_country)] ?? null].filter(Boolean).join(", ") : null;
  const dims = MONUMENT_SIZE_DIMENSIONS[deal.quote.size];
  const pdf = await renderMonumentQuotePdf({
    pricing: deal.quote,
    operator: operatorIdentity(),
    reference: uuid.slice(0, 8).toUpperCase(),
    issuedAt: new Date(deal.updated_at * 1000),
    validUntil: deal.valid_until,
    validityMonths: MONUMENT_QUOTE_VALIDITY_MONTHS,
    family: fullName(deal.client),
    monument: {
      model: model?.name ?? config.model_code ?? "",
      granite: granite?.name ?? config.granite_code ?? "",
      graniteOrigin: origin || null,
      // The row is named for the price table ("Finition poli miroir"); the description says just the finish.
      finish: finish ? capitalise(finish.name.replace(/^Finition\s+/i, "")) : null,
      dimensions: `${dims.width_cm} × ${dims.length_cm} cm`,
      engraving: config.engraving ? { lines: config.engraving.lines, font: FONT_NAMES[config.engraving.font], gilded: config.engraving.gilded } : null,
    },
    drawingPng: await monumentDrawingPng(config),
    workshop: deal.supplier
      ? { name: deal.supplier.warehouse_name, supplier: deal.supplier.supplier_name, place: [deal.supplier.city, deal.supplier.department_code ? `(${deal.supplier.department_code})` : null].filter(Boolean).join(" ") || null }
      : null,
    leadTimeDays: deal.lead_time_days,
    cemetery: deal.graveyard ? { name: deal.graveyard.name, place: [deal.graveyard.postal_code, deal.graveyard.city].filter(Boolean).join(" ") || null } : null,
    concession: deal.concession ? { type: deal.concession.concession_type_name, plot: deal.concession.plot_reference } : null,
    demo: deal.demo,
  });
  return new Uint8Array(pdf);
}
