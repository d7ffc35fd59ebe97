/**
 * Kinds of supporting document a family collects after a death. The codes are stable
 * (document_types.code, companies' formalities list the ones they ask for, messages
 * "DocumentTypes.<code>" name them in each language). `expires`: the form asks for an
 * expiry date (identity papers) and the client space warns before it passes.
 */
export const DOCUMENT_TYPES = [
  { code: "death_certificate", expires: false },
  { code: "medical_death_certificate", expires: false },
  { code: "identity_card", expires: true },
  { code: "passport", expires: true },
  { code: "residence_permit", expires: true },
  { code: "driving_licence", expires: true },
  { code: "birth_certificate", expires: false },
  { code: "marriage_certificate", expires: false },
  { code: "family_record_book", expires: false },
  { code: "proof_of_address", expires: false },
  { code: "bank_details", expires: false },
  { code: "heirship_certificate", expires: false },
  { code: "notoriety_act", expires: false },
  { code: "funeral_invoice", expires: false },
  { code: "insurance_contract", expires: false },
  { code: "vehicle_registration", expires: false },
  { code: "tax_notice", expires: false },
  { code: "power_of_attorney", expires: false },
  { code: "other", expires: false },
] as const;

export type DocumentTypeCode = (typeof DOCUMENT_TYPES)[number]["code"];
export const DOCUMENT_TYPE_CODES = DOCUMENT_TYPES.map((t) => t.code) as readonly DocumentTypeCode[];

export function isDocumentTypeCode(value: unknown): value is DocumentTypeCode {
  return typeof value === "string" && (DOCUMENT_TYPE_CODES as readonly string[]).includes(value);
}
