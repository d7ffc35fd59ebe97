// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setErrorReporter } from "@/domain/report";
import type * as Hooks from "@/store/hooks";
import type * as Provider from "@/store/store-provider";

// The browser's store is one per page (module state): each test starts with fresh modules.
let useAppSelector: typeof Hooks.useAppSelector;
let useAppStore: typeof Hooks.useAppStore;
let StoreProvider: typeof Provider.StoreProvider;

function AuthStatus() {
  const isReady = useAppSelector((state) => state.auth.isReady);
  const user = useAppSelector((state) => state.auth.user);
  return <p>{isReady ? (user ? `signed in as ${String(user.id)}` : "signed out") : "checking"}</p>;
}

const seen = new Set<unknown>();
function StoreSpy() {
  seen.add(useAppStore());
  return null;
}

beforeEach(async () => {
  vi.resetModules();
  ({ useAppSelector, useAppStore } = await import("@/store/hooks"));
  ({ StoreProvider } = await import("@/store/store-provider"));
  localStorage.clear();
  seen.clear();
  setErrorReporter(vi.fn());
});
afterEach(() => {
  setErrorReporter(null);
  vi.unstubAllGlobals();
});

describe("StoreProvider", () => {
  it("shares one store between islands and starts it once", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    render(
      <>
        <StoreProvider>
          <StoreSpy />
        </StoreProvider>
        <StoreProvider>
          <StoreSpy />
          <AuthStatus />
        </StoreProvider>
      </>,
    );
    await waitFor(() => expect(screen.getByText("signed out")).toBeInTheDocument());
    expect(seen.size).toBe(1);
  });

  it("checks the stored user once mounted", async () => {
    localStorage.setItem("paisible.auth-tokens", JSON.stringify({ "access-token": "t", client: "c", uid: "u", expiry: "1" }));
    localStorage.setItem("paisible.user", JSON.stringify({ user: { id: 7 }, userType: "client" }));
    const fetchMock = vi.fn<typeof fetch>(async () =>
      new Response(JSON.stringify({ data: { id: 7 } }), { headers: { "content-type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(
      <StoreProvider>
        <AuthStatus />
      </StoreProvider>,
    );
    expect(await screen.findByText("signed in as 7")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/v1/auth/validate_token");
  });

  it("becomes ready as signed out with nothing stored, and keeps one store across renders", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    const view = render(
      <StoreProvider>
        <AuthStatus />
        <StoreSpy />
      </StoreProvider>,
    );
    await waitFor(() => expect(screen.getByText("signed out")).toBeInTheDocument());
    view.rerender(
      <StoreProvider>
        <AuthStatus />
        <StoreSpy />
      </StoreProvider>,
    );
    expect(seen.size).toBe(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
