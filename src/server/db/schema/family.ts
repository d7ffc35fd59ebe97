import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "@/server/db/schema/columns";
import { dealAbilityRole } from "@/server/db/schema/deals";
import { administrativeProcedures } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";

/**
 * Family roles on an administrative procedure, the same four as on a deal (owner, editor,
 * reader, notary; src/domain/family-roles.ts says what each may do). The client who
 * creates the procedure is its owner; others join through an invitation.
 */
export const procedureAbilities = pgTable(
  "administrative_procedure_abilities",
  {
    id: id(),
    administrativeProcedureId: integer()
      .notNull()
      .references(() => administrativeProcedures.id, { onDelete: "cascade" }),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    role: dealAbilityRole().notNull(),
    /** Family link of the person to the deceased. */
    link: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("procedure_abilities_client_idx").on(t.administrativeProcedureId, t.clientId),
    uniqueIndex("procedure_abilities_one_owner_idx").on(t.administrativeProcedureId).where(sql`${t.role} = 'owner'`),
    index("procedure_abilities_client_procedures_idx").on(t.clientId),
  ],
);

/**
 * An owner's invitation of a relative or the notary to a deal or a procedure, sent by
 * e-mail. The link carries a random token; only its SHA-256 is kept. Accepting (signed in,
 * or after creating an account) turns it into an ability with the invited role.
 */
export const familyInvitations = pgTable(
  "family_invitations",
  {
    id: id(),
    targetType: text().notNull(),
    targetId: integer().notNull(),
    email: text().notNull(),
    role: dealAbilityRole().notNull(),
    link: text(),
    tokenHash: text().notNull(),
    invitedByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp({ withTimezone: true, mode: "date" }),
    acceptedByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    revokedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("family_invitations_token_idx").on(t.tokenHash),
    index("family_invitations_target_idx").on(t.targetType, t.targetId),
    check("family_invitations_target_type_check", sql`${t.targetType} IN ('deal', 'administrative_procedure')`),
    check("family_invitations_role_check", sql`${t.role} <> 'owner'`),
  ],
);
