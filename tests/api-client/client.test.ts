import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api-client/api-error";
import { api, createApiClient, onSessionExpired, setSessionExpiredHandler } from "@/api-client/client";
import {
  COMPANY_KEY,
  TOKENS_KEY,
  USER_KEY,
  callOf,
  installFakeStorage,
  installFetch,
  jsonResponse,
  storeTokens,
  type FakeStorage,
} from "./fake-web";

let local: FakeStorage;
let session: FakeStorage;
let fetchMock: ReturnType<typeof installFetch>;

beforeEach(() => {
  ({ local, session } = installFakeStorage());
  fetchMock = installFetch();
});

afterEach(() => {
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

describe("requests", () => {
  it("includes cookies and accepts JSON", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await api.get("/api/v1/companies/categories");
    const { url, init, headers } = callOf(fetchMock);
    expect(url).toBe("/api/v1/companies/categories");
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("include");
    expect(headers.Accept).toBe("application/json");
    expect(init.body).toBeUndefined();
  });

  it("sends JSON bodies", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1 }, { status: 201 }));
    await api.post("/api/v1/auth/password", { email: "marie@example.test", redirect_url: "/x" });
    const { init, headers } = callOf(fetchMock);
    expect(init.method).toBe("POST");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({ email: "marie@example.test", redirect_url: "/x" });
  });

  it.each(["put", "patch"] as const)("sends %s bodies as JSON", async (method) => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await api[method]("/api/v1/clients/3", { client: { firstname: "Marie" } });
    expect(callOf(fetchMock).init.method).toBe(method.toUpperCase());
    expect(JSON.parse(String(callOf(fetchMock).init.body))).toEqual({ client: { firstname: "Marie" } });
  });

  it("sends a form payload as multipart without setting Content-Type", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.pdf");
    await api.post("/api/v1/upload_files", form);
    expect(callOf(fetchMock).init.body).toBe(form);
    expect(callOf(fetchMock).headers["Content-Type"]).toBeUndefined();

    await api.post("/api/v1/upload_files", { document: { file: new Blob(["y"]), kind: "id" } }, { asForm: true });
    const { init, headers } = callOf(fetchMock, 1);
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get("document[kind]")).toBe("id");
    expect(headers["Content-Type"]).toBeUndefined();
  });

  it("sends GET and DELETE queries in bracket-array form", async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    await api.get("/api/v1/products", { query: { page: 2, per_page: 50, q: "rose", ids: [1, 2], skip: undefined } });
    expect(callOf(fetchMock).url).toBe("/api/v1/products?page=2&per_page=50&q=rose&ids[]=1&ids[]=2");
    await api.delete("/api/v1/notifications", { query: { ids: [4, 5] } });
    expect(callOf(fetchMock, 1).url).toBe("/api/v1/notifications?ids[]=4&ids[]=5");
    expect(callOf(fetchMock, 1).init.method).toBe("DELETE");
  });

  it("routes each base to its host and uses full URLs as they are", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    const client = createApiClient({ hosts: { api: "https://api.example.test", next: "https://next.example.test" } });
    await client.get("/api/v1/companies/1");
    await client.get("/api/v2/deals/marble/1");
    await client.get("/api/next/pro/auth/validate_token");
    await client.get("https://elsewhere.example.test/file.json");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      "https://api.example.test/api/v1/companies/1",
      "https://api.example.test/api/v2/deals/marble/1",
      "https://next.example.test/api/next/pro/auth/validate_token",
      "https://elsewhere.example.test/file.json",
    ]);
  });

  it("carries the stored company id", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await api.get("/api/v1/companies/formalities");
    expect(callOf(fetchMock).headers["company-id"]).toBeUndefined();
    local.setItem(COMPANY_KEY, JSON.stringify({ id: 42, name: "Étude Martin" }));
    await api.get("/api/v1/companies/formalities");
    expect(callOf(fetchMock, 1).headers["company-id"]).toBe("42");
  });

  it("carries the stored auth tokens with token-type Bearer", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await api.get("/api/v1/clients");
    expect(callOf(fetchMock).headers["access-token"]).toBeUndefined();
    expect(callOf(fetchMock).headers["token-type"]).toBeUndefined();
    storeTokens(local);
    await api.get("/api/v1/clients");
    expect(callOf(fetchMock, 1).headers).toMatchObject({
      "access-token": "tok-1",
      client: "cli-1",
      expiry: "1900000000",
      uid: "marie@example.test",
      "token-type": "Bearer",
    });
  });

  it("sends the session id only when asked", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await api.post("/api/v1/funeral_funnel/deals", {});
    expect(callOf(fetchMock).headers["session-id"]).toBeUndefined();
    await api.post("/api/v1/funeral_funnel/deals", {}, { withSession: true });
    await api.put("/api/v1/funeral_funnel/deals/u-1", {}, { withSession: true });
    const id = callOf(fetchMock, 1).headers["session-id"];
    expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(callOf(fetchMock, 2).headers["session-id"]).toBe(id);
    expect(session.getItem("paisible.session-id")).toBe(id);
  });
});

describe("token rotation", () => {
  it("stores the tokens of every response", async () => {
    storeTokens(local);
    fetchMock.mockResolvedValue(
      jsonResponse({}, { headers: { "access-token": "tok-2", client: "cli-1", expiry: "1900000100", uid: "marie@example.test" } }),
    );
    await api.get("/api/v1/clients");
    expect(JSON.parse(local.getItem(TOKENS_KEY)!)).toEqual({
      "access-token": "tok-2",
      client: "cli-1",
      expiry: "1900000100",
      uid: "marie@example.test",
    });
  });
  it("keeps the current tokens when a response carries none or empty ones", async () => {
    storeTokens(local);
    fetchMock.mockResolvedValue(jsonResponse({}, { headers: { "access-token": "", expiry: "1900000200" } }));
    await api.get("/api/v1/clients");
    expect(JSON.parse(local.getItem(TOKENS_KEY)!)).toMatchObject({ "access-token": "tok-1", expiry: "1900000200" });
  });
  it("also stores tokens of an error response", async () => {
    storeTokens(local);
    fetchMock.mockResolvedValue(jsonResponse({ error: "Not Found", message: "not_found" }, { status: 404, headers: { "access-token": "tok-9" } }));
    await expect(api.get("/api/v1/clients/9")).rejects.toBeInstanceOf(ApiError);
    expect(JSON.parse(local.getItem(TOKENS_KEY)!)["access-token"]).toBe("tok-9");
  });
});

describe("responses", () => {
  it("gives no body for 204", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete("/api/v1/ongoing_formalities/3")).resolves.toBeUndefined();
  });
  it("gives a Blob for a PDF", async () => {
    fetchMock.mockResolvedValue(new Response("%PDF-1.7", { headers: { "content-type": "application/pdf" } }));
    const blob = await api.get<Blob>("/api/v1/deals/1/documents/2");
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe("%PDF-1.7");
  });
  it("parses JSON", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: [{ id: 1 }] }));
    await expect(api.get<{ data: { id: number }[] }>("/api/v1/perks")).resolves.toEqual({ data: [{ id: 1 }] });
  });
  it("gives text for anything else", async () => {
    fetchMock.mockResolvedValue(new Response("id;name\n1;Rose", { headers: { "content-type": "text/csv" } }));
    await expect(api.get("/api/v1/entity_invoices")).resolves.toBe("id;name\n1;Rose");
  });
  it("turns malformed JSON into an ApiError instead of crashing", async () => {
    fetchMock.mockResolvedValue(new Response("{oops", { headers: { "content-type": "application/json" } }));
    const error = await api.get("/api/v1/perks").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).codes).toEqual(["unhandled"]);
  });
});

describe("errors", () => {
  it("throws an ApiError with the codes of the body", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: "Unprocessable Entity", errors: ["client__email__taken"] }, { status: 422, statusText: "Unprocessable Entity" }),
    );
    const error = (await api.post("/api/v1/clients", {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.statusText).toBe("Unprocessable Entity");
    expect(error.body).toEqual({ error: "Unprocessable Entity", errors: ["client__email__taken"] });
    expect(error.codes).toEqual(["client__email__taken"]);
  });
  it("keeps a non-JSON error body as text", async () => {
    fetchMock.mockResolvedValue(new Response("Bad gateway", { status: 502, headers: { "content-type": "text/plain" } }));
    const error = (await api.get("/api/v1/perks").catch((e: unknown) => e)) as ApiError;
    expect(error.body).toBe("Bad gateway");
    expect(error.codes).toEqual(["unhandled"]);
  });
  it("reports a failed fetch as status 0, no_network", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = (await api.get("/api/v1/perks").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.codes).toEqual(["no_network"]);
  });
  it("lets a cancelled call reject with the abort itself", async () => {
    fetchMock.mockRejectedValue(new DOMException("aborted", "AbortError"));
    const error = await api.get("/api/v1/perks").catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("expired session (401)", () => {
  const unauthorized = () => jsonResponse({ error: "Unauthorized", message: "unauthorized" }, { status: 401 });

  it("clears stored tokens and user, then calls the session-expired handler", async () => {
    storeTokens(local);
    local.setItem(USER_KEY, JSON.stringify({ user: { id: 1 }, userType: "client" }));
    const handler = vi.fn();
    const listener = vi.fn();
    setSessionExpiredHandler(handler);
    const unsubscribe = onSessionExpired(listener);
    fetchMock.mockResolvedValue(unauthorized());
    const error = (await api.get("/api/v1/clients/1").catch((e: unknown) => e)) as ApiError;
    unsubscribe();
    expect(error.status).toBe(401);
    expect(error.codes).toEqual(["unauthorized"]);
    expect(local.getItem(TOKENS_KEY)).toBeNull();
    expect(local.getItem(USER_KEY)).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });
  it("does nothing more when no tokens are stored", async () => {
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api.get("/api/v1/clients/1")).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
  it("clears tokens without calling the handler when the caller handles the 401", async () => {
    storeTokens(local);
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api.get("/api/v1/auth/validate_token", { notifySessionExpired: false })).rejects.toBeInstanceOf(ApiError);
    expect(local.getItem(TOKENS_KEY)).toBeNull();
    expect(handler).not.toHaveBeenCalled();
  });
});
