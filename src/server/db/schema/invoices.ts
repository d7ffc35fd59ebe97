import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { INVOICE_GROUP_TYPES } from "@/domain/invoices/group";
import { id, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";
import { deals } from "@/server/db/schema/deals";

/** Invoices partners (entities) send for their prestations, grouped by prestation, month, quarter or deal. */

export const invoiceGroupType = pgEnum("invoice_group_type", INVOICE_GROUP_TYPES);

export const entityInvoices = pgTable(
  "entity_invoices",
  {
    id: id(),
    /** The partner billing: FuneralParlor, Crematorium, Supplier... and its id. */
    entityType: text().notNull(),
    entityId: integer().notNull(),
    entityName: text().notNull(),
    groupType: invoiceGroupType().notNull(),
    groupId: integer().notNull(),
    groupYear: smallint().notNull(),
    bankTransferLabel: text(),
    /** The partner's account the invoice asks to be paid to (EN 16931 BG-17), for the SEPA transfer file. */
    payeeIban: text(),
    payeeBic: text(),
    costTaxExcl: integer().notNull().default(0),
    costTaxIncl: integer().notNull().default(0),
    /** Set at validation: the sequence is gapless per entity and number year (entity_invoice_counters). */
    number: text(),
    numberYear: smallint(),
    numberSeq: integer(),
    /** A credit note names the validated invoice it corrects. */
    creditNoteOfId: integer().references((): AnyPgColumn => entityInvoices.id, { onDelete: "restrict" }),
    validatedAt: timestamp({ withTimezone: true, mode: "date" }),
    paidAt: timestamp({ withTimezone: true, mode: "date" }),
    searchName: searchName("entity_name", "bank_transfer_label"),
    ...timestamps,
  },
  (t) => [
    index("entity_invoices_entity_idx").on(t.entityType, t.entityId),
    index("entity_invoices_group_idx").on(t.groupType, t.groupYear, t.groupId),
    // A credit note carries negative amounts, so incl. tax is at least excl. tax in absolute value.
    check("entity_invoices_costs_check", sql`abs(${t.costTaxIncl}) >= abs(${t.costTaxExcl})`),
    uniqueIndex("entity_invoices_number_idx").on(t.entityType, t.entityId, t.numberYear, t.numberSeq),
    index("entity_invoices_credit_note_of_idx").on(t.creditNoteOfId),
    ...searchIndexes("entity_invoices", t.searchName, false),
  ],
);

export const entityInvoicePrestations = pgTable(
  "entity_invoice_prestations",
  {
    id: id(),
    entityInvoiceId: integer()
      .notNull()
      .references(() => entityInvoices.id, { onDelete: "cascade" }),
    dealId: integer().references(() => deals.id, { onDelete: "set null" }),
    description: text().notNull(),
    costHt: integer().notNull(),
    costTtc: integer().notNull(),
    vatRateBp: integer().notNull().default(2000),
    ...timestamps,
  },
  (t) => [index("entity_invoice_prestations_invoice_idx").on(t.entityInvoiceId), index("entity_invoice_prestations_deal_idx").on(t.dealId)],
);

/** The last number given per entity and year: an upsert on this row serializes concurrent validations. */
export const entityInvoiceCounters = pgTable(
  "entity_invoice_counters",
  {
    entityType: text().notNull(),
    entityId: integer().notNull(),
    year: smallint().notNull(),
    lastSeq: integer().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId, t.year] })],
);
