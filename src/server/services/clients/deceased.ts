import { and, desc, eq } from "drizzle-orm";
import { DEATH_DECLARATION_STATES, type DeathDeclarationReview, type DeathDeclarationState, type DeathDeclarationView, type DeceasedInput } from "@/domain/schemas/client";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { defuncts } from "@/server/db/schema/procedures";
import type { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import { defunctValues, procedureInputProblems } from "@/server/services/procedures/procedure-input";
import { assertComplete } from "@/server/services/procedures/signatory";

/**
 * A death declared by a client (POST /clients/{id}/deceased) and the list of their
 * declarations with where each stands (GET /clients/{id}/deceased/death_declarations,
 * SPEC §4 "Death declaration: updated with state and comment": advisors set both).
 */

function view(row: typeof defuncts.$inferSelect): DeathDeclarationView {
  const state = (DEATH_DECLARATION_STATES as readonly string[]).includes(row.declarationState) ? (row.declarationState as DeathDeclarationState) : "received";
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    civility: row.civility,
    birth_name: row.birthName,
    birth_date: row.birthDate,
    death_date: row.deathDate,
    birth_location: row.birthLocation,
    birth_postal_code: row.birthPostalCode,
    birth_insee_code: row.birthInseeCode,
    birth_country_code: row.birthCountryCode,
    state,
    comment: row.declarationComment,
    created_at: epochSeconds(row.createdAt),
    updated_at: epochSeconds(row.updatedAt),
  };
}

/**
 * Declares a deceased (no `id`) or updates one the client declared (`id`). SPEC §5: updating
 * needs a non-null defunct id (`id: null` is defunct__id__blank) and a client with a first and
 * last name (client__incomplete), which a declaration needs too: someone must declare it.
 * A defunct the client did not declare is 404.
 */
export async function declareDeceased(
  db: Db,
  client: typeof clients.$inferSelect,
  input: DeceasedInput,
  now: Date = new Date(),
): Promise<{ declaration: DeathDeclarationView; created: boolean }> {
  if (input.id === null) throw new ApiError(422, "defunct__id__blank");
  assertComplete(client);
  const { id, ...fields } = input;
  let current: typeof defuncts.$inferSelect | undefined;
  if (id !== undefined) {
    [current] = await db.select().from(defuncts).where(and(eq(defuncts.id, id), eq(defuncts.clientId, client.id))).limit(1);
    if (!current) throw new ApiError(404, "not_found");
  }
  const problems = await procedureInputProblems(db, fields, current ? { birthDate: current.birthDate, deathDate: current.deathDate } : undefined, now);
  if (!current && !fields.lastname?.trim()) problems.push("defunct__lastname__blank");
  if (problems.length > 0) throw new ApiError(422, problems);
  if (current) {
    const [row] = await db.update(defuncts).set({ ...defunctValues(fields), updatedAt: now }).where(eq(defuncts.id, current.id)).returning();
    return { declaration: view(row!), created: false };
  }
  const [row] = await db.insert(defuncts).values({ ...defunctValues(fields), clientId: client.id }).returning();
  return { declaration: view(row!), created: true };
}

export async function deathDeclarations(db: Db, clientId: number): Promise<DeathDeclarationView[]> {
  const rows = await db.select().from(defuncts).where(eq(defuncts.clientId, clientId)).orderBy(desc(defuncts.createdAt), desc(defuncts.id));
  return rows.map(view);
}

/** An advisor's review of a declaration: its state and a comment the client reads (an absent comment is kept). */
export async function reviewDeathDeclaration(db: Db, clientId: number, declarationId: number, review: DeathDeclarationReview, now: Date = new Date()): Promise<DeathDeclarationView> {
  const changes: Partial<typeof defuncts.$inferInsert> = { declarationState: review.state, updatedAt: now };
  if (review.comment !== undefined) changes.declarationComment = review.comment === null || review.comment === "" ? null : review.comment;
  const [row] = await db
    .update(defuncts)
    .set(changes)
    .where(and(eq(defuncts.id, declarationId), eq(defuncts.clientId, clientId)))
    .returning();
  if (!row) throw new ApiError(404, "not_found");
  return view(row);
}
