import {
  FUNERAL_CONTRACT_CLAIM,
  GENERAL_INSURER,
  LIFE_INSURANCE_CLAIM,
  LIFE_INSURER,
  MUTUAL_CLOSE,
  MUTUAL_FORMALITIES,
  PROPERTY_INSURANCE_CLOSE,
  PROPERTY_INSURANCE_TRANSFER,
} from "@/server/db/seed/reference/companies/formalities";
import { CHECKED_ON, type CompanySeed, type FormalitySeed } from "@/server/db/seed/reference/companies/types";

/** Insurers (life, home and car, funeral contracts) and complementary health mutuals. */
const insurer = (name: string, website: string, formalities: readonly FormalitySeed[] = GENERAL_INSURER, readSource?: string): CompanySeed => ({
  name,
  category: "insurance",
  website,
  source: readSource ?? website,
  checkedOn: readSource ? CHECKED_ON : null,
  formalities,
});

const mutual = (name: string, website: string): CompanySeed => ({
  name,
  category: "mutual",
  website,
  source: website,
  checkedOn: null,
  formalities: MUTUAL_FORMALITIES,
});

const PROPERTY_ONLY = [PROPERTY_INSURANCE_CLOSE, PROPERTY_INSURANCE_TRANSFER] as const;

export const INSURERS: readonly CompanySeed[] = [
  insurer("AXA", "https://www.axa.fr", [...GENERAL_INSURER, FUNERAL_CONTRACT_CLAIM]),
  insurer("Allianz", "https://www.allianz.fr", [...GENERAL_INSURER, FUNERAL_CONTRACT_CLAIM]),
  insurer("Generali", "https://www.generali.fr", [...GENERAL_INSURER, FUNERAL_CONTRACT_CLAIM]),
  insurer("MAIF", "https://www.maif.fr"),
  insurer("Macif", "https://www.macif.fr", [...GENERAL_INSURER, FUNERAL_CONTRACT_CLAIM]),
  insurer("MAAF", "https://www.maaf.fr", [...GENERAL_INSURER, FUNERAL_CONTRACT_CLAIM]),
  insurer("MMA", "https://www.mma.fr", [...GENERAL_INSURER, FUNERAL_CONTRACT_CLAIM]),
  insurer("Matmut", "https://www.matmut.fr"),
  insurer("GMF", "https://www.gmf.fr"),
  insurer("Groupama", "https://www.groupama.fr", [...GENERAL_INSURER, FUNERAL_CONTRACT_CLAIM]),
  insurer("Gan Assurances", "https://www.ganassurances.fr"),
  insurer("Direct Assurance", "https://www.direct-assurance.fr", PROPERTY_ONLY),
  insurer("Crédit Agricole Assurances", "https://www.ca-assurances.com", LIFE_INSURER),
  insurer("CNP Assurances", "https://www.cnp.fr", LIFE_INSURER),
  insurer("BNP Paribas Cardif", "https://www.cardif.fr", LIFE_INSURER),
  insurer("Abeille Assurances", "https://www.abeille-assurances.fr", LIFE_INSURER),
  insurer("Swiss Life", "https://www.swisslife.fr", [LIFE_INSURANCE_CLAIM, MUTUAL_CLOSE]),
  insurer("Suravenir", "https://www.suravenir.fr", [LIFE_INSURANCE_CLAIM]),
  // Société Générale's insurer; its funeral contract desk is given on SG's page about a death.
  {
    name: "Sogecap (Société Générale Assurances)",
    category: "insurance",
    website: "https://particuliers.sg.fr",
    address: "Sogecap — Service Prévoyance\n42 boulevard Alexandre Martin\n45057 Orléans Cedex 1",
    phone: "09 69 329 969",
    source: "https://particuliers.sg.fr/aides-contact-public/declarer-un-deces",
    checkedOn: CHECKED_ON,
    formalities: LIFE_INSURER,
  },
  insurer(
    "AG2R La Mondiale",
    "https://www.ag2rlamondiale.fr",
    [LIFE_INSURANCE_CLAIM, MUTUAL_CLOSE],
    "https://www.ag2rlamondiale.fr/epargne/assurance-vie/conseil-la-recherche-des-beneficiaires-en-cas-de-deces",
  ),
  insurer(
    "Mutex",
    "https://www.mutex.fr",
    [LIFE_INSURANCE_CLAIM],
    "https://www.mutex.fr/rechercher-les-beneficiaires-dun-contrat-dassurance-vie-non-reclame/",
  ),
];

export const MUTUALS: readonly CompanySeed[] = [
  mutual("Harmonie Mutuelle", "https://www.harmonie-mutuelle.fr"),
  mutual("MGEN", "https://www.mgen.fr"),
  mutual("Malakoff Humanis", "https://www.malakoffhumanis.com"),
  mutual("La Mutuelle Générale", "https://www.lamutuellegenerale.fr"),
  mutual("MNT", "https://www.mnt.fr"),
  mutual("Apicil", "https://www.apicil.com"),
  mutual("Klesia", "https://www.klesia.fr"),
  mutual("PRO BTP", "https://www.probtp.com"),
  mutual("Aésio mutuelle", "https://www.aesio.fr"),
  mutual("Alan", "https://alan.com"),
  mutual("April", "https://www.april.fr"),
  mutual("MGEFI", "https://www.mgefi.fr"),
  mutual("Intériale", "https://www.interiale.fr"),
];
