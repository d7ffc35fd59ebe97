import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DEAL_STEP_TYPES } from "@/domain/deal-steps";
import { TRACKING_TYPES } from "@/domain/constants";
import { DEAL_ABILITY_ROLES } from "@/domain/roles";
import { BOOKING_STATUSES, DEAL_KINDS, PLACE_KINDS, STEP_MODES, TRANSPORTS } from "@/domain/schemas/deal";
import { id, timestamps } from "@/server/db/schema/columns";
import { products, services } from "@/server/db/schema/catalog";
import { concessionTypes, graveyards, locationType } from "@/server/db/schema/partners";
import { suppliers, supplierWarehouses } from "@/server/db/schema/suppliers";
import { defuncts } from "@/server/db/schema/procedures";
import { businessUsers, clients } from "@/server/db/schema/users";

/** Deals (a funeral, an item order, a monument) and everything hanging from them. */

export const dealKind = pgEnum("deal_kind", DEAL_KINDS);
export const dealStepType = pgEnum("deal_step_type", DEAL_STEP_TYPES);
export const placeKind = pgEnum("place_kind", PLACE_KINDS);
export const stepMode = pgEnum("step_mode", STEP_MODES);
export const transportKind = pgEnum("transport_kind", TRANSPORTS);
export const dealAbilityRole = pgEnum("deal_ability_role", DEAL_ABILITY_ROLES);
export const bookingStatus = pgEnum("booking_status", BOOKING_STATUSES);
export const trackingType = pgEnum("tracking_type", TRACKING_TYPES);

export const deals = pgTable(
  "deals",
  {
    id: id(),
    /** Public identifier of the funnels (PUT /funeral_funnel/deals/{uuid}); ids are never shown to visitors. */
    uuid: uuid().notNull().defaultRandom(),
    kind: dealKind().notNull(),
    state: text().notNull().default("draft"),
    clientCommentary: text(),
    /** Internal commentary of the advisors (PUT /api/v2/deals/{kind}/{id}). */
    commentary: text(),
    /** The itemised quote as computed by the quote engine (sections, lines, totals in cents). */
    quote: jsonb().$type<Record<string, unknown>>(),
    totalCents: integer(),
    defunctId: integer().references(() => defuncts.id, { onDelete: "set null" }),
    advisorId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    empoweredClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    brand: text(),
    welcomeSentAt: timestamp({ withTimezone: true, mode: "date" }),
    demo: boolean().notNull().default(false),
    /**
     * The deals board's name search on the deal's own row (bench/deals-list.ts): " " + the
     * deceased's search_name, then " | " + each owner's (name and e-mail), so one LIKE
     * '% term%' finds the start of any word of either and never a phrase spanning both.
     * Kept by triggers (migration deal_search_triggers) whenever the deal's deceased, its
     * owners or their names change; never written by the application.
     */
    searchNames: text().notNull().default(""),
    /** The search_name of the deceased's commune of death (prefix search), kept by the same triggers. */
    searchCommune: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("deals_uuid_idx").on(t.uuid),
    index("deals_search_names_trgm_idx").using("gin", sql`${t.searchNames} gin_trgm_ops`),
    index("deals_search_commune_idx").using("btree", sql`${t.searchCommune} text_pattern_ops`),
    index("deals_state_idx").on(t.kind, t.state),
    index("deals_defunct_idx").on(t.defunctId),
    // The deals board: newest first, whole or of one advisor.
    index("deals_created_idx").on(t.createdAt, t.id),
    index("deals_advisor_idx").on(t.advisorId, t.createdAt),
  ],
);

export const dealSteps = pgTable(
  "deal_steps",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** An enum: the database refuses unknown types as assertDealStepType() does. */
    stepType: dealStepType().notNull(),
    position: smallint().notNull().default(0),
    scheduledAt: timestamp({ withTimezone: true, mode: "date" }),
    locationType: locationType(),
    locationId: integer(),
    placeKind: placeKind(),
    mode: stepMode().notNull().default("auto"),
    transport: transportKind(),
    address: text(),
    comment: text(),
    doneAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("deal_steps_deal_idx").on(t.dealId, t.position)],
);

export const dealsProducts = pgTable(
  "deals_products",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: integer().notNull().default(1),
    /** Price and VAT at the time of the quote, so later catalogue changes do not alter it. */
    unitPriceCents: integer().notNull(),
    vatRateBp: integer().notNull(),
    ...timestamps,
  },
  (t) => [index("deals_products_deal_idx").on(t.dealId), check("deals_products_quantity_check", sql`${t.quantity} > 0`)],
);

export const dealsServices = pgTable(
  "deals_services",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    serviceId: integer()
      .notNull()
      .references(() => services.id),
    quantity: integer().notNull().default(1),
    unitPriceCents: integer().notNull(),
    vatRateBp: integer().notNull(),
    ...timestamps,
  },
  (t) => [index("deals_services_deal_idx").on(t.dealId)],
);

export const dealSettings = pgTable(
  "deal_settings",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: jsonb().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("deal_settings_key_idx").on(t.dealId, t.key)],
);

export const dealAbilities = pgTable(
  "deal_abilities",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    role: dealAbilityRole().notNull(),
    /** Family link to the deceased. */
    link: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("deal_abilities_client_idx").on(t.dealId, t.clientId),
    uniqueIndex("deal_abilities_one_owner_idx").on(t.dealId).where(sql`${t.role} = 'owner'`),
    index("deal_abilities_client_deals_idx").on(t.clientId),
  ],
);

export const todoItems = pgTable(
  "todo_items",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    title: text().notNull(),
    position: integer().notNull().default(0),
    doneAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Marked done by hand although its automatic condition is not met. */
    forceDone: boolean().notNull().default(false),
    createdById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("todo_items_deal_idx").on(t.dealId)],
);

/** A booking asked of a partner for a step; status is set when the partner answers. */
export const bookingTransactions = pgTable(
  "booking_transactions",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    dealStepId: integer().references(() => dealSteps.id, { onDelete: "set null" }),
    partnerType: locationType(),
    partnerId: integer(),
    status: bookingStatus(),
    comment: text(),
    answeredAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("booking_transactions_deal_idx").on(t.dealId)],
);

/** Files of a deal (generated quote, signed mandate, invoices...). */
export const documents = pgTable(
  "documents",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    name: text().notNull(),
    documentType: text(),
    fileKey: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    editableDocumentId: integer(),
    sentAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Hex SHA-256 of the stored bytes (null for files stored before it was recorded). */
    sha256: text(),
    uploadedByBusinessUserId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("documents_deal_idx").on(t.dealId)],
);

/** A set of a deal's documents sent together by e-mail (to the crematorium, the town hall...); immutable once sent. */
export const documentBatches = pgTable(
  "document_batches",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    name: text(),
    message: text(),
    createdByBusinessUserId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    sentByBusinessUserId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    sentAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("document_batches_deal_idx").on(t.dealId)],
);

export const documentBatchDocuments = pgTable(
  "document_batch_documents",
  {
    batchId: integer()
      .notNull()
      .references(() => documentBatches.id, { onDelete: "cascade" }),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.batchId, t.documentId] })],
);

export const documentBatchRecipients = pgTable(
  "document_batch_recipients",
  {
    id: id(),
    batchId: integer()
      .notNull()
      .references(() => documentBatches.id, { onDelete: "cascade" }),
    email: text().notNull(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("document_batch_recipients_email_idx").on(t.batchId, t.email)],
);

/** Monument order details of a marble deal. */
export const marbleDetails = pgTable("marble_details", {
  id: id(),
  dealId: integer()
    .notNull()
    .unique()
    .references(() => deals.id, { onDelete: "cascade" }),
  monumentModel: text(),
  material: text(),
  color: text(),
  engraving: jsonb().$type<Record<string, unknown>>(),
  graveyardId: integer().references(() => graveyards.id),
  plotReference: text(),
  widthCm: smallint(),
  lengthCm: smallint(),
  /** Finish code (FIN-POLI...), accessories [{code, quantity}] and work options chosen in the configurator. */
  finish: text(),
  accessories: jsonb().$type<{ code: string; quantity: number }[]>().notNull().default([]),
  options: jsonb().$type<string[]>().notNull().default([]),
  /** The plot's kind, when the family knows it. */
  concessionTypeId: integer().references(() => concessionTypes.id),
  /** The mason's warehouse the quote was made with, its lead time, and until when the quote holds. */
  supplierWarehouseId: integer().references(() => supplierWarehouses.id, { onDelete: "set null" }),
  leadTimeDays: smallint(),
  validUntil: date({ mode: "string" }),
  ...timestamps,
});

/** Marketing attributes of a deal (SPEC §3), kept only with the visitor's consent. */
export const trackings = pgTable("trackings", {
  id: id(),
  dealId: integer()
    .unique()
    .references(() => deals.id, { onDelete: "cascade" }),
  trackingType: trackingType(),
  trackingId: text(),
  utmSource: text(),
  utmMedium: text(),
  utmCampaign: text(),
  utmTerm: text(),
  consent: boolean().notNull().default(false),
  expiresAt: timestamp({ withTimezone: true, mode: "date" }),
  ...timestamps,
});

/**
 * The history of a deal as the back-office changed it: a state change, a new advisor in
 * charge, a new owner... who (null for the system), when, from what to what.
 */
export const dealEvents = pgTable(
  "deal_events",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    fromValue: text(),
    toValue: text(),
    businessUserId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("deal_events_deal_idx").on(t.dealId, t.id)],
);

export const DEAL_COMMUNICATION_CHANNELS = ["email", "sms", "call"] as const;
export const dealCommunicationChannel = pgEnum("deal_communication_channel", DEAL_COMMUNICATION_CHANNELS);
export const DEAL_COMMUNICATION_DIRECTIONS = ["outbound", "inbound"] as const;
export const dealCommunicationDirection = pgEnum("deal_communication_direction", DEAL_COMMUNICATION_DIRECTIONS);

/**
 * Every e-mail, SMS and call of a deal: the messages the product sends record themselves
 * here when delivered (one row per delivery key), an advisor logs a call by hand.
 */
export const dealCommunications = pgTable(
  "deal_communications",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    channel: dealCommunicationChannel().notNull(),
    direction: dealCommunicationDirection().notNull().default("outbound"),
    /** What it was: welcome, quote, payment_paid, call... */
    kind: text().notNull(),
    recipient: text(),
    subject: text(),
    /** A call's note, typed by the advisor. */
    body: text(),
    deliveryKey: text(),
    businessUserId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    occurredAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (t) => [index("deal_communications_deal_idx").on(t.dealId, t.occurredAt), uniqueIndex("deal_communications_delivery_idx").on(t.deliveryKey)],
);

/**
 * A deal's document sent to a family member for signature (issue 14). The link's token is
 * stored hashed only; the signed copy is a new document of the deal.
 */
export const signatureRequests = pgTable(
  "signature_requests",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    signedDocumentId: integer().references(() => documents.id, { onDelete: "set null" }),
    clientId: integer().references(() => clients.id, { onDelete: "set null" }),
    signerName: text().notNull(),
    signerEmail: text().notNull(),
    /** requested → signed | declined | expired */
    status: text().notNull().default("requested"),
    /** "sandbox" (the embedded signer) or a provider's name. */
    provider: text().notNull().default("sandbox"),
    providerReference: text(),
    tokenHash: text().unique(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    signedAt: timestamp({ withTimezone: true, mode: "date" }),
    declinedAt: timestamp({ withTimezone: true, mode: "date" }),
    signedName: text(),
    signerIpHash: text(),
    documentSha256: text(),
    requestedByBusinessUserId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("signature_requests_deal_idx").on(t.dealId)],
);

/**
 * A file a business user uploaded before saying what it is for (SPEC "Other": upload
 * files): judged and stored like any upload, then attached to a deal's documents by its
 * id, by the same user only. Attaching consumes it (the document takes over the stored key).
 */
export const uploadFiles = pgTable(
  "upload_files",
  {
    id: id(),
    businessUserId: integer()
      .notNull()
      .references(() => businessUsers.id, { onDelete: "cascade" }),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    sha256: text().notNull(),
    ...timestamps,
  },
  (t) => [index("upload_files_user_idx").on(t.businessUserId)],
);

/**
 * A price asked of a supplier for one deal's job (POST /api/v1/deals/{id}/suppliers/price_requests):
 * what, when and where only — never the family's names. The supplier answers through an
 * unguessable link (only its SHA-256 is kept); the advisor accepts one answer, which books it.
 */
export const supplierPriceRequests = pgTable(
  "supplier_price_requests",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    requestedById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    job: text().notNull(),
    neededOn: date({ mode: "string" }),
    place: text(),
    tokenHash: text().notNull(),
    /** sent → answered | declined (by the supplier) → accepted | closed (by the advisor); expired links answer 404. */
    status: text().notNull().default("sent"),
    priceCents: integer(),
    delayDays: integer(),
    supplierComment: text(),
    answeredAt: timestamp({ withTimezone: true, mode: "date" }),
    decidedAt: timestamp({ withTimezone: true, mode: "date" }),
    bookingTransactionId: integer().references(() => bookingTransactions.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (t) => [
    index("supplier_price_requests_deal_idx").on(t.dealId),
    index("supplier_price_requests_supplier_idx").on(t.supplierId),
    uniqueIndex("supplier_price_requests_token_idx").on(t.tokenHash),
    check("supplier_price_requests_status_check", sql`${t.status} IN ('sent', 'answered', 'declined', 'accepted', 'closed')`),
  ],
);
