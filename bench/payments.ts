// npm run bench (payments part): 100 concurrent checkouts through the embedded sandbox,
// each captured on the sandbox's page (which notifies the webhook) and then called back
// twice at once by the payer's browser. Reports p50/p95 of checkout and of callback, and
// checks the books: zero double captures, captures minus refunds equal to what the deals
// show paid. In process, on PGlite (or on DATABASE_URL's PostgreSQL when set).
//   tsx bench/payments.ts [--payments 100]
import { eq, sql } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { paymentEvents, payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import { seedDatabase } from "@/server/db/seed/seed";
import { setMailer } from "@/server/integrations/mail/mailer";
import { setSandboxNotifier, submitSandboxPage } from "@/server/integrations/payments/sandbox/sandbox-pages";
import { createSession } from "@/server/services/auth/sessions";
import { arg, percentile } from "./bench-kit";

const count = Number(arg("payments", "100"));
const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 10 } : {});
await seedDatabase(database.db, { accounts: false });
const db = database.db;
const app = createApp({ db });
setMailer({ send: async () => ({ id: "0", transport: "outbox" }) });
setSandboxNotifier(async (url, init) => app.request(`${new URL(url).pathname}${new URL(url).search}`, init));

const ANSWERS = { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123", deathDate: "2026-03-02", disposition: "cremation", finalRestingPlace: "scattering", scatteringPlace: "memorial-garden" };

/** One family and its deal per payment, as the funnel makes them. */
async function family(i: number) {
  const email = `bench.payer.${i}.${Date.now()}@example.org`;
  const created = await app.request("/api/v1/funeral_funnel/deals", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ answers: ANSWERS, client: { firstname: "Bench", lastname: `Payer${i}`, email, phone: "0611223344", contact_channel: "email", consent: true } }),
  });
  const { uuid } = (await created.json()) as { uuid: string };
  const [deal] = await db.select({ id: deals.id }).from(deals).where(eq(deals.uuid, uuid));
  const [client] = await db.update(clients).set({ countryCode: "fr" }).where(eq(clients.email, email)).returning({ id: clients.id });
  const session = await createSession(db, { realm: "client", userId: client!.id, now: new Date() });
  return { dealId: deal!.id, headers: { "access-token": session.token, client: session.clientId, uid: email, "token-type": "Bearer", "content-type": "application/json" } };
}

const families = [];
for (let i = 0; i < count; i++) families.push(await family(i));
const AMOUNT = 10_000;
const checkoutMs: number[] = [];
const callbackMs: number[] = [];
const started = performance.now();
await Promise.all(
  families.map(async ({ dealId, headers }) => {
    let t = performance.now();
    const response = await app.request("/api/v1/payments/worldline", { method: "POST", headers, body: JSON.stringify({ deal_id: dealId, amount: AMOUNT }) });
    checkoutMs.push(performance.now() - t);
    if (response.status !== 201) throw new Error(`checkout answered ${response.status}`);
    const { external_id } = (await response.json()) as { external_id: string };
    const form = new FormData();
    for (const [k, v] of Object.entries({ action: "pay", card_number: "4242424242424242", expiry: "12/30", cvc: "123" })) form.set(k, v);
    const back = new URL((await submitSandboxPage(db, "worldline", external_id, form)).headers.get("location")!);
    t = performance.now();
    // The browser's return, twice at once (a double click, a reload), racing the webhook.
    const answers = await Promise.all([app.request(`${back.pathname}${back.search}`), app.request(`${back.pathname}${back.search}`)]);
    callbackMs.push(performance.now() - t);
    for (const answer of answers) if (answer.status !== 200) throw new Error(`callback answered ${answer.status}`);
  }),
);
const elapsed = performance.now() - started;

const [captures] = await db
  .select({ events: sql<number>`count(*)::int`, payments: sql<number>`count(distinct ${paymentEvents.paymentId})::int` })
  .from(paymentEvents)
  .where(eq(paymentEvents.kind, "captured"));
const [books] = await db.select({ captured: sql<number>`coalesce(sum(${payments.capturedCents}), 0)::int`, refunded: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int` }).from(payments);
const doubleCaptures = captures!.events - captures!.payments;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
console.log(`payments (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${count} concurrent checkouts + sandbox captures + 2 callbacks each in ${elapsed.toFixed(0)} ms`);
console.log(`  checkout  p50 ${percentile(sorted(checkoutMs), 50).toFixed(1)} ms  p95 ${percentile(sorted(checkoutMs), 95).toFixed(1)} ms`);
console.log(`  callbacks p50 ${percentile(sorted(callbackMs), 50).toFixed(1)} ms  p95 ${percentile(sorted(callbackMs), 95).toFixed(1)} ms`);
console.log(`  captured payments ${captures!.payments}/${count}, double captures ${doubleCaptures}, captured ${books!.captured} cents (expected ${count * AMOUNT})`);
setSandboxNotifier(null);
await database.close();
if (doubleCaptures !== 0 || captures!.payments !== count || books!.captured !== count * AMOUNT) {
  console.error("payments bench: the books do not balance");
  process.exit(1);
}
