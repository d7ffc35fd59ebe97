import type { Db } from "@/server/db/client";
import { fundingAgencies, perkCategories, perks } from "@/server/db/schema/content";
import { ruleSets } from "@/server/db/schema/documents";

/** Funding agencies, rule sets and perks (demo rows). The companies are real reference data: seed/reference/companies. */

const FUNDING_AGENCIES = [
  {
    name: "CPAM (Assurance Maladie) — capital décès",
    kind: "health_insurance",
    description: "Versement forfaitaire aux proches d'un assuré décédé, revalorisé chaque 1er avril.",
    conditions: "Le défunt était salarié, indemnisé par France Travail ou titulaire d'une pension d'invalidité ou d'une rente d'accident du travail d'au moins 66,66 % dans les trois mois précédant le décès.",
    claimDeadline: "Un mois pour les bénéficiaires prioritaires, deux ans pour les autres demandeurs.",
    website: "https://www.ameli.fr",
  },
  {
    name: "MSA — capital décès",
    kind: "health_insurance",
    description: "Équivalent du capital décès pour les assurés du régime agricole.",
    conditions: "Le défunt relevait du régime agricole ; conditions proches de celles du régime général.",
    claimDeadline: "Deux ans après le décès.",
    website: "https://www.msa.fr",
  },
  {
    name: "Banque du défunt — paiement des frais d'obsèques",
    kind: "bank",
    description: "La banque peut régler les frais d'obsèques directement depuis le compte du défunt, sur présentation d'une facture ou d'un devis.",
    conditions: "Dans la limite de 5 910 € depuis le 1er janvier 2025 (article L312-1-4 du Code monétaire et financier) et du solde disponible.",
    claimDeadline: null,
    website: null,
  },
  {
    name: "CAF — aides locales",
    kind: "family_allowance",
    description: "Certaines caisses d'allocations familiales participent aux frais d'obsèques dans le cadre de dispositifs locaux.",
    conditions: "Variables selon le département, souvent sous condition de quotient familial.",
    claimDeadline: "Souvent six mois après le décès, selon la caisse.",
    website: "https://www.caf.fr",
  },
  {
    name: "Agirc-Arrco — retraite complémentaire",
    kind: "pension",
    description: "Une aide aux frais d'obsèques peut être accordée par l'action sociale de la caisse de retraite complémentaire.",
    conditions: "Aide facultative, étudiée au cas par cas.",
    claimDeadline: null,
    website: "https://www.agirc-arrco.fr",
  },
  {
    name: "Mutuelle ou complémentaire santé",
    kind: "mutual",
    description: "De nombreux contrats prévoient une allocation obsèques versée à la personne qui a réglé les frais.",
    conditions: "Selon les garanties du contrat du défunt.",
    claimDeadline: "Selon le contrat.",
    website: null,
  },
  {
    name: "Commune du décès — personnes sans ressources",
    kind: "local_authority",
    description: "La commune prend en charge les obsèques des personnes dépourvues de ressources suffisantes (article L2223-27 du CGCT).",
    conditions: "Absence de ressources suffisantes du défunt et de sa famille.",
    claimDeadline: null,
    website: null,
  },
] as const;

const RULE_SETS = [
  { code: "funeral_burial", name: "Obsèques avec inhumation", dealType: "funeral" as const },
  { code: "funeral_cremation", name: "Obsèques avec crémation", dealType: "funeral" as const },
  { code: "repatriation", name: "Rapatriement de corps à l'étranger", dealType: "funeral" as const },
  { code: "marble", name: "Monument funéraire", dealType: "marble" as const },
  { code: "flowers", name: "Fleurs de deuil", dealType: "item" as const },
];

/**
 * Example perks (demo: true): no partner stands behind them, and the pages say so. They show
 * each kind of offer the product is made for; a funeral home replaces them with its own.
 */
const DEMO_PERKS = [
  {
    category: "perks",
    name: "Réduction sur les fleurs de deuil",
    partnerName: "Fleuriste partenaire (exemple)",
    benefit: "-15 % sur une composition",
    description: "Une remise sur une gerbe, une couronne ou un bouquet livré au lieu de la cérémonie.",
    howToUse: "Présentez le code au fleuriste en passant commande, en boutique ou par téléphone.",
    conditions: "Une utilisation par famille, hors frais de livraison.",
    url: "https://example.org/fleurs",
    code: "DEMO-FLEURS-15",
  },
  {
    category: "perks",
    name: "Accompagnement du deuil",
    partnerName: "Association d'écoute (exemple)",
    benefit: "Trois séances d'écoute offertes",
    description: "Des entretiens avec une psychologue formée à l'accompagnement du deuil, en cabinet ou en visio.",
    howToUse: "Appelez l'association et dites que vous venez de la part de votre conseiller funéraire.",
    conditions: "Réservé aux proches du défunt, dans l'année qui suit le décès.",
    phone: "01 00 00 00 00",
  },
  {
    category: "perks",
    name: "Groupe de parole à Lyon",
    partnerName: "Maison des familles (exemple)",
    benefit: "Participation gratuite",
    description: "Un groupe de parole mensuel pour les personnes endeuillées.",
    howToUse: "Inscrivez-vous par téléphone au moins une semaine avant la séance.",
    departmentCode: "69",
    phone: "04 00 00 00 00",
  },
  {
    category: "paperworks",
    name: "Aide aux démarches administratives",
    partnerName: "Service d'aide aux démarches (exemple)",
    benefit: "Un rendez-vous d'une heure offert",
    description: "Une personne vous aide à faire la liste des organismes à prévenir et à remplir les premiers courriers.",
    howToUse: "Prenez rendez-vous sur le site en indiquant le code.",
    url: "https://example.org/demarches",
    code: "DEMO-DEMARCHES",
  },
  {
    category: "paperworks",
    name: "Première consultation chez un notaire",
    partnerName: "Étude notariale partenaire (exemple)",
    benefit: "Premier rendez-vous sans frais",
    description: "Un premier entretien pour comprendre les étapes de la succession et les documents à réunir.",
    howToUse: "Appelez l'étude, donnez le code et le nom du défunt.",
    conditions: "Les actes de la succession restent facturés selon le tarif réglementé des notaires.",
    phone: "01 00 00 00 01",
    code: "DEMO-NOTAIRE",
  },
] as const satisfies ReadonlyArray<{ category: "perks" | "paperworks" } & Partial<Omit<typeof perks.$inferInsert, "perkCategoryId" | "demo">> & { name: string }>;

export async function seedDemoOrganisations(db: Db): Promise<Record<string, number>> {
  await db.insert(fundingAgencies).values(FUNDING_AGENCIES.map((a, position) => ({ ...a, position, demo: true })));
  await db.insert(ruleSets).values(RULE_SETS);
  const [perkCategory] = await db.insert(perkCategories).values({ name: "Avantages partenaires", kind: "perks", position: 0 }).returning({ id: perkCategories.id });
  const [paperCategory] = await db.insert(perkCategories).values({ name: "Aide aux démarches", kind: "paperworks", position: 1 }).returning({ id: perkCategories.id });
  await db.insert(perks).values(DEMO_PERKS.map(({ category, ...perk }) => ({ ...perk, perkCategoryId: category === "perks" ? perkCategory!.id : paperCategory!.id, demo: true })));
  return { funding_agencies: FUNDING_AGENCIES.length, rule_sets: RULE_SETS.length, perks: DEMO_PERKS.length };
}
