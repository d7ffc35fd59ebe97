// What the directory's CSV import benches share: a seeded database (PGlite, or DATABASE_URL's
// PostgreSQL), the API in process, an advisor's session, and a timer for one import.
import { eq } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { businessUsers } from "@/server/db/schema/users";
import { seedDatabase } from "@/server/db/seed/seed";
import { createSession } from "@/server/services/auth/sessions";

export const IMPORT_GOAL_MS = 30_000;

export async function openImportBench() {
  const env = serverEnv();
  const engine = env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 4 } : {});
  const db = database.db;
  await seedDatabase(db, { accounts: true });
  const app = createApp({ db });
  const [advisor] = await db.select({ id: businessUsers.id, email: businessUsers.email }).from(businessUsers).where(eq(businessUsers.email, "conseiller@demo.test"));
  const session = await createSession(db, { realm: "business_user", userId: advisor!.id, now: new Date() });
  const headers: Record<string, string> = { "access-token": session.token, client: session.clientId, uid: advisor!.email, "token-type": "Bearer" };
  // Sessions rotate their token: every answer may hand the next one.
  const keepToken = (response: Response) => {
    const token = response.headers.get("access-token");
    if (token) headers["access-token"] = token;
  };

  /** GET an export as the advisor. */
  async function exportCsv(path: string): Promise<string> {
    const response = await app.request(path, { headers });
    keepToken(response);
    return response.text();
  }

  /** POSTs one CSV to an import route, checks the status, prints the time against the goal. */
  async function timed(label: string, path: string, body: string, expected: number): Promise<number> {
    const t = performance.now();
    const response = await app.request(path, { method: "POST", headers: { ...headers, "content-type": "text/csv; charset=utf-8" }, body });
    const answer = (await response.json()) as { data?: unknown; report?: { rejected: unknown[] } };
    const ms = performance.now() - t;
    keepToken(response);
    if (response.status !== expected) throw new Error(`${label}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
    const summary = answer.data ?? { rejected: answer.report?.rejected.length };
    console.log(`  ${label.padEnd(42)} ${(ms / 1000).toFixed(1)} s  ${JSON.stringify(summary).slice(0, 120)}  (goal < ${IMPORT_GOAL_MS / 1000} s: ${ms < IMPORT_GOAL_MS ? "met" : "missed"})`);
    return ms;
  }

  return { db, engine, close: () => database.close(), exportCsv, timed };
}
