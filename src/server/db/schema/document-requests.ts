import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "@/server/db/schema/columns";
import { administrativeProcedures, supportingDocuments } from "@/server/db/schema/procedures";
import { businessUsers, clients } from "@/server/db/schema/users";

/**
 * Documents asked of a relative by text message (SPEC §2, /documents/sms/{id}). The link's
 * token and the code sent with it are drawn when the SMS is built (the job), and only
 * their hashes are kept: the token's SHA-256, and the code's SHA-256 keyed by the token,
 * so a copy of the table alone cannot be turned into a working link or code.
 */
export const documentRequests = pgTable(
  "document_requests",
  {
    id: id(),
    administrativeProcedureId: integer()
      .notNull()
      .references(() => administrativeProcedures.id, { onDelete: "cascade" }),
    recipientFirstname: text().notNull(),
    phone: text().notNull(),
    message: text(),
    locale: text().notNull().default("fr"),
    /** First name shown to the recipient ("Claire asks you for…"); null when an advisor sent it. */
    senderFirstname: text(),
    createdByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    createdByBusinessUserId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    /** Null until the SMS job draws the token. */
    tokenHash: text(),
    codeHash: text(),
    sentAt: timestamp({ withTimezone: true, mode: "date" }),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    failedAttempts: integer().notNull().default(0),
    lockedAt: timestamp({ withTimezone: true, mode: "date" }),
    verifiedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("document_requests_token_idx").on(t.tokenHash),
    index("document_requests_procedure_idx").on(t.administrativeProcedureId),
    check("document_requests_attempts_check", sql`${t.failedAttempts} >= 0`),
  ],
);

/** One document asked for, and the supporting document the family sent through the link. */
export const documentRequestItems = pgTable(
  "document_request_items",
  {
    id: id(),
    documentRequestId: integer()
      .notNull()
      .references(() => documentRequests.id, { onDelete: "cascade" }),
    /** A code of src/domain/document-types.ts (checked by the schema; the seeded table may lag behind it). */
    documentType: text().notNull(),
    action: text().notNull(),
    position: integer().notNull().default(0),
    supportingDocumentId: integer().references(() => supportingDocuments.id, { onDelete: "set null" }),
    receivedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("document_request_items_request_idx").on(t.documentRequestId), check("document_request_items_action_check", sql`${t.action} IN ('provide', 'sign')`)],
);

/**
 * A browser's proof that it entered the right code: a random token (hash kept) bound to
 * one request, short-lived. It opens that request's list and uploads, nothing else.
 */
export const documentRequestProofs = pgTable(
  "document_request_proofs",
  {
    id: id(),
    documentRequestId: integer()
      .notNull()
      .references(() => documentRequests.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("document_request_proofs_token_idx").on(t.tokenHash), index("document_request_proofs_request_idx").on(t.documentRequestId)],
);
