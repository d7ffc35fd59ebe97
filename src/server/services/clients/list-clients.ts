import { count, desc, like, or } from "drizzle-orm";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { ClientView } from "@/domain/schemas/client";
import type { Db } from "@/server/db/client";
import { clients } from "@/server/db/schema/users";
import type { AuthSession } from "@/server/services/auth-tokens";
import { clientView, requireClientRecord } from "@/server/services/clients/client-view";
import { searchTerm } from "@/server/services/search-text";

/** GET /api/v1/clients: a client sees only themself; advisors page through every client, optionally matching q (name or e-mail). */
export async function listClients(db: Db, auth: AuthSession, query: { page: number; per_page: number; q?: string }): Promise<{ data: ClientView[]; meta: PagingMeta }> {
  if (auth.realm === "client") {
    const self = await requireClientRecord(db, auth, auth.userId);
    return { data: [await clientView(db, self)], meta: pagingMeta(1, query.per_page, 1) };
  }
  const term = searchTerm(query.q);
  const where = term.text ? or(like(clients.searchName, term.prefix), like(clients.searchName, term.word)) : undefined;
  const [total] = await db.select({ n: count() }).from(clients).where(where);
  const rows = await db
    .select()
    .from(clients)
    .where(where)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data = await Promise.all(rows.map((row) => clientView(db, row)));
  return { data, meta: pagingMeta(query.page, query.per_page, Number(total?.n ?? 0)) };
}
