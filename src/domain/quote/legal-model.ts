import { z } from "zod";

/**
 * The legal funeral quote model ("devis type") every French funeral operator
 * must follow (art. L2223-21-1 CGCT): arrêté of 23 August 2010 as rewritten by
 * the arrêté of 11 February 2025 (JO 22 February 2025), in force since
 * 1 July 2025. The quote is laid out in nine sections, each split into a
 * mandatory and an optional column; costs advanced on the family's behalf are
 * gathered in the last section and split the same way. Notes below are written
 * in our own words; they summarise the information the model requires.
 */

export const LEGAL_QUOTE_MODEL = {
  reference: "Arrêté du 11 février 2025 modifiant l'arrêté du 23 août 2010 portant définition du modèle de devis applicable aux prestations fournies par les opérateurs funéraires",
  shortReference: "Modèle de devis funéraire – arrêté du 11 février 2025",
  legalBasis: "Article L2223-21-1 du code général des collectivités territoriales",
  inForceFrom: "2025-07-01",
} as const;

export const LEGAL_SECTION_IDS = [
  "preparation",
  "transport-before-coffining",
  "coffin",
  "coffining",
  "transport-after-coffining",
  "ceremony",
  "burial",
  "cremation",
  "advanced-costs",
] as const;
export type LegalSectionId = (typeof LEGAL_SECTION_IDS)[number];

export interface LegalSection {
  id: LegalSectionId;
  /** Number as printed on the legal model: "1" … "6", "7A", "7B", "8". */
  number: string;
  /** Official French heading, as the PDF prints it. */
  title: string;
  /** Plain-words heading for screens, when it differs from the official one. */
  shortTitle?: string;
  /** Only one of 7A / 7B applies to a given funeral. */
  appliesTo: "all" | "burial" | "cremation";
}

/**
 * The nine sections, in the order the model prints them. Titles follow the
 * headings of the 2025 model; section 8 is addressed to "the person entitled
 * to organise the funeral", i.e. the family in the product's words.
 */
export const LEGAL_SECTIONS: readonly LegalSection[] = [
  { id: "preparation", number: "1", title: "Préparation, organisation des obsèques", appliesTo: "all" },
  {
    id: "transport-before-coffining",
    number: "2",
    title: "Transport du défunt avant mise en bière (sans cercueil)",
    appliesTo: "all",
  },
  { id: "coffin", number: "3", title: "Cercueil et accessoires", appliesTo: "all" },
  { id: "coffining", number: "4", title: "Mise en bière et fermeture du cercueil", appliesTo: "all" },
  {
    id: "transport-after-coffining",
    number: "5",
    title: "Transport du défunt après mise en bière",
    appliesTo: "all",
  },
  { id: "ceremony", number: "6", title: "Cérémonie funéraire", appliesTo: "all" },
  { id: "burial", number: "7A", title: "Inhumation", appliesTo: "burial" },
  { id: "cremation", number: "7B", title: "Crémation", appliesTo: "cremation" },
  {
    id: "advanced-costs",
    number: "8",
    title: "Frais avancés pour le compte de la personne ayant qualité pour pourvoir aux funérailles",
    shortTitle: "Frais avancés pour le compte de la famille",
    appliesTo: "all",
  },
];

/** Position of each section in the printed order, for sorting without searching. */
export const LEGAL_SECTION_INDEX: Readonly<Record<LegalSectionId, number>> = {
  preparation: 0,
  "transport-before-coffining": 1,
  coffin: 2,
  coffining: 3,
  "transport-after-coffining": 4,
  ceremony: 5,
  burial: 6,
  cremation: 7,
  "advanced-costs": 8,
};

export function legalSection(id: LegalSectionId): LegalSection {
  // The index table and the list are built together; the lookup cannot miss.
  return LEGAL_SECTIONS[LEGAL_SECTION_INDEX[id]] as LegalSection;
}

/**
 * Column headings of every section, as the annex of the arrêté of 11 February 2025
 * writes them: "obligatoires" and "non obligatoires" (the 2010 model said
 * "courantes" and "complémentaires optionnelles"). Checked 2026-11-24 against the
 * prefectures' notice of the new model (https://app.panneaupocket.com/ville/1170685371-ajoncourt-57590?panneau=1019588277).
 */
export const COLUMN_TITLES = {
  mandatory: "Prestations obligatoires",
  optional: "Prestations non obligatoires",
} as const;

/** Mark printed after the label of a subcontracted service. */
export const SUBCONTRACTED_MARK = "*";

export const LEGAL_NOTE_IDS = [
  "free-quote",
  "subcontracting",
  "vat",
  "coffin-rules",
  "ashes",
  "cremation-metals",
  "funeral-insurance",
] as const;
export type LegalNoteId = (typeof LEGAL_NOTE_IDS)[number];

export interface LegalNote {
  id: LegalNoteId;
  title: string;
  text: string;
  /** Notes tied to cremation are printed only on cremation quotes. */
  appliesTo: "all" | "cremation";
}

/**
 * The explanatory notes printed with every quote. The subcontracting note
 * needs the operator's licence number: use `subcontractingNote()`.
 */
export const LEGAL_NOTES: readonly LegalNote[] = [
  {
    id: "free-quote",
    title: "Devis gratuit",
    text: "Ce devis est gratuit et ne vous engage à rien. Il suit le modèle officiel, afin que vous puissiez le comparer ligne à ligne avec celui d'autres opérateurs funéraires. Seules les prestations de la colonne « obligatoires » sont exigées par la réglementation funéraire ; toutes les autres peuvent être retirées.",
    appliesTo: "all",
  },
  {
    id: "subcontracting",
    title: "Prestations sous-traitées",
    text: "Les prestations suivies d'un astérisque (*) sont confiées à un sous-traitant, comme le déclare notre habilitation funéraire.",
    appliesTo: "all",
  },
  {
    id: "vat",
    title: "Taux de TVA",
    text: "Chaque ligne indique son prix hors taxes, son taux de TVA et son prix toutes taxes comprises. Les fournitures et services funéraires (cercueil, urne, organisation, personnel, soins) sont soumis au taux normal de 20 %. Le transport du corps avant ou après la mise en bière dans un véhicule funéraire agréé, ainsi que les fleurs naturelles, relèvent du taux réduit de 10 %. Le transport aérien international du défunt est exonéré de TVA française. Les frais avancés pour votre compte (crématorium, cimetière, mairie, lieu de culte, presse) vous sont refacturés à l'euro près, sans TVA ajoutée par nos soins.",
    appliesTo: "all",
  },
  {
    id: "coffin-rules",
    title: "Le cercueil",
    text: "Le cercueil est obligatoire. Il comporte une garniture étanche, quatre poignées et une plaque d'identité, et il est conçu pour résister et se décomposer sans nuire à l'environnement (inhumation) ou pour brûler sans danger (crémation). Un cercueil hermétique n'est exigé en France que dans les cas de l'article R2213-26 du CGCT : si le défunt était atteint d'une des infections transmissibles listées à l'article R2213-2-1, si le corps est déposé plus de six jours à domicile, dans un lieu de culte ou dans un caveau provisoire, ou si le préfet le prescrit. Pour un transport international, il est imposé par l'accord de Strasbourg et par le pays de destination.",
    appliesTo: "all",
  },
  {
    id: "ashes",
    title: "Devenir des cendres",
    text: "Après la crémation, l'urne est remise à la personne qui a organisé les obsèques. Les cendres sont traitées avec respect et ne peuvent pas être partagées. Dans un délai d'un an, elles peuvent être inhumées dans une sépulture, déposées dans une case de columbarium, scellées sur un monument funéraire, ou dispersées dans le jardin du souvenir d'un cimetière ou en pleine nature (jamais sur une voie publique). Une dispersion en pleine nature se déclare à la mairie de la commune de naissance du défunt. Garder l'urne à la maison n'est pas autorisé ; le crématorium ou un lieu de culte peut la conserver jusqu'à un an, le temps de décider.",
    appliesTo: "cremation",
  },
  {
    id: "cremation-metals",
    title: "Métaux issus de la crémation",
    text: "Les métaux qui restent après la crémation (prothèses, pièces du cercueil) ne font pas partie des cendres, quelle que soit leur origine. Le gestionnaire du crématorium les récupère et les confie à une filière de recyclage. Le produit éventuel est affecté, selon le choix de la collectivité, aux obsèques de personnes sans ressources ou à des dons au profit d'organismes d'intérêt général. Le crématorium choisi vous informe de ses conditions avant la crémation.",
    appliesTo: "cremation",
  },
  {
    id: "funeral-insurance",
    title: "Contrat obsèques",
    text: "Avant de signer, vérifiez si le défunt avait souscrit un contrat obsèques ou une assurance décès : ses papiers, sa banque ou sa mutuelle peuvent vous renseigner, et l'AGIRA recherche gratuitement les contrats d'assurance vie et obsèques. Un contrat existant peut couvrir tout ou partie de ces frais et fixer des volontés qu'il faudra respecter.",
    appliesTo: "all",
  },
];

export function legalNote(id: LegalNoteId): LegalNote {
  const note = LEGAL_NOTES.find((candidate) => candidate.id === id);
  if (note === undefined) throw new Error(`Unknown legal note ${id}`);
  return note;
}

/** The subcontracting note with the operator's licence number filled in, as the model asks. */
export function subcontractingNote(habilitationNumber: string): string {
  return `Les prestations suivies d'un astérisque (*) sont confiées à un sous-traitant, comme le déclare notre habilitation funéraire n° ${habilitationNumber}.`;
}

/** Notes to print for a given funeral type (cremation notes only on cremation quotes). */
export function notesFor(disposition: "burial" | "cremation" | undefined): LegalNoteId[] {
  return LEGAL_NOTES.filter((note) => note.appliesTo === "all" || note.appliesTo === disposition).map(
    (note) => note.id,
  );
}

/**
 * Identity of the operator issuing the quote. The licence ("habilitation
 * funéraire", L2223-19 and L2223-23 CGCT) is issued by the préfet per
 * establishment; its number must appear on the quote.
 */
export const operatorIdentitySchema = z.object({
  legalName: z.string().trim().min(1).max(160),
  tradeName: z.string().trim().max(160).optional(),
  legalForm: z.string().trim().max(60).optional(),
  address: z.object({
    line1: z.string().trim().min(1).max(160),
    line2: z.string().trim().max(160).optional(),
    postalCode: z.string().trim().regex(/^\d{5}$/, { message: "postal_code__invalid" }),
    city: z.string().trim().min(1).max(100),
  }),
  /** SIRET of the issuing establishment: 14 digits. */
  siret: z
    .string()
    .trim()
    .regex(/^\d{14}$/, { message: "siret__invalid" })
    .optional(),
  /** Prefectoral licence number, e.g. "25-69-0123". */
  habilitationNumber: z.string().trim().min(3).max(40),
  /** Last day of validity of the licence (6 years; 1 year for new operators). */
  habilitationValidUntil: z.iso.date().optional(),
  habilitationPrefecture: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(30).optional(),
  email: z.email().max(254).optional(),
  vatNumber: z.string().trim().max(20).optional(),
  /** True for the demo operator: the PDF prints a "demo" banner. */
  isDemo: z.boolean().optional(),
});

export type OperatorIdentity = z.infer<typeof operatorIdentitySchema>;
