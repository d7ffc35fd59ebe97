import { and, eq, inArray } from "drizzle-orm";
import { FAMILY_LINKS, type FamilyLink } from "@/domain/schemas/administrative-procedure";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { cityhalls } from "@/server/db/schema/geo";
import { administrativeProcedures, defuncts, documentTypes, ongoingFormalities, supportingDocumentOwners, supportingDocuments } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import { renderFormalityLetter, type FormalityLetterInput } from "@/server/integrations/pdf/formality-letter";
import { holdAllows, type ProcedureHold } from "@/server/services/procedures/procedure-access";
import { loadFormalities } from "@/server/services/procedures/procedure-views";
import { assertComplete, signatoryOf } from "@/server/services/procedures/signatory";

/**
 * The letter of one formality: gathered from the procedure, the signatory (the family member
 * acting, or the owner when an advisor acts), the company and the attached documents. The
 * labels come from the French messages, since the letter is always written in French.
 */

type Messages = Record<string, Record<string, unknown> | undefined>;
let french: Messages | null = null;

async function frenchMessages(): Promise<Messages> {
  french ??= (await import("../../../../messages/fr.json")).default as unknown as Messages;
  return french;
}

function humanise(code: string): string {
  const text = code.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** French names of the references companies usually ask for, when the companies' messages do not name one. */
const FIELD_NAMES: Record<string, string> = {
  account_number: "Numéro de compte",
  iban: "IBAN",
  contract_reference: "Référence du contrat",
  contract_number: "Numéro de contrat",
  policy_number: "Numéro de contrat",
  customer_number: "Numéro de client",
  client_number: "Numéro de client",
  line_number: "Numéro de ligne",
  phone_number: "Numéro de téléphone",
  meter_number: "Numéro de compteur",
  delivery_point: "Point de livraison (PDL/PCE)",
  social_security_number: "Numéro de sécurité sociale",
  pension_number: "Numéro de pension",
  tax_number: "Numéro fiscal",
  registration_number: "Numéro d'immatriculation",
  membership_number: "Numéro d'adhérent",
  closing_date: "Date de clôture",
  defunct_death_date: "Date du décès",
};

/** A message of the French file by dotted path under a namespace, else `fallback`, else a readable form of the code. */
function frenchLabel(messages: Messages, namespace: string, key: string, fallback?: string | null): string {
  let node: unknown = messages[namespace];
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : (fallback ?? humanise(key.split(".").pop() ?? key));
}

/** "account_number", "fields.account_number" and "Companies.fields.account_number" all name Companies.fields.account_number. */
export function fieldLabelKey(label: string): string {
  const key = label.replace(/^Companies\./, "");
  return key.startsWith("fields.") ? key : `fields.${key}`;
}

export async function letterInput(db: Db, hold: ProcedureHold, formalityId: number, now: Date): Promise<FormalityLetterInput> {
  const [loaded] = await loadFormalities(db, { formalityId });
  if (!loaded) throw new ApiError(404, "not_found");
  const signatory = await signatoryOf(db, hold);
  assertComplete(signatory);
  const [row] = await db
    .select({ link: administrativeProcedures.defunctFamilyLink, d: defuncts, city: cityhalls.name })
    .from(administrativeProcedures)
    .innerJoin(defuncts, eq(defuncts.id, administrativeProcedures.defunctId))
    .leftJoin(cityhalls, eq(cityhalls.id, administrativeProcedures.defunctDeathCityId))
    .where(eq(administrativeProcedures.id, hold.procedureId))
    .limit(1);
  if (!row) throw new ApiError(404, "not_found");
  const messages = await frenchMessages();
  const view = loaded.view;
  const attached = await db
    .select({ type: supportingDocuments.documentType, name: documentTypes.name, reference: supportingDocuments.reference })
    .from(supportingDocumentOwners)
    .innerJoin(supportingDocuments, eq(supportingDocuments.id, supportingDocumentOwners.supportingDocumentId))
    .leftJoin(documentTypes, eq(documentTypes.code, supportingDocuments.documentType))
    .where(and(eq(supportingDocumentOwners.ownerType, "OngoingFormality"), eq(supportingDocumentOwners.ownerId, formalityId)))
    .orderBy(supportingDocuments.id);
  // The document types' own French names (reference data) when the messages have none.
  const typeNames = new Map(
    view.formality.document_types.length
      ? (await db.select({ code: documentTypes.code, name: documentTypes.name }).from(documentTypes).where(inArray(documentTypes.code, view.formality.document_types))).map((t) => [t.code, t.name])
      : [],
  );
  const enclosures = attached.length
    ? attached.map((doc) => frenchLabel(messages, "DocumentTypes", doc.type, doc.name) + (doc.reference ? ` (réf. ${doc.reference})` : ""))
    : view.formality.document_types.map((code) => frenchLabel(messages, "DocumentTypes", code, typeNames.get(code)));
  const d = row.d;
  // The family link of the signatory: the owner's is the procedure's; another member's is their own ability's.
  let link = row.link as FamilyLink | null;
  if (hold.kind === "family" && hold.role !== "owner") {
    const [ability] = await db
      .select({ link: procedureAbilities.link })
      .from(procedureAbilities)
      .where(and(eq(procedureAbilities.administrativeProcedureId, hold.procedureId), eq(procedureAbilities.clientId, signatory.id)))
      .limit(1);
    link = (FAMILY_LINKS as readonly string[]).includes(ability?.link ?? "") ? (ability!.link as FamilyLink) : null;
  }
  return {
    sender: {
      civility: signatory.civility,
      firstname: signatory.firstname,
      lastname: signatory.lastname,
      address: signatory.address,
      addressL2: signatory.addressL2,
      postalCode: signatory.postalCode,
      city: signatory.city,
      phone: signatory.phone,
      email: signatory.email,
    },
    deceased: {
      civility: d.civility,
      firstname: d.firstname,
      lastname: d.lastname,
      birthName: d.birthName,
      birthDate: d.birthDate,
      birthLocation: d.birthLocation,
      deathDate: d.deathDate,
      deathCity: row.city ?? null,
    },
    familyLink: link,
    company: { name: view.company.name, address: view.company.address },
    formality: { name: view.formality.name, kind: view.formality.kind },
    references: view.formality.fields
      .filter((f) => (view.fields[f.name] ?? "").trim())
      .map((f) => ({ label: frenchLabel(messages, "Companies", fieldLabelKey(f.label), FIELD_NAMES[f.name]), value: view.fields[f.name]! })),
    enclosures,
    enclosuresAttached: attached.length > 0,
    issuedOn: now,
  };
}

/**
 * GET /api/v1/ongoing_formalities/{id}/letter: the PDF. A caller who may change the
 * formality records that the letter exists (a formality needing a letter may then be
 * marked sent); a reader's download changes nothing.
 */
export async function formalityLetter(db: Db, hold: ProcedureHold, formalityId: number, now: Date = new Date()): Promise<{ pdf: Buffer; fileName: string }> {
  const input = await letterInput(db, hold, formalityId, now);
  const pdf = await renderFormalityLetter(input);
  if (holdAllows(hold, "formalities:write")) {
    await db.update(ongoingFormalities).set({ letterGeneratedAt: now }).where(eq(ongoingFormalities.id, formalityId));
  }
  return { pdf, fileName: letterFileName(input) };
}

export function letterFileName(input: Pick<FormalityLetterInput, "company">): string {
  const slug = input.company.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `courrier-${slug || "organisme"}.pdf`;
}
