import { z } from "zod";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import { idSchema } from "@/domain/schemas/common";

/**
 * A deal's documents in the back-office (SPEC §7 "Deals (v1)" documents, issue 14): the
 * files of the case, and the batches that send some of them by e-mail to recipients (the
 * crematorium, the town hall...). Times are Unix seconds.
 */

const seconds = z.number().int().meta({ description: "Unix seconds" });
/** Letters, marks, digits, spaces and the punctuation of names; never a control character (no header injection). */
const NO_CONTROL = /^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u;

/** The text fields of POST /api/v1/deals/{id}/documents (multipart, next to the `file` part). */
export const dealDocumentUploadFieldsSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPE_CODES as unknown as [string, ...string[]], { error: "document__document_type__invalid" }).optional(),
  name: z.string().trim().max(160, { error: "document__name__too_long" }).regex(NO_CONTROL, { error: "document__name__invalid" }).optional(),
});
export type DealDocumentUploadFields = z.infer<typeof dealDocumentUploadFieldsSchema>;

export const dealDocumentViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    name: z.string(),
    document_type: z.string().nullable(),
    content_type: z.string(),
    byte_size: z.number().int(),
    sha256: z.string().nullable(),
    sent_at: seconds.nullable(),
    created_at: seconds,
    uploaded_by: z.string().nullable().meta({ description: "Who added it (a business user's name); null for a signed copy" }),
    download_url: z.string().meta({ description: "GET path of the file (attachment)" }),
  })
  .meta({ id: "DealDocument" });
export type DealDocumentView = z.infer<typeof dealDocumentViewSchema>;

/** POST /api/v1/deals/{id}/documents/batches */
export const documentBatchCreateSchema = z.object({
  name: z.string().trim().max(160, { error: "document_batch__name__too_long" }).regex(NO_CONTROL, { error: "document_batch__name__invalid" }).optional(),
  message: z.string().trim().max(4000, { error: "document_batch__message__too_long" }).optional(),
});

/** POST …/batches/{batch_id}/documents */
export const documentBatchDocumentSchema = z.object({ document_id: idSchema });

/**
 * POST …/batches/{batch_id}/recipients. The address is checked whole (no line break, no
 * second address): it becomes a message's only `to`, never a header written by hand.
 */
export const documentBatchRecipientSchema = z.object({
  email: z
    .string({ error: "document_batch__email__invalid" })
    .trim()
    .toLowerCase()
    .max(254, { error: "document_batch__email__invalid" })
    .regex(NO_CONTROL, { error: "document_batch__email__invalid" })
    .pipe(z.email({ error: "document_batch__email__invalid" })),
  name: z
    .string({ error: "document_batch__name__blank" })
    .trim()
    .min(1, { error: "document_batch__name__blank" })
    .max(120, { error: "document_batch__name__too_long" })
    .regex(NO_CONTROL, { error: "document_batch__name__invalid" }),
});
export type DocumentBatchRecipientInput = z.infer<typeof documentBatchRecipientSchema>;

export const documentBatchViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    name: z.string().nullable(),
    message: z.string().nullable(),
    documents: z.array(z.object({ id: z.number().int(), name: z.string(), byte_size: z.number().int() })),
    recipients: z.array(z.object({ id: z.number().int(), email: z.string(), name: z.string() })),
    sent_at: seconds.nullable(),
    created_at: seconds,
  })
  .meta({ id: "DocumentBatch", description: "Documents sent together by e-mail; a sent batch cannot change" });
export type DocumentBatchView = z.infer<typeof documentBatchViewSchema>;

export const documentTypeViewSchema = z.object({ code: z.string(), expires: z.boolean() }).meta({ id: "DocumentType" });
