import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearSession,
  readStoredCompany,
  readStoredUser,
  readTokens,
  saveStoredUser,
  saveTokens,
} from "@/api-client/auth-storage";
import { COMPANY_KEY, TOKENS_KEY, USER_KEY, installFakeStorage, type FakeStorage } from "./fake-web";

let local: FakeStorage;
beforeEach(() => {
  ({ local } = installFakeStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe("token and user storage", () => {
  it("keeps tokens and user in local storage and forgets both together", () => {
    saveTokens({ "access-token": "a", client: "c", expiry: "1", uid: "u" });
    saveStoredUser({ user: { id: 1, email: "marie@example.test" }, userType: "client" });
    expect(JSON.parse(local.getItem(TOKENS_KEY)!)).toEqual({ "access-token": "a", client: "c", expiry: "1", uid: "u" });
    expect(readStoredUser()).toEqual({ user: { id: 1, email: "marie@example.test" }, userType: "client" });
    clearSession();
    expect(readTokens()).toBeNull();
    expect(readStoredUser()).toBeNull();
  });
  it("ignores stored values that are not ours", () => {
    local.setItem(USER_KEY, JSON.stringify({ user: { id: 1 }, userType: "superuser" }));
    local.setItem(TOKENS_KEY, "not json");
    local.setItem(COMPANY_KEY, JSON.stringify({ name: "no id" }));
    expect(readStoredUser()).toBeNull();
    expect(readTokens()).toBeNull();
    expect(readStoredCompany()).toBeNull();
  });
  it("falls back to memory when local storage throws", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      removeItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    });
    saveTokens({ "access-token": "mem" });
    expect(readTokens()).toEqual({ "access-token": "mem" });
    clearSession();
    expect(readTokens()).toBeNull();
  });
  it("falls back to memory when there is no local storage at all", () => {
    vi.stubGlobal("localStorage", undefined);
    saveStoredUser({ user: { id: 9 }, userType: "business_user" });
    expect(readStoredUser()?.user.id).toBe(9);
    clearSession();
  });
});
