import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { INVOICE_GROUP_TYPES } from "@/domain/schemas/entity-invoice";
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
    costTaxExcl: integer().notNull().default(0),
    costTaxIncl: integer().notNull().default(0),
    validatedAt: timestamp({ withTimezone: true, mode: "date" }),
    paidAt: timestamp({ withTimezone: true, mode: "date" }),
    searchName: searchName("entity_name", "bank_transfer_label"),
    ...timestamps,
  },
  (t) => [
    index("entity_invoices_entity_idx").on(t.entityType, t.entityId),
    index("entity_invoices_group_idx").on(t.groupType, t.groupYear, t.groupId),
    check("entity_invoices_costs_check", sql`${t.costTaxIncl} >= ${t.costTaxExcl}`),
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
    ...timestamps,
  },
  (t) => [index("entity_invoice_prestations_invoice_idx").on(t.entityInvoiceId), index("entity_invoice_prestations_deal_idx").on(t.dealId)],
);
