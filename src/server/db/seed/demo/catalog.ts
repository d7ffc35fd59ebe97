import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema/catalog";
import { insertInBatches } from "@/server/db/seed/batch";

/**
 * Demonstration catalogue for the quote engine. Codes are stable; prices are plausible
 * demo figures in cents. VAT: 20 % for funeral services and goods, 10 % for transport of
 * the body and cut flowers, 0 % for costs advanced on the family's behalf (taxes).
 * Sections follow the standard quote (arrêté of 11 Feb 2025); `mandatory` is true only for
 * what the law requires in any funeral (coffin with lining, handles and plate, urn when
 * cremated, approved vehicle, the burial or cremation itself).
 */
type Row = [code: string, name: string, category: string, range: string | null, section: string | null, mandatory: boolean, euros: number, vatPercent: 0 | 10 | 20, unit?: string, subcontracted?: boolean];

export const DEMO_PRODUCTS: readonly Row[] = [
  ["PREP-DEMARCHES", "Démarches administratives et organisation des obsèques", "service", null, "1", false, 250, 20],
  ["PREP-SOINS", "Soins de conservation (thanatopraxie)", "service", null, "1", false, 390, 20, "unit", true],
  ["PREP-TOILETTE", "Toilette mortuaire et habillage", "service", null, "1", false, 150, 20],
  ["PREP-CHAMBRE", "Séjour en chambre funéraire (par jour)", "service", null, "1", false, 90, 20, "day"],
  ["TRA-AVANT", "Transport du défunt avant mise en bière (véhicule agréé)", "transport", null, "2", false, 290, 10],
  ["COF-ESS-PIN", "Cercueil Essentiel en pin massif 22 mm", "coffin", "essentiel", "3", true, 590, 20],
  ["COF-ESS-PEU", "Cercueil Essentiel en peuplier, finition naturelle", "coffin", "essentiel", "3", true, 690, 20],
  ["COF-TRA-CHE", "Cercueil Tradition en chêne verni", "coffin", "tradition", "3", true, 1290, 20],
  ["COF-TRA-CRE", "Cercueil Tradition en chêne, finition crémation", "coffin", "tradition", "3", true, 1090, 20],
  ["COF-PRE-CHE", "Cercueil Prestige en chêne massif, forme parisienne", "coffin", "prestige", "3", true, 1990, 20],
  ["COF-PRE-ACA", "Cercueil Prestige en acajou sculpté", "coffin", "prestige", "3", true, 2490, 20],
  ["ACC-GARNITURE", "Garniture étanche du cercueil", "accessory", null, "3", true, 85, 20],
  ["ACC-POIGNEES", "Quatre poignées", "accessory", null, "3", true, 60, 20],
  ["ACC-PLAQUE", "Plaque d'identité gravée", "accessory", null, "3", true, 35, 20],
  ["ACC-CAPITON", "Capiton et oreiller", "accessory", null, "3", false, 90, 20],
  ["ACC-EMBLEME", "Emblème religieux ou laïque", "accessory", null, "3", false, 45, 20],
  ["RAP-CERCUEIL", "Cercueil hermétique avec filtre épurateur (rapatriement)", "coffin", "rapatriement", "3", false, 890, 20],
  ["MEB-MISE", "Mise en bière et fermeture du cercueil", "service", null, "4", true, 120, 20],
  ["TRA-CORBILLARD", "Corbillard avec chauffeur après mise en bière", "transport", null, "5", true, 390, 10],
  ["TRA-PORTEURS", "Porteurs (équipe de quatre)", "service", null, "5", false, 480, 20],
  ["TRA-KM", "Transport au kilomètre au-delà de 30 km", "transport", null, "5", false, 1.9, 10, "km"],
  ["CER-MAITRE", "Maître de cérémonie", "service", null, "6", false, 250, 20],
  ["CER-SALLE", "Salle de cérémonie", "service", null, "6", false, 300, 20],
  ["CER-AVIS", "Avis de décès dans la presse locale", "service", null, "6", false, 180, 20, "unit", true],
  ["CER-REGISTRE", "Registre de condoléances", "accessory", null, "6", false, 35, 20],
  ["CER-LIVRET", "Livrets de cérémonie (50 exemplaires)", "accessory", null, "6", false, 95, 20],
  ["INH-CREUSEMENT", "Creusement et comblement d'une fosse en pleine terre", "service", null, "7A", true, 450, 20, "unit", true],
  ["INH-CAVEAU", "Ouverture et fermeture de caveau", "service", null, "7A", true, 420, 20, "unit", true],
  ["INH-PLAQUE", "Plaque funéraire gravée", "accessory", null, "7A", false, 120, 20],
  ["URN-ESS", "Urne Essentiel en matériau composite", "urn", "essentiel", "7B", true, 90, 20],
  ["URN-TRA", "Urne Tradition en céramique", "urn", "tradition", "7B", true, 190, 20],
  ["URN-PRE", "Urne Prestige en marbre", "urn", "prestige", "7B", true, 390, 20],
  ["URN-BIO", "Urne biodégradable", "urn", "essentiel", "7B", true, 120, 20],
  ["CRE-CREMATION", "Crémation (redevance du crématorium)", "service", null, "7B", true, 650, 20, "unit", true],
  ["CRE-DISPERSION", "Dispersion des cendres en pleine nature", "service", null, "7B", false, 120, 20],
  ["FAV-TAXE-INH", "Taxe d'inhumation (montant fixé par la commune)", "advanced_cost", null, "8", false, 50, 0],
  ["FAV-VACATION", "Vacation de police", "advanced_cost", null, "8", false, 25, 0],
  ["FLE-GERBE", "Gerbe de fleurs de saison", "flowers", null, null, false, 95, 10],
  ["FLE-COUSSIN", "Coussin de roses", "flowers", null, null, false, 145, 10],
  ["FLE-COEUR", "Cœur de roses rouges", "flowers", null, null, false, 185, 10],
  ["FLE-RAQUETTE", "Raquette de fleurs", "flowers", null, null, false, 129, 10],
  ["FLE-DEVANT", "Devant de tombe fleuri", "flowers", null, null, false, 165, 10],
  ["FLE-BOUQUET", "Bouquet de deuil", "flowers", null, null, false, 69, 10],
  ["RAP-FORMALITES", "Formalités de rapatriement (consulat, préfecture)", "repatriation", null, "1", false, 350, 20],
  ["SRV-APRES", "Accompagnement des démarches après les obsèques", "service", null, null, false, 190, 20],
];

export async function seedProducts(db: Db): Promise<number> {
  await insertInBatches(
    db,
    products,
    DEMO_PRODUCTS.map(([code, name, category, range, quoteSection, mandatory, euros, vat, unit, subcontracted]) => ({
      code,
      name,
      category,
      range,
      quoteSection,
      mandatory,
      priceCents: Math.round(euros * 100),
      vatRateBp: vat * 100,
      unit: unit ?? "unit",
      subcontracted: subcontracted ?? false,
      demo: true,
    })),
  );
  return DEMO_PRODUCTS.length;
}
