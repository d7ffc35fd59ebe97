import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { familyInvitations } from "@/server/db/schema/family";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { purgeExpired } from "@/server/jobs/maintenance";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { randomSecret } from "@/server/services/auth/secrets";
import { INVITATION_LOOKUPS_PER_IP, INVITATIONS_PER_INVITER_PER_HOUR } from "@/server/services/family/family-limits";
import { FAMILY_INVITATION_EMAIL_JOB } from "@/server/services/family/invitation-email-job";
import { call, fakeClock, freshIp } from "./auth-helpers";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { createClient, createFamily, FAMILY_PASSWORD, type FamilyFixture } from "./helpers/family-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

/**
 * The invitation link opens a family's file: guessing tokens, replaying a spent one,
 * accepting with another account, using an expired one, racing two acceptances, and
 * turning invitations into a mail cannon must all fail.
 */

let ctx: TestContext;
let family: FamilyFixture;
let clock: ReturnType<typeof fakeClock> | null = null;
const { mailer, sent } = recordingMailer();

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(mailer);
  family = await createFamily(ctx.db, "abuse");
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});
afterEach(() => {
  clock?.restore();
  clock = null;
});

const from = (ip: string) => ({ [PEER_ADDRESS_HEADER]: peerStamp(ip) });

async function invitation(email: string, role = "reader"): Promise<string> {
  const owner = await signInHeaders(ctx.db, "client", family.emails.owner);
  const created = await call(ctx.app, "POST", `/api/v1/administrative_procedures/${family.procedureId}/abilities`, { body: { email, role }, headers: owner });
  expect(created.status).toBe(201);
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FAMILY_INVITATION_EMAIL_JOB], now: authNow });
  const mail = [...sent].reverse().find((m) => m.to === email)!;
  return /#invitation=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

describe("token guessing", () => {
  it("answers 404 to random and malformed tokens, with nothing in the body, then 429 from the same address", async () => {
    const ip = freshIp();
    const real = await invitation("guessed@example.org");
    const guesses = [randomSecret(), randomSecret(32), "a".repeat(22), `${real.slice(0, -1)}${real.endsWith("A") ? "B" : "A"}`, "../../etc/passwd", "%00"];
    for (const guess of guesses) {
      const response = await call(ctx.app, "GET", `/api/v1/invitations/${encodeURIComponent(guess)}`, { headers: from(ip) });
      expect(response.status, guess).toBe(404);
      expect(response.body).toEqual({ error: "Not Found", message: "not_found" });
    }
    const remaining = INVITATION_LOOKUPS_PER_IP - guesses.length;
    for (let i = 0; i < remaining; i += 1) expect((await call(ctx.app, "POST", `/api/v1/invitations/${randomSecret()}/accept`, { body: {}, headers: from(ip) })).status).toBe(404);
    // The address has used its attempts: even the real token waits now.
    const limited = await call(ctx.app, "GET", `/api/v1/invitations/${real}`, { headers: from(ip) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address still gets through.
    expect((await call(ctx.app, "GET", `/api/v1/invitations/${real}`, { headers: from(freshIp()) })).status).toBe(200);
  });
});

describe("spent, foreign and expired invitations", () => {
  it("accepts once: the second acceptance is refused and creates nothing", async () => {
    const token = await invitation("once@example.org");
    const body = { firstname: "Luc", lastname: "Martin", password: FAMILY_PASSWORD, password_confirmation: FAMILY_PASSWORD };
    expect((await call(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { body })).status).toBe(200);
    const again = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { body });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual(["invitation__already_accepted"]);
    expect((await call<{ errors: string[] }>(ctx.app, "GET", `/api/v1/invitations/${token}`)).body.errors).toEqual(["invitation__already_accepted"]);
  });

  it("lets exactly one of two simultaneous acceptances through", async () => {
    await createClient(ctx.db, "racer@example.org", "Rita");
    const token = await invitation("racer@example.org");
    const racer = await signInHeaders(ctx.db, "client", "racer@example.org");
    const racer2 = await signInHeaders(ctx.db, "client", "racer@example.org");
    const results = await Promise.all([racer, racer2].map((headers) => call(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { headers })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it("refuses another signed-in account, even a member of the file, and leaves the invitation usable", async () => {
    const token = await invitation("rightful@example.org");
    for (const name of ["stranger", "editor"] as const) {
      const other = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { headers: await signInHeaders(ctx.db, "client", family.emails[name]) });
      expect(other.status).toBe(422);
      expect(other.body.errors).toEqual(["invitation__email__mismatch"]);
    }
    // A business session is not a family account: it must create one, for the invited address only.
    const advisor = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { headers: await signInHeaders(ctx.db, "business_user", "conseiller@demo.test") });
    expect(advisor.status).toBe(422);
    expect((await call(ctx.app, "GET", `/api/v1/invitations/${token}`)).status).toBe(200);
  });

  it("refuses an expired invitation, and its acceptance creates no account", async () => {
    const token = await invitation("expired@example.org");
    clock = fakeClock(new Date(Date.now() + 15 * 86_400_000));
    const body = { firstname: "Eve", lastname: "Martin", password: FAMILY_PASSWORD, password_confirmation: FAMILY_PASSWORD };
    const response = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { body });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(["invitation__expired"]);
    clock.restore();
    clock = null;
    const signIn = await call(ctx.app, "POST", "/api/v1/auth/sign_in", { body: { email: "expired@example.org", password: FAMILY_PASSWORD } });
    expect(signIn.status).toBe(401);
  });
});

describe("invitations as a mail cannon", () => {
  it("stops an owner after the hourly number of invitations", async () => {
    const flood = await createFamily(ctx.db, "flood");
    const owner = await signInHeaders(ctx.db, "client", flood.emails.owner);
    const statuses: number[] = [];
    for (let i = 0; i <= INVITATIONS_PER_INVITER_PER_HOUR; i += 1) {
      statuses.push((await call(ctx.app, "POST", `/api/v1/deals/${flood.dealId}/abilities`, { body: { email: `target${i}@example.org`, role: "reader" }, headers: owner })).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(INVITATIONS_PER_INVITER_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("retention", () => {
  it("forgets invitations never accepted a month after they ended, and keeps accepted ones", async () => {
    const stale = await invitation("stale@example.org");
    const kept = await invitation("kept@example.org");
    const body = { firstname: "Kim", lastname: "Martin", password: FAMILY_PASSWORD, password_confirmation: FAMILY_PASSWORD };
    expect((await call(ctx.app, "POST", `/api/v1/invitations/${kept}/accept`, { body })).status).toBe(200);
    await purgeExpired(ctx.db, new Date(Date.now() + 10 * 86_400_000));
    expect(await ctx.db.select().from(familyInvitations).where(eq(familyInvitations.email, "stale@example.org"))).toHaveLength(1);
    await purgeExpired(ctx.db, new Date(Date.now() + 50 * 86_400_000));
    expect(await ctx.db.select().from(familyInvitations).where(eq(familyInvitations.email, "stale@example.org"))).toHaveLength(0);
    expect(await ctx.db.select().from(familyInvitations).where(eq(familyInvitations.email, "kept@example.org"))).toHaveLength(1);
    expect((await call(ctx.app, "GET", `/api/v1/invitations/${stale}`)).status).toBe(404);
  });
});
