import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readAttribution } from "@/store/attribution-storage";
import {
  captureAttributionFromUrl,
  consumeAttribution,
  selectAttribution,
  selectHasTracking,
  setAttributionConsent,
} from "@/store/attribution-slice";
import { makeStore } from "@/store/make-store";
import { ATTRIBUTION_KEY, installFakeStorage, type FakeStorage } from "../api-client/fake-web";

let local: FakeStorage;
beforeEach(() => {
  ({ local } = installFakeStorage());
});
afterEach(() => vi.unstubAllGlobals());

const landing = new Date("2025-01-10T08:00:00.000Z");

describe("attribution", () => {
  it("captures tracking parameters into state and storage for 90 days", () => {
    const store = makeStore();
    store.dispatch(captureAttributionFromUrl("?gclid=G-1&utm_source=google&utm_campaign=devis", landing));
    const expected = {
      tracking_type: "gclid",
      tracking_id: "G-1",
      utm_source: "google",
      utm_medium: null,
      utm_campaign: "devis",
      utm_term: null,
      consent: false,
      expiration: "2025-04-10T08:00:00.000Z",
    };
    expect(selectAttribution(store.getState())).toEqual(expected);
    expect(selectHasTracking(store.getState())).toBe(true);
    expect(JSON.parse(local.getItem(ATTRIBUTION_KEY)!)).toEqual(expected);
  });

  it("leaves earlier attributes alone on a visit without tracking parameters", () => {
    const store = makeStore();
    store.dispatch(captureAttributionFromUrl("?msclkid=M-1", landing));
    store.dispatch(captureAttributionFromUrl("?page=2", landing));
    expect(JSON.parse(local.getItem(ATTRIBUTION_KEY)!).tracking_id).toBe("M-1");
  });

  it("is read once and removed on read", () => {
    const store = makeStore();
    store.dispatch(captureAttributionFromUrl("?phone=1", landing));
    const later = new Date("2025-02-01T00:00:00.000Z");
    expect(readAttribution(later)?.tracking_type).toBe("phone");
    expect(local.getItem(ATTRIBUTION_KEY)).toBeNull();
    expect(readAttribution(later)).toBeNull();
  });

  it("is ignored and removed once expired", () => {
    makeStore().dispatch(captureAttributionFromUrl("?gbraid=B-1", landing));
    expect(readAttribution(new Date("2025-04-10T08:00:01.000Z"))).toBeNull();
    expect(local.getItem(ATTRIBUTION_KEY)).toBeNull();
  });

  it("is ignored when storage holds something unreadable", () => {
    local.setItem(ATTRIBUTION_KEY, "{broken");
    expect(readAttribution()).toBeNull();
    expect(local.getItem(ATTRIBUTION_KEY)).toBeNull();
  });

  it("hands the attributes to the request that consumes them", () => {
    const store = makeStore();
    store.dispatch(captureAttributionFromUrl("?srsltid=S-1", landing));
    const attributes = store.dispatch(consumeAttribution(new Date("2025-01-11T00:00:00.000Z")));
    expect(attributes?.tracking_id).toBe("S-1");
    expect(selectAttribution(store.getState())).toBeNull();
    expect(store.dispatch(consumeAttribution(new Date("2025-01-11T00:00:00.000Z")))).toBeNull();
  });

  it("records the visitor's consent on stored and future attributes", () => {
    const store = makeStore();
    store.dispatch(captureAttributionFromUrl("?wbraid=W-1", new Date()));
    store.dispatch(setAttributionConsent(true));
    expect(selectAttribution(store.getState())?.consent).toBe(true);
    expect(JSON.parse(local.getItem(ATTRIBUTION_KEY)!).consent).toBe(true);
    store.dispatch(captureAttributionFromUrl("?gclid=G-2", new Date()));
    expect(JSON.parse(local.getItem(ATTRIBUTION_KEY)!)).toMatchObject({ tracking_id: "G-2", consent: true });
  });
});
