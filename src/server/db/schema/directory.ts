import { index, integer, jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DIRECTORY_CHANGE_ACTIONS } from "@/domain/directory/schemas";
import { id } from "@/server/db/schema/columns";
import { businessUsers } from "@/server/db/schema/users";

/** Change history of the directory (issue 15): who changed which entry, when, and what it was before and after. */

export const directoryChangeAction = pgEnum("directory_change_action", DIRECTORY_CHANGE_ACTIONS);

export const directoryChanges = pgTable(
  "directory_changes",
  {
    id: id(),
    /** Directory type (src/domain/directory/registry.ts). */
    entryType: text().notNull(),
    entryId: integer().notNull(),
    action: directoryChangeAction().notNull(),
    /** Null once the business user is deleted; `actorName` keeps who it was. */
    actorId: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    actorName: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("directory_changes_entry_idx").on(t.entryType, t.entryId, t.createdAt)],
);
