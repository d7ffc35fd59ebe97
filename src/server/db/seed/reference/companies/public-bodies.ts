import { PENSION_FORMALITIES, PENSION_NOTIFY, PENSION_SURVIVOR } from "@/server/db/seed/reference/companies/formalities";
import { CHECKED_ON, type CompanySeed } from "@/server/db/seed/reference/companies/types";

/**
 * Pension funds, health insurance, family allowances, France Travail, the tax office and
 * the bodies that find a deceased's contracts and accounts. The survivor's pension is asked
 * once for every scheme on info-retraite.fr ("Demander ma réversion", run for the Union
 * Retraite by the Caisse des Dépôts and the SRE since 2020).
 */
const REVERSION_SOURCE = "https://politiques-sociales.caissedesdepots.fr/demander-sa-reversion-en-ligne-en-une-fois";

const pension = (name: string, website: string, read?: { source: string; phone?: string }): CompanySeed => ({
  name,
  category: "pension",
  website,
  phone: read?.phone ?? null,
  formUrl: "https://www.info-retraite.fr",
  source: read?.source ?? website,
  checkedOn: read ? CHECKED_ON : null,
  formalities: PENSION_FORMALITIES,
});

export const PENSION_FUNDS: readonly CompanySeed[] = [
  {
    name: "Info Retraite (Union Retraite)",
    category: "pension",
    website: "https://www.info-retraite.fr",
    formUrl: "https://www.info-retraite.fr",
    source: REVERSION_SOURCE,
    checkedOn: CHECKED_ON,
    formalities: [PENSION_SURVIVOR],
  },
  // The death is reported by letter to the regional fund (Carsat) that paid the pension.
  pension("L'Assurance retraite (CNAV, Carsat)", "https://www.lassuranceretraite.fr", {
    source: "https://www.lassuranceretraite.fr/portail-info/sites/pub/home/retraite/retraite-reversion-veuvage/demarches-cas-deces.html",
    phone: "3960",
  }),
  // Read on the page of AG2R La Mondiale, one of the Agirc-Arrco member funds.
  pension("Agirc-Arrco", "https://www.agirc-arrco.fr", {
    source: "https://www.ag2rlamondiale.fr/retraite/etre-a-la-retraite/conseil-la-pension-de-reversion",
    phone: "0970 660 660",
  }),
  // Health, family and pensions of the farming scheme; read on a regional MSA's page (same text on every MSA site).
  {
    name: "MSA (Mutualité sociale agricole)",
    category: "pension",
    website: "https://www.msa.fr",
    formUrl: "https://www.info-retraite.fr",
    source: "https://corse.msa.fr/lfp/web/msa-de-la-corse/vous-avez-perdu-un-proche",
    checkedOn: CHECKED_ON,
    formalities: [
      PENSION_NOTIFY,
      {
        // Since 2022, for farm operators and their helpers active on the day of death; the MSA writes to the beneficiaries.
        name: "Demander le capital décès du régime agricole",
        kind: "claim",
        requiresLetter: false,
        fields: { social_security_number: true, iban: true },
        documents: ["death_certificate", "identity_card", "bank_details"],
      },
      PENSION_SURVIVOR,
    ],
  },
  pension("CNRACL", "https://www.cnracl.retraites.fr"),
  pension("Service des retraites de l'État (SRE)", "https://retraitesdeletat.gouv.fr"),
  pension("Ircantec", "https://www.ircantec.retraites.fr"),
  pension("RAFP (retraite additionnelle de la fonction publique)", "https://www.rafp.fr"),
  pension("Cipav", "https://www.lacipav.fr"),
  pension("CARMF (médecins)", "https://www.carmf.fr"),
  pension("CARPIMKO (auxiliaires médicaux)", "https://www.carpimko.com"),
  pension("CAVEC (experts-comptables)", "https://www.cavec.fr"),
  pension("CARCDSF (chirurgiens-dentistes et sages-femmes)", "https://www.carcdsf.fr"),
  pension("CAVP (pharmaciens)", "https://www.cavp.fr"),
  pension("CNBF (avocats)", "https://www.cnbf.fr"),
  pension("CRPCEN (clercs et employés de notaires)", "https://www.crpcen.fr"),
  pension("CAVIMAC (cultes)", "https://www.cavimac.fr"),
  pension("ENIM (marins)", "https://www.enim.eu"),
  pension("CNIEG (industries électriques et gazières)", "https://www.cnieg.fr"),
  pension("Caisse de prévoyance et de retraite SNCF", "https://www.cprpsncf.fr"),
  pension("CRP RATP", "https://www.crpratp.fr"),
  {
    name: "Urssaf — travailleurs indépendants (ex-SSI)",
    category: "pension",
    website: "https://www.urssaf.fr",
    formUrl: "https://www.urssaf.fr",
    source: "https://www.urssaf.fr",
    checkedOn: null,
    formalities: [
      {
        name: "Déclarer le décès d'un travailleur indépendant et la fin de son activité",
        kind: "notify",
        requiresLetter: true,
        fields: { social_security_number: true, customer_number: false },
        documents: ["death_certificate"],
      },
    ],
  },
];

export const HEALTH_INSURERS: readonly CompanySeed[] = [
  {
    name: "Assurance Maladie (CPAM)",
    category: "health_insurance",
    website: "https://www.ameli.fr",
    formUrl: "https://www.ameli.fr/assure/droits-demarches/fin-de-vie-deuil/deces-proche-capital-deces",
    source: "https://www.ameli.fr/assure/droits-demarches/fin-de-vie-deuil/deces-proche-capital-deces",
    checkedOn: CHECKED_ON,
    formalities: [
      {
        name: "Déclarer le décès et renvoyer la carte Vitale du défunt",
        kind: "notify",
        requiresLetter: true,
        fields: { social_security_number: true },
        documents: ["death_certificate"],
      },
      {
        // Form S3180, one per beneficiary; priority beneficiaries have one month, others two years.
        name: "Demander le capital décès (formulaire S3180)",
        kind: "claim",
        requiresLetter: false,
        fields: { social_security_number: true, iban: true },
        documents: ["death_certificate", "identity_card", "family_record_book", "bank_details"],
      },
    ],
  },
  {
    name: "CNMSS (sécurité sociale des militaires)",
    category: "health_insurance",
    website: "https://www.cnmss.fr",
    source: "https://www.cnmss.fr",
    checkedOn: null,
    formalities: [PENSION_NOTIFY],
  },
  {
    name: "CAMIEG (industries électriques et gazières)",
    category: "health_insurance",
    website: "https://www.camieg.fr",
    source: "https://www.camieg.fr",
    checkedOn: null,
    formalities: [PENSION_NOTIFY],
  },
];

export const SOCIAL_BODIES: readonly CompanySeed[] = [
  {
    name: "Caisse d'allocations familiales (CAF)",
    category: "family_allowance",
    website: "https://www.caf.fr",
    formUrl: "https://www.caf.fr",
    source: "https://caf.fr/professionnels/offres-et-services/caf-de-l-aude/partenaires-locaux/newsletter-partenaires/la-caf-et-l-accompagnement-des-familles-endeuillees",
    checkedOn: CHECKED_ON,
    formalities: [
      {
        name: "Déclarer le décès d'un allocataire ou d'un membre du foyer",
        kind: "notify",
        requiresLetter: false,
        fields: { allowance_number: true },
        documents: ["death_certificate"],
      },
      {
        // Paid automatically to allocataires (the civil registry informs the CAF); other families ask for it.
        name: "Demander l'allocation en cas de décès d'un enfant (familles non allocataires)",
        kind: "claim",
        requiresLetter: false,
        fields: { iban: true },
        documents: ["death_certificate", "family_record_book", "bank_details"],
      },
      {
        name: "Demander l'allocation de soutien familial pour un enfant orphelin",
        kind: "claim",
        requiresLetter: false,
        fields: { allowance_number: false, iban: true },
        documents: ["death_certificate", "family_record_book", "bank_details"],
      },
    ],
  },
  {
    name: "France Travail (ex-Pôle emploi)",
    category: "employment",
    website: "https://www.francetravail.fr",
    phone: "3949",
    formUrl: "https://www.francetravail.fr",
    source: "https://mes-aides.francetravail.fr/famille-et-vie-quotidienne/aide-au-pouvoir-d-achat/france-travail/allocation-deces-france-travail",
    checkedOn: CHECKED_ON,
    formalities: [
      {
        name: "Signaler le décès d'un demandeur d'emploi",
        kind: "notify",
        requiresLetter: false,
        fields: { job_seeker_id: true },
        documents: ["death_certificate"],
      },
      {
        // Paid to the spouse, partner or cohabitant of a job seeker receiving the ARE; asked within two years.
        name: "Demander l'allocation décès",
        kind: "claim",
        requiresLetter: false,
        fields: { job_seeker_id: true, iban: true },
        documents: ["death_certificate", "marriage_certificate", "identity_card", "bank_details"],
      },
    ],
  },
  {
    name: "Impôts — Direction générale des finances publiques",
    category: "tax",
    website: "https://www.impots.gouv.fr",
    formUrl: "https://www.impots.gouv.fr",
    source: "https://www.impots.gouv.fr/particulier/questions/quelles-demarches-dois-je-accomplir-en-cas-de-deces-dun-proche",
    checkedOn: CHECKED_ON,
    formalities: [
      {
        name: "Signaler le décès du conjoint pour le prélèvement à la source (dans les 60 jours)",
        kind: "notify",
        requiresLetter: false,
        fields: { tax_number: true },
        documents: ["death_certificate"],
      },
      {
        name: "Déclarer les revenus du défunt du 1er janvier à la date du décès",
        kind: "notify",
        requiresLetter: false,
        fields: { tax_number: true },
        documents: ["tax_notice"],
      },
      {
        // Forms 2705 and 2705-S, usually filed by the notary.
        name: "Déposer la déclaration de succession (dans les 6 mois)",
        kind: "notify",
        requiresLetter: false,
        fields: { tax_number: false },
        documents: ["death_certificate", "notoriety_act", "identity_card"],
      },
    ],
  },
  {
    name: "Ficoba — fichier des comptes bancaires (DGFiP)",
    category: "legal",
    website: "https://www.impots.gouv.fr",
    source: "https://www.service-public.fr/particuliers/vosdroits/F2233",
    checkedOn: CHECKED_ON,
    formalities: [
      {
        name: "Demander la liste des comptes bancaires du défunt",
        kind: "claim",
        requiresLetter: true,
        fields: {},
        documents: ["death_certificate", "heirship_certificate", "identity_card"],
      },
    ],
  },
  {
    name: "Agira — recherche des contrats d'assurance vie et obsèques",
    category: "legal",
    website: "https://www.agira.asso.fr",
    address: "Agira — Recherche des bénéficiaires en cas de décès\n1 rue Jules Lefebvre\n75431 Paris Cedex 09",
    formUrl: "https://www.agira-vie.fr",
    source: "https://www.service-public.fr/particuliers/vosdroits/F15269",
    checkedOn: CHECKED_ON,
    formalities: [
      {
        // Online on agira-vie.fr or by letter to the address above.
        name: "Demander la recherche des contrats d'assurance vie du défunt",
        kind: "claim",
        requiresLetter: false,
        fields: {},
        documents: ["death_certificate"],
      },
      {
        name: "Demander la recherche d'un contrat obsèques",
        kind: "claim",
        requiresLetter: false,
        fields: {},
        documents: ["death_certificate"],
      },
    ],
  },
  {
    name: "Ciclade (Caisse des Dépôts) — comptes et contrats en déshérence",
    category: "legal",
    website: "https://www.ciclade.fr",
    formUrl: "https://www.ciclade.fr",
    source: "https://www.lesclesdelabanque.com/Web/Cdb/Particuliers/Content.nsf/DocumentsByIDWeb/6Y7NLZ",
    checkedOn: CHECKED_ON,
    formalities: [
      {
        name: "Rechercher les comptes et contrats d'assurance vie transférés à la Caisse des Dépôts",
        kind: "claim",
        requiresLetter: false,
        fields: { iban: false },
        documents: ["death_certificate", "heirship_certificate", "identity_card", "bank_details"],
      },
    ],
  },
  {
    name: "Notaires de France (Conseil supérieur du notariat)",
    category: "legal",
    website: "https://www.notaires.fr",
    formUrl: "https://www.notaires.fr",
    source: "https://www.notaires.fr",
    checkedOn: null,
    formalities: [
      {
        name: "Confier le règlement de la succession à un notaire",
        kind: "notify",
        requiresLetter: true,
        fields: {},
        documents: ["death_certificate", "family_record_book", "identity_card", "marriage_certificate"],
      },
    ],
  },
  {
    name: "Chambre des notaires de Paris",
    category: "legal",
    website: "https://www.paris.notaires.fr",
    source: "https://www.paris.notaires.fr",
    checkedOn: null,
    formalities: [
      {
        name: "Trouver le notaire chargé de la succession ou d'un testament",
        kind: "notify",
        requiresLetter: true,
        fields: {},
        documents: ["death_certificate"],
      },
    ],
  },
];
