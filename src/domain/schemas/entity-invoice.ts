import { z } from "zod";
import { INVOICE_GROUP_TYPES } from "@/domain/invoices/group";
import { isValidBic, isValidIban, normalizeIban } from "@/domain/invoices/iban";
import { INVOICE_STATES } from "@/domain/invoices/state";
import { VAT_RATES_BP } from "@/domain/invoices/totals";
import { idSchema, pagingQuerySchema } from "@/domain/schemas/common";

/** Invoices received from partners (entities), grouped by prestation, month, quarter or deal (SPEC §3, §7). */

export { INVOICE_GROUP_TYPES, normalizeInvoiceGroupId, type InvoiceGroupType } from "@/domain/invoices/group";

/** The partners that bill the product: the keys match their tables. */
export const INVOICE_ENTITY_TYPES = ["Crematorium", "FuneralParlor", "Graveyard", "Supplier"] as const;
export type InvoiceEntityType = (typeof INVOICE_ENTITY_TYPES)[number];

export const ENTITY_INVOICES_PER_PAGE = 25;
export const ENTITY_INVOICE_SORTS = ["group", "number", "entity", "state", "total", "created"] as const;
export type EntityInvoiceSort = (typeof ENTITY_INVOICE_SORTS)[number];

const cents = (code: string) => z.number({ error: code }).int({ error: code }).min(-100_000_000_00, { error: code }).max(100_000_000_00, { error: code });
const isoDate = (code: string) => z.string({ error: code }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: code }).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: code });

const groupSchema = z.object({
  type: z.enum(INVOICE_GROUP_TYPES, { error: "entity_invoice__group_type__invalid" }),
  id: z.number({ error: "entity_invoice__group_id__invalid" }).int({ error: "entity_invoice__group_id__invalid" }).min(1, { error: "entity_invoice__group_id__invalid" }).max(2_000_000_000, { error: "entity_invoice__group_id__invalid" }),
  year: z.number({ error: "entity_invoice__group_year__invalid" }).int({ error: "entity_invoice__group_year__invalid" }).min(2000, { error: "entity_invoice__group_year__invalid" }).max(2100, { error: "entity_invoice__group_year__invalid" }),
});

export const entityInvoiceListQuerySchema = pagingQuerySchema(ENTITY_INVOICES_PER_PAGE).extend({
  entity_type: z.enum(INVOICE_ENTITY_TYPES, { error: "entity_invoice__entity_type__invalid" }).optional(),
  entity_id: idSchema.optional(),
  group_type: z.enum(INVOICE_GROUP_TYPES, { error: "entity_invoice__group_type__invalid" }).optional(),
  group_id: idSchema.optional(),
  group_year: z.coerce.number({ error: "entity_invoice__group_year__invalid" }).int({ error: "entity_invoice__group_year__invalid" }).min(2000, { error: "entity_invoice__group_year__invalid" }).max(2100, { error: "entity_invoice__group_year__invalid" }).optional(),
  state: z.enum(INVOICE_STATES, { error: "entity_invoice__state__invalid" }).optional(),
  from: isoDate("entity_invoice__from__invalid").optional().meta({ description: "Created on or after this day (YYYY-MM-DD, UTC)" }),
  to: isoDate("entity_invoice__to__invalid").optional().meta({ description: "Created on or before this day (YYYY-MM-DD, UTC)" }),
  sort: z.enum(ENTITY_INVOICE_SORTS, { error: "entity_invoice__sort__invalid" }).optional().meta({ description: "Column to sort by (default: group, newest first)" }),
  direction: z.enum(["asc", "desc"], { error: "entity_invoice__direction__invalid" }).optional(),
});

/** A billable line picked at creation: the server reads its amount from the deal again, never from the caller. */
export const billableKeySchema = z.object({
  deal_id: idSchema,
  source_code: z.string({ error: "entity_invoice__billable__invalid" }).min(1, { error: "entity_invoice__billable__invalid" }).max(100, { error: "entity_invoice__billable__invalid" }),
});

/** GET /api/v1/entity_invoices/billable_prestations: a partner's prestations of a period not on an invoice yet. */
export const billableQuerySchema = z.object({
  entity_type: z.enum(INVOICE_ENTITY_TYPES, { error: "entity_invoice__entity_type__invalid" }),
  entity_id: idSchema,
  from: isoDate("entity_invoice__from__invalid").meta({ description: "Prestations dated on or after this day (YYYY-MM-DD, UTC)" }),
  to: isoDate("entity_invoice__to__invalid").meta({ description: "Prestations dated on or before this day (YYYY-MM-DD, UTC)" }),
});

export const billablePrestationSchema = z
  .object({
    deal_id: z.number().int(),
    deal_label: z.string().meta({ description: "The deceased's name, or empty" }),
    source_code: z.string(),
    description: z.string(),
    cost_ht: z.number().int(),
    cost_ttc: z.number().int(),
    vat_rate_bp: z.number().int(),
    date: z.string().meta({ description: "YYYY-MM-DD: the day of the deal's step at the partner, else the deal's creation day" }),
    demo: z.boolean().meta({ description: "The deal was priced with demonstration data" }),
  })
  .meta({ id: "BillablePrestation" });
export type BillablePrestation = z.infer<typeof billablePrestationSchema>;


/** PUT /api/v1/entity_invoices/{id}: a draft's group and the account the partner asks to be paid to. */
export const entityInvoiceUpdateSchema = z.object({
  group: groupSchema.optional(),
  payee_iban: z
    .string({ error: "entity_invoice__payee_iban__invalid" })
    .refine(isValidIban, { error: "entity_invoice__payee_iban__invalid" })
    .transform(normalizeIban)
    .nullable()
    .optional(),
  payee_bic: z
    .string({ error: "entity_invoice__payee_bic__invalid" })
    .refine(isValidBic, { error: "entity_invoice__payee_bic__invalid" })
    .transform((v) => v.trim().toUpperCase())
    .nullable()
    .optional(),
});

/** Prestation write (POST/PUT …/prestations): cost_ttc must be cost_ht plus the VAT of vat_rate_bp. */
export const prestationWriteSchema = z.object({
  description: z.string({ error: "entity_invoice_prestation__description__blank" }).trim().min(1, { error: "entity_invoice_prestation__description__blank" }).max(500, { error: "entity_invoice_prestation__description__too_long" }),
  cost_ht: cents("entity_invoice_prestation__cost_ht__invalid"),
  cost_ttc: cents("entity_invoice_prestation__cost_ttc__invalid"),
  vat_rate_bp: z
    .number({ error: "entity_invoice_prestation__vat_rate_bp__invalid" })
    .int({ error: "entity_invoice_prestation__vat_rate_bp__invalid" })
    .refine((v) => (VAT_RATES_BP as readonly number[]).includes(v), { error: "entity_invoice_prestation__vat_rate_bp__invalid" })
    .default(2000)
    .meta({ description: "VAT rate in basis points: 0, 210, 550, 1000 or 2000" }),
  deal_id: idSchema.nullable().optional(),
});

/**
 * POST /api/v1/entity_invoices: a draft for a partner and a group, with, in the same
 * transaction, the billable prestations picked (`billable`) and prestations typed by hand.
 */
export const entityInvoiceCreateSchema = z.object({
  entity: z.object({
    type: z.enum(INVOICE_ENTITY_TYPES, { error: "entity_invoice__entity_type__invalid" }),
    id: z.number({ error: "entity_invoice__entity_id__invalid" }).int({ error: "entity_invoice__entity_id__invalid" }).positive({ error: "entity_invoice__entity_id__invalid" }).max(2_147_483_647, { error: "entity_invoice__entity_id__invalid" }),
  }),
  group: groupSchema,
  billable: z.array(billableKeySchema, { error: "entity_invoice__billable__invalid" }).max(500, { error: "entity_invoice__billable__invalid" }).optional(),
  prestations: z.array(prestationWriteSchema, { error: "entity_invoice__prestations__invalid" }).max(500, { error: "entity_invoice__prestations__invalid" }).optional(),
});

export const entityInvoicePrestationSchema = z
  .object({ id: z.number().int(), description: z.string(), cost_ht: z.number().int(), cost_ttc: z.number().int(), vat_rate_bp: z.number().int(), deal_id: z.number().int().nullable() })
  .meta({ id: "EntityInvoicePrestation" });

export const entityInvoiceSchema = z
  .object({
    id: z.number().int(),
    number: z.string().nullable().meta({ description: "Set at validation: one gapless sequence per entity and year" }),
    state: z.enum(INVOICE_STATES),
    credit_note_of: z.number().int().nullable().meta({ description: "The invoice this credit note corrects" }),
    entity: z.object({ type: z.string(), id: z.number().int(), name: z.string() }),
    group: z.object({ type: z.enum(INVOICE_GROUP_TYPES), id: z.number().int(), year: z.number().int() }),
    bank_transfer_label: z.string().nullable(),
    payee_iban: z.string().nullable(),
    payee_bic: z.string().nullable(),
    cost_tax_excl: z.number().int(),
    cost_tax_incl: z.number().int(),
    vat: z.array(z.object({ rate_bp: z.number().int(), base: z.number().int(), tax: z.number().int() })),
    prestations: z.array(entityInvoicePrestationSchema),
    validated_at: z.number().int().nullable(),
    paid_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "EntityInvoice" });
export type EntityInvoiceView = z.infer<typeof entityInvoiceSchema>;

export const pendingPaymentsQuerySchema = z.object({
  from: isoDate("entity_invoice__from__invalid").optional().meta({ description: "Validated on or after this day (YYYY-MM-DD, UTC)" }),
  to: isoDate("entity_invoice__to__invalid").optional().meta({ description: "Validated on or before this day (YYYY-MM-DD, UTC)" }),
});

const idList = z.array(idSchema, { error: "entity_invoice__ids__invalid" }).min(1, { error: "entity_invoice__ids__invalid" }).max(500, { error: "entity_invoice__ids__invalid" });

/** POST …/pending_payments/bank_transfers: the invoices a transfer paid, and its label. */
export const bankTransferSchema = z.object({
  ids: idList,
  bank_transfer_label: z.string({ error: "entity_invoice__bank_transfer_label__blank" }).trim().min(1, { error: "entity_invoice__bank_transfer_label__blank" }).max(140, { error: "entity_invoice__bank_transfer_label__too_long" }),
});

/** POST …/pending_payments/reset: invoices whose transfer failed go back to pending. */
export const pendingResetSchema = z.object({ ids: idList });
