// The API alone on node:http for the upload benchmark: PGlite in memory (or the PostgreSQL of
// DATABASE_URL), the seeded reference lists, one procedure with --uploaders family members, each
// with a signed-in device whose headers it prints with its "listening" line. Files go to the local
// disk storage under DATA_DIR/files, as on a fresh machine.
//   tsx bench/upload-server.ts --port 3997
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { seedDatabase } from "@/server/db/seed/seed";
import { serveNode } from "@/server/http/node-server";
import { createSession } from "@/server/services/auth/sessions";
import { arg } from "./bench-kit";

const port = Number(arg("port", "3997"));
const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 10 } : {});
await seedDatabase(database.db, { accounts: false });
const db = database.db;

// One signed-in device per concurrent uploader (the owner and editors of one procedure): each
// uploader follows its own token rotation (SPEC §7), as a browser does.
const uploaders = Number(arg("uploaders", "50"));
const [defunct] = await db.insert(defuncts).values({ firstname: "Jeanne", lastname: "Bench" }).returning({ id: defuncts.id });
const devices: Array<Record<string, string>> = [];
let procedureId = 0;
for (let i = 0; i < uploaders; i += 1) {
  const email = `bench.uploads.${i}@example.org`;
  const [client] = await db.insert(clients).values({ email, firstname: "Luc", lastname: `Bench ${i}` }).returning({ id: clients.id });
  if (i === 0) {
    const [procedure] = await db.insert(administrativeProcedures).values({ clientId: client!.id, defunctId: defunct!.id }).returning({ id: administrativeProcedures.id });
    procedureId = procedure!.id;
  }
  await db.insert(procedureAbilities).values({ administrativeProcedureId: procedureId, clientId: client!.id, role: i === 0 ? "owner" : "editor" });
  const session = await createSession(db, { realm: "client", userId: client!.id, now: new Date() });
  devices.push({ "access-token": session.token, client: session.clientId, uid: email, "token-type": "Bearer" });
}

const app = createApp({ db });
const server = await serveNode((request) => app.fetch(request), { port });
console.log(JSON.stringify({ event: "listening", port, engine: database.driver, procedureId, devices }));

process.on("SIGTERM", () => {
  server.close();
  server.closeIdleConnections();
  void database.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 10_000).unref();
});
