#!/usr/bin/env node
// The production server: Next.js behind a short-lived in-memory cache of shared page
// responses (src/server/http/page-cache.mjs). `npm start` and the browser tests run it;
// `next start` still works and serves the same product without the cache.
//   node server.mjs [port]     (default 3000; needs a build: npx next build)
import { createServer } from "node:http";
import { createPageCache, shareForInvalidation } from "./src/server/http/page-cache.mjs";
import { stampPeerAddress } from "./src/server/http/peer-address.mjs";
import { pagePolicy, secureDocument } from "./src/server/http/security-headers.mjs";
import { rejectMalformedPath } from "./src/server/http/url-guard.mjs";

// Set before Next.js and React load, as `next start` does: they pick their production
// builds from it when their modules are first read.
process.env.NODE_ENV = "production";
const { default: next } = await import("next");
const port = Number(process.argv[2] ?? 3000);
const app = next({ dev: false, dir: import.meta.dirname, hostname: "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();
// Shared so a directory change made through the API drops the copies it would make stale.
const cache = shareForInvalidation(createPageCache());
// Pages proxy.ts did not see (a not-found answer for a missing file) get the plainest page policy.
const fallbackPolicy = pagePolicy();
// Inside the cache, so cached pages keep their finished Content-Security-Policy.
const secureHandle = (req, res) => {
  secureDocument(res, fallbackPolicy);
  return handle(req, res);
};

const server = createServer((req, res) => {
  // Malformed percent-encoding is a 400 here, never a 500 from a route decoding its parameters.
  if (rejectMalformedPath(req, res)) return;
  // The connection's address for src/server/http/client-ip.ts; a caller's copy never passes.
  stampPeerAddress(req);
  Promise.resolve(cache.handle(req, res, secureHandle)).catch((error) => {
    // Next reports its own errors; this only catches a failure of the cache itself.
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end();
  });
});
// Longer than the usual proxies' idle timeout, as next start does.
server.keepAliveTimeout = 65_000;
server.listen(port, () => console.log(`▲ Paisible ready on http://localhost:${port}`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
