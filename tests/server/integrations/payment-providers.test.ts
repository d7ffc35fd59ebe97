import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/config/env";
import type { Db } from "@/server/db/client";
import { ProviderError } from "@/server/integrations/payments/payment-provider";
import { paymentProviders, sandboxAllowed } from "@/server/integrations/payments/providers";
import { almaOutcome } from "@/server/integrations/payments/alma-provider";
import { fintectureOutcome } from "@/server/integrations/payments/fintecture-provider";
import { worldlineOutcome } from "@/server/integrations/payments/worldline-provider";

// No query runs in these tests: the providers are only built and, when refused, fail before any.
const db = {} as Db;

describe("payment providers", () => {
  it("uses the sandbox on a laptop, never by accident on a public https site", () => {
    expect(sandboxAllowed(parseServerEnv({}))).toBe(true);
    expect(sandboxAllowed(parseServerEnv({ SITE_URL: "https://paisible.fr" }))).toBe(false);
    expect(sandboxAllowed(parseServerEnv({ SITE_URL: "https://staging.paisible.fr", PAYMENT_SANDBOX: "on" }))).toBe(true);
    expect(sandboxAllowed(parseServerEnv({ PAYMENT_SANDBOX: "off" }))).toBe(false);
    expect(() => parseServerEnv({ PAYMENT_SANDBOX: "maybe" })).toThrow(/PAYMENT_SANDBOX/);
  });

  it("refuses every call of a provider without keys where the sandbox is not allowed", async () => {
    const providers = paymentProviders(db, parseServerEnv({ SITE_URL: "https://paisible.fr" }));
    await expect(providers.worldline.fetchStatus("hc_1")).rejects.toBeInstanceOf(ProviderError);
    await expect(providers.alma.eligiblePlans(10_000, "2026-01-01")).rejects.toBeInstanceOf(ProviderError);
    await expect(providers.fintecture.refund("ses_1", 100, "k")).rejects.toBeInstanceOf(ProviderError);
    expect(await providers.worldline.verifyCallback({ externalId: "hc_1", query: {}, rawBody: "", headers: {} })).toBe(false);
  });

  it("takes the real adapter of each provider whose keys are configured", () => {
    const providers = paymentProviders(
      db,
      parseServerEnv({ WORLDLINE_API_KEY_ID: "k", WORLDLINE_API_SECRET: "s", WORLDLINE_MERCHANT_ID: "m", ALMA_API_KEY: "sk_test_x", FINTECTURE_APP_ID: "a", FINTECTURE_APP_SECRET: "b", FINTECTURE_PRIVATE_KEY: "pem" }),
    );
    expect([providers.worldline.mode, providers.alma.mode, providers.fintecture.mode]).toEqual(["live", "live", "live"]);
    expect(paymentProviders(db, parseServerEnv({})).worldline.mode).toBe("sandbox");
  });

  it("reads each provider's statuses as the state machine's outcomes", () => {
    expect(worldlineOutcome("PAYMENT_CREATED", "CAPTURED")).toBe("captured");
    expect(worldlineOutcome("PAYMENT_CREATED", "REJECTED")).toBe("failed");
    expect(worldlineOutcome("CANCELLED_BY_CONSUMER", null)).toBe("cancelled");
    expect(worldlineOutcome("IN_PROGRESS", null)).toBe("created");
    expect(worldlineOutcome("PAYMENT_CREATED", "PENDING_CAPTURE")).toBe("pending");
    expect(almaOutcome("in_progress")).toBe("captured");
    expect(almaOutcome("scored_no")).toBe("failed");
    expect(almaOutcome("not_started")).toBe("created");
    expect(fintectureOutcome("payment_created")).toBe("captured");
    expect(fintectureOutcome("payment_pending")).toBe("pending");
    expect(fintectureOutcome("payment_unsuccessful")).toBe("failed");
  });
});
