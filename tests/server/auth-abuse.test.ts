import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { PASSWORD_RESET_EMAIL_JOB } from "@/server/services/auth/password-reset";
import { CLIENT_EMAIL, call, device, fakeClock, freshIp, signIn } from "./auth-helpers";
import { createTestApp, type TestContext } from "./helpers/app";
import { recordingMailer } from "./helpers/recording-mailer";

/** Issue 21: limits counted atomically, reset e-mails limited per address, cookie GETs harmless to the open tab. */

let ctx: TestContext;
let clock: ReturnType<typeof fakeClock> | null = null;
const { mailer: recording, sent } = recordingMailer();

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recording);
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});
afterEach(() => {
  clock?.restore();
  clock = null;
});

const V1 = "/api/v1/auth";

describe("sign-in limit under a parallel burst", () => {
  it("gives exactly 10 guesses to 25 simultaneous attempts on one e-mail", async () => {
    clock = fakeClock(new Date(Date.now() + 10 * 86_400_000));
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(ctx.app, V1, "victime@demo.test", `guess-${i}`, freshIp())));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("gives exactly 10 guesses to 25 simultaneous attempts from one address", async () => {
    clock = fakeClock(new Date(Date.now() + 11 * 86_400_000));
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(ctx.app, V1, `cible-${i}@demo.test`, "guess", ip)));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(15);
  });
});

describe("reset e-mails", () => {
  it("are limited per address, whatever the caller's address, and answer 429 the same for unknown e-mails", async () => {
    clock = fakeClock(new Date(Date.now() + 12 * 86_400_000));
    sent.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await call(ctx.app, "POST", `${V1}/password`, { body: { email: CLIENT_EMAIL }, headers: { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Reset e-mails are jobs: run them as the worker would, at the test's clock.
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PASSWORD_RESET_EMAIL_JOB], now: authNow });
    expect(sent.filter((m) => m.to === CLIENT_EMAIL)).toHaveLength(5);
    const unknown: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      unknown.push((await call(ctx.app, "POST", `${V1}/password`, { body: { email: "personne-ici@demo.test" }, headers: { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) } })).status);
    }
    expect(unknown).toEqual([200, 200, 200, 200, 200, 429]);
    // An hour later the address may ask again.
    clock.advance(3_600_000 + 1_000);
    expect((await call(ctx.app, "POST", `${V1}/password`, { body: { email: CLIENT_EMAIL }, headers: { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) } })).status).toBe(200);
  });

  it("are limited per caller address across e-mails (a parallel burst)", async () => {
    clock = fakeClock(new Date(Date.now() + 13 * 86_400_000));
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(ctx.app, "POST", `${V1}/password`, { body: { email: `quelquun-${i}@demo.test` }, headers: { [PEER_ADDRESS_HEADER]: peerStamp(ip) } })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(20);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(10);
  });
});

describe("cookie-authenticated GET requests", () => {
  it("never rotate nor revoke the device's header token (a link from another site cannot sign the open tab out)", async () => {
    const tab = device((await signIn(ctx.app, V1, CLIENT_EMAIL)).tokens);
    const set = await call(ctx.app, "POST", `${V1}/cookie`, { headers: tab.headers() });
    const cookie = (set.headers.get("set-cookie") ?? "").split(";")[0]!;
    for (const path of [`${V1}/validate_token`, "/api/v1/funeral_funnel/pricing", `${V1}/validate_token`]) {
      const answer = await call(ctx.app, "GET", path, { headers: { cookie } });
      expect(answer.headers.get("access-token"), path).toBeNull();
    }
    // The open tab's own token still works.
    const still = await call(ctx.app, "GET", `${V1}/validate_token`, { headers: tab.headers() });
    expect(still.status).toBe(200);
  });
});
