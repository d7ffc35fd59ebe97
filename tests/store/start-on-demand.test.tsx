// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The store module keeps the browser's one store: fresh modules for each test.
async function mountStart() {
  const { StartOnDemand } = await import("@/store/start-on-demand");
  render(<StartOnDemand />);
}

function setSearch(search: string) {
  window.history.replaceState(null, "", `/${search}`);
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  setSearch("");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock("@/store/store-provider");
});

describe("StartOnDemand", () => {
  it("captures a landing URL's tracking parameters (the store starts for them)", async () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>());
    setSearch("?utm_source=newsletter&gclid=abc");
    await mountStart();
    await vi.waitFor(() => expect(localStorage.getItem("paisible.attribution")).toContain("newsletter"));
  });

  it("does not load the store for a first visit without tracking parameters or session", async () => {
    const startBrowserStore = vi.fn();
    vi.doMock("@/store/store-provider", () => ({ startBrowserStore }));
    await mountStart();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(startBrowserStore).not.toHaveBeenCalled();
    expect(localStorage.getItem("paisible.attribution")).toBeNull();
  });

  it("starts the store for a stored session, which then checks it", async () => {
    localStorage.setItem("paisible.auth-tokens", JSON.stringify({ "access-token": "t", client: "c", uid: "u", expiry: "1" }));
    localStorage.setItem("paisible.user", JSON.stringify({ user: { id: 7 }, userType: "client" }));
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ data: { id: 7 } }), { headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetchMock);
    await mountStart();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/v1/auth/validate_token");
  });
});
