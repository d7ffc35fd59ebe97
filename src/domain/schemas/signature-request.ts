import { z } from "zod";
import { idSchema } from "@/domain/schemas/common";

/** Signature requests (SPEC "Other": signature requests; issue 14). Times are Unix seconds. */
const seconds = z.number().int().meta({ description: "Unix seconds" });
/** requested → signed | declined | expired | cancelled (by the advisor); a closed request never reopens. */
export const SIGNATURE_STATUSES = ["requested", "signed", "declined", "expired", "cancelled"] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];
/** How long a signing link stays valid. */
export const SIGNATURE_VALIDITY_DAYS = 14;

/** POST /api/v1/signature_requests: one of the deal's PDFs, to a member of the deal's family. */
export const signatureRequestCreateSchema = z.object({
  deal_id: idSchema,
  document_id: idSchema,
  client_id: idSchema,
});

export const signatureRequestsQuerySchema = z.object({ deal_id: idSchema });

export const signatureRequestViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    document_id: z.number().int(),
    signed_document_id: z.number().int().nullable(),
    client_id: z.number().int().nullable(),
    signer_name: z.string(),
    signer_email: z.string(),
    status: z.enum(SIGNATURE_STATUSES),
    provider: z.string(),
    expires_at: seconds,
    signed_at: seconds.nullable(),
    declined_at: seconds.nullable(),
    created_at: seconds,
  })
  .meta({ id: "SignatureRequest" });
export type SignatureRequestView = z.infer<typeof signatureRequestViewSchema>;

/** What the signer's page shows (no deal data beyond the document's name). */
export const signerViewSchema = z
  .object({
    document_name: z.string(),
    signer_name: z.string(),
    requested_by: z.string().nullable().meta({ description: "The advisor who asked (first and last name), when still on the team" }),
    status: z.enum(SIGNATURE_STATUSES),
    expires_at: seconds,
    signed_at: seconds.nullable(),
  })
  .meta({ id: "SignerView" });

export const signatureRequestParams = z.object({ id: idSchema });
export type SignerView = z.infer<typeof signerViewSchema>;

export const signatureTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: "not_found" }).meta({ description: "The link's 256-bit token (base64url)" }),
});

/** POST /api/v1/signatures/{token}/sign: the signer types their name and ticks consent. */
export const signatureSignSchema = z.object({
  name: z.string({ error: "signature__name__blank" }).trim().min(1, { error: "signature__name__blank" }).max(120, { error: "signature__name__mismatch" }),
  consent: z.literal(true, { error: "signature__consent__required" }),
});
