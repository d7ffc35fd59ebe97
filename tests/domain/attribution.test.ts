import { describe, expect, it } from "vitest";
import {
  MAX_ATTRIBUTE_LENGTH,
  attributionExpiration,
  captureAttribution,
  hasTrackingParam,
  isAttributionExpired,
  parseStoredAttribution,
  serializeAttribution,
} from "@/domain/attribution";

const now = new Date("2025-03-01T10:00:00.000Z");

describe("capturing marketing attributes from a URL", () => {
  it("reads the click id and the utm parameters", () => {
    const attributes = captureAttribution(
      new URLSearchParams("gclid=abc123&utm_source=google&utm_medium=cpc&utm_campaign=obseques&utm_term=devis"),
      { now },
    );
    expect(attributes).toEqual({
      tracking_type: "gclid",
      tracking_id: "abc123",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "obseques",
      utm_term: "devis",
      consent: false,
      expiration: "2025-05-30T10:00:00.000Z",
    });
  });
  it.each(["gclid", "gbraid", "wbraid", "srsltid", "msclkid", "phone"])("recognises %s as a tracking type", (type) => {
    const attributes = captureAttribution(`${type}=id-1`, { now });
    expect(attributes?.tracking_type).toBe(type);
    expect(attributes?.tracking_id).toBe("id-1");
  });
  it("keeps utm parameters alone, without a tracking type", () => {
    const attributes = captureAttribution("?utm_source=newsletter", { now });
    expect(attributes?.tracking_type).toBeNull();
    expect(attributes?.tracking_id).toBeNull();
    expect(attributes?.utm_source).toBe("newsletter");
  });
  it("prefers the first click id of the list when several are present", () => {
    expect(captureAttribution("msclkid=m&gclid=g", { now })?.tracking_type).toBe("gclid");
  });
  it("captures nothing from a URL without tracking parameters or with empty ones", () => {
    expect(captureAttribution("page=2&q=fleurs", { now })).toBeNull();
    expect(captureAttribution("gclid=&utm_source=%20", { now })).toBeNull();
    expect(captureAttribution("", { now })).toBeNull();
    expect(hasTrackingParam("gclid=")).toBe(false);
    expect(hasTrackingParam("phone=1")).toBe(true);
  });
  it("records consent and cuts absurdly long values", () => {
    const attributes = captureAttribution(`gclid=${"x".repeat(1000)}`, { now, consent: true });
    expect(attributes?.consent).toBe(true);
    expect(attributes?.tracking_id).toHaveLength(MAX_ATTRIBUTE_LENGTH);
  });
});

describe("attribution expiry", () => {
  it("expires 90 days after capture", () => {
    const expiration = attributionExpiration(now);
    expect(isAttributionExpired({ expiration }, new Date("2025-05-30T09:59:59.000Z"))).toBe(false);
    expect(isAttributionExpired({ expiration }, new Date("2025-05-30T10:00:00.000Z"))).toBe(true);
  });
  it("treats an unreadable date as expired", () => {
    expect(isAttributionExpired({ expiration: "soon" }, now)).toBe(true);
  });
});

describe("stored attributes", () => {
  it("round-trips through storage text", () => {
    const attributes = captureAttribution("wbraid=w1", { now })!;
    expect(parseStoredAttribution(serializeAttribution(attributes))).toEqual(attributes);
  });
  it("rejects values that are not attributes", () => {
    expect(parseStoredAttribution(null)).toBeNull();
    expect(parseStoredAttribution("{not json")).toBeNull();
    expect(parseStoredAttribution(JSON.stringify({ tracking_type: "fax" }))).toBeNull();
    const valid = captureAttribution("gclid=g1&utm_source=news", { now })!;
    const stored = (change: Record<string, unknown>) => JSON.stringify({ ...valid, ...change });
    expect(parseStoredAttribution(stored({}))).toEqual(valid);
    expect(parseStoredAttribution(stored({ tracking_type: "fax" }))).toBeNull();
    expect(parseStoredAttribution(stored({ utm_source: 42 }))).toBeNull();
    expect(parseStoredAttribution(stored({ utm_term: "x".repeat(10_000) }))).toBeNull();
    expect(parseStoredAttribution(stored({ consent: "yes" }))).toBeNull();
    expect(parseStoredAttribution(stored({ expiration: undefined }))).toBeNull();
    expect(parseStoredAttribution(JSON.stringify([valid]))).toBeNull();
    expect(parseStoredAttribution("null")).toBeNull();
  });
  it("keeps only the attribute fields of what it reads back", () => {
    const valid = captureAttribution("gclid=g1", { now })!;
    expect(parseStoredAttribution(JSON.stringify({ ...valid, extra: "x" }))).toEqual(valid);
  });
});
