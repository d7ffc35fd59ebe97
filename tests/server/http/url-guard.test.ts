import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "@/server/http/page-cache.mjs";
import { rejectMalformedPath } from "@/server/http/url-guard.mjs";

/**
 * Real HTTP in front of a stand-in for Next that, like a route decoding its params,
 * throws on a malformed percent-escape: the guard answers 400 first, never a 500.
 */

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve() {
  const cache = createPageCache();
  const calls: string[] = [];
  server = createServer((req, res) => {
    if (rejectMalformedPath(req, res)) return;
    void cache.handle(req, res, (r, s) => {
      calls.push(r.url ?? "");
      try {
        decodeURIComponent((r.url ?? "").split("?")[0]!);
        s.writeHead(200, { "content-type": "text/plain" });
        s.end("ok");
      } catch {
        s.writeHead(500);
        s.end();
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { calls, get: (path: string) => fetch(`http://127.0.0.1:${port}${path}`) };
}

describe("malformed percent-encoding", () => {
  it("answers 400 on pages and files, and lets well-formed paths through", async () => {
    const { calls, get } = await serve();
    for (const path of ["/pompes-funebres/%E0%A4%A", "/pompes-funebres/lyon%", "/documents/legal/%ZZ.pdf", "/sitemaps/%C3.xml", "/rapatriement-corps-pays/%ED%A0%80", "/devis?x=%"]) {
      const response = await get(path);
      expect(response.status, path).toBe(path.includes("?") ? 200 : 400);
    }
    expect((await get("/pompes-funebres/saint-%C3%A9tienne-42218")).status).toBe(200);
    expect(calls).toEqual(["/devis?x=%", "/pompes-funebres/saint-%C3%A9tienne-42218"]);
  });
});
