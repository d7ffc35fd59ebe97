import { createAsyncThunk } from "@reduxjs/toolkit";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { ApiError } from "@/api-client/api-error";
import { setErrorReporter, type ErrorReporter } from "@/domain/report";
import { loadUser } from "@/store/auth-slice";
import { makeStore } from "@/store/make-store";
import { installFakeStorage, installFetch, jsonResponse, storeTokens, USER_KEY } from "../api-client/fake-web";

let reporter: Mock<ErrorReporter>;
beforeEach(() => {
  reporter = vi.fn<ErrorReporter>();
  setErrorReporter(reporter);
});
afterEach(() => {
  setErrorReporter(null);
  vi.unstubAllGlobals();
});

describe("reporting rejected async actions (SPEC §4)", () => {
  it("wraps a thrown error as an ApiError and reports its message", async () => {
    const failing = createAsyncThunk("test/failing", async () => {
      throw new Error("quote could not be priced");
    });
    await makeStore().dispatch(failing());
    expect(reporter).toHaveBeenCalledTimes(1);
    const [error, context] = reporter.mock.calls[0]!;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("quote could not be priced");
    expect((error as ApiError).codes).toEqual(["unhandled"]);
    expect(context).toMatchObject({ action: "test/failing/rejected" });
  });

  it("keeps the status and codes of an API failure", async () => {
    const { local } = installFakeStorage();
    const fetchMock = installFetch();
    storeTokens(local);
    local.setItem(USER_KEY, JSON.stringify({ user: { id: 1 }, userType: "client" }));
    fetchMock.mockResolvedValue(jsonResponse({ error: "Internal Server Error", message: "internal_error" }, { status: 500 }));
    await makeStore().dispatch(loadUser());
    const [error, context] = reporter.mock.calls[0]!;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).codes).toEqual(["internal_error"]);
    expect(context).toMatchObject({ action: "auth/loadUser/rejected", status: 500, codes: ["internal_error"] });
  });

  it("does not report chunk-loading errors", async () => {
    const chunk = createAsyncThunk("test/chunk", async () => {
      throw Object.assign(new Error("Loading chunk 12 failed."), { name: "ChunkLoadError" });
    });
    const dynamicImport = createAsyncThunk("test/import", async () => {
      throw new TypeError("Failed to fetch dynamically imported module: /_next/x.js");
    });
    const store = makeStore();
    await store.dispatch(chunk());
    await store.dispatch(dynamicImport());
    expect(reporter).not.toHaveBeenCalled();
  });

  it("does not report cancelled actions", async () => {
    const slow = createAsyncThunk("test/slow", () => new Promise(() => {}));
    const promise = makeStore().dispatch(slow());
    promise.abort();
    await promise;
    expect(reporter).not.toHaveBeenCalled();
  });

  it("gives each store its own listeners", async () => {
    const failing = createAsyncThunk("test/once", async () => {
      throw new Error("once");
    });
    makeStore();
    await makeStore().dispatch(failing());
    expect(reporter).toHaveBeenCalledTimes(1);
  });
});
