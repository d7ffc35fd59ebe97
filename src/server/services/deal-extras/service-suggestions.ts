import { and, asc, eq, isNull } from "drizzle-orm";
import type { ServiceSuggestionCreate, ServiceSuggestionUpdate, ServiceSuggestionView } from "@/domain/schemas/deal-extras";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { serviceSuggestions } from "@/server/db/schema/content";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { dealRoleAllows, dealRoleOf } from "@/server/services/deals/deal-access";
import { notify } from "@/server/services/notifications/notify";

/**
 * Extra services an advisor suggests for a deal (a memorial book, a musician, flowers for
 * the hearse...): the advisors (roles 0-2, "manage") list, add, change and withdraw them;
 * the family sees them next to their deal and accepts or declines (owner and editors, the
 * family roles' "write"), which notifies the advisor in charge. A decided suggestion is the
 * family's word: it is no longer changed nor withdrawn (422 service_suggestion__already_decided).
 */

type Row = typeof serviceSuggestions.$inferSelect;

function view(row: Row): ServiceSuggestionView {
  const decided = row.acceptedAt ?? row.declinedAt;
  return {
    id: row.id,
    deal_id: row.dealId!,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    status: row.acceptedAt ? "accepted" : row.declinedAt ? "declined" : "pending",
    decided_at: decided ? epochSeconds(decided) : null,
    created_at: epochSeconds(row.createdAt),
  };
}

async function suggestionsOf(db: Db, dealId: number): Promise<ServiceSuggestionView[]> {
  return (await db.select().from(serviceSuggestions).where(eq(serviceSuggestions.dealId, dealId)).orderBy(asc(serviceSuggestions.id))).map(view);
}

export async function listServiceSuggestions(db: Db, auth: AuthSession, dealId: number): Promise<ServiceSuggestionView[]> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "manage");
  return suggestionsOf(db, deal.id);
}

export async function createServiceSuggestion(db: Db, auth: AuthSession, input: ServiceSuggestionCreate, now: Date): Promise<ServiceSuggestionView> {
  const { deal, userId } = await requireBusinessDeal(db, auth, input.deal_id, "manage");
  const [row] = await db
    .insert(serviceSuggestions)
    .values({ dealId: deal.id, name: input.name, description: input.description || null, priceCents: input.price_cents ?? null, createdById: userId, createdAt: now, updatedAt: now })
    .returning();
  return view(row!);
}

/** The suggestion and its deal, for a business caller with the deal's "manage" rights (404 otherwise, as for the deal). */
async function heldSuggestion(db: Db, auth: AuthSession, id: number): Promise<Row> {
  const [row] = await db.select().from(serviceSuggestions).where(eq(serviceSuggestions.id, id)).limit(1);
  if (!row?.dealId) throw notFoundError();
  await requireBusinessDeal(db, auth, row.dealId, "manage");
  return row;
}

function assertPending(row: Row): void {
  if (row.acceptedAt || row.declinedAt) throw new ApiError(422, "service_suggestion__already_decided");
}

export async function updateServiceSuggestion(db: Db, auth: AuthSession, id: number, input: ServiceSuggestionUpdate, now: Date): Promise<ServiceSuggestionView> {
  const row = await heldSuggestion(db, auth, id);
  assertPending(row);
  const [updated] = await db
    .update(serviceSuggestions)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
      updatedAt: now,
    })
    .where(and(eq(serviceSuggestions.id, row.id), isNull(serviceSuggestions.acceptedAt), isNull(serviceSuggestions.declinedAt)))
    .returning();
  if (!updated) throw new ApiError(422, "service_suggestion__already_decided");
  return view(updated);
}

export async function deleteServiceSuggestion(db: Db, auth: AuthSession, id: number): Promise<void> {
  const row = await heldSuggestion(db, auth, id);
  assertPending(row);
  await db.delete(serviceSuggestions).where(and(eq(serviceSuggestions.id, row.id), isNull(serviceSuggestions.acceptedAt), isNull(serviceSuggestions.declinedAt)));
}

/** The family's list (every family role reads its deal). */
export async function familyServiceSuggestions(db: Db, auth: AuthSession, dealId: number): Promise<ServiceSuggestionView[]> {
  const role = await dealRoleOf(db, dealId, auth);
  if (!role || !dealRoleAllows(role, "read")) throw notFoundError();
  return suggestionsOf(db, dealId);
}

/**
 * The family accepts or declines (owner, editor; a reader or the notary 403; a stranger 404).
 * One decision per suggestion, settled under a row lock; the advisor hears of it (notify()).
 */
export async function decideServiceSuggestion(db: Db, auth: AuthSession, id: number, decision: "accept" | "decline", now: Date): Promise<ServiceSuggestionView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(serviceSuggestions).where(eq(serviceSuggestions.id, id)).for("update");
    const role = row?.dealId ? await dealRoleOf(tx, row.dealId, auth) : null;
    if (!row || !role) throw notFoundError();
    if (!dealRoleAllows(role, "write")) throw new ApiError(403, "forbidden");
    assertPending(row);
    const [updated] = await tx
      .update(serviceSuggestions)
      .set({ ...(decision === "accept" ? { acceptedAt: now } : { declinedAt: now }), decidedByClientId: auth.userId, updatedAt: now })
      .where(eq(serviceSuggestions.id, row.id))
      .returning();
    await notify(tx, {
      kind: decision === "accept" ? "service_suggestion_accepted" : "service_suggestion_declined",
      title: decision === "accept" ? `Prestation acceptée : ${row.name}` : `Prestation refusée : ${row.name}`,
      dealId: row.dealId,
      now,
    });
    return view(updated!);
  });
}
