import { boolean, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SUPPORTING_DOCUMENT_OWNER_TYPES } from "@/domain/schemas/supporting-document";
import { id, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";
import { cityhalls } from "@/server/db/schema/geo";
import { clients } from "@/server/db/schema/users";

/** After a death: the deceased, the administrative procedure, companies to notify and supporting documents. */

export const defuncts = pgTable(
  "defuncts",
  {
    id: id(),
    civility: text(),
    firstname: text(),
    lastname: text(),
    birthName: text(),
    birthDate: date({ mode: "string" }),
    deathDate: date({ mode: "string" }),
    birthLocation: text(),
    birthPostalCode: text(),
    birthInseeCode: text(),
    birthCountryCode: text(),
    deathCityhallId: integer().references(() => cityhalls.id),
    /** The client who declared the death. */
    clientId: integer().references(() => clients.id, { onDelete: "set null" }),
    /** Where the death declared by the client stands (received, in_review, confirmed, rejected; src/domain/schemas/client.ts). */
    declarationState: text().notNull().default("received"),
    /** The advisors' comment on the declaration, shown to the client. */
    declarationComment: text(),
    demo: boolean().notNull().default(false),
    searchName: searchName("firstname", "lastname", "birth_name"),
    ...timestamps,
  },
  (t) => [
    index("defuncts_client_idx").on(t.clientId),
    // The deals board's search by commune of death.
    index("defuncts_death_cityhall_idx").on(t.deathCityhallId),
    ...searchIndexes("defuncts", t.searchName, false),
  ],
);

export const administrativeProcedures = pgTable(
  "administrative_procedures",
  {
    id: id(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    defunctId: integer()
      .notNull()
      .references(() => defuncts.id, { onDelete: "cascade" }),
    defunctFamilyLink: text(),
    defunctDeathCityId: integer().references(() => cityhalls.id),
    /** What the deceased had (job, housing, vehicle, accounts...): chooses the checklist's items (src/domain/after-death-deadlines.ts). */
    situation: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Checklist items the family ticked as done themselves (no company formality tracks them: the declaration, the funeral...). */
    checklistDone: jsonb().$type<string[]>().notNull().default([]),
    archivedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("administrative_procedures_client_idx").on(t.clientId)],
);

/** Banks, energy, telecoms, insurers... grouped by category. */
export const companyCategories = pgTable("company_categories", {
  id: id(),
  code: text().notNull().unique(),
  name: text().notNull(),
  position: integer().notNull().default(0),
  ...timestamps,
});

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    categoryId: integer().references(() => companyCategories.id),
    website: text(),
    /** Postal address for letters, as it should be printed on the envelope (lines joined by newlines). */
    address: text(),
    email: text(),
    phone: text(),
    /** Online form or page where the family declares the death, when the company offers one. */
    formUrl: text(),
    /** Where the entry comes from (the company's own page), so it can be re-checked; "demo" for demo rows. */
    source: text().notNull().default(""),
    /** When the source was last read (ISO date). */
    sourceCheckedOn: date({ mode: "string" }),
    demo: boolean().notNull().default(false),
    searchName: searchName("name"),
    ...timestamps,
  },
  (t) => [index("companies_category_idx").on(t.categoryId), ...searchIndexes("companies", t.searchName, false)],
);

/** What can be done with a company after a death (close an account, transfer a contract...). */
export const companiesFormalities = pgTable(
  "companies_formalities",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** close, transfer, claim (a benefit) or notify: chooses the letter's wording. */
    kind: text().notNull().default("notify"),
    /** The formality is done by a letter sent on the family's behalf. */
    requiresLetter: boolean().notNull().default(false),
    /** Form fields the family fills in (name, type, required). */
    fields: jsonb().$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** Codes of the document types the company usually asks for (document_types.code). */
    documentTypes: jsonb().$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index("companies_formalities_company_idx").on(t.companyId)],
);

export const ongoingFormalities = pgTable(
  "ongoing_formalities",
  {
    id: id(),
    administrativeProcedureId: integer()
      .notNull()
      .references(() => administrativeProcedures.id, { onDelete: "cascade" }),
    companiesFormalityId: integer()
      .notNull()
      .references(() => companiesFormalities.id),
    fields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** to_do, sent, answered, closed (src/domain/schemas/administrative-procedure.ts). */
    state: text().notNull().default("to_do"),
    sentAt: timestamp({ withTimezone: true, mode: "date" }),
    answeredAt: timestamp({ withTimezone: true, mode: "date" }),
    closedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** When the family last generated the letter (download or send): a formality that needs a letter cannot be "sent" before. */
    letterGeneratedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Address the product e-mailed the letter to, when it sent it. */
    sentTo: text(),
    ...timestamps,
  },
  (t) => [
    index("ongoing_formalities_procedure_idx").on(t.administrativeProcedureId),
    uniqueIndex("ongoing_formalities_procedure_formality_idx").on(t.administrativeProcedureId, t.companiesFormalityId),
  ],
);

/** Companies a client acts for (PUT /clients/{id}/companies); the company-id header must name one of them. */
export const clientsCompanies = pgTable(
  "clients_companies",
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.clientId, t.companyId] })],
);

/** Kinds of supporting document (ID card, death certificate, family record book...). */
export const documentTypes = pgTable(
  "document_types",
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    /** Whether an expiry date is asked for (identity documents). */
    expires: boolean().notNull().default(false),
    searchName: searchName("code", "name"),
    ...timestamps,
  },
  (t) => [...searchIndexes("document_types", t.searchName, false)],
);

export const supportingDocuments = pgTable("supporting_documents", {
  id: id(),
  documentType: text()
    .notNull()
    .references(() => documentTypes.code),
  /** Key of the file in the storage integration (local disk or S3). */
  fileKey: text().notNull(),
  fileName: text().notNull(),
  contentType: text().notNull(),
  byteSize: integer().notNull(),
  /** SHA-256 of the stored bytes (hexadecimal), computed while the file streams to storage. */
  sha256: text().notNull().default(""),
  expiryDate: date({ mode: "string" }),
  issueDate: date({ mode: "string" }),
  reference: text(),
  uploadedByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
  ...timestamps,
});

export const supportingDocumentOwnerType = pgEnum("supporting_document_owner_type", SUPPORTING_DOCUMENT_OWNER_TYPES);

/** A document must keep at least one owner (SPEC §5); the service enforces it on every change. */
export const supportingDocumentOwners = pgTable(
  "supporting_document_owners",
  {
    supportingDocumentId: integer()
      .notNull()
      .references(() => supportingDocuments.id, { onDelete: "cascade" }),
    ownerType: supportingDocumentOwnerType().notNull(),
    ownerId: integer().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.supportingDocumentId, t.ownerType, t.ownerId] }), index("supporting_document_owners_owner_idx").on(t.ownerType, t.ownerId)],
);

/** Every file uploaded for a document, the current one included (supporting_documents copies the newest). */
export const supportingDocumentVersions = pgTable(
  "supporting_document_versions",
  {
    id: id(),
    supportingDocumentId: integer()
      .notNull()
      .references(() => supportingDocuments.id, { onDelete: "cascade" }),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    sha256: text().notNull().default(""),
    uploadedByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("supporting_document_versions_document_idx").on(t.supportingDocumentId)],
);

