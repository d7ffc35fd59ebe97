import { createApp, type AppOptions, type App } from "@/server/app";
import { businessUsers, clients } from "@/server/db/schema/users";
import type { Db } from "@/server/db/client";
import { eq } from "drizzle-orm";
import { createSession } from "@/server/services/auth/sessions";
import { createTestDatabase, type TestDatabase } from "./template";

export interface TestContext {
  app: App;
  db: Db;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The API over a fresh seeded database, called in-process with app.request(). */
export async function createTestApp(options: Omit<AppOptions, "db"> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = createApp({ ...options, db: database.db });
  return { app, db: database.db, database, close: () => database.close() };
}

/** Headers of a signed-in device of a seeded account (devise protocol: access-token, client, uid). */
export async function signInHeaders(db: Db, realm: "client" | "business_user", email: string): Promise<Record<string, string>> {
  const table = realm === "client" ? clients : businessUsers;
  const [user] = await db.select({ id: table.id, email: table.email }).from(table).where(eq(table.email, email)).limit(1);
  if (!user?.email) throw new Error(`no seeded ${realm} ${email}`);
  const session = await createSession(db, { realm, userId: user.id, now: new Date() });
  return { "access-token": session.token, client: session.clientId, uid: user.email, "token-type": "Bearer" };
}

/** GET a path and parse the JSON answer. */
export async function getJson<T = unknown>(app: App, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await app.request(path, { headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}
