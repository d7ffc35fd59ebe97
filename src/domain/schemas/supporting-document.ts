import { z } from "zod";
import { isDocumentTypeCode } from "@/domain/document-types";
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

const documentTypeCodeSchema = z
  .string({ error: "supporting_document__document_type__blank" })
  .trim()
  .min(1, { error: "supporting_document__document_type__blank" })
  .refine(isDocumentTypeCode, { error: "supporting_document__document_type__invalid" })
  .meta({ description: "Code of the kind of document (GET /api/v1/autocompletes/document_types)", example: "death_certificate" });

const optionalDate = (field: "expiry_date" | "issue_date") =>
  z
    .union([z.literal("").transform(() => null), z.iso.date({ error: `supporting_document__${field}__invalid` })], { error: `supporting_document__${field}__invalid` })
    .nullable()
    .optional()
    .meta({ description: "Date as YYYY-MM-DD", example: field === "expiry_date" ? "2031-05-12" : "2026-05-12" });

const referenceSchema = z
  .string()
  .trim()
  .max(120, { error: "supporting_document__reference__too_long" })
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional()
  .meta({ description: "Number or reference printed on the document", example: "12AB34567" });

function checkDates(value: { expiry_date?: string | null; issue_date?: string | null }, ctx: z.RefinementCtx) {
  if (value.expiry_date && value.issue_date && value.expiry_date < value.issue_date) {
    ctx.addIssue({ code: "custom", path: ["expiry_date"], message: "supporting_document__expiry_date__before_issue_date" });
  }
}

/**
 * The text fields of a multipart upload (POST …/supporting_documents): everything but
 * `file`. The owner is the resource of the path; owner_type / owner_id, when sent, must
 * name that same resource.
 */
export const supportingDocumentUploadFieldsSchema = z
  .object({
    document_type: documentTypeCodeSchema,
    expiry_date: optionalDate("expiry_date"),
    issue_date: optionalDate("issue_date"),
    reference: referenceSchema,
    owner_type: z.enum(SUPPORTING_DOCUMENT_OWNER_TYPES, { error: "supporting_document__owner_type__invalid" }).optional(),
    owner_id: idSchema.optional(),
  })
  .superRefine(checkDates);
export type SupportingDocumentUploadFields = z.infer<typeof supportingDocumentUploadFieldsSchema>;

/** The text fields of a new version's upload (POST /supporting_documents/{id}/versions): the dates and reference may change with the file. */
export const supportingDocumentVersionFieldsSchema = z
  .object({ expiry_date: optionalDate("expiry_date"), issue_date: optionalDate("issue_date"), reference: referenceSchema })
  .superRefine(checkDates);
export type SupportingDocumentVersionFields = z.infer<typeof supportingDocumentVersionFieldsSchema>;

/** PUT …/supporting_documents/{document_id}: the details, and optionally the full list of owners (never empty). */
export const supportingDocumentUpdateSchema = z
  .object({
    document_type: documentTypeCodeSchema.optional(),
    expiry_date: optionalDate("expiry_date"),
    issue_date: optionalDate("issue_date"),
    reference: referenceSchema,
    owners: z.array(supportingDocumentOwnerSchema).min(1, { error: "supporting_document__owners__missing" }).max(20).optional(),
  })
  .superRefine(checkDates);
export type SupportingDocumentUpdate = z.infer<typeof supportingDocumentUpdateSchema>;

export const supportingDocumentVersionViewSchema = z
  .object({
    id: z.number().int(),
    file_name: z.string().meta({ description: "Cleaned display name (files are stored under random keys)", example: "acte-de-deces.pdf" }),
    content_type: z.enum(["application/pdf", "image/jpeg", "image/png", "image/webp"]),
    byte_size: z.number().int(),
    sha256: z.string().meta({ description: "SHA-256 of the stored file, hexadecimal" }),
    current: z.boolean().meta({ description: "The version a download without ?version= returns" }),
    created_at: z.number().int().meta({ description: "Upload time, seconds since the epoch" }),
    download_url: z.string().meta({ example: "/api/v1/supporting_documents/12/file?version=30" }),
  })
  .meta({ id: "SupportingDocumentVersion" });
export type SupportingDocumentVersionView = z.infer<typeof supportingDocumentVersionViewSchema>;

export const supportingDocumentViewSchema = z
  .object({
    id: z.number().int(),
    document_type: z.string().meta({ example: "death_certificate" }),
    expiry_date: z.string().nullable(),
    issue_date: z.string().nullable(),
    reference: z.string().nullable(),
    file_name: z.string(),
    content_type: z.enum(["application/pdf", "image/jpeg", "image/png", "image/webp"]),
    byte_size: z.number().int(),
    sha256: z.string(),
    version_id: z.number().int().meta({ description: "Id of the current version" }),
    versions_count: z.number().int(),
    owners: z.array(z.object({ owner_type: z.enum(SUPPORTING_DOCUMENT_OWNER_TYPES), owner_id: z.number().int() })),
    created_at: z.number().int(),
    updated_at: z.number().int(),
    download_url: z.string().meta({ example: "/api/v1/supporting_documents/12/file" }),
  })
  .meta({ id: "SupportingDocument" });
export type SupportingDocumentView = z.infer<typeof supportingDocumentViewSchema>;
