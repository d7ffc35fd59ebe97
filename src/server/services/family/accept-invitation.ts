import { and, eq, gt, isNull } from "drizzle-orm";
import type { DealAbilityRole } from "@/domain/roles";
import { INVITATION_TOKEN_PATTERN, invitationAccountSchema, maskEmail, type FamilyTargetType, type InvitationAccepted, type InvitationView } from "@/domain/schemas/family";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { familyInvitations } from "@/server/db/schema/family";
import { clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { hashPassword } from "@/server/services/auth/passwords";
import { sha256 } from "@/server/services/auth/secrets";
import { createSession, type IssuedToken } from "@/server/services/auth/sessions";
import { findAccountById, type AuthAccount } from "@/server/services/auth/users";
import { claimingEmail } from "@/server/services/deals/deal-owner";
import { abilityOfClient, defunctFirstnameOf, insertAbility, targetExists, type FamilyTarget } from "@/server/services/family/family-target";

/**
 * The invitation link (GET /api/v1/invitations/{token}) and its acceptance
 * (POST …/accept). The token is the only key: unknown tokens are 404, and a known one that
 * can no longer be used says why (expired, withdrawn or replaced, already accepted), which
 * only the mailbox's holder can learn.
 */

type InvitationRow = typeof familyInvitations.$inferSelect;

async function findInvitation(db: Db, token: string): Promise<InvitationRow> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) throw notFoundError();
  const [row] = await db.select().from(familyInvitations).where(eq(familyInvitations.tokenHash, sha256(token))).limit(1);
  if (!row) throw notFoundError();
  return row;
}

function targetOf(row: InvitationRow): FamilyTarget {
  return { type: row.targetType as FamilyTargetType, id: row.targetId };
}

async function usableInvitation(db: Db, token: string, now: Date): Promise<InvitationRow> {
  const row = await findInvitation(db, token);
  if (row.acceptedAt) throw new ApiError(422, "invitation__already_accepted");
  if (row.revokedAt) throw new ApiError(422, "invitation__revoked");
  if (row.expiresAt.getTime() <= now.getTime()) throw new ApiError(422, "invitation__expired");
  if (!(await targetExists(db, targetOf(row)))) throw notFoundError();
  return row;
}

export async function readInvitation(db: Db, token: string, now: Date): Promise<InvitationView> {
  const row = await usableInvitation(db, token, now);
  const [inviter] = row.invitedByClientId ? await db.select({ firstname: clients.firstname }).from(clients).where(eq(clients.id, row.invitedByClientId)).limit(1) : [];
  const [account] = await db.select({ id: clients.id, passwordHash: clients.passwordHash }).from(clients).where(eq(clients.email, row.email)).limit(1);
  return {
    target_type: row.targetType as FamilyTargetType,
    role: row.role,
    inviter_firstname: inviter?.firstname ?? null,
    defunct_firstname: await defunctFirstnameOf(db, targetOf(row)),
    email_hint: maskEmail(row.email),
    // An account without a password (made by a funnel) signs in through a reset first; it still "has" the address.
    has_account: account !== undefined,
    expires_at: epochSeconds(row.expiresAt),
  };
}

export interface AcceptResult {
  accepted: InvitationAccepted;
  /** A new account's session, for the route to hand out as token headers. */
  session: IssuedToken | null;
  account: AuthAccount | null;
}

/** Spends the invitation and gives the role, in the caller's transaction; false when another request spent it first. */
async function spend(tx: Db, row: InvitationRow, clientId: number, now: Date): Promise<boolean> {
  const spent = await tx
    .update(familyInvitations)
    .set({ acceptedAt: now, acceptedByClientId: clientId, updatedAt: now })
    .where(and(eq(familyInvitations.id, row.id), isNull(familyInvitations.acceptedAt), isNull(familyInvitations.revokedAt), gt(familyInvitations.expiresAt, now)))
    .returning({ id: familyInvitations.id });
  return spent.length === 1;
}

function acceptedView(row: InvitationRow, abilityId: number): InvitationAccepted["data"] {
  return { target_type: row.targetType as FamilyTargetType, target_id: row.targetId, role: row.role as DealAbilityRole, ability_id: abilityId };
}

/**
 * Accepts: a signed-in client whose address is the invited one gets the role; a visitor
 * gives a name and a password, which creates the account of the invited address (the
 * link came to that mailbox, which proves it) and signs it in.
 */
export async function acceptInvitation(
  db: Db,
  auth: AuthSession | null,
  token: string,
  body: Record<string, unknown>,
  ctx: { now: Date; userAgent: string | null },
): Promise<AcceptResult> {
  const row = await usableInvitation(db, token, ctx.now);
  const target = targetOf(row);

  if (auth?.realm === "client") {
    if (auth.email.trim().toLowerCase() !== row.email) throw new ApiError(422, "invitation__email__mismatch");
    if (await abilityOfClient(db, target, auth.userId)) throw new ApiError(422, "invitation__already_member");
    const abilityId = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (!(await spend(tx, row, auth.userId, ctx.now))) throw new ApiError(422, "invitation__already_accepted");
      return insertAbility(tx, target, { clientId: auth.userId, role: row.role, link: row.link });
    });
    return { accepted: { data: acceptedView(row, abilityId), account_created: false }, session: null, account: null };
  }

  const parsed = invitationAccountSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(422, [...new Set(parsed.error.issues.map((issue) => issue.message))]);
  const [existing] = await db.select({ id: clients.id }).from(clients).where(eq(clients.email, row.email)).limit(1);
  // The address has an account: its holder signs in to accept (the page offers it).
  if (existing) throw new ApiError(422, "client__email__taken");
  const passwordHash = await hashPassword(parsed.data.password);
  const { clientId, abilityId } = await claimingEmail(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [created] = await tx
        .insert(clients)
        .values({ email: row.email, firstname: parsed.data.firstname, lastname: parsed.data.lastname, passwordHash })
        .returning({ id: clients.id });
      if (!(await spend(tx, row, created!.id, ctx.now))) throw new ApiError(422, "invitation__already_accepted");
      const abilityId = await insertAbility(tx, target, { clientId: created!.id, role: row.role, link: row.link });
      return { clientId: created!.id, abilityId };
    }),
  );
  const session = await createSession(db, { realm: "client", userId: clientId, now: ctx.now, userAgent: ctx.userAgent });
  const account = await findAccountById(db, "client", clientId);
  return { accepted: { data: acceptedView(row, abilityId), account_created: true }, session, account };
}
