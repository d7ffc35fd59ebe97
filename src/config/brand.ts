/** The product's brand: every title, the reviews path and the legal documents use it. */
export const BRAND = "Paisible";
export const BRAND_SLUG = "paisible";
/** Shown to families on every page; a later capability may make it configurable per campaign. */
export const ADVISOR_PHONE = "01 84 60 42 42";
export const ADVISOR_PHONE_E164 = "+33184604242";
export const OPERATOR = {
  legalName: "Paisible SAS",
  address: "12 rue de la Paix, 75002 Paris",
  licence: "Habilitation funéraire n° 25-75-0412 (démonstration)",
  siren: "912 345 678",
} as const;
/**
 * The account partners' invoices are paid from (SEPA transfer files). Demonstration values —
 * the example IBAN banks publish — until the operator's real account is set here; the
 * transfer file says so in its initiating party's name while `demo` is true.
 */
export const OPERATOR_BANK_ACCOUNT = { iban: "FR7630006000011234567890189", bic: "AGRIFRPPXXX", demo: true } as const;
