import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { FUNDING_AGENCY_KINDS } from "@/domain/schemas/funding-agency";
import { CONTACT_CHANNELS, LEAD_KINDS, LEAD_STATES } from "@/domain/schemas/lead";
import { PERK_CATEGORY_KINDS } from "@/domain/schemas/perk";
import { id, timestamps } from "@/server/db/schema/columns";
import { deals } from "@/server/db/schema/deals";
import { departments } from "@/server/db/schema/geo";
import { businessUsers, clients } from "@/server/db/schema/users";

/** Reviews, notifications, perks, leads, service suggestions and funding agencies. */

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    authorName: text().notNull(),
    rating: smallint().notNull(),
    title: text(),
    body: text().notNull(),
    city: text(),
    dealId: integer().references(() => deals.id, { onDelete: "set null" }),
    /** The family member who wrote it from their client space (a family's review, never a demo one). */
    clientId: integer().references(() => clients.id, { onDelete: "set null" }),
    publishedAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    /** Hidden reviews stay for the record but leave the public list and the aggregate. */
    published: boolean().notNull().default(true),
    demo: boolean().notNull().default(false),
    /** Where an imported review was published (google, trustpilot…); null for a review left on our own site. */
    source: text(),
    /** The platform's own id of an imported review: a second import of the same one updates it. */
    externalId: text(),
    externalUrl: text(),
    importedById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("reviews_published_idx").on(t.published, t.publishedAt),
    uniqueIndex("reviews_source_external_idx").on(t.source, t.externalId).where(sql`${t.externalId} IS NOT NULL`),
    check("reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
    // One review per deal: a second send (double tap, two relatives) is refused by the database too.
    uniqueIndex("reviews_deal_idx").on(t.dealId).where(sql`${t.dealId} IS NOT NULL`),
  ],
);

/** A review asked of a deal's family after the funeral (POST /api/v1/deals/{id}/reviews): who was asked, when, in which language. */
export const reviewRequests = pgTable(
  "review_requests",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    clientId: integer().references(() => clients.id, { onDelete: "set null" }),
    requestedById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    locale: text().notNull(),
    /** Asked again by a director although the family was already asked. */
    forced: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("review_requests_deal_idx").on(t.dealId)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    businessUserId: integer()
      .notNull()
      .references(() => businessUsers.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text(),
    dealId: integer().references(() => deals.id, { onDelete: "cascade" }),
    viewedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("notifications_user_idx").on(t.businessUserId, t.viewedAt), index("notifications_user_recent_idx").on(t.businessUserId, t.createdAt)],
);

export const perkCategoryKind = pgEnum("perk_category_kind", PERK_CATEGORY_KINDS);

export const perkCategories = pgTable("perk_categories", {
  id: id(),
  name: text().notNull(),
  kind: perkCategoryKind().notNull(),
  position: integer().notNull().default(0),
  ...timestamps,
});

export const perks = pgTable(
  "perks",
  {
    id: id(),
    perkCategoryId: integer()
      .notNull()
      .references(() => perkCategories.id),
    /** The offer's name. */
    name: text().notNull(),
    /** Who offers it (a real partner, or an example when demo). */
    partnerName: text().notNull().default(""),
    /** The discount or the service in a few words ("-15 %", "first consultation free"). */
    benefit: text(),
    description: text(),
    howToUse: text(),
    conditions: text(),
    /** Calendar days in France; null: open-ended. */
    validFrom: date({ mode: "string" }),
    validUntil: date({ mode: "string" }),
    /** The département the offer is limited to; null: all of France. */
    departmentCode: text().references(() => departments.code),
    url: text(),
    phone: text(),
    /** Given to a family once it uses the perk. */
    code: text(),
    /** "enabled" in the API. */
    active: boolean().notNull().default(true),
    demo: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("perks_category_idx").on(t.perkCategoryId), index("perks_active_idx").on(t.active)],
);

/** A family's use of a perk: once per perk and deal (the unique index refuses a second row, whoever races). */
export const perkUsages = pgTable(
  "perk_usages",
  {
    id: id(),
    perkId: integer()
      .notNull()
      .references(() => perks.id, { onDelete: "cascade" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** The family member who recorded it; kept as a count if their account goes. */
    clientId: integer().references(() => clients.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("perk_usages_perk_deal_idx").on(t.perkId, t.dealId), index("perk_usages_deal_idx").on(t.dealId)],
);

export const leadKind = pgEnum("lead_kind", LEAD_KINDS);
export const contactChannel = pgEnum("contact_channel", CONTACT_CHANNELS);
export const leadState = pgEnum("lead_state", LEAD_STATES);

export const leads = pgTable(
  "leads",
  {
    id: id(),
    kind: leadKind().notNull(),
    firstname: text(),
    lastname: text().notNull(),
    phone: text(),
    email: text(),
    contactChannel: contactChannel().notNull(),
    postalCode: text(),
    message: text(),
    /** Marketing attributes, stored only with consent. */
    tracking: jsonb().$type<Record<string, unknown>>(),
    handledAt: timestamp({ withTimezone: true, mode: "date" }),
    /** new → called → converted (LEAD_STATES). */
    state: leadState().notNull().default("new"),
    assignedToId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    assignedAt: timestamp({ withTimezone: true, mode: "date" }),
    calledById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    calledAt: timestamp({ withTimezone: true, mode: "date" }),
    callNote: text(),
    /** The funeral deal the request became; set once. */
    dealId: integer().references(() => deals.id, { onDelete: "set null" }),
    convertedById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    convertedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("leads_created_idx").on(t.createdAt), index("leads_state_idx").on(t.state, t.createdAt), index("leads_assigned_idx").on(t.assignedToId, t.createdAt)],
);

/** Extra services an advisor suggests for a deal (flowers, memorial page, paperwork help). */
export const serviceSuggestions = pgTable(
  "service_suggestions",
  {
    id: id(),
    dealId: integer().references(() => deals.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    priceCents: integer(),
    acceptedAt: timestamp({ withTimezone: true, mode: "date" }),
    declinedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** The family member who accepted or declined. */
    decidedByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    createdById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("service_suggestions_deal_idx").on(t.dealId)],
);

export const fundingAgencyKind = pgEnum("funding_agency_kind", FUNDING_AGENCY_KINDS);

/** Bodies that may pay towards funeral costs (DOMAIN "Financial aid"). */
export const fundingAgencies = pgTable("funding_agencies", {
  id: id(),
  name: text().notNull(),
  kind: fundingAgencyKind().notNull(),
  description: text().notNull(),
  conditions: text(),
  claimDeadline: text(),
  website: text(),
  position: integer().notNull().default(0),
  demo: boolean().notNull().default(false),
  ...timestamps,
});
