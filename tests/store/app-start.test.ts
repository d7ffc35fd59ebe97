import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, setSessionExpiredHandler } from "@/api-client/client";
import { setErrorReporter } from "@/domain/report";
import { startApp } from "@/store/app-start";
import { makeStore } from "@/store/make-store";
import {
  ATTRIBUTION_KEY,
  COMPANY_KEY,
  USER_KEY,
  installFakeStorage,
  installFetch,
  jsonResponse,
  storeTokens,
  type FakeStorage,
} from "../api-client/fake-web";

let local: FakeStorage;
let fetchMock: ReturnType<typeof installFetch>;
beforeEach(() => {
  ({ local } = installFakeStorage());
  fetchMock = installFetch();
  setErrorReporter(vi.fn());
});
afterEach(() => {
  setErrorReporter(null);
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

describe("app start in the browser", () => {
  it("restores the company, captures attribution and loads the user", async () => {
    local.setItem(COMPANY_KEY, JSON.stringify({ id: 4 }));
    storeTokens(local);
    local.setItem(USER_KEY, JSON.stringify({ user: { id: 7 }, userType: "client" }));
    fetchMock.mockResolvedValue(jsonResponse({ data: { id: 7, firstname: "Marie" } }));
    const store = makeStore();
    const stop = startApp(store, "?utm_source=presse");
    expect(store.getState().company.company).toEqual({ id: 4 });
    expect(store.getState().attribution.attributes?.utm_source).toBe("presse");
    expect(local.getItem(ATTRIBUTION_KEY)).not.toBeNull();
    expect(store.getState().auth.isLoading).toBe(true);
    await vi.waitFor(() => expect(store.getState().auth.isReady).toBe(true));
    expect(store.getState().auth.user).toEqual({ id: 7, firstname: "Marie" });
    stop();
  });

  it("signs the state out when a later call finds the session expired, until stopped", async () => {
    storeTokens(local);
    local.setItem(USER_KEY, JSON.stringify({ user: { id: 7 }, userType: "client" }));
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { id: 7 } }));
    const store = makeStore();
    const stop = startApp(store, "");
    await vi.waitFor(() => expect(store.getState().auth.user).not.toBeNull());

    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: "Unauthorized" }, { status: 401 }));
    await api.get("/api/v1/clients/7").catch(() => undefined);
    expect(store.getState().auth.user).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);

    stop();
    const other = makeStore();
    other.dispatch({ type: "auth/signedIn", payload: { user: { id: 8 }, userType: "client" } });
    storeTokens(local);
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: "Unauthorized" }, { status: 401 }));
    await api.get("/api/v1/clients/8").catch(() => undefined);
    expect(other.getState().auth.user).toEqual({ id: 8 });
  });
});
