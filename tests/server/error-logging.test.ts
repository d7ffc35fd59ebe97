import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "@/server/http/errors";
import { createTestDatabase, type TestDatabase } from "./helpers/template";

/** A failed query's log line names the request and the database's error code, never the values of the query (issue 21). */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("failed queries", () => {
  it("throw without the values of the query, keeping the codes callers test", async () => {
    const failure = await database.db.execute(sql`SELECT ${"claire.martin@example.org"}::int`).then(
      () => null,
      (error: unknown) => error as Error & { cause?: { code?: string } },
    );
    expect(failure).not.toBeNull();
    const everything = `${failure!.message} ${failure!.stack} ${String(failure!.cause)} ${JSON.stringify(failure)} ${JSON.stringify(failure!.cause)}`;
    expect(everything).not.toContain("claire.martin@example.org");
    expect(failure!.cause?.code).toBe("22P02");
  });
});

describe("error logs", () => {
  it("carry the request id and the SQLSTATE of a failed query, not its parameters", async () => {
    const app = new Hono();
    app.use("*", requestId({ headerName: "x-request-id" }));
    app.get("/boom", async (c) => {
      await database.db.execute(sql`SELECT ${"claire.martin@example.org"}::int, ${"06 12 34 56 78"}::text`);
      return c.text("unreachable");
    });
    app.onError(handleError);
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await app.request("/boom", { headers: { "x-request-id": "req-42" } });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Internal Server Error", message: "internal_error" });
      const logged = spy.mock.calls.map((args) => args.map((a) => (a instanceof Error ? `${a.message} ${a.stack} ${String(a.cause)}` : typeof a === "string" ? a : JSON.stringify(a))).join(" ")).join("\n");
      expect(logged).toContain("req-42");
      expect(logged).toContain("22P02");
      expect(logged).not.toContain("claire.martin@example.org");
      expect(logged).not.toContain("06 12 34 56 78");
      expect(logged).not.toMatch(/params:/);
    } finally {
      spy.mockRestore();
    }
  });
});
