import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSessionExpiredHandler } from "@/api-client/client";
import { setErrorReporter } from "@/domain/report";
import {
  ensureUserLoaded,
  initialAuthState,
  loadUser,
  logout,
  selectIsSignedIn,
  sessionExpired,
  signedIn,
} from "@/store/auth-slice";
import { makeStore } from "@/store/make-store";
import {
  TOKENS_KEY,
  USER_KEY,
  callOf,
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

function storeUser(userType: "client" | "business_user", user: Record<string, unknown> = { id: 7 }) {
  storeTokens(local);
  local.setItem(USER_KEY, JSON.stringify({ user, userType }));
}

describe("auth state", () => {
  it("starts signed out, not ready, idle", () => {
    expect(makeStore().getState().auth).toEqual({
      user: null,
      userType: null,
      isReady: false,
      isLoading: false,
      isLoggingOut: false,
    });
    expect(initialAuthState.isReady).toBe(false);
  });
});

describe("loading the user (SPEC §4)", () => {
  it("marks loading while the load runs", async () => {
    storeUser("client");
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = makeStore();
    const pending = store.dispatch(loadUser());
    expect(store.getState().auth.isLoading).toBe(true);
    expect(store.getState().auth.isReady).toBe(false);
    answer(jsonResponse({ data: { id: 7 } }));
    await pending;
    expect(store.getState().auth.isLoading).toBe(false);
  });

  it("returns no user, without any call, when none is stored", async () => {
    const store = makeStore();
    const action = await store.dispatch(loadUser());
    expect(action.type).toBe(loadUser.fulfilled.type);
    expect(action.payload).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ user: null, userType: null, isReady: true, isLoading: false });
  });

  it("validates a client on the client endpoint and stores user and type", async () => {
    storeUser("client", { id: 7, firstname: "Old" });
    fetchMock.mockResolvedValue(jsonResponse({ data: { id: 7, firstname: "Marie" } }));
    const store = makeStore();
    await store.dispatch(loadUser());
    expect(callOf(fetchMock).url).toBe("/api/v1/auth/validate_token");
    expect(callOf(fetchMock).init.method).toBe("GET");
    expect(callOf(fetchMock).headers["access-token"]).toBe("tok-1");
    expect(store.getState().auth).toEqual({
      user: { id: 7, firstname: "Marie" },
      userType: "client",
      isReady: true,
      isLoading: false,
      isLoggingOut: false,
    });
    expect(JSON.parse(local.getItem(USER_KEY)!)).toEqual({ user: { id: 7, firstname: "Marie" }, userType: "client" });
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });

  it("validates a business user on the pro endpoint", async () => {
    storeUser("business_user", { id: 3, role: 0 });
    fetchMock.mockResolvedValue(jsonResponse({ data: { id: 3, role: 0 } }));
    const store = makeStore();
    await store.dispatch(loadUser());
    expect(callOf(fetchMock).url).toBe("/api/v1/pro/auth/validate_token");
    expect(store.getState().auth.userType).toBe("business_user");
  });

  it("clears stored tokens and user on a 401, ends loading and marks ready", async () => {
    storeUser("client");
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockResolvedValue(jsonResponse({ error: "Unauthorized", message: "unauthorized" }, { status: 401 }));
    const store = makeStore();
    const action = await store.dispatch(loadUser());
    expect(action.type).toBe(loadUser.rejected.type);
    expect(local.getItem(TOKENS_KEY)).toBeNull();
    expect(local.getItem(USER_KEY)).toBeNull();
    expect(store.getState().auth).toMatchObject({ user: null, isReady: true, isLoading: false });
    // Visiting a page with an old session is not a reason to be sent to the login page.
    expect(handler).not.toHaveBeenCalled();
  });

  it("forgets a stored user whose tokens are already gone when validation answers 401", async () => {
    local.setItem(USER_KEY, JSON.stringify({ user: { id: 7 }, userType: "client" }));
    fetchMock.mockResolvedValue(jsonResponse({ error: "Unauthorized", message: "unauthorized" }, { status: 401 }));
    const store = makeStore();
    await store.dispatch(loadUser());
    expect(local.getItem(USER_KEY)).toBeNull();
    expect(store.getState().auth).toMatchObject({ user: null, isReady: true, isLoading: false });
  });

  it("keeps the stored session when the network fails, but still marks ready", async () => {
    storeUser("client");
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const store = makeStore();
    const action = await store.dispatch(loadUser());
    expect(action.type).toBe(loadUser.rejected.type);
    expect(action.payload).toMatchObject({ status: 0, codes: ["no_network"] });
    expect(local.getItem(TOKENS_KEY)).not.toBeNull();
    expect(local.getItem(USER_KEY)).not.toBeNull();
    expect(store.getState().auth).toMatchObject({ user: null, isReady: true, isLoading: false });
  });
});

describe("app start", () => {
  it("loads the user when nothing is loading and the state is not ready", async () => {
    const store = makeStore();
    const load = ensureUserLoaded(store.dispatch, store.getState);
    expect(load).not.toBeNull();
    await load;
    expect(store.getState().auth.isReady).toBe(true);
  });
  it("does not load again while loading or once ready", async () => {
    storeUser("client");
    fetchMock.mockImplementation(async () => jsonResponse({ data: { id: 7 } }));
    const store = makeStore();
    const first = ensureUserLoaded(store.dispatch, store.getState);
    expect(ensureUserLoaded(store.dispatch, store.getState)).toBeNull();
    await first;
    expect(ensureUserLoaded(store.dispatch, store.getState)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("logout (SPEC §4)", () => {
  async function signedInStore(userType: "client" | "business_user") {
    storeUser(userType);
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { id: 7 } }));
    const store = makeStore();
    await store.dispatch(loadUser());
    return store;
  }

  it("marks logging out, calls the client sign-out and forgets everything", async () => {
    const store = await signedInStore("client");
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const pending = store.dispatch(logout());
    expect(store.getState().auth.isLoggingOut).toBe(true);
    answer(jsonResponse({ success: true }));
    await pending;
    expect(callOf(fetchMock, 1).url).toBe("/api/v1/auth/sign_out");
    expect(callOf(fetchMock, 1).init.method).toBe("DELETE");
    expect(callOf(fetchMock, 1).headers["access-token"]).toBe("tok-1");
    expect(store.getState().auth).toMatchObject({ user: null, userType: null, isLoggingOut: false });
    expect(local.getItem(TOKENS_KEY)).toBeNull();
    expect(local.getItem(USER_KEY)).toBeNull();
  });

  it("calls the pro sign-out for a business user", async () => {
    const store = await signedInStore("business_user");
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
    await store.dispatch(logout());
    expect(callOf(fetchMock, 1).url).toBe("/api/v1/pro/auth/sign_out");
  });

  it.each([
    ["a server error", () => Promise.resolve(jsonResponse({ error: "Internal Server Error" }, { status: 500 }))],
    ["an expired session", () => Promise.resolve(jsonResponse({ error: "Unauthorized" }, { status: 401 }))],
    ["no network", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("ignores %s and signs out locally anyway", async (_, answer) => {
    const store = await signedInStore("client");
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockImplementationOnce(answer);
    const action = await store.dispatch(logout());
    expect(action.type).toBe(logout.fulfilled.type);
    expect(store.getState().auth).toMatchObject({ user: null, userType: null, isLoggingOut: false });
    expect(local.getItem(TOKENS_KEY)).toBeNull();
    expect(local.getItem(USER_KEY)).toBeNull();
    expect(handler).not.toHaveBeenCalled();
  });

  it("clears the flag when the logout fails", () => {
    const store = makeStore({ auth: { ...initialAuthState, isLoggingOut: true, user: { id: 1 }, userType: "client" } });
    store.dispatch(logout.rejected(new Error("unexpected"), "request-1"));
    expect(store.getState().auth).toMatchObject({ isLoggingOut: false, user: { id: 1 } });
  });
});

describe("sign-in and server-ended sessions", () => {
  it("stores the signed-in user and marks ready", () => {
    const store = makeStore();
    store.dispatch(signedIn({ user: { id: 5 }, userType: "business_user" }));
    expect(store.getState().auth).toMatchObject({ user: { id: 5 }, userType: "business_user", isReady: true });
  });
  it("forgets the user when the session expired", () => {
    const store = makeStore({ auth: { ...initialAuthState, isReady: true, user: { id: 1 }, userType: "client" } });
    store.dispatch(sessionExpired());
    expect(store.getState().auth).toMatchObject({ user: null, userType: null, isReady: true });
  });
});
