import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/api-client/client";
import { clearActiveCompany, restoreCompany, selectActiveCompany, selectCompany, selectCompanyId } from "@/store/company-slice";
import { makeStore } from "@/store/make-store";
import { COMPANY_KEY, callOf, installFakeStorage, installFetch, jsonResponse, type FakeStorage } from "../api-client/fake-web";

let local: FakeStorage;
let fetchMock: ReturnType<typeof installFetch>;
beforeEach(() => {
  ({ local } = installFakeStorage());
  fetchMock = installFetch();
  fetchMock.mockImplementation(async () => jsonResponse({}));
});
afterEach(() => vi.unstubAllGlobals());

describe("company", () => {
  it("keeps the chosen company in state and local storage, and sends its id on calls", async () => {
    const store = makeStore();
    store.dispatch(selectActiveCompany({ id: 12, name: "Étude Durand" }));
    expect(selectCompany(store.getState())).toEqual({ id: 12, name: "Étude Durand" });
    expect(selectCompanyId(store.getState())).toBe(12);
    expect(JSON.parse(local.getItem(COMPANY_KEY)!)).toEqual({ id: 12, name: "Étude Durand" });
    await api.get("/api/v1/companies/12");
    expect(callOf(fetchMock).headers["company-id"]).toBe("12");
  });
  it("stops sending the header once cleared", async () => {
    const store = makeStore();
    store.dispatch(selectActiveCompany({ id: 12 }));
    store.dispatch(clearActiveCompany());
    expect(selectCompany(store.getState())).toBeNull();
    expect(local.getItem(COMPANY_KEY)).toBeNull();
    await api.get("/api/v1/companies/formalities");
    expect(callOf(fetchMock).headers["company-id"]).toBeUndefined();
  });
  it("restores the stored company", () => {
    local.setItem(COMPANY_KEY, JSON.stringify({ id: "c-7" }));
    const store = makeStore();
    expect(selectCompany(store.getState())).toBeNull();
    store.dispatch(restoreCompany());
    expect(selectCompanyId(store.getState())).toBe("c-7");
  });
});
