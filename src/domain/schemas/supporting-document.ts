import { z } from "zod";
import { idSchema } from "@/domain/schemas/common";

/** Supporting documents (ID, death certificate...) uploaded by families, each with at least one owner. */

export const SUPPORTING_DOCUMENT_OWNER_TYPES = ["Client", "Defunct", "AdministrativeProcedure", "OngoingFormality", "Deal"] as const;
export type SupportingDocumentOwnerType = (typeof SUPPORTING_DOCUMENT_OWNER_TYPES)[number];

export const supportingDocumentOwnerSchema = z.object({
  owner_type: z.enum(SUPPORTING_DOCUMENT_OWNER_TYPES, { error: "supporting_document__owner_type__invalid" }),
  owner_id: idSchema,
});

export const supportingDocumentSchema = z.object({
  document_type: z.string().trim().min(1, { error: "supporting_document__document_type__blank" }).max(64),
  expiry_date: z.iso.date({ error: "supporting_document__expiry_date__invalid" }).nullable().optional(),
  issue_date: z.iso.date({ error: "supporting_document__issue_date__invalid" }).nullable().optional(),
  reference: z.string().max(120, { error: "supporting_document__reference__too_long" }).nullable().optional(),
  owners: z.array(supportingDocumentOwnerSchema).min(1, { error: "supporting_document__owners__missing" }),
});
export type SupportingDocumentInput = z.infer<typeof supportingDocumentSchema>;
