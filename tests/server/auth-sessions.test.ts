import { OpenAPIHono } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "@/domain/roles";
import { authTokens, businessUsers } from "@/server/db/schema/users";
import { authenticate, requireAdmin, requireBusinessRole, requireClient, requireFuneralDirectorOrAbove } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { handleError } from "@/server/http/errors";
import { createTestApp, type TestContext } from "./helpers/app";
import { ADVISOR_EMAIL, CLIENT_EMAIL, DEMO_PASSWORD, call, device, fakeClock, signIn } from "./auth-helpers";

let ctx: TestContext;
let clock: ReturnType<typeof fakeClock>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => clock?.restore());

const V1 = "/api/v1/auth";
const PRO = "/api/v1/pro/auth";

describe("POST /api/v1/auth/sign_in", () => {
  it("signs a family in and hands out the five token headers", async () => {
    clock = fakeClock();
    const { status, body, headers, tokens } = await signIn(ctx.app, V1, "Client@Demo.test ");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ email: CLIENT_EMAIL, type: "client", firstname: "Marie", lastname: "Dupont" });
    expect(body.data).not.toHaveProperty("password_hash");
    expect(JSON.stringify(body)).not.toMatch(/argon2/);
    expect(tokens["access-token"]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tokens.client).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tokens.uid).toBe(CLIENT_EMAIL);
    expect(tokens["token-type"]).toBe("Bearer");
    // Two weeks from now, in seconds (SPEC §3: timestamps in seconds).
    expect(Number(tokens.expiry)).toBe(Math.floor(clock.now().getTime() / 1000) + 14 * 24 * 3600);
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("stores only a SHA-256 hash of the token", async () => {
    const { tokens } = await signIn(ctx.app, V1, CLIENT_EMAIL);
    const [row] = await ctx.db.select().from(authTokens).where(eq(authTokens.clientId, tokens.client));
    expect(row!.tokenHash).toMatch(/^[a-f0-9]{64}$/);
    expect(row!.tokenHash).not.toContain(tokens["access-token"]);
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const wrong = await signIn(ctx.app, V1, CLIENT_EMAIL, "not-the-password");
    const unknown = await signIn(ctx.app, V1, "nobody@demo.test", "not-the-password");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: "Unauthorized", message: "invalid_credentials" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.get("access-token")).toBeNull();
  });

  it("answers 422 with codes for a malformed body and 400 for broken JSON", async () => {
    const bad = await call(ctx.app, "POST", `${V1}/sign_in`, { body: { email: "marie", password: "" } });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ error: "Unprocessable Entity", errors: expect.arrayContaining(["email_invalid", "password_required"]) });
    const broken = await ctx.app.request(`${V1}/sign_in`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "Bad Request", message: "invalid_json" });
  });

  it("signs an advisor in on the professional endpoint with the role in data", async () => {
    const { status, body } = await signIn(ctx.app, PRO, ADVISOR_EMAIL);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ email: ADVISOR_EMAIL, type: "business_user", role: ROLES.FUNERAL_ADVISOR, firstname: "Nadia" });
  });

  it("refuses a disabled advisor like a wrong password", async () => {
    await ctx.db.update(businessUsers).set({ disabled: true }).where(eq(businessUsers.email, "analyste@demo.test"));
    const { status, body } = await signIn(ctx.app, PRO, "analyste@demo.test");
    expect(status).toBe(401);
    expect(body).toEqual({ error: "Unauthorized", message: "invalid_credentials" });
    await ctx.db.update(businessUsers).set({ disabled: false }).where(eq(businessUsers.email, "analyste@demo.test"));
  });

  it("keeps clients and advisors apart: each signs in on its own endpoint only", async () => {
    expect((await signIn(ctx.app, PRO, CLIENT_EMAIL)).status).toBe(401);
    expect((await signIn(ctx.app, V1, ADVISOR_EMAIL)).status).toBe(401);
  });
});

describe("token rotation", () => {
  it("rotates the token on each request and refuses the replaced one after 5 seconds", async () => {
    clock = fakeClock();
    const first = await signIn(ctx.app, V1, CLIENT_EMAIL);
    const phone = device(first.tokens);
    clock.advance(6_000);

    const a = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: phone.headers() });
    expect(a.status).toBe(200);
    const rotated = a.headers.get("access-token");
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(first.tokens["access-token"]);
    expect(a.headers.get("client")).toBe(first.tokens.client);

    // Within the window the replaced token still works, and hands nothing back.
    clock.advance(4_000);
    const late = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: phone.headers() });
    expect(late.status).toBe(200);
    expect(late.headers.get("access-token")).toBeNull();

    // Replayed after the window: refused.
    clock.advance(1_500);
    const replay = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: phone.headers() });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: "Unauthorized", message: "session_expired" });

    // The new token works.
    phone.capture(a.headers);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: phone.headers() })).status).toBe(200);
  });

  it("serves 20 parallel requests of one page without a single 401, then keeps working", async () => {
    clock = fakeClock();
    const { tokens } = await signIn(ctx.app, V1, CLIENT_EMAIL);
    const page = device(tokens);
    clock.advance(10_000);
    const sent = page.headers();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(ctx.app, "GET", `${V1}/validate_token`, { headers: sent })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const handedOut = answers.map((a) => a.headers.get("access-token")).filter(Boolean);
    // Exactly one rotation; nobody is handed the replaced token back.
    expect(new Set(handedOut).size).toBe(1);
    expect(handedOut).not.toContain(sent["access-token"]);
    // The browser stores whatever arrived last; any order must leave it signed in.
    for (const a of answers) page.capture(a.headers);
    clock.advance(6_000);
    const after = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: page.headers() });
    expect(after.status).toBe(200);
  });

  it("echoes the current token inside the window instead of rotating again", async () => {
    clock = fakeClock();
    const { tokens } = await signIn(ctx.app, V1, CLIENT_EMAIL);
    const tab = device(tokens);
    clock.advance(1_000);
    const quick = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: tab.headers() });
    expect(quick.headers.get("access-token")).toBe(tokens["access-token"]);
  });

  it("slides the two-week lifetime with use and ends it without use", async () => {
    clock = fakeClock();
    const { tokens } = await signIn(ctx.app, V1, CLIENT_EMAIL);
    const laptop = device(tokens);
    clock.advance(13 * 24 * 3600 * 1000);
    const used = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: laptop.headers() });
    expect(used.status).toBe(200);
    laptop.capture(used.headers);
    expect(Number(laptop.tokens.expiry)).toBe(Math.floor(clock.now().getTime() / 1000) + 14 * 24 * 3600);
    clock.advance(13 * 24 * 3600 * 1000);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: laptop.headers() })).status).toBe(200);
    clock.advance(15 * 24 * 3600 * 1000);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: laptop.headers() })).status).toBe(401);
  });

  it("keeps at most 10 devices per user, dropping the least recently used", async () => {
    clock = fakeClock();
    const devices = [];
    for (let i = 0; i < 11; i += 1) {
      devices.push((await signIn(ctx.app, PRO, "directeur@demo.test")).tokens);
      clock.advance(1_000);
    }
    const [director] = await ctx.db.select().from(businessUsers).where(eq(businessUsers.email, "directeur@demo.test"));
    const rows = await ctx.db.select().from(authTokens).where(and(eq(authTokens.realm, "business_user"), eq(authTokens.userId, director!.id)));
    expect(rows).toHaveLength(10);
    clock.advance(10_000);
    const oldest = await call(ctx.app, "GET", `${PRO}/validate_token`, { headers: device(devices[0]!).headers() });
    expect(oldest.status).toBe(401);
    const newest = await call(ctx.app, "GET", `${PRO}/validate_token`, { headers: device(devices[10]!).headers() });
    expect(newest.status).toBe(200);
  });

  it("refuses a token presented with another user's uid", async () => {
    const { tokens } = await signIn(ctx.app, V1, CLIENT_EMAIL);
    const forged = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: { ...device(tokens).headers(), uid: "someone@demo.test" } });
    expect(forged.status).toBe(401);
  });
});

describe("sign-out and realms", () => {
  it("revokes the device's token on sign-out, leaving other devices signed in", async () => {
    const phone = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const laptop = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const out = await call(ctx.app, "DELETE", `${V1}/sign_out`, { headers: phone.headers() });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(out.headers.get("access-token")).toBeNull();
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: phone.headers() })).status).toBe(401);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: laptop.headers() })).status).toBe(200);
  });

  it("refuses client tokens on professional endpoints and the reverse (401)", async () => {
    const family = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const advisor = device((await signIn(ctx.app, PRO, ADVISOR_EMAIL)).tokens);
    for (const path of [`${PRO}/validate_token`, "/api/next/pro/auth/validate_token"]) {
      const r = await call(ctx.app, "GET", path, { headers: family.headers() });
      expect(r.status, path).toBe(401);
    }
    for (const path of [`${V1}/validate_token`, "/api/next/auth/validate_token"]) {
      const r = await call(ctx.app, "GET", path, { headers: advisor.headers() });
      expect(r.status, path).toBe(401);
    }
    expect((await call(ctx.app, "DELETE", `${PRO}/sign_out`, { headers: family.headers() })).status).toBe(401);
  });

  it("serves the next bases: validate_token returns data holding the user", async () => {
    const signed = await signIn(ctx.app, "/api/next/pro/auth", ADVISOR_EMAIL);
    expect(signed.status).toBe(200);
    const pro = device(signed.tokens);
    const validated = await call<{ success: boolean; data: { email: string; role: number } }>(ctx.app, "GET", "/api/next/pro/auth/validate_token", {
      headers: pro.headers(),
    });
    expect(validated.status).toBe(200);
    expect(validated.body.data).toMatchObject({ email: ADVISOR_EMAIL, role: ROLES.FUNERAL_ADVISOR });
    // The same session works on the v1 base (one protocol, several bases).
    pro.capture(validated.headers);
    const out = await call(ctx.app, "DELETE", "/api/next/pro/auth/sign_out", { headers: pro.headers() });
    expect(out.status).toBe(200);

    const family = await signIn(ctx.app, "/api/next/auth", CLIENT_EMAIL);
    expect(family.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/next/auth/validate_token", { headers: device(family.tokens).headers() })).status).toBe(200);
  });

  it("answers 401 unauthorized without credentials", async () => {
    const r = await call(ctx.app, "GET", `${V1}/validate_token`);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: "Unauthorized", message: "unauthorized" });
  });
});

describe("POST /api/v1/auth/cookie", () => {
  function cookieFrom(headers: Headers): string {
    const raw = headers.get("set-cookie") ?? "";
    return raw.split(";")[0]!;
  }

  it("sets an httpOnly SameSite=Lax session cookie that proves the session on GET requests only", async () => {
    const family = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const set = await call(ctx.app, "POST", `${V1}/cookie`, { headers: family.headers() });
    expect(set.status).toBe(200);
    const header = set.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/^paisible_session=[A-Za-z0-9_-]{22};/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/); // http://localhost in tests; Secure on an https production site
    const cookie = cookieFrom(set.headers);

    // A cookie-only GET (any site can send one) never replaces the token the device already holds.
    const adopted = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: { cookie } });
    expect(adopted.status).toBe(200);
    expect(adopted.headers.get("access-token")).toBeNull();
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: family.headers() })).status).toBe(200);

    // Writes never accept the cookie.
    const write = await call(ctx.app, "PUT", `${V1}/password`, {
      headers: { cookie },
      body: { current_password: DEMO_PASSWORD, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
    });
    expect(write.status).toBe(401);
  });

  it("needs a header session, and the cookie dies with its device on sign-out", async () => {
    expect((await call(ctx.app, "POST", `${V1}/cookie`)).status).toBe(401);
    const family = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const set = await call(ctx.app, "POST", `${V1}/cookie`, { headers: family.headers() });
    family.capture(set.headers);
    const cookie = cookieFrom(set.headers);
    const out = await call(ctx.app, "DELETE", `${V1}/sign_out`, { headers: { ...family.headers(), cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/paisible_session=;.*Max-Age=0/);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: { cookie } })).status).toBe(401);
  });

  it("gives advisors their own cookie on the professional base", async () => {
    const advisor = device((await signIn(ctx.app, PRO, ADVISOR_EMAIL)).tokens);
    const set = await call(ctx.app, "POST", `${PRO}/cookie`, { headers: advisor.headers() });
    expect(set.headers.get("set-cookie")).toMatch(/^paisible_pro_session=/);
    const cookie = cookieFrom(set.headers);
    expect((await call(ctx.app, "GET", `${PRO}/validate_token`, { headers: { cookie } })).status).toBe(200);
    expect((await call(ctx.app, "GET", `${V1}/validate_token`, { headers: { cookie } })).status).toBe(401);
  });
});

describe("role guards", () => {
  let guarded: OpenAPIHono<AppEnv>;
  beforeAll(() => {
    guarded = new OpenAPIHono<AppEnv>();
    guarded.use("*", async (c, next) => {
      c.set("db", ctx.db);
      await next();
    });
    guarded.use("*", authenticate());
    guarded.get("/director", requireFuneralDirectorOrAbove(), (c) => c.json({ ok: true }));
    guarded.get("/admin", requireAdmin(), (c) => c.json({ ok: true }));
    guarded.get("/advisors", requireBusinessRole([ROLES.FUNERAL_ADVISOR, ROLES.PRO]), (c) => c.json({ ok: true }));
    guarded.get("/family", requireClient(), (c) => c.json({ ok: true }));
    guarded.onError(handleError);
  });

  async function as(email: string | null, path: string) {
    const headers = email ? device((await signIn(ctx.app, email === CLIENT_EMAIL ? V1 : PRO, email)).tokens).headers() : {};
    const response = await guarded.request(path, { headers });
    return { status: response.status, body: await response.json(), rotated: response.headers.get("access-token") };
  }

  it("lets funeral directors and admins through 'funeral director or above', 403 forbidden for others", async () => {
    expect((await as("admin@demo.test", "/director")).status).toBe(200);
    expect((await as("directeur@demo.test", "/director")).status).toBe(200);
    const advisor = await as(ADVISOR_EMAIL, "/director");
    expect(advisor.status).toBe(403);
    expect(advisor.body).toEqual({ error: "Forbidden", message: "forbidden" });
    expect((await as("pro@demo.test", "/director")).status).toBe(403);
  });

  it("keeps admin routes to role 0 and checks explicit role lists", async () => {
    expect((await as("admin@demo.test", "/admin")).status).toBe(200);
    expect((await as("directeur@demo.test", "/admin")).status).toBe(403);
    expect((await as(ADVISOR_EMAIL, "/advisors")).status).toBe(200);
    expect((await as("pro@demo.test", "/advisors")).status).toBe(200);
    expect((await as("admin@demo.test", "/advisors")).status).toBe(403);
  });

  it("answers 401 to clients and visitors on business routes, and to advisors on client routes", async () => {
    expect((await as(CLIENT_EMAIL, "/admin")).status).toBe(401);
    expect((await as(null, "/director")).body).toEqual({ error: "Unauthorized", message: "unauthorized" });
    expect((await as(ADVISOR_EMAIL, "/family")).status).toBe(401);
    expect((await as(CLIENT_EMAIL, "/family")).status).toBe(200);
  });

  it("still rotates the token on a 403, so the browser keeps a working token", async () => {
    const refused = await as(ADVISOR_EMAIL, "/director");
    expect(refused.status).toBe(403);
    expect(refused.rotated).toBeTruthy();
  });
});


describe("OpenAPI document", () => {
  it("describes the authentication routes of every base", async () => {
    const response = await ctx.app.request("/api/docs");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/api/v1/auth/sign_in",
      "/api/v1/auth/cookie",
      "/api/v1/auth/password",
      "/api/v1/auth/password/edit",
      "/api/v1/pro/auth/validate_token",
      "/api/next/auth/sign_out",
      "/api/next/pro/auth/sign_in",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
