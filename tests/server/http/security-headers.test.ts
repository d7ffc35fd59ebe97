import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, request as httpRequest, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import type { Db } from "@/server/db/client";
import { finishPagePolicy, fixedHeadersFor, inlineScriptHashes, NON_DOCUMENT_CSP, PAGE_CSP_HEADER, pagePolicy, secureDocument } from "@/server/http/security-headers.mjs";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const HTML = `<!doctype html><html><head><script src="/_next/static/a.js" async></script><script>self.__next_f=self.__next_f||[]</script>
<script type="application/ld+json">{"@type":"Organization"}</script></head><body><script>self.__next_f.push([1,"x"])</script><script>self.__next_f.push([1,"x"])</script></body></html>`;

describe("fixed headers", () => {
  it("send HSTS only for a site served over https", () => {
    const names = (url: string) => fixedHeadersFor(url).map((h) => h.key);
    expect(names("http://localhost:3000")).toEqual(["X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Permissions-Policy"]);
    expect(fixedHeadersFor("https://paisible.fr")).toContainEqual({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  });
});

describe("page policy", () => {
  it("hashes each inline script a browser would run, once, and nothing else", () => {
    expect(inlineScriptHashes(HTML)).toEqual([sha("self.__next_f=self.__next_f||[]"), sha('self.__next_f.push([1,"x"])')]);
  });

  it("allows scripts from the site and those hashes only, and lets no one frame the page", () => {
    const policy = finishPagePolicy(pagePolicy({ connectOrigins: ["https://o1.ingest.sentry.io"] }), inlineScriptHashes(HTML));
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!;
    expect(scriptSrc).toBe(`'self' ${sha("self.__next_f=self.__next_f||[]")} ${sha('self.__next_f.push([1,"x"])')}`);
    expect(policy).not.toMatch(/unsafe-inline'[^;]*;[^;]*script|script-src[^;]*unsafe/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self' https://o1.ingest.sentry.io");
    expect(finishPagePolicy(pagePolicy(), [])).toContain("script-src 'self';");
    expect(pagePolicy({ strict: true })).toContain("img-src 'self';");
  });
});

/** A server whose handler plays Next.js: headers, then the body in pieces, possibly compressed. */
async function serve(respond: (res: ServerResponse) => void) {
  const server = createServer((_req, res) => {
    secureDocument(res, pagePolicy());
    respond(res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const get = () =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ port, host: "127.0.0.1", path: "/" }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  return { get, close: () => server.close() };
}

describe("secureDocument (server.mjs)", () => {
  it("sends a streamed, compressed page with the policy of its own inline scripts and without the internal header", async () => {
    const gz = gzipSync(HTML);
    const { get, close } = await serve((res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-encoding", "gzip");
      res.setHeader(PAGE_CSP_HEADER, pagePolicy({ connectOrigins: ["https://api.example.org"] }));
      res.flushHeaders();
      res.write(gz.subarray(0, 10));
      res.end(gz.subarray(10));
    });
    try {
      const { headers, body } = await get();
      expect(body.equals(gz)).toBe(true);
      expect(headers[PAGE_CSP_HEADER]).toBeUndefined();
      expect(headers["content-security-policy"]).toContain(sha('self.__next_f.push([1,"x"])'));
      expect(headers["content-security-policy"]).toContain("connect-src 'self' https://api.example.org");
    } finally {
      close();
    }
  });

  it("leaves answers that are not pages, or already have a policy, as they are", async () => {
    const { get, close } = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json", [PAGE_CSP_HEADER]: "x" });
      res.end("{}");
    });
    try {
      const { headers, body } = await get();
      expect(body.toString()).toBe("{}");
      expect(headers["content-security-policy"]).toBeUndefined();
      expect(headers[PAGE_CSP_HEADER]).toBeUndefined();
    } finally {
      close();
    }
  });
});

describe("API answers", () => {
  it("carry the fixed headers and a policy under which nothing runs, errors included", async () => {
    const app = createApp({ db: () => Promise.reject(new Error("no database in this test")) as Promise<Db> });
    for (const path of ["/api/v1/health", "/nowhere"]) {
      const response = await app.request(path);
      expect(response.headers.get("content-security-policy"), path).toBe(NON_DOCUMENT_CSP);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
