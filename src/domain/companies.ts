import type { FormalityField, FormalityKind } from "@/domain/schemas/administrative-procedure";

/**
 * The companies a family deals with after a death, as the reference data groups them.
 * Codes are stable: the seed, the API filter and the "Companies.categories.<code>"
 * messages use them; the order is the order the client space lists them in.
 */
export const COMPANY_CATEGORIES = [
  "bank",
  "insurance",
  "mutual",
  "pension",
  "health_insurance",
  "family_allowance",
  "employment",
  "tax",
  "energy",
  "water",
  "telecom",
  "housing",
  "vehicle",
  "online_account",
  "subscription",
  "postal",
  "legal",
] as const;
export type CompanyCategory = (typeof COMPANY_CATEGORIES)[number];

/**
 * Every field a company's formality may ask for, with its input type. The label of each
 * is "Companies.fields.<name>" and its help text "Companies.hints.<name>" in every locale.
 */
export const COMPANY_FIELD_TYPES = {
  account_number: "text",
  customer_number: "text",
  contract_number: "text",
  policy_number: "text",
  social_security_number: "text",
  tax_number: "text",
  pension_number: "text",
  allowance_number: "text",
  job_seeker_id: "text",
  iban: "iban",
  delivery_point: "text",
  meter_reading: "number",
  phone_line: "text",
  tenant_number: "text",
  registration_number: "text",
  account_identifier: "text",
  forwarding_address: "text",
  end_date: "date",
} as const satisfies Record<string, FormalityField["type"]>;
export type CompanyFieldName = keyof typeof COMPANY_FIELD_TYPES;
export const COMPANY_FIELD_NAMES = Object.keys(COMPANY_FIELD_TYPES) as CompanyFieldName[];

/** The message key naming a field (FormalityField.label). */
export const companyFieldLabelKey = (name: CompanyFieldName) => `Companies.fields.${name}`;

/** A formality's field, as stored and answered: `{ account_number: true }` → required account number. */
export function companyFields(spec: Partial<Record<CompanyFieldName, boolean>>): FormalityField[] {
  return (Object.entries(spec) as Array<[CompanyFieldName, boolean]>).map(([name, required]) => ({
    name,
    label: companyFieldLabelKey(name),
    type: COMPANY_FIELD_TYPES[name],
    required,
  }));
}

/** Which formality kinds a company may offer, in the order a checklist shows them. */
export const COMPANY_FORMALITY_KIND_ORDER: Record<FormalityKind, number> = { notify: 0, claim: 1, transfer: 2, close: 3 };
