import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSharedPageCaches, createPageCache, shareForInvalidation, type PageCache, type PageCacheOptions } from "@/server/http/page-cache.mjs";
import { nextPageCache } from "@/server/http/next-page-cache";

// Next's own cache needs a running Next server; here only the call matters.
const revalidatePath = vi.hoisted(() => vi.fn());
vi.mock("next/cache", () => ({ revalidatePath }));

type Reply = { status?: number; headers?: Record<string, string | string[]>; body?: string; viaWriteHead?: boolean; chunks?: string[] };

/** A stand-in for Next's handler: answers what `reply` says and counts its calls. */
function fakeNext(reply: (req: IncomingMessage) => Reply) {
  const calls: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    calls.push(`${req.method} ${req.headers.host} ${req.url}`);
    const r = reply(req);
    const headers = { "content-type": "text/html; charset=utf-8", ...r.headers };
    if (r.viaWriteHead) res.writeHead(r.status ?? 200, headers);
    else {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.statusCode = r.status ?? 200;
    }
    for (const chunk of r.chunks ?? []) res.write(chunk);
    res.end(req.method === "HEAD" ? undefined : (r.body ?? `page ${req.url} for ${String(req.headers["x-forwarded-host"] ?? req.headers.host)}`));
  };
  return { handler, calls };
}

const SHARED = { "cache-control": "s-maxage=3600, stale-while-revalidate=31532400", vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding" };

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(cache: PageCache, next: ReturnType<typeof fakeNext>["handler"]) {
  server = createServer((req, res) => void cache.handle(req, res, next));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return (path: string, init: RequestInit & { host?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.host) headers.set("x-forwarded-host", init.host);
    return fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers });
  };
}

function setUp(reply: (req: IncomingMessage) => Reply, options: PageCacheOptions = {}) {
  const next = fakeNext(reply);
  const cache = createPageCache(options);
  return { next, cache, request: serve(cache, next.handler) };
}

describe("page cache in front of Next", () => {
  it("answers a shared page from memory the second time, with the same body and headers", async () => {
    const { next, request } = setUp(() => ({ headers: { ...SHARED, etag: '"abc"' }, body: "<h1>Lyon</h1>" }));
    const get = await request;
    const first = await get("/pompes-funebres/lyon-69123");
    const second = await get("/pompes-funebres/lyon-69123");
    expect(next.calls).toHaveLength(1);
    expect(await first.text()).toBe("<h1>Lyon</h1>");
    expect(await second.text()).toBe("<h1>Lyon</h1>");
    expect(second.headers.get("cache-control")).toBe(SHARED["cache-control"]);
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("age")).toBe("0");
    expect(second.headers.get("content-length")).toBe(String("<h1>Lyon</h1>".length));
  });

  it("keeps headers given to writeHead and bodies written in several chunks", async () => {
    const { next, request } = setUp(() => ({ headers: SHARED, viaWriteHead: true, chunks: ["<p>a</p>", "<p>b</p>"], body: "<p>c</p>" }));
    const get = await request;
    await (await get("/guides-obseques")).text();
    const hit = await get("/guides-obseques");
    expect(next.calls).toHaveLength(1);
    expect(await hit.text()).toBe("<p>a</p><p>b</p><p>c</p>");
    expect(hit.headers.get("cache-control")).toBe(SHARED["cache-control"]);
  });

  it("keeps one entry per host (the locale) and per accepted encoding", async () => {
    const { next, request } = setUp(() => ({ headers: SHARED }));
    const get = await request;
    const fr = await (await get("/", { host: "paisible.fr" })).text();
    const ar = await (await get("/", { host: "ar.paisible.fr" })).text();
    await get("/", { host: "paisible.fr", headers: { "accept-encoding": "gzip" } });
    expect(fr).toContain("paisible.fr");
    expect(ar).toContain("ar.paisible.fr");
    expect(await (await get("/", { host: "AR.paisible.fr" })).text()).toBe(ar);
    expect(next.calls).toHaveLength(3);
  });

  it("never keeps private, personal or unshared answers", async () => {
    const replies: Record<string, Reply> = {
      "/cookie": { headers: { ...SHARED, "set-cookie": "session=1" } },
      "/private": { headers: { "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate" } },
      "/no-header": {},
      "/max-age-only": { headers: { "cache-control": "public, max-age=60" } },
      "/missing": { status: 404, headers: SHARED },
      "/vary-cookie": { headers: { ...SHARED, vary: "Cookie" } },
    };
    const { next, request } = setUp((req) => replies[req.url ?? ""] ?? {});
    const get = await request;
    for (const path of Object.keys(replies)) {
      await (await get(path)).text();
      await (await get(path)).text();
    }
    expect(next.calls).toHaveLength(Object.keys(replies).length * 2);
  });

  it("lets navigation payloads, previews, signed requests, writes, the API and files through", async () => {
    const { next, request } = setUp(() => ({ headers: SHARED }));
    const get = await request;
    const cases: Array<[string, RequestInit]> = [
      ["/devis-obseques", { headers: { rsc: "1" } }],
      ["/devis-obseques?_rsc=abc", {}],
      ["/devis-obseques", { headers: { cookie: "theme=x; __prerender_bypass=secret" } }],
      ["/devis-obseques", { headers: { authorization: "Bearer x" } }],
      ["/devis-obseques", { method: "POST", body: "x" }],
      ["/api/v1/health", {}],
      ["/_next/static/chunk.js", {}],
      ["/robots.txt", {}],
    ];
    for (const [path, init] of cases) {
      await (await get(path, init)).text();
      await (await get(path, init)).text();
    }
    expect(next.calls).toHaveLength(cases.length * 2);
  });

  it("answers HEAD and a matching If-None-Match from the entry", async () => {
    const { next, request } = setUp(() => ({ headers: { ...SHARED, etag: '"v1"' }, body: "hello" }));
    const get = await request;
    await (await get("/presse")).text();
    const head = await get("/presse", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("5");
    expect(await head.text()).toBe("");
    const notModified = await get("/presse", { headers: { "if-none-match": '"v1"' } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe('"v1"');
    expect(next.calls).toHaveLength(1);
  });

  it("asks Next again once min(s-maxage, maxAgeSeconds) has passed", async () => {
    let clock = 1_000_000;
    const { next, request } = setUp(() => ({ headers: { ...SHARED, "cache-control": "s-maxage=30" } }), { now: () => clock, maxAgeSeconds: 60 });
    const get = await request;
    await (await get("/avis-paisible")).text();
    clock += 29_000;
    const hit = await get("/avis-paisible");
    expect(hit.headers.get("age")).toBe("29");
    await hit.text();
    clock += 2_000;
    await (await get("/avis-paisible")).text();
    expect(next.calls).toHaveLength(2);
  });

  it("stays within its memory bound, dropping the least recently used page first", async () => {
    const { next, cache, request } = setUp(() => ({ headers: SHARED, body: "x".repeat(400) }), { maxBytes: 1000 });
    const get = await request;
    for (const path of ["/a", "/b"]) await (await get(path)).text();
    await (await get("/a")).text(); // /a is now the most recently used
    await (await get("/c")).text(); // 1,200 bytes: /b leaves
    expect(cache.stats()).toEqual({ entries: 2, bytes: 800 });
    await (await get("/a")).text();
    await (await get("/b")).text();
    expect(next.calls.filter((call) => call.endsWith(" /b"))).toHaveLength(2);
    expect(next.calls.filter((call) => call.endsWith(" /a"))).toHaveLength(1);
  });

  it("drops its copies when the directory changes a partner the commune pages show", async () => {
    let version = 1;
    const { next, cache, request } = setUp(() => ({ headers: SHARED, body: `parlours v${version}` }));
    shareForInvalidation(cache);
    const get = await request;
    expect(await (await get("/pompes-funebres/lyon-69123")).text()).toBe("parlours v1");
    version = 2;
    expect(await (await get("/pompes-funebres/lyon-69123")).text()).toBe("parlours v1");
    // the API's port: Next's own cache is marked stale, and server.mjs's minute-long copies go
    nextPageCache.changed({ type: "funeral_parlors", ids: [1], communePages: true });
    expect(revalidatePath).toHaveBeenCalledWith("/[locale]/pompes-funebres/[place]", "page");
    expect(await (await get("/pompes-funebres/lyon-69123")).text()).toBe("parlours v2");
    expect(next.calls).toHaveLength(2);
    clearSharedPageCaches();
    expect(cache.stats().entries).toBe(0);
  });
});

