import { BANK_FORMALITIES, CREDIT_FORMALITIES } from "@/server/db/seed/reference/companies/formalities";
import { CHECKED_ON, type CompanySeed } from "@/server/db/seed/reference/companies/types";

/** Banks (national, mutualist, online) and consumer-credit lenders. */
const bank = (name: string, website: string, read?: { source: string; formUrl?: string }): CompanySeed => ({
  name,
  category: "bank",
  website,
  formUrl: read?.formUrl ?? null,
  source: read?.source ?? website,
  checkedOn: read ? CHECKED_ON : null,
  formalities: BANK_FORMALITIES,
});

const lender = (name: string, website: string): CompanySeed => ({
  name,
  category: "bank",
  website,
  source: website,
  checkedOn: null,
  formalities: CREDIT_FORMALITIES,
});

export const BANKS: readonly CompanySeed[] = [
  bank("La Banque Postale", "https://www.labanquepostale.fr", {
    source: "https://www.labanquepostale.fr/particulier/accompagner/soucis/perte-proche/demarches-et-formalites.html",
    formUrl: "https://www.labanquepostale.fr/particulier/accompagner/soucis/perte-proche/demarches-et-formalites.html",
  }),
  bank("BNP Paribas", "https://mabanque.bnpparibas", {
    source: "https://mabanque.bnpparibas/fr/vos-besoins/vos-projets/recevoir-une-succession/les-consequences-du-deces-sur-les-principaux-contrats-bancaires",
  }),
  bank("Société Générale", "https://particuliers.sg.fr", {
    source: "https://particuliers.sg.fr/aides-contact-public/declarer-un-deces",
    formUrl: "https://particuliers.sg.fr/aides-contact-public/declarer-un-deces",
  }),
  // The regional banks describe the same process on the group's site (online form or the deceased's branch).
  bank("Crédit Agricole", "https://www.credit-agricole.fr", {
    source: "https://www.credit-agricole.fr/ca-languedoc/particulier/accompagnement/deces-et-succession.html",
  }),
  bank("Crédit Mutuel", "https://www.creditmutuel.fr"),
  bank("CIC", "https://www.cic.fr"),
  bank("Caisse d'Épargne", "https://www.caisse-epargne.fr"),
  bank("Banque Populaire", "https://www.banquepopulaire.fr", {
    source: "https://www.banquepopulaire.fr/banque-assurance-famille/succession-accompagner-deces-proche/",
    formUrl: "https://www.banquepopulaire.fr/banque-assurance-famille/succession-accompagner-deces-proche/",
  }),
  bank("LCL", "https://www.lcl.fr", { source: "https://www.lcl.fr/mag/succession/succession-deces-demarches" }),
  bank("Crédit Coopératif", "https://www.credit-cooperatif.coop"),
  bank("Crédit Mutuel de Bretagne", "https://www.cmb.fr"),
  bank("CCF", "https://www.ccf.fr"),
  bank("BoursoBank", "https://www.boursobank.com"),
  bank("Hello bank!", "https://www.hellobank.fr"),
  bank("Fortuneo", "https://www.fortuneo.fr"),
  bank("Monabanq", "https://www.monabanq.com"),
  bank("BforBank", "https://www.bforbank.com"),
  bank("Nickel", "https://nickel.eu"),
  bank("N26", "https://n26.com"),
  bank("Revolut", "https://www.revolut.com"),
  lender("Cetelem", "https://www.cetelem.fr"),
  lender("Cofidis", "https://www.cofidis.fr"),
  lender("Sofinco", "https://www.sofinco.fr"),
  lender("Franfinance", "https://www.franfinance.fr"),
];
