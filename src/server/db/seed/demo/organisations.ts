import { toSlug } from "@/domain/schemas/common";
import type { Db } from "@/server/db/client";
import { fundingAgencies, perkCategories, perks } from "@/server/db/schema/content";
import { ruleSets } from "@/server/db/schema/documents";
import { companies, companiesFormalities, companyCategories } from "@/server/db/schema/procedures";

/** Funding agencies, companies to notify after a death, rule sets and perks (demo rows). */

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

const COMPANY_CATEGORIES: ReadonlyArray<[code: string, name: string, companies: string[], formalities: Array<[string, boolean]>]> = [
  ["bank", "Banques", ["La Banque Postale", "Crédit Agricole", "BNP Paribas", "Société Générale", "Caisse d'Épargne"], [["Signaler le décès et bloquer les comptes", true], ["Demander le paiement des frais d'obsèques", true]]],
  ["energy", "Énergie", ["EDF", "Engie", "TotalEnergies"], [["Résilier ou transférer le contrat", true]]],
  ["telecom", "Téléphonie et internet", ["Orange", "SFR", "Bouygues Telecom", "Free"], [["Résilier l'abonnement", true]]],
  ["insurance", "Assurances", ["AXA", "MAIF", "MACIF"], [["Déclarer le décès à l'assureur", true], ["Demander le versement d'une assurance décès", true]]],
  ["public", "Organismes publics", ["Assurance Maladie", "Caisse d'allocations familiales", "Assurance retraite", "Impôts (centre des finances publiques)"], [["Déclarer le décès", false]]],
];

const RULE_SETS = [
  { code: "funeral_burial", name: "Obsèques avec inhumation", dealType: "funeral" as const },
  { code: "funeral_cremation", name: "Obsèques avec crémation", dealType: "funeral" as const },
  { code: "repatriation", name: "Rapatriement de corps à l'étranger", dealType: "funeral" as const },
  { code: "marble", name: "Monument funéraire", dealType: "marble" as const },
  { code: "flowers", name: "Fleurs de deuil", dealType: "item" as const },
];

export async function seedDemoOrganisations(db: Db): Promise<Record<string, number>> {
  await db.insert(fundingAgencies).values(FUNDING_AGENCIES.map((a, position) => ({ ...a, position, demo: true })));
  let companyCount = 0;
  for (const [index, [code, name, names, formalities]] of COMPANY_CATEGORIES.entries()) {
    const [category] = await db.insert(companyCategories).values({ code, name, position: index }).returning({ id: companyCategories.id });
    const inserted = await db
      .insert(companies)
      .values(names.map((n) => ({ name: n, slug: toSlug(n), categoryId: category!.id, demo: true })))
      .returning({ id: companies.id });
    companyCount += inserted.length;
    await db.insert(companiesFormalities).values(
      inserted.flatMap((company) =>
        formalities.map(([formality, requiresLetter]) => ({
          companyId: company.id,
          name: formality,
          requiresLetter,
          fields: [
            { name: "contract_reference", type: "text", required: false },
            { name: "defunct_death_date", type: "date", required: true },
          ],
        })),
      ),
    );
  }
  await db.insert(ruleSets).values(RULE_SETS);
  const [perkCategory] = await db.insert(perkCategories).values({ name: "Avantages partenaires", kind: "perks", position: 0 }).returning({ id: perkCategories.id });
  const [paperCategory] = await db.insert(perkCategories).values({ name: "Aide aux démarches", kind: "paperworks", position: 1 }).returning({ id: perkCategories.id });
  await db.insert(perks).values([
    { perkCategoryId: perkCategory!.id, name: "Réduction sur la gravure d'une plaque (démo)", description: "Offre de démonstration.", demo: true },
    { perkCategoryId: paperCategory!.id, name: "Modèles de lettres de résiliation (démo)", description: "Offre de démonstration.", demo: true },
  ]);
  return { funding_agencies: FUNDING_AGENCIES.length, companies: companyCount, rule_sets: RULE_SETS.length };
}
