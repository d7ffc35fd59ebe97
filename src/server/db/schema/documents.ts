import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { id, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";
import { dealKind, deals } from "@/server/db/schema/deals";

/** Document templates advisors edit and generate for deals, and the rule sets choosing them. */

export const ruleSets = pgTable(
  "rule_sets",
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    description: text(),
    dealType: dealKind(),
    rules: jsonb().$type<Array<Record<string, unknown>>>().notNull().default([]),
    searchName: searchName("code", "name"),
    ...timestamps,
  },
  (t) => [...searchIndexes("rule_sets", t.searchName, false)],
);

export const editableDocuments = pgTable("editable_documents", {
  id: id(),
  name: text().notNull(),
  dealType: dealKind(),
  /** How the file is produced: from a template, uploaded, or signed electronically. */
  generationType: text().notNull(),
  /** Which rule of a rule set makes the document required. */
  ruleTag: text(),
  template: text(),
  ...timestamps,
});

/** Who receives or signs the document: the owner client, a partner, the advisor... */
export const editableDocumentOwners = pgTable(
  "editable_document_owners",
  {
    editableDocumentId: integer()
      .notNull()
      .references(() => editableDocuments.id, { onDelete: "cascade" }),
    ownerType: text().notNull(),
    ownerId: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.editableDocumentId, t.ownerType, t.ownerId] })],
);

/** A document as edited for one deal before it is generated. */
export const documentEditions = pgTable(
  "document_editions",
  {
    id: id(),
    editableDocumentId: integer()
      .notNull()
      .references(() => editableDocuments.id, { onDelete: "cascade" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    content: text().notNull(),
    ...timestamps,
  },
  (t) => [index("document_editions_deal_idx").on(t.dealId)],
);
