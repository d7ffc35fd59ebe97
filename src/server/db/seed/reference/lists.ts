import type { Db } from "@/server/db/client";
import { documentTypes } from "@/server/db/schema/procedures";
import { concessionTypes, funeralWorkTypes, worshipTypes } from "@/server/db/schema/partners";

/** Small reference lists of French funeral practice (not demo data: they describe the trade). */

export const DOCUMENT_TYPES: ReadonlyArray<[code: string, name: string, expires: boolean]> = [
  ["death_certificate", "Certificat de décès (volet administratif)", false],
  ["death_record", "Acte de décès", false],
  ["defunct_identity", "Pièce d'identité du défunt", true],
  ["declarant_identity", "Pièce d'identité du déclarant", true],
  ["family_record_book", "Livret de famille", false],
  ["birth_record", "Acte de naissance", false],
  ["proof_of_address", "Justificatif de domicile", false],
  ["concession_title", "Titre de concession funéraire", false],
  ["funeral_contract", "Contrat obsèques", false],
  ["health_insurance_card", "Carte Vitale ou attestation de droits", false],
  ["cremation_request", "Demande de crémation de la personne qui organise les obsèques", false],
  ["no_medico_legal_obstacle", "Certificat d'absence d'obstacle médico-légal", false],
  ["pacemaker_removal", "Attestation de retrait de prothèse fonctionnant au moyen d'une pile", false],
  ["non_contagion", "Certificat de non-contagion", false],
  ["mortuary_pass", "Laissez-passer mortuaire", false],
  ["consular_authorisation", "Autorisation consulaire", false],
  ["bank_details", "Relevé d'identité bancaire", false],
];

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
  await db.insert(documentTypes).values(DOCUMENT_TYPES.map(([code, name, expires]) => ({ code, name, expires })));
  await db.insert(worshipTypes).values(WORSHIP_TYPES.map(([code, name]) => ({ code, name })));
  await db.insert(concessionTypes).values(CONCESSION_TYPES.map(([name, kind, places]) => ({ name, kind, places })));
  await db.insert(funeralWorkTypes).values(FUNERAL_WORK_TYPES.map(([code, name]) => ({ code, name })));
}
