import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { createTestApp, type TestContext } from "./helpers/app";
import { ADVISOR_EMAIL, CLIENT_EMAIL, DEMO_PASSWORD, call, fakeClock, freshIp, signIn } from "./auth-helpers";

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

describe("sign-in rate limit", () => {
  it("answers 429 with Retry-After after 10 failures in a minute for one e-mail, even with the right password", async () => {
    clock = fakeClock();
    for (let i = 0; i < 10; i += 1) {
      const failed = await signIn(ctx.app, V1, CLIENT_EMAIL, `wrong-${i}`, freshIp());
      expect(failed.status).toBe(401);
      clock.advance(1_000);
    }
    const blocked = await signIn(ctx.app, V1, CLIENT_EMAIL, DEMO_PASSWORD, freshIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: "Too Many Requests", message: "rate_limited" });
    // The first failure leaves the one-minute window 50 seconds from now.
    expect(blocked.headers.get("retry-after")).toBe("50");
    expect(blocked.headers.get("access-token")).toBeNull();

    clock.advance(50_000);
    const again = await signIn(ctx.app, V1, CLIENT_EMAIL, DEMO_PASSWORD, freshIp());
    expect(again.status).toBe(200);
  });

  it("counts failures per address across e-mails, known or not", async () => {
    clock = fakeClock(new Date(Date.now() + 3_600_000));
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(ctx.app, V1, `inconnu-${i}@demo.test`, "whatever", ip)).status).toBe(401);
    }
    const blocked = await signIn(ctx.app, PRO, ADVISOR_EMAIL, DEMO_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(ctx.app, PRO, ADVISOR_EMAIL, DEMO_PASSWORD, freshIp())).status).toBe(200);
  });

  it("answers the same for an unknown e-mail, so the limiter does not reveal accounts", async () => {
    clock = fakeClock(new Date(Date.now() + 7_200_000));
    for (let i = 0; i < 10; i += 1) await signIn(ctx.app, V1, "personne@demo.test", "x", freshIp());
    const blocked = await signIn(ctx.app, V1, "personne@demo.test", "x", freshIp());
    expect(blocked.status).toBe(429);
  });

  it("does not count successful sign-ins", async () => {
    clock = fakeClock(new Date(Date.now() + 10_800_000));
    const ip = freshIp();
    for (let i = 0; i < 15; i += 1) expect((await signIn(ctx.app, PRO, "pro@demo.test", DEMO_PASSWORD, ip)).status).toBe(200);
  });

  it("holds across server instances sharing the database", async () => {
    clock = fakeClock(new Date(Date.now() + 14_400_000));
    const first = createApp({ db: ctx.db });
    const second = createApp({ db: ctx.db });
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? first : second;
      expect((await signIn(app, PRO, "directeur@demo.test", "wrong", freshIp())).status).toBe(401);
    }
    expect((await signIn(first, PRO, "directeur@demo.test", DEMO_PASSWORD, freshIp())).status).toBe(429);
    expect((await signIn(second, PRO, "directeur@demo.test", DEMO_PASSWORD, freshIp())).status).toBe(429);
  });

  it("limits guesses of the current password through the password change too", async () => {
    clock = fakeClock(new Date(Date.now() + 18_000_000));
    const { tokens } = await signIn(ctx.app, PRO, "admin@demo.test");
    let headers: Record<string, string> = { "access-token": tokens["access-token"], client: tokens.client, uid: tokens.uid };
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      const r = await call(ctx.app, "PUT", `${PRO}/password`, {
        headers,
        body: { current_password: `guess-${i}`, password: "Lilas-au-jardin-2026", password_confirmation: "Lilas-au-jardin-2026" },
      });
      last = r.status;
      const next = r.headers.get("access-token");
      if (next) headers = { ...headers, "access-token": next };
      if (i < 10) expect(r.status).toBe(422);
    }
    expect(last).toBe(429);
  });
});
