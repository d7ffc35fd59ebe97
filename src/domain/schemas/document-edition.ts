import { z } from "zod";
import { DEAL_KINDS } from "@/domain/schemas/deal";
import { idSchema } from "@/domain/schemas/common";

/**
 * Editable documents (templates) and their editions for a deal (SPEC "Other": editable
 * documents, document editions; issue 14). Times are Unix seconds.
 */
const seconds = z.number().int().meta({ description: "Unix seconds" });
export const MAX_EDITION_CHARS = 40_000;

export const editableDocumentsQuerySchema = z.object({
  deal_type: z.enum(DEAL_KINDS, { error: "editable_document__deal_type__invalid" }).optional(),
});

export const editableDocumentViewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deal_type: z.enum(DEAL_KINDS).nullable(),
    generation_type: z.string(),
    rule_tag: z.string().nullable(),
    owners: z.array(z.object({ owner_type: z.string(), owner_id: z.number().int() })),
    placeholders: z.array(z.string()).meta({ description: "The {{keys}} the template fills from the deal" }),
    template: z.string().nullable(),
  })
  .meta({ id: "EditableDocument" });
export type EditableDocumentView = z.infer<typeof editableDocumentViewSchema>;

/** POST /api/v1/document_editions */
export const documentEditionCreateSchema = z.object({
  deal_id: idSchema,
  editable_document_id: z.coerce
    .number({ error: "document_edition__editable_document_id__not_found" })
    .int({ error: "document_edition__editable_document_id__not_found" })
    .positive({ error: "document_edition__editable_document_id__not_found" })
    .max(2_147_483_647, { error: "document_edition__editable_document_id__not_found" }),
});

/** PUT /api/v1/document_editions/{id}: the advisor's text. */
export const documentEditionUpdateSchema = z.object({
  content: z
    .string({ error: "document_edition__content__blank" })
    .trim()
    .min(1, { error: "document_edition__content__blank" })
    .max(MAX_EDITION_CHARS, { error: "document_edition__content__too_long" }),
});

export const documentEditionsQuerySchema = z.object({ deal_id: idSchema });

export const documentEditionViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    editable_document_id: z.number().int(),
    name: z.string(),
    content: z.string().meta({ description: "Markdown; missing data shows as [à compléter : …]" }),
    missing: z.array(z.object({ key: z.string(), label: z.string() })).meta({ description: "Data the deal does not hold yet, still marked in the text" }),
    created_at: seconds,
    updated_at: seconds,
  })
  .meta({ id: "DocumentEdition" });
export type DocumentEditionView = z.infer<typeof documentEditionViewSchema>;
