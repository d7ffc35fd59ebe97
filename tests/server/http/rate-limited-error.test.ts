import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { handleError, RateLimitedError } from "@/server/http/errors";

/** Every use case that refuses with RateLimitedError gets the same 429 answer, whichever route called it. */
describe("RateLimitedError", () => {
  it("is answered 429 rate_limited with Retry-After by the error handler", async () => {
    const app = new Hono();
    app.get("/limited", () => {
      throw new RateLimitedError(42);
    });
    app.onError(handleError);
    const res = await app.request("/limited");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("42");
    expect(await res.json()).toEqual({ error: "Too Many Requests", message: "rate_limited" });
  });
});
