import { describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { declaredAccess } from "@/server/http/auth";

/**
 * DESIGN "Auth": every API route declares who may call it with the guard middleware of
 * src/server/http/auth.ts, so no route can forget its check or hand-roll its own.
 */
describe("every API route declares its callers", () => {
  const app = createApp({ db: () => Promise.reject(new Error("no database in this test")) });
  // app.use() middlewares are registered for every method ("ALL"); routes name theirs.
  const routes = app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && r.path !== "/api/docs");
  const byRoute = new Map<string, typeof routes>();
  for (const r of routes) byRoute.set(`${r.method} ${r.path}`, [...(byRoute.get(`${r.method} ${r.path}`) ?? []), r]);

  it("finds the routes", () => {
    expect(byRoute.size).toBeGreaterThan(20);
    expect(byRoute.has("GET /api/v1/deals/:id")).toBe(true);
  });

  it.each([...byRoute.keys()])("%s has a guard", (key) => {
    expect(byRoute.get(key)!.some((r) => declaredAccess(r.handler) !== undefined)).toBe(true);
  });
});
