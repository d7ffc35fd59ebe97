import { LEASE_FORMALITIES, SUPPLY_FORMALITIES, TELECOM_CLOSE, TELECOM_FORMALITIES } from "@/server/db/seed/reference/companies/formalities";
import { type CompanySeed, type FormalitySeed } from "@/server/db/seed/reference/companies/types";

/** Energy and water suppliers, telecoms, social landlords. */
const of =
  (category: CompanySeed["category"], formalities: readonly FormalitySeed[]) =>
  (name: string, website: string): CompanySeed => ({ name, category, website, source: website, checkedOn: null, formalities });

const energy = of("energy", SUPPLY_FORMALITIES);
const water = of("water", SUPPLY_FORMALITIES);
const telecom = of("telecom", TELECOM_FORMALITIES);
const landlord = of("housing", LEASE_FORMALITIES);

export const ENERGY: readonly CompanySeed[] = [
  energy("EDF", "https://www.edf.fr"),
  energy("Engie", "https://particuliers.engie.fr"),
  energy("TotalEnergies", "https://www.totalenergies.fr"),
  energy("Ekwateur", "https://ekwateur.fr"),
  energy("Mint Énergie", "https://www.mint-energie.com"),
  energy("OHM Énergie", "https://www.ohm-energie.com"),
  energy("Vattenfall", "https://www.vattenfall.fr"),
  energy("Octopus Energy", "https://octopusenergy.fr"),
  energy("Enercoop", "https://www.enercoop.fr"),
  energy("Ilek", "https://www.ilek.fr"),
  energy("Électricité de Strasbourg", "https://www.es.fr"),
  energy("Gaz de Bordeaux", "https://www.gazdebordeaux.fr"),
  energy("Butagaz", "https://www.butagaz.fr"),
  energy("Primagaz", "https://www.primagaz.fr"),
  energy("Antargaz", "https://www.antargaz.fr"),
];

export const WATER: readonly CompanySeed[] = [
  water("Veolia Eau", "https://www.eau.veolia.fr"),
  water("Suez — Tout sur mon eau", "https://www.toutsurmoneau.fr"),
  water("Saur", "https://www.saur.com"),
  water("Eau de Paris", "https://www.eaudeparis.fr"),
  water("SEDIF (Syndicat des eaux d'Île-de-France)", "https://www.sedif.com"),
];

export const TELECOMS: readonly CompanySeed[] = [
  telecom("Orange", "https://www.orange.fr"),
  telecom("Sosh", "https://www.sosh.fr"),
  telecom("SFR", "https://www.sfr.fr"),
  telecom("RED by SFR", "https://www.red-by-sfr.fr"),
  telecom("Bouygues Telecom", "https://www.bouyguestelecom.fr"),
  telecom("Free", "https://www.free.fr"),
  telecom("Free Mobile", "https://mobile.free.fr"),
  telecom("La Poste Mobile", "https://www.lapostemobile.fr"),
  of("telecom", [TELECOM_CLOSE])("NRJ Mobile", "https://www.nrjmobile.fr"),
  of("telecom", [TELECOM_CLOSE])("Coriolis Télécom", "https://www.coriolis.com"),
  of("telecom", [TELECOM_CLOSE])("Prixtel", "https://www.prixtel.com"),
];

export const HOUSING: readonly CompanySeed[] = [
  landlord("CDC Habitat", "https://www.cdc-habitat.fr"),
  landlord("Paris Habitat", "https://www.parishabitat.fr"),
  landlord("Immobilière 3F", "https://www.groupe3f.fr"),
  landlord("ICF Habitat", "https://www.icfhabitat.fr"),
  landlord("Vilogia", "https://www.vilogia.fr"),
  landlord("Erilia", "https://www.erilia.fr"),
  landlord("Seqens", "https://www.seqens.fr"),
  landlord("Lyon Métropole Habitat", "https://www.lmhabitat.fr"),
  landlord("Grand Lyon Habitat", "https://www.grandlyonhabitat.fr"),
  landlord("13 Habitat", "https://www.13habitat.fr"),
  {
    name: "Action Logement",
    category: "housing",
    website: "https://www.actionlogement.fr",
    source: "https://www.actionlogement.fr",
    checkedOn: null,
    formalities: [
      {
        name: "Déclarer le décès d'un bénéficiaire d'un prêt ou d'une aide Action Logement",
        kind: "notify",
        requiresLetter: true,
        fields: { contract_number: true },
        documents: ["death_certificate"],
      },
    ],
  },
];
