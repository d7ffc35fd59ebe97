import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { createTestApp, type TestContext } from "../helpers/app";
import { DEMO_PASSWORD, call, fakeClock } from "../auth-helpers";

// Read lazily by serverEnv(): this file runs as a deployment behind a load balancer at 10.0.0.0/8.
process.env.TRUST_PROXY = "10.0.0.0/8";

describe("per-address sign-in limit behind a trusted proxy", () => {
  let ctx: TestContext;
  let clock: ReturnType<typeof fakeClock> | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());
  afterEach(() => clock?.restore());

  const signIn = (base: string, email: string, password: string, client: string, peer = "10.0.0.5") =>
    call(ctx.app, "POST", `${base}/sign_in`, { body: { email, password }, headers: { [PEER_ADDRESS_HEADER]: peerStamp(peer), "x-forwarded-for": client } });

  it("counts the address the proxy reports, so families behind one proxy are not limited together", async () => {
    clock = fakeClock(new Date(Date.now() + 86_400_000));
    for (let i = 0; i < 10; i += 1) expect((await signIn("/api/v1/auth", `inconnu-${i}@demo.test`, "x", "203.0.113.50")).status).toBe(401);
    expect((await signIn("/api/v1/pro/auth", "conseiller@demo.test", DEMO_PASSWORD, "203.0.113.50")).status).toBe(429);
    // Another family through the same proxy.
    expect((await signIn("/api/v1/pro/auth", "conseiller@demo.test", DEMO_PASSWORD, "203.0.113.51")).status).toBe(200);
  });

  it("ignores the header from a caller that is not the proxy", async () => {
    clock = fakeClock(new Date(Date.now() + 2 * 86_400_000));
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn("/api/v1/auth", `autre-${i}@demo.test`, "x", `192.0.2.${i + 1}`, "198.51.100.99")).status).toBe(401);
    }
    expect((await signIn("/api/v1/pro/auth", "conseiller@demo.test", DEMO_PASSWORD, "192.0.2.77", "198.51.100.99")).status).toBe(429);
  });
});
