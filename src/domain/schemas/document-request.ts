import { z } from "zod";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import {
  DOCUMENT_REQUEST_ACTIONS,
  DOCUMENT_REQUEST_CODE_LENGTH,
  DOCUMENT_REQUEST_ITEM_STATUSES,
  DOCUMENT_REQUEST_MAX_ITEMS,
} from "@/domain/document-requests";
import { localeSchema, phoneSchema } from "@/domain/schemas/common";
import { storableText } from "@/domain/text";

/** One schema per resource (DESIGN): the sender's form, the API and the OpenAPI document share these. */

export const documentRequestItemInputSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPE_CODES as unknown as [string, ...string[]], { error: "document_request__document_type__invalid" }),
  action: z.enum(DOCUMENT_REQUEST_ACTIONS, { error: "document_request__action__invalid" }),
});

export const documentRequestCreateSchema = z
  .object({
    recipient_firstname: storableText(
      z
        .string({ error: "document_request__recipient_firstname__blank" })
        .trim()
        .min(1, { error: "document_request__recipient_firstname__blank" })
        .max(60, { error: "document_request__recipient_firstname__too_long" }),
      "document_request__recipient_firstname__invalid_characters",
    ),
    phone: z.string({ error: "document_request__phone__invalid" }).max(40, { error: "document_request__phone__invalid" }).pipe(phoneSchema),
    items: z
      .array(documentRequestItemInputSchema, { error: "document_request__items__blank" })
      .min(1, { error: "document_request__items__blank" })
      .max(DOCUMENT_REQUEST_MAX_ITEMS, { error: "document_request__items__too_many" })
      .refine((items) => new Set(items.map((i) => `${i.document_type}:${i.action}`)).size === items.length, {
        error: "document_request__items__duplicate",
      }),
    message: storableText(z.string().trim().max(300, { error: "document_request__message__too_long" }), "document_request__message__invalid_characters")
      .nullable()
      .optional(),
    locale: localeSchema.optional().meta({ description: "Language of the SMS and of the page it links to (default fr)" }),
  })
  .meta({ id: "DocumentRequestCreate" });
export type DocumentRequestCreate = z.infer<typeof documentRequestCreateSchema>;

export const documentRequestVerifySchema = z
  .object({
    code: z
      .string({ error: "document_request__code__invalid" })
      .trim()
      .regex(new RegExp(`^\\d{${DOCUMENT_REQUEST_CODE_LENGTH}}$`), { error: "document_request__code__invalid" })
      .meta({ example: "482913" }),
  })
  .meta({ id: "DocumentRequestVerify" });

export const documentRequestItemSchema = z
  .object({
    id: z.number().int(),
    document_type: z.string().meta({ example: "identity_card" }),
    action: z.enum(DOCUMENT_REQUEST_ACTIONS),
    status: z.enum(DOCUMENT_REQUEST_ITEM_STATUSES),
    received_at: z.string().nullable().meta({ description: "ISO 8601, when the family sent it through this link" }),
    already_on_file: z.boolean().meta({ description: "The procedure already holds a document of this type" }),
  })
  .meta({ id: "DocumentRequestItem" });
export type DocumentRequestItem = z.infer<typeof documentRequestItemSchema>;

/** What the link shows to anyone holding it: first names, a count, the expiry. */
export const documentRequestPreviewSchema = z
  .object({
    recipient_firstname: z.string(),
    sender_firstname: z.string().nullable(),
    documents_count: z.number().int(),
    expires_at: z.string(),
    locale: z.string(),
    locked: z.boolean().meta({ description: "Too many wrong codes: the sender must send a new link" }),
    attempts_left: z.number().int().meta({ description: "Wrong codes still allowed before the link locks" }),
    verified: z.boolean().meta({ description: "The caller proved who they are (code or session): `items` and `message` follow" }),
  })
  .meta({ id: "DocumentRequestPreview" });

/** After proof: the list too. */
export const documentRequestViewSchema = documentRequestPreviewSchema
  .extend({
    message: z.string().nullable().optional(),
    items: z.array(documentRequestItemSchema).optional(),
  })
  .meta({ id: "DocumentRequestView" });
export type DocumentRequestView = z.infer<typeof documentRequestViewSchema>;

export const documentRequestProofSchema = z
  .object({
    proof_token: z.string().meta({ description: "Send it back in X-Document-Request-Proof; valid for this request only" }),
    expires_at: z.string(),
  })
  .meta({ id: "DocumentRequestProof" });

/** The sender's view (owner, editor, advisor): never the link nor the code. */
export const documentRequestSummarySchema = z
  .object({
    id: z.number().int(),
    administrative_procedure_id: z.number().int(),
    recipient_firstname: z.string(),
    phone: z.string(),
    message: z.string().nullable(),
    locale: z.string(),
    expires_at: z.string(),
    sent_at: z.string().nullable(),
    verified_at: z.string().nullable(),
    locked: z.boolean(),
    items: z.array(documentRequestItemSchema),
    created_at: z.string(),
  })
  .meta({ id: "DocumentRequestSummary" });
export type DocumentRequestSummary = z.infer<typeof documentRequestSummarySchema>;
