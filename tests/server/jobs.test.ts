import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { passwordResetTokens } from "@/server/db/schema/auth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deals } from "@/server/db/schema/deals";
import { jobs } from "@/server/db/schema/jobs";
import { clients } from "@/server/db/schema/users";
import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { outboxMailer } from "@/server/integrations/mail/outbox";
import type { SmsMessage, SmsSender } from "@/server/integrations/sms/sms-message";
import { setSmsSender } from "@/server/integrations/sms/sms-outbox";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { PURGE_EXPIRED_JOB } from "@/server/jobs/maintenance";
import { backoffMs, claimJobs, enqueue } from "@/server/jobs/queue";
import { drainJobs, PermanentJobError, schedulePeriodic, type JobHandlers } from "@/server/jobs/worker";
import { DEADLINE_REMINDER_JOB } from "@/server/services/family-reminders";
import { FUNNEL_QUOTE_EMAIL_JOB, SCHEDULE_REMINDERS_JOB } from "@/server/services/funeral-quote/submission-jobs";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";

let ctx: TestContext;
const mails: MailMessage[] = [];
const texts: SmsMessage[] = [];
const mailer: Mailer = {
  async send(message) {
    mails.push(message);
    return { id: `m${mails.length}`, transport: "outbox" };
  },
};
const sms: SmsSender = {
  async send(message) {
    texts.push(message);
    return { id: `s${texts.length}`, transport: "outbox" };
  },
};

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(mailer);
  setSmsSender(sms);
});
afterAll(async () => {
  setMailer(null);
  setSmsSender(null);
  await ctx?.close();
});
beforeEach(async () => {
  mails.length = 0;
  texts.length = 0;
  // Each test starts from an empty queue.
  await ctx.db.execute(sql`DELETE FROM jobs`);
});

const ANSWERS = {
  situation: "death-occurred",
  placeOfDeath: "hospital",
  deathCommuneInsee: "69123",
  deathDate: "2026-03-02",
  disposition: "cremation",
} as const;

let emailCounter = 0;
async function submitDeal(channel: "email" | "sms" | "phone" = "email", answers: Record<string, unknown> = ANSWERS) {
  emailCounter += 1;
  const email = `famille.${emailCounter}.${Date.now()}@example.org`;
  const response = await ctx.app.request("/api/v1/funeral_funnel/deals", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ answers, submit: true, client: { firstname: "Anne", lastname: "Roux", phone: "06 11 22 33 44", email, contact_channel: channel, consent: true } }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { uuid: string };
  const [deal] = await ctx.db.select({ id: deals.id }).from(deals).where(eq(deals.uuid, body.uuid));
  return { uuid: body.uuid, dealId: deal!.id, email };
}

async function jobsOf(kind: string) {
  return ctx.db.select().from(jobs).where(eq(jobs.kind, kind));
}

describe("transactional outbox", () => {
  it("commits the quote e-mail job with the deal, and a retried job never mails twice", async () => {
    const { uuid, email } = await submitDeal();
    const queued = await jobsOf(FUNNEL_QUOTE_EMAIL_JOB);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.idempotencyKey).toContain(uuid);
    expect(mails).toHaveLength(0); // nothing is sent inside the request

    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FUNNEL_QUOTE_EMAIL_JOB] });
    expect(mails.map((m) => m.to)).toEqual([email]);
    expect(mails[0]!.text).toContain("/password/edit");

    // A worker that died after sending: the job runs again, finds the delivery, sends nothing.
    await ctx.db.update(jobs).set({ state: "queued", runAt: new Date(0) }).where(eq(jobs.id, queued[0]!.id));
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FUNNEL_QUOTE_EMAIL_JOB] });
    expect(mails).toHaveLength(1);
    const [done] = await ctx.db.select().from(jobs).where(eq(jobs.id, queued[0]!.id));
    expect(done!.state).toBe("done");
  });

  it("writes no job when the change rolls back", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueue(tx as never, { kind: "test.rollback" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await jobsOf("test.rollback")).toHaveLength(0);
  });

  it("keeps one job per idempotency key", async () => {
    await enqueue(ctx.db, [{ kind: "test.key", idempotencyKey: "k1" }, { kind: "test.key", idempotencyKey: "k1" }]);
    expect(await jobsOf("test.key")).toHaveLength(1);
  });

  it("never delivers one key twice through the outbox, even without the delivery record", async () => {
    const dir = mkdtempSync(join(tmpdir(), "paisible-outbox-key-"));
    try {
      const outbox = outboxMailer(dir, "test@paisible.test");
      const message = { to: "a@example.org", subject: "s", text: "t", html: "<p>t</p>" };
      const first = await outbox.send(message, { idempotencyKey: "same" });
      const again = await outbox.send(message, { idempotencyKey: "same" });
      expect(again.id).toBe(first.id);
      expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(1);
      // And the recorded delivery stops the second build altogether.
      let built = 0;
      const build = async () => ((built += 1), message);
      await sendEmailOnce(ctx.db, outbox, "same-db", build);
      expect((await sendEmailOnce(ctx.db, outbox, "same-db", build)).status).toBe("already_sent");
      expect(built).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("retries, back-off and dead letters", () => {
  it("retries with growing delays, then keeps the job dead until an admin retries or discards it", async () => {
    let calls = 0;
    const failing: JobHandlers = {
      "test.flaky": async () => {
        calls += 1;
        throw Object.assign(new Error("smtp down for claire@example.org"), { code: "ECONNREFUSED" });
      },
    };
    let now = new Date("2030-01-01T00:00:00Z");
    await enqueue(ctx.db, { kind: "test.flaky", maxAttempts: 3 }, now);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await drainJobs(ctx.db, { handlers: failing, now: () => now });
      const [row] = await jobsOf("test.flaky");
      if (attempt < 3) {
        expect(row!.state).toBe("queued");
        delays.push(row!.runAt.getTime() - now.getTime());
        // Not run again before its time.
        await drainJobs(ctx.db, { handlers: failing, now: () => now });
        expect(calls).toBe(attempt);
        now = row!.runAt;
      } else {
        expect(row!.state).toBe("dead");
        expect(row!.lastError).toBe("ECONNREFUSED"); // a code, never the message with an address
      }
    }
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(backoffMs(1, () => 0.5)).toBe(5_000);
    expect(backoffMs(3, () => 0.5)).toBe(20_000);
    expect(backoffMs(30, () => 0.5)).toBe(60 * 60 * 1000);

    const [dead] = await jobsOf("test.flaky");
    const admin = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    const list = await ctx.app.request("/api/v1/pro/jobs/dead", { headers: admin });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: Array<{ id: number }> }).data.map((j) => j.id)).toContain(dead!.id);

    const retry = await ctx.app.request(`/api/v1/pro/jobs/${dead!.id}/retry`, { method: "POST", headers: admin });
    expect(retry.status).toBe(200);
    const [queued] = await jobsOf("test.flaky");
    expect(queued).toMatchObject({ state: "queued", attempts: 0 });
    // Only dead jobs can be retried or discarded.
    expect((await ctx.app.request(`/api/v1/pro/jobs/${dead!.id}/discard`, { method: "POST", headers: admin })).status).toBe(404);
    await drainJobs(ctx.db, { handlers: { "test.flaky": async () => { throw new PermanentJobError("payload_invalid"); } } });
    const [again] = await jobsOf("test.flaky");
    expect(again).toMatchObject({ state: "dead", lastError: "payload_invalid" });
    expect((await ctx.app.request(`/api/v1/pro/jobs/${dead!.id}/discard`, { method: "POST", headers: admin })).status).toBe(200);
    expect((await jobsOf("test.flaky"))[0]!.state).toBe("discarded");
  });

  it("lets concurrent claimers take disjoint jobs (FOR UPDATE SKIP LOCKED)", async () => {
    await enqueue(ctx.db, Array.from({ length: 30 }, (_, i) => ({ kind: "test.claim", payload: { i } })));
    const batches = await Promise.all([0, 1, 2].map((w) => claimJobs(ctx.db, { workerId: `w${w}`, limit: 12 })));
    const ids = batches.flat().map((j) => j.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it("takes over a job whose worker died once its lock expires", async () => {
    const start = new Date("2030-02-01T00:00:00Z");
    await enqueue(ctx.db, { kind: "test.orphan" }, start);
    expect(await claimJobs(ctx.db, { workerId: "dead-worker", limit: 1, now: start, lockMs: 1000 })).toHaveLength(1);
    expect(await claimJobs(ctx.db, { workerId: "other", limit: 1, now: new Date(start.getTime() + 500) })).toHaveLength(0);
    const taken = await claimJobs(ctx.db, { workerId: "other", limit: 1, now: new Date(start.getTime() + 1500) });
    expect(taken.map((j) => j.attempts)).toEqual([2]);
  });

  it("runs a periodic job once per slot, whichever worker schedules it", async () => {
    const periodic = [{ kind: "test.periodic", everyMs: 3_600_000 }];
    const now = new Date("2030-03-01T10:20:00Z");
    await schedulePeriodic(ctx.db, periodic, now);
    await schedulePeriodic(ctx.db, periodic, new Date("2030-03-01T10:50:00Z"));
    await schedulePeriodic(ctx.db, periodic, new Date("2030-03-01T11:05:00Z"));
    expect((await jobsOf("test.periodic")).map((j) => j.runAt.toISOString()).sort()).toEqual(["2030-03-01T10:00:00.000Z", "2030-03-01T11:00:00.000Z"]);
  });
});

describe("purge of expired links", () => {
  it("deletes expired and used reset links and old finished jobs, and keeps the rest", async () => {
    const now = new Date("2030-05-01T00:00:00Z");
    const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, "client@demo.test"));
    await ctx.db.insert(passwordResetTokens).values([
      { realm: "client", userId: client!.id, tokenHash: "purge-expired", redirectUrl: "http://localhost:3000/x", expiresAt: new Date("2030-04-30T00:00:00Z") },
      { realm: "client", userId: client!.id, tokenHash: "purge-valid", redirectUrl: "http://localhost:3000/x", expiresAt: new Date("2030-05-02T00:00:00Z") },
    ]);
    await ctx.db.insert(jobs).values([
      { kind: "test.old", state: "done", finishedAt: new Date("2030-01-01T00:00:00Z") },
      { kind: "test.recent", state: "done", finishedAt: new Date("2030-04-30T00:00:00Z") },
      { kind: "test.deadold", state: "dead", finishedAt: new Date("2030-01-01T00:00:00Z") },
    ]);
    await enqueue(ctx.db, { kind: PURGE_EXPIRED_JOB }, now);
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PURGE_EXPIRED_JOB], now: () => now });
    const tokens = await ctx.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(inArray(passwordResetTokens.tokenHash, ["purge-expired", "purge-valid"]));
    expect(tokens.map((t) => t.hash)).toEqual(["purge-valid"]);
    const kinds = (await ctx.db.select({ kind: jobs.kind }).from(jobs)).map((j) => j.kind);
    expect(kinds).not.toContain("test.old");
    expect(kinds).toEqual(expect.arrayContaining(["test.recent", "test.deadold"]));
  });
});

describe("deadline reminders", () => {
  // Death on 2030-01-10: succession declaration by 2030-07-10, reminded 30 days before.
  const DEATH = { ...ANSWERS, deathDate: "2030-01-10" };
  const SUBMITTED = new Date("2030-01-12T10:00:00Z");
  const REMIND = new Date("2030-06-10T08:00:00Z");

  async function scheduled(channel: "email" | "sms" = "email") {
    const deal = await submitDeal(channel, DEATH);
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [SCHEDULE_REMINDERS_JOB], now: () => SUBMITTED });
    const reminders = await jobsOf(DEADLINE_REMINDER_JOB);
    return { deal, reminders: reminders.filter((r) => (r.payload as { deal_id: number }).deal_id === deal.dealId) };
  }

  it("fires on its date by the family's channel, not before", async () => {
    const { deal, reminders } = await scheduled("email");
    const succession = reminders.find((r) => (r.payload as { reminder: string }).reminder === "successionDeclaration");
    expect(succession!.runAt.toISOString()).toBe(REMIND.toISOString());

    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DEADLINE_REMINDER_JOB], now: () => new Date(REMIND.getTime() - 60_000) });
    expect(mails.filter((m) => m.tag === "deadline_reminder" && m.text.includes("10 juillet 2030"))).toHaveLength(0);

    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DEADLINE_REMINDER_JOB], now: () => REMIND });
    const sent = mails.filter((m) => m.tag === "deadline_reminder" && m.to === deal.email);
    expect(sent.map((m) => m.text).join("\n")).toContain("10 juillet 2030");
    expect(texts).toHaveLength(0);
  });

  it("goes by SMS when the family chose SMS", async () => {
    const { deal } = await scheduled("sms");
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DEADLINE_REMINDER_JOB], now: () => REMIND });
    const [owner] = await ctx.db.select({ phone: clients.phone }).from(clients).where(eq(clients.email, deal.email));
    expect(texts.filter((t) => t.tag === "deadline_reminder" && t.to === owner!.phone && t.text.includes("10 juillet 2030"))).toHaveLength(1);
    expect(mails.filter((m) => m.to === deal.email && m.tag === "deadline_reminder")).toHaveLength(0);
  });

  it("does not fire after the family opted out", async () => {
    const { deal } = await scheduled("email");
    const [owner] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, deal.email));
    const advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
    const response = await ctx.app.request(`/api/v1/clients/${owner!.id}/opt_out`, {
      method: "PUT",
      headers: { ...advisor, "content-type": "application/json" },
      body: JSON.stringify({ value: true }),
    });
    expect(response.status).toBe(200);
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DEADLINE_REMINDER_JOB], now: () => new Date("2032-01-01T00:00:00Z") });
    expect(mails.filter((m) => m.to === deal.email && m.tag === "deadline_reminder")).toHaveLength(0);
  });
});

describe("authorization matrix", () => {
  const BUSINESS = [
    ["admin@demo.test", 0],
    ["directeur@demo.test", 1],
    ["conseiller@demo.test", 2],
    ["analyste@demo.test", 3],
    ["pro@demo.test", 4],
  ] as const;

  async function status(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const response = await ctx.app.request(path, {
      method,
      headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.status;
  }

  it("dead-letter routes: anonymous 401, client 401, roles 1-4 403, admin ok", async () => {
    const [job] = await ctx.db.insert(jobs).values({ kind: "test.matrix", state: "dead" }).returning({ id: jobs.id });
    const client = await signInHeaders(ctx.db, "client", "client@demo.test");
    for (const [method, path] of [
      ["GET", "/api/v1/pro/jobs/dead"],
      ["POST", `/api/v1/pro/jobs/${job!.id}/retry`],
      ["POST", `/api/v1/pro/jobs/${job!.id}/discard`],
    ] as const) {
      expect(await status(method, path, {}), `${method} ${path} anonymous`).toBe(401);
      expect(await status(method, path, client), `${method} ${path} client`).toBe(401);
      for (const [email, role] of BUSINESS.slice(1)) expect(await status(method, path, await signInHeaders(ctx.db, "business_user", email)), `${method} ${path} role ${role}`).toBe(403);
    }
    const admin = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    expect(await status("GET", "/api/v1/pro/jobs/dead", admin)).toBe(200);
    expect(await status("POST", `/api/v1/pro/jobs/${job!.id}/discard`, admin)).toBe(200);
    expect(await status("POST", `/api/v1/pro/jobs/${job!.id}/retry`, admin)).toBe(404);
    expect(await status("POST", "/api/v1/pro/jobs/abc/retry", admin)).toBe(422);
  });

  it("opt-out: anonymous 401, the client themself ok, another client 403, roles 0-2 ok, roles 3-4 403", async () => {
    const [me] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, "client@demo.test"));
    const path = `/api/v1/clients/${me!.id}/opt_out`;
    const { email: otherEmail } = await submitDeal();
    const [other] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, otherEmail));
    const client = await signInHeaders(ctx.db, "client", "client@demo.test");
    expect(await status("PUT", path, {}, { value: true })).toBe(401);
    expect(await status("PUT", path, client, { value: true })).toBe(200);
    expect(await status("PUT", `/api/v1/clients/${other!.id}/opt_out`, client, { value: true })).toBe(403);
    expect(await status("PUT", path, client, { value: "yes" })).toBe(422);
    for (const [email, role] of BUSINESS) {
      expect(await status("PUT", path, await signInHeaders(ctx.db, "business_user", email), { value: false }), `role ${role}`).toBe(role <= 2 ? 200 : 403);
    }
    const admin = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    expect(await status("PUT", "/api/v1/clients/999999/opt_out", admin, { value: true })).toBe(404);
    const [row] = await ctx.db.select({ optOut: clients.optOut }).from(clients).where(eq(clients.id, me!.id));
    expect(row!.optOut).toBe(false);
  });
});
