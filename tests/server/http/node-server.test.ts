import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveNode } from "@/server/http/node-server";
import type { Server } from "node:http";

let server: Server;
let base: string;

beforeAll(async () => {
  server = await serveNode(
    async (request) => {
      const url = new URL(request.url);
      if (url.pathname === "/echo") {
        const body = request.method === "POST" ? await request.text() : null;
        return Response.json({ method: request.method, path: url.pathname, query: url.search, body, type: request.headers.get("content-type") });
      }
      if (url.pathname === "/cookies") {
        const headers = new Headers();
        headers.append("set-cookie", "a=1; HttpOnly");
        headers.append("set-cookie", "b=2; HttpOnly");
        return new Response(null, { status: 204, headers });
      }
      throw new Error("boom");
    },
    { port: 0 },
  );
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("serveNode", () => {
  it("passes method, path, query, headers and body to the handler", async () => {
    const response = await fetch(`${base}/echo?q=lyon`, { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: "POST", path: "/echo", query: "?q=lyon", body: '{"a":1}', type: "application/json" });
  });

  it("keeps every Set-Cookie header", async () => {
    const response = await fetch(`${base}/cookies`);
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual(["a=1; HttpOnly", "b=2; HttpOnly"]);
  });

  it("answers a handler failure with the API's 500 shape", async () => {
    const errors = console.error;
    console.error = () => undefined;
    try {
      const response = await fetch(`${base}/other`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Internal Server Error", message: "internal_error" });
    } finally {
      console.error = errors;
    }
  });
});
