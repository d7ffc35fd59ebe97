import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { passwordResetTokens } from "@/server/db/schema/auth";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { listOutbox, type StoredMail } from "@/server/integrations/mail/outbox";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { createTestApp, type TestContext } from "./helpers/app";
import { ADVISOR_EMAIL, CLIENT_EMAIL, DEMO_PASSWORD, call, device, fakeClock, signIn } from "./auth-helpers";

// The outbox is a folder under DATA_DIR: give this file its own (read lazily by serverEnv()).
const dataDir = mkdtempSync(join(tmpdir(), "paisible-auth-passwords-"));
process.env.DATA_DIR = dataDir;
process.env.REDIRECT_ALLOWLIST = "https://partenaire.example.org";
const outbox = join(dataDir, "outbox");

let ctx: TestContext;
let clock: ReturnType<typeof fakeClock> | undefined;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => clock?.restore());
// Reset e-mails are limited per address and hour: each test runs in its own hour (a test may still set its own clock).
let hour = 0;
beforeEach(() => {
  hour += 2;
  clock = fakeClock(new Date(Date.now() + hour * 3_600_000));
});

const V1 = "/api/v1/auth";
const PRO = "/api/v1/pro/auth";
const SITE = "http://localhost:3000";
const RESET_PAGE = `${SITE}/me-connecter/nouveau-mot-de-passe`;

/** The newest e-mail to an address, waiting for the delivery the API does not wait for. */
async function lastMailTo(to: string, after?: string): Promise<StoredMail> {
  for (let i = 0; i < 100; i += 1) {
    // The reset e-mail is a queued job: run what is due, at the tests' clock.
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, now: authNow });
    const [mail] = await listOutbox(outbox, { to, limit: 1 });
    if (mail && mail.id !== after) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to ${to}`);
}

function linkIn(mail: StoredMail): URL {
  const match = /(https?:\/\/\S+\/password\/edit\?\S+)/.exec(mail.text);
  if (!match) throw new Error("no reset link in the e-mail");
  return new URL(match[1]!);
}

async function requestReset(base: string, email: string, redirectUrl: string | null = RESET_PAGE, host?: string) {
  return call(ctx.app, "POST", `${base}/password`, {
    body: redirectUrl === null ? { email } : { email, redirect_url: redirectUrl },
    headers: host ? { "x-forwarded-host": host } : {},
  });
}

describe("POST /api/v1/auth/password (forgotten password)", () => {
  it("answers the same whether or not the e-mail has an account, and mails only real accounts", async () => {
    const known = await requestReset(V1, CLIENT_EMAIL);
    const unknown = await requestReset(V1, "personne@demo.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await lastMailTo(CLIENT_EMAIL);
    expect(mail.subject).toMatch(/mot de passe/i);
    expect(mail.tag).toBe("password_reset");
    expect(await listOutbox(outbox, { to: "personne@demo.test" })).toEqual([]);
  });

  it("sends a link to the API's edit address, with a reset token and no session token", async () => {
    const before = (await listOutbox(outbox, { to: CLIENT_EMAIL, limit: 1 }))[0]?.id;
    await requestReset(V1, CLIENT_EMAIL);
    const mail = await lastMailTo(CLIENT_EMAIL, before);
    const link = linkIn(mail);
    expect(link.origin).toBe(SITE);
    expect(link.pathname).toBe("/api/v1/auth/password/edit");
    expect(link.searchParams.get("reset_password_token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get("redirect_url")).toBe(RESET_PAGE);
    expect(link.searchParams.has("access-token")).toBe(false);
    expect(link.searchParams.has("client")).toBe(false);
    expect(mail.html).toContain(link.toString().replace(/&/g, "&amp;"));
    // Only the hash is stored.
    const rows = await ctx.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === link.searchParams.get("reset_password_token"))).toBe(false);
  });

  it("writes the e-mail in the language of the site it was asked from", async () => {
    const before = (await listOutbox(outbox, { to: ADVISOR_EMAIL, limit: 1 }))[0]?.id;
    const answer = await requestReset(PRO, ADVISOR_EMAIL, "http://ar.localhost:3000/pro/connexion/nouveau-mot-de-passe");
    expect(answer.status).toBe(200);
    const mail = await lastMailTo(ADVISOR_EMAIL, before);
    expect(mail.locale).toBe("ar");
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail).origin).toBe("http://ar.localhost:3000");
    expect(linkIn(mail).pathname).toBe("/api/v1/pro/auth/password/edit");
  });

  it("accepts the product's own hosts in every locale form and REDIRECT_ALLOWLIST, 422 for any other", async () => {
    for (const url of [
      RESET_PAGE,
      "http://en.localhost:3000/me-connecter/nouveau-mot-de-passe",
      "http://zh--localhost:3000/me-connecter/nouveau-mot-de-passe",
      "https://partenaire.example.org/reset",
    ]) {
      expect((await requestReset(V1, "personne@demo.test", url)).status, url).toBe(200);
    }
    for (const url of [
      "https://evil.example.com/me-connecter/nouveau-mot-de-passe",
      "http://localhost.evil.example.com/x",
      "http://localhost:3000@evil.example.com/x",
      "https://localhost:3000/x",
      "http://localhost:4000/x",
      "http://xx.localhost:3000/x",
      "javascript:alert(1)",
      "/me-connecter",
    ]) {
      const refused = await requestReset(V1, CLIENT_EMAIL, url);
      expect(refused.status, url).toBe(422);
      expect(refused.body, url).toEqual({ error: "Unprocessable Entity", errors: ["redirect_url_not_allowed"] });
    }
  });

  it("defaults to the reset page of the locale host the request came from", async () => {
    const before = (await listOutbox(outbox, { to: CLIENT_EMAIL, limit: 1 }))[0]?.id;
    await requestReset(V1, CLIENT_EMAIL, null, "de.localhost:3000");
    const mail = await lastMailTo(CLIENT_EMAIL, before);
    expect(linkIn(mail).searchParams.get("redirect_url")).toBe("http://de.localhost:3000/me-connecter/nouveau-mot-de-passe");
    expect(mail.locale).toBe("de");
  });
});

describe("reset link and new password", () => {
  async function freshLink(base = V1, email = CLIENT_EMAIL, redirect = RESET_PAGE) {
    const before = (await listOutbox(outbox, { to: email, limit: 1 }))[0]?.id;
    await requestReset(base, email, redirect);
    return linkIn(await lastMailTo(email, before));
  }

  it("redirects the e-mail link to the reset page carrying only the reset token", async () => {
    const link = await freshLink();
    const response = await ctx.app.request(`${link.pathname}${link.search}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(RESET_PAGE);
    expect(location.searchParams.get("reset_password_token")).toBe(link.searchParams.get("reset_password_token"));
    expect(response.headers.get("access-token")).toBeNull();
    expect([...location.searchParams.keys()]).toEqual(["reset_password_token"]);
  });

  it("refuses a tampered redirect_url on the link (422) and sends an unknown token back with an error", async () => {
    const link = await freshLink();
    link.searchParams.set("redirect_url", "https://evil.example.com/");
    expect((await ctx.app.request(`${link.pathname}${link.search}`)).status).toBe(422);
    const bogus = await ctx.app.request(`/api/v1/auth/password/edit?reset_password_token=nope&redirect_url=${encodeURIComponent(RESET_PAGE)}`);
    expect(bogus.status).toBe(302);
    expect(new URL(bogus.headers.get("location")!).searchParams.get("erreur")).toBe("reset_token_invalid");
  });

  it("sets the password once, signs every session out, and signs the resetting browser in", async () => {
    const oldSession = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const token = (await freshLink()).searchParams.get("reset_password_token")!;
    const body = { reset_password_token: token, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" };
    const reset = await call<{ data: { email: string } }>(ctx.app, "PUT", `${V1}/password`, { body });
    expect(reset.status).toBe(200);
    expect(reset.body.data.email).toBe(CLIENT_EMAIL);
    expect(reset.headers.get("access-token")).toBeTruthy();
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: oldSession.headers() })).status).toBe(401);
    expect((await signIn(ctx.app, V1, CLIENT_EMAIL, DEMO_PASSWORD)).status).toBe(401);
    expect((await signIn(ctx.app, V1, CLIENT_EMAIL, "Lilas-au-jardin-2026")).status).toBe(200);

    const again = await call(ctx.app, "PUT", `${V1}/password`, { body });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: "Unprocessable Entity", errors: ["reset_token_invalid"] });

    // Put the demo password back for the other tests.
    const back = (await freshLink()).searchParams.get("reset_password_token")!;
    expect((await call(ctx.app, "PUT", `${V1}/password`, { body: { reset_password_token: back, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD } })).status).toBe(200);
  });

  it("expires the link after 2 hours", async () => {
    // After every other test's hour: the outbox lists mails in the order of their time.
    clock = fakeClock(new Date(Date.now() + 1000 * 3_600_000));
    const token = (await freshLink()).searchParams.get("reset_password_token")!;
    clock.advance(2 * 3600 * 1000 + 1000);
    const late = await call(ctx.app, "PUT", `${V1}/password`, {
      body: { reset_password_token: token, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(late.status).toBe(422);
    expect(late.body).toEqual({ error: "Unprocessable Entity", errors: ["reset_token_invalid"] });
  });

  it("keeps only the newest link working, and a client token cannot reset an advisor", async () => {
    const first = (await freshLink()).searchParams.get("reset_password_token")!;
    await freshLink();
    const stale = await call(ctx.app, "PUT", `${V1}/password`, {
      body: { reset_password_token: first, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(stale.status).toBe(422);
    const advisorToken = (await freshLink(PRO, ADVISOR_EMAIL, "http://localhost:3000/pro/connexion/nouveau-mot-de-passe")).searchParams.get("reset_password_token")!;
    const crossRealm = await call(ctx.app, "PUT", `${V1}/password`, {
      body: { reset_password_token: advisorToken, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(crossRealm.status).toBe(422);
  });

  it("applies the password rules with codes", async () => {
    const token = (await freshLink()).searchParams.get("reset_password_token")!;
    const cases: Array<[string, string, string]> = [
      ["court", "court", "password_too_short"],
      ["x".repeat(129), "x".repeat(129), "password_too_long"],
      ["motdepasse123", "motdepasse123", "password_too_common"],
      ["Lilas-au-jardin-2026", "Lilas-au-jardin-2025", "password_mismatch"],
    ];
    for (const [password, confirmation, code] of cases) {
      const r = await call(ctx.app, "PUT", `${V1}/password`, { body: { reset_password_token: token, password, password_confirmation: confirmation } });
      expect(r.status, code).toBe(422);
      expect(r.body, code).toEqual({ error: "Unprocessable Entity", errors: [code] });
    }
  });
});

describe("PUT /api/v1/auth/password (signed-in change)", () => {
  it("asks for the current password and refuses a wrong one", async () => {
    const me = device((await signIn(ctx.app, PRO, "pro@demo.test")).tokens);
    const missing = await call(ctx.app, "PUT", `${PRO}/password`, {
      headers: me.headers(),
      body: { password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ error: "Unprocessable Entity", errors: ["current_password_required"] });
    me.capture(missing.headers);
    const wrong = await call(ctx.app, "PUT", `${PRO}/password`, {
      headers: me.headers(),
      body: { current_password: "pas-le-bon", password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ error: "Unprocessable Entity", errors: ["current_password_invalid"] });
    expect((await call(ctx.app, "PUT", `${PRO}/password`, { body: { password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" } })).status).toBe(401);
  });

  it("changes the password, keeps this device and signs every other session out", async () => {
    clock = fakeClock();
    const here = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const elsewhere = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const cookieSet = await call(ctx.app, "POST", `${V1}/cookie`, { headers: elsewhere.headers() });
    const otherCookie = (cookieSet.headers.get("set-cookie") ?? "").split(";")[0]!;
    clock.advance(6_000);
    const changed = await call(ctx.app, "PUT", `${V1}/password`, {
      headers: here.headers(),
      body: { current_password: DEMO_PASSWORD, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(changed.status).toBe(200);
    here.capture(changed.headers);
    expect(changed.headers.get("access-token")).toBeTruthy();
    clock.advance(6_000);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: here.headers() })).status).toBe(200);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: elsewhere.headers() })).status).toBe(401);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: { cookie: otherCookie } })).status).toBe(401);
    // Back to the demo password.
    const restored = await call(ctx.app, "PUT", `${V1}/password`, {
      headers: here.headers(),
      body: { current_password: "Lilas-au-jardin-2026", password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
    });
    expect(restored.status).toBe(200);
  });

  it("drops pending reset links once the password changed", async () => {
    const before = (await listOutbox(outbox, { to: ADVISOR_EMAIL, limit: 1 }))[0]?.id;
    await requestReset(PRO, ADVISOR_EMAIL, "http://localhost:3000/pro/connexion/nouveau-mot-de-passe");
    const token = linkIn(await lastMailTo(ADVISOR_EMAIL, before)).searchParams.get("reset_password_token")!;
    const me = device((await signIn(ctx.app, PRO, ADVISOR_EMAIL)).tokens);
    const changed = await call(ctx.app, "PUT", `${PRO}/password`, {
      headers: me.headers(),
      body: { current_password: DEMO_PASSWORD, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const rows = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.realm, "business_user"));
    expect(rows).toHaveLength(0);
    const late = await call(ctx.app, "PUT", `${PRO}/password`, {
      body: { reset_password_token: token, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(late.status).toBe(422);
  });
});

describe("GET /api/dev/outbox", () => {
  // A developer's browser on the same machine, as server.mjs reports the connection.
  const local = { headers: { [PEER_ADDRESS_HEADER]: peerStamp("127.0.0.1") } };
  it("lists the e-mails for a developer, newest first, filtered by recipient", async () => {
    const list = await call<{ data: StoredMail[] }>(ctx.app, "GET", `/api/dev/outbox?to=${encodeURIComponent(CLIENT_EMAIL)}&limit=2`, local);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((m) => m.to === CLIENT_EMAIL)).toBe(true);
    const one = await call<{ data: StoredMail }>(ctx.app, "GET", `/api/dev/outbox/${list.body.data[0]!.id}`, local);
    expect(one.body.data.subject).toBe(list.body.data[0]!.subject);
    const page = await ctx.app.request("/api/dev/outbox", { headers: { accept: "text/html", ...local.headers } });
    expect(await page.text()).toContain("Outbox");
    expect((await call(ctx.app, "GET", "/api/dev/outbox/..%2F..%2Fetc%2Fpasswd", local)).status).toBe(404);
  });
});
