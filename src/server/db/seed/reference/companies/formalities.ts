import type { FormalitySeed } from "@/server/db/seed/reference/companies/types";

/**
 * The formalities most companies of a category offer, written once. Companies with a
 * different process (an online form, no letter) get their own list in their file.
 */

// Banks (Code monétaire et financier art. L312-1-4: funeral costs paid from the deceased's account).
export const BANK_NOTIFY: FormalitySeed = {
  name: "Déclarer le décès et bloquer les comptes du défunt",
  kind: "notify",
  requiresLetter: true,
  fields: { account_number: true, customer_number: false },
  documents: ["death_certificate", "identity_card"],
};
export const BANK_FUNERAL_COSTS: FormalitySeed = {
  name: "Demander le règlement des frais d'obsèques sur le compte du défunt",
  kind: "claim",
  requiresLetter: true,
  fields: { account_number: true },
  documents: ["death_certificate", "funeral_invoice", "identity_card"],
};
export const BANK_CLOSE: FormalitySeed = {
  name: "Clôturer les comptes et verser les avoirs aux héritiers",
  kind: "close",
  requiresLetter: true,
  fields: { account_number: true, iban: false },
  documents: ["death_certificate", "heirship_certificate", "identity_card", "bank_details"],
};
export const BANK_FORMALITIES = [BANK_NOTIFY, BANK_FUNERAL_COSTS, BANK_CLOSE] as const;

// Consumer credit: the borrower insurance may repay the loan.
export const CREDIT_FORMALITIES: readonly FormalitySeed[] = [
  {
    name: "Déclarer le décès de l'emprunteur et faire jouer l'assurance du crédit",
    kind: "claim",
    requiresLetter: true,
    fields: { contract_number: true, customer_number: false },
    documents: ["death_certificate", "medical_death_certificate", "identity_card"],
  },
];

// Insurers.
export const LIFE_INSURANCE_CLAIM: FormalitySeed = {
  name: "Demander le versement du capital d'une assurance vie ou décès",
  kind: "claim",
  requiresLetter: true,
  fields: { policy_number: true, iban: true },
  documents: ["death_certificate", "identity_card", "bank_details", "insurance_contract"],
};
export const FUNERAL_CONTRACT_CLAIM: FormalitySeed = {
  name: "Faire jouer le contrat obsèques",
  kind: "claim",
  requiresLetter: true,
  fields: { policy_number: true },
  documents: ["death_certificate", "funeral_invoice", "insurance_contract", "identity_card"],
};
export const PROPERTY_INSURANCE_CLOSE: FormalitySeed = {
  name: "Résilier les contrats d'assurance habitation ou auto du défunt",
  kind: "close",
  requiresLetter: true,
  fields: { policy_number: true, end_date: false },
  documents: ["death_certificate"],
};
export const PROPERTY_INSURANCE_TRANSFER: FormalitySeed = {
  name: "Transférer un contrat d'assurance habitation ou auto à un héritier",
  kind: "transfer",
  requiresLetter: true,
  fields: { policy_number: true },
  documents: ["death_certificate", "heirship_certificate", "identity_card"],
};
export const GENERAL_INSURER = [LIFE_INSURANCE_CLAIM, PROPERTY_INSURANCE_CLOSE, PROPERTY_INSURANCE_TRANSFER] as const;
export const LIFE_INSURER = [LIFE_INSURANCE_CLAIM, FUNERAL_CONTRACT_CLAIM] as const;

// Complementary health (mutuelles, institutions de prévoyance).
export const MUTUAL_CLOSE: FormalitySeed = {
  name: "Résilier la complémentaire santé du défunt",
  kind: "close",
  requiresLetter: true,
  fields: { contract_number: true, social_security_number: false },
  documents: ["death_certificate"],
};
export const MUTUAL_FUNERAL_ALLOWANCE: FormalitySeed = {
  name: "Demander l'allocation obsèques ou le capital décès si le contrat en prévoit un",
  kind: "claim",
  requiresLetter: true,
  fields: { contract_number: true, iban: true },
  documents: ["death_certificate", "funeral_invoice", "bank_details", "identity_card"],
};
export const MUTUAL_FORMALITIES = [MUTUAL_CLOSE, MUTUAL_FUNERAL_ALLOWANCE] as const;

// Pension funds: the survivor's pension is asked online, for every scheme at once, on info-retraite.fr.
export const PENSION_NOTIFY: FormalitySeed = {
  name: "Déclarer le décès d'un retraité ou d'un cotisant",
  kind: "notify",
  requiresLetter: true,
  fields: { pension_number: false, social_security_number: true },
  documents: ["death_certificate"],
};
export const PENSION_SURVIVOR: FormalitySeed = {
  name: "Demander la pension de réversion",
  kind: "claim",
  requiresLetter: false,
  fields: { social_security_number: true, pension_number: false, iban: true },
  documents: ["death_certificate", "marriage_certificate", "identity_card", "bank_details", "tax_notice"],
};
export const PENSION_FORMALITIES = [PENSION_NOTIFY, PENSION_SURVIVOR] as const;

// Energy and water supply.
export const SUPPLY_CLOSE: FormalitySeed = {
  name: "Résilier le contrat au nom du défunt",
  kind: "close",
  requiresLetter: true,
  fields: { customer_number: true, delivery_point: false, meter_reading: false, end_date: false },
  documents: ["death_certificate"],
};
export const SUPPLY_TRANSFER: FormalitySeed = {
  name: "Transférer le contrat au nom d'un proche qui reste dans le logement",
  kind: "transfer",
  requiresLetter: true,
  fields: { customer_number: true, delivery_point: false, meter_reading: false },
  documents: ["death_certificate", "identity_card", "proof_of_address"],
};
export const SUPPLY_FORMALITIES = [SUPPLY_CLOSE, SUPPLY_TRANSFER] as const;

// Telecoms.
export const TELECOM_CLOSE: FormalitySeed = {
  name: "Résilier l'abonnement mobile ou internet du défunt",
  kind: "close",
  requiresLetter: true,
  fields: { customer_number: true, phone_line: false },
  documents: ["death_certificate"],
};
export const TELECOM_TRANSFER: FormalitySeed = {
  name: "Reprendre la ligne au nom d'un proche",
  kind: "transfer",
  requiresLetter: true,
  fields: { customer_number: true, phone_line: true },
  documents: ["death_certificate", "identity_card"],
};
export const TELECOM_FORMALITIES = [TELECOM_CLOSE, TELECOM_TRANSFER] as const;

// Rented homes (loi du 6 juillet 1989, art. 14: the lease passes to the listed relatives or ends with the death).
export const LEASE_NOTIFY: FormalitySeed = {
  name: "Signaler le décès du locataire et mettre fin au bail",
  kind: "notify",
  requiresLetter: true,
  fields: { tenant_number: true, end_date: false },
  documents: ["death_certificate"],
};
export const LEASE_TRANSFER: FormalitySeed = {
  name: "Demander le transfert du bail à un proche qui vivait avec le défunt",
  kind: "transfer",
  requiresLetter: true,
  fields: { tenant_number: true },
  documents: ["death_certificate", "identity_card", "proof_of_address", "family_record_book"],
};
export const LEASE_FORMALITIES = [LEASE_NOTIFY, LEASE_TRANSFER] as const;

// Online accounts: an online form, never a letter.
export const ONLINE_CLOSE: FormalitySeed = {
  name: "Demander la suppression du compte du défunt",
  kind: "close",
  requiresLetter: false,
  fields: { account_identifier: true },
  documents: ["death_certificate", "identity_card"],
};
export const ONLINE_MEMORIAL: FormalitySeed = {
  name: "Signaler le décès et transformer le compte en compte de commémoration",
  kind: "notify",
  requiresLetter: false,
  fields: { account_identifier: true },
  documents: ["death_certificate"],
};

// Subscriptions (streaming, pay TV).
export const SUBSCRIPTION_CLOSE: FormalitySeed = {
  name: "Résilier l'abonnement du défunt",
  kind: "close",
  requiresLetter: false,
  fields: { account_identifier: true, customer_number: false },
  documents: ["death_certificate"],
};
