import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@/server/app";
import { createTestApp, getJson, type TestContext } from "./helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ corsOrigins: ["https://partenaire.example"], maxBodyBytes: 2048 });
});
afterAll(async () => {
  await ctx?.close();
});

const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
  ctx.app.request(path, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

const validLead = { lastname: "Martin", firstname: "Claire", phone: "06 12 34 56 78", contact_channel: "phone", kind: "funeral" };

describe("error shape", () => {
  it("answers unknown routes with 404 not_found", async () => {
    for (const path of ["/api/v1/nothing-here", "/api/v2/deals", "/api/next/whatever"]) {
      const { status, body } = await getJson(ctx.app, path);
      expect(status).toBe(404);
      expect(body).toEqual({ error: "Not Found", message: "not_found" });
    }
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const response = await postJson("/api/v1/leads", '{"lastname": "Martin",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Bad Request", message: "invalid_json" });
  });

  it("answers wrong types and missing fields with 422 and one code per problem", async () => {
    const wrongTypes = await postJson("/api/v1/leads", JSON.stringify({ lastname: 42, phone: true, contact_channel: "pigeon" }));
    expect(wrongTypes.status).toBe(422);
    const body = (await wrongTypes.json()) as { error: string; errors: string[] };
    expect(body.error).toBe("Unprocessable Entity");
    expect(body.errors).toEqual(expect.arrayContaining(["lead__lastname__missing", "phone__invalid", "lead__contact_channel__invalid"]));

    const missing = await postJson("/api/v1/leads", JSON.stringify({ contact_channel: "email" }));
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: string[] }).errors).toContain("lead__lastname__missing");

    const notAnObject = await postJson("/api/v1/leads", "[1, 2, 3]");
    expect(notAnObject.status).toBe(422);
  });

  it("answers a body over the limit with 413 payload_too_large", async () => {
    const response = await postJson("/api/v1/leads", JSON.stringify({ ...validLead, message: "x".repeat(4000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Payload Too Large", message: "payload_too_large" });
  });

  it("gives file uploads their own, larger limit", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x".repeat(4000)]), "scan.pdf");
    const upload = await ctx.app.request("/api/v1/leads", { method: "POST", body: form });
    expect(upload.status).not.toBe(413);
    const small = await createTestApp({ maxUploadBytes: 1024 });
    try {
      const refused = await small.app.request("/api/v1/leads", { method: "POST", body: form });
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({ error: "Payload Too Large", message: "payload_too_large" });
    } finally {
      await small.close();
    }
  });

  it("accepts a valid body and records it", async () => {
    const response = await postJson("/api/v1/leads", JSON.stringify(validLead));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ kind: "funeral", contact_channel: "phone", id: expect.any(Number), created_at: expect.any(Number) });
  });

  it("answers an unexpected failure with 500 internal_error, logged but never leaked", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = createApp({ db: () => Promise.reject(new Error("connection refused at 10.0.0.3:5432")) });
    const response = await broken.request("/api/v1/autocompletes/cityhalls?q=lyon");
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: "Internal Server Error", message: "internal_error" });
    expect(text).not.toMatch(/connection refused|at .*\.ts/);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe("request id", () => {
  it("gives every answer an x-request-id and keeps the caller's", async () => {
    const generated = await ctx.app.request("/api/v1/health");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.app.request("/api/v1/health", { headers: { "x-request-id": "trace-123" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-123");
    const notFound = await ctx.app.request("/api/v1/nothing");
    expect(notFound.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    ctx.app.request("/api/v1/leads", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, access-token" },
    });

  it("allows the product's own hosts in every locale and the configured origins", async () => {
    for (const origin of ["http://localhost:3000", "http://en.localhost:3000", "http://ar.localhost:3000", "https://partenaire.example"]) {
      const response = await preflight(origin);
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
      expect(response.headers.get("access-control-allow-credentials")).toBe("true");
      expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("access-token");
    }
    const simple = await ctx.app.request("/api/v1/health", { headers: { origin: "http://en.localhost:3000" } });
    expect(simple.headers.get("access-control-allow-origin")).toBe("http://en.localhost:3000");
    expect(simple.headers.get("access-control-expose-headers")).toContain("access-token");
  });

  it("refuses any other origin", async () => {
    const response = await preflight("https://evil.example");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Forbidden", message: "origin_not_allowed" });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const simple = await ctx.app.request("/api/v1/health", { headers: { origin: "https://evil.example" } });
    expect(simple.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("GET /api/v1/health and GET /api/docs", () => {
  it("answers health without a database", async () => {
    const { status, body } = await getJson(createApp({ db: () => Promise.reject(new Error("down")) }), "/api/v1/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("serves the OpenAPI document generated from the schemas", async () => {
    const { status, body } = await getJson<{ openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } }>(
      ctx.app,
      "/api/docs",
    );
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/autocompletes/{kind}",
        "/api/v1/autocompletes/airports/{id}/warehouses",
        "/api/v1/website/cityhalls/{key}",
        "/api/v1/website/reviews",
        "/api/v1/funding_agencies",
        "/api/v1/leads",
      ]),
    );
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(["Error", "UnprocessableEntity", "Cityhall", "ReviewsPage"]));
  });

  it("describes the funnel's and the deals' answers field by field, not as open records", async () => {
    type Schema = { type?: string | string[]; properties?: Record<string, Schema & { $ref?: string; anyOf?: Schema[] }>; additionalProperties?: unknown };
    const { body } = await getJson<{ components: { schemas: Record<string, Schema> } }>(ctx.app, "/api/docs");
    const schemas = body.components.schemas;
    for (const id of ["FunnelDeal", "FunnelDealCreated", "FunnelDealClient", "FunnelDealDefunct", "Quote", "QuoteLine", "QuoteSection", "DealSummary", "DealDetail", "DealClient"]) {
      expect([schemas[id]?.type].flat(), id).toContain("object");
      expect(Object.keys(schemas[id]?.properties ?? {}).length, id).toBeGreaterThan(3);
    }
    const deal = schemas.FunnelDeal!.properties!;
    expect(deal.quote?.$ref).toBe("#/components/schemas/Quote");
    expect([deal.answers?.type].flat()).toContain("object");
    expect(Object.keys(deal.answers?.properties ?? {})).toEqual(expect.arrayContaining(["disposition", "deathCommuneInsee", "coffinRange"]));
    expect(Object.keys(schemas.Quote!.properties!)).toEqual(expect.arrayContaining(["lines", "sections", "totals", "deadlines", "warnings", "complete", "notes"]));
    expect(Object.keys(schemas.FunnelDealCreated!.properties!)).toContain("resume_token");
    expect(Object.keys(schemas.DealDetail!.properties!)).toEqual(expect.arrayContaining(["abilities", "defunct", "deal_steps", "funnel", "quote", "tracking"]));
    // No open record left in these answers: every object lists its fields.
    const open = JSON.stringify(["FunnelDeal", "Quote", "DealSummary", "DealDetail"].map((id) => schemas[id])).match(/"additionalProperties":\{\}/g);
    expect(open).toBeNull();
  });
});
