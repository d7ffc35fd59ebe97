import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api-client/api-error";
import { signIn, signOut, validateToken } from "@/api-client/auth";
import { USER_KEY, callOf, installFakeStorage, installFetch, jsonResponse, type FakeStorage } from "./fake-web";

let local: FakeStorage;
let fetchMock: ReturnType<typeof installFetch>;

beforeEach(() => {
  ({ local } = installFakeStorage());
  fetchMock = installFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe("authentication calls", () => {
  it("validates a client's token on the client endpoint and unwraps data", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { id: 7, email: "marie@example.test" } }));
    await expect(validateToken("client")).resolves.toEqual({ id: 7, email: "marie@example.test" });
    expect(callOf(fetchMock).url).toBe("/api/v1/auth/validate_token");
    expect(callOf(fetchMock).init.method).toBe("GET");
  });
  it("validates a business user's token on the pro endpoint", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: { id: 3, role: 1 } }));
    await validateToken("business_user");
    expect(callOf(fetchMock).url).toBe("/api/v1/pro/auth/validate_token");
  });
  it("fails cleanly on an answer without a user", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    const error = (await validateToken("client").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.codes).toEqual(["unhandled"]);
  });
  it("signs in and keeps the user data in local storage", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: { id: 3, role: 2 } }, { headers: { "access-token": "t", client: "c", uid: "u", expiry: "1" } }));
    await signIn("business_user", { email: "pro@example.test", password: "s3cret-pass" });
    expect(callOf(fetchMock).url).toBe("/api/v1/pro/auth/sign_in");
    expect(JSON.parse(String(callOf(fetchMock).init.body))).toEqual({ email: "pro@example.test", password: "s3cret-pass" });
    expect(JSON.parse(local.getItem(USER_KEY)!)).toEqual({ user: { id: 3, role: 2 }, userType: "business_user" });
  });
  it("signs out on the endpoint of the user type", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true }));
    await signOut("client");
    await signOut("business_user");
    expect(callOf(fetchMock).url).toBe("/api/v1/auth/sign_out");
    expect(callOf(fetchMock).init.method).toBe("DELETE");
    expect(callOf(fetchMock, 1).url).toBe("/api/v1/pro/auth/sign_out");
  });
});
