import { DOCUMENT_TYPES, type DocumentTypeCode } from "@/domain/document-types";
import type { Db } from "@/server/db/client";
import { documentTypes } from "@/server/db/schema/procedures";
import { concessionTypes, funeralWorkTypes, worshipTypes } from "@/server/db/schema/partners";

/** Small reference lists of French funeral practice (not demo data: they describe the trade). */

/**
 * French names of the document types of src/domain/document-types.ts (the codes every part
 * shares; messages "DocumentTypes.<code>" name them in each language). The Record type makes
 * a new code without a name a compile error.
 */
export const DOCUMENT_TYPE_NAMES: Record<DocumentTypeCode, string> = {
  death_certificate: "Acte de décès",
  medical_death_certificate: "Certificat médical de décès",
  identity_card: "Carte nationale d'identité",
  passport: "Passeport",
  residence_permit: "Titre de séjour",
  driving_licence: "Permis de conduire",
  birth_certificate: "Acte de naissance",
  marriage_certificate: "Acte de mariage",
  family_record_book: "Livret de famille",
  proof_of_address: "Justificatif de domicile",
  bank_details: "Relevé d'identité bancaire (RIB)",
  heirship_certificate: "Attestation de dévolution successorale",
  notoriety_act: "Acte de notoriété",
  funeral_invoice: "Facture des obsèques",
  insurance_contract: "Contrat d'assurance",
  vehicle_registration: "Certificat d'immatriculation (carte grise)",
  tax_notice: "Avis d'imposition",
  power_of_attorney: "Procuration",
  other: "Autre document",
};

export const WORSHIP_TYPES: ReadonlyArray<[code: string, name: string]> = [
  ["catholic", "Catholique"],
  ["protestant", "Protestant"],
  ["orthodox", "Orthodoxe"],
  ["muslim", "Musulman"],
  ["jewish", "Juif"],
  ["buddhist", "Bouddhiste"],
  ["secular", "Laïque"],
];

export const CONCESSION_TYPES: ReadonlyArray<[name: string, kind: "ground" | "vault" | "columbarium" | "urn_grave" | "sole", places: number]> = [
  ["Pleine terre, une place", "ground", 1],
  ["Caveau deux places", "vault", 2],
  ["Caveau quatre places", "vault", 4],
  ["Case de columbarium", "columbarium", 4],
  ["Cavurne", "urn_grave", 4],
  ["Semelle", "sole", 0],
];

export const FUNERAL_WORK_TYPES: ReadonlyArray<[code: string, name: string]> = [
  ["vault_opening", "Ouverture et fermeture de caveau"],
  ["ground_digging", "Creusement et comblement de fosse"],
  ["monument_laying", "Pose de monument"],
  ["monument_removal", "Dépose et repose de monument"],
  ["engraving", "Gravure d'inscription"],
  ["vault_building", "Construction de caveau"],
  ["exhumation", "Exhumation"],
  ["cleaning", "Nettoyage et rénovation de sépulture"],
];

export async function seedReferenceLists(db: Db): Promise<void> {
  await db.insert(documentTypes).values(DOCUMENT_TYPES.map(({ code, expires }) => ({ code, name: DOCUMENT_TYPE_NAMES[code], expires })));
  await db.insert(worshipTypes).values(WORSHIP_TYPES.map(([code, name]) => ({ code, name })));
  await db.insert(concessionTypes).values(CONCESSION_TYPES.map(([name, kind, places]) => ({ name, kind, places })));
  await db.insert(funeralWorkTypes).values(FUNERAL_WORK_TYPES.map(([code, name]) => ({ code, name })));
}
