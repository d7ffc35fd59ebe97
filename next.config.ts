import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { serverEnv } from "./src/config/env";
import { fixedHeadersFor, NON_DOCUMENT_CSP } from "./src/server/http/security-headers.mjs";

// Fail the build and the start with a readable message when the configuration is wrong.
const env = serverEnv();

// On every answer (see src/server/http/security-headers.mjs); HSTS only where the site is served over https.
const fixedHeaders = fixedHeadersFor(env.SITE_URL);
const nonDocument = [{ key: "Content-Security-Policy", value: NON_DOCUMENT_CSP }];

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  images: {
    qualities: [75],
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    formats: ["image/avif", "image/webp"],
  },
  serverExternalPackages: ["pdfkit", "@electric-sql/pglite", "@node-rs/argon2", "pg"],
  typedRoutes: false,
  async headers() {
    return [
      { source: "/:path*", headers: fixedHeaders },
      // Files and documents that are not pages (API answers set theirs in src/server/app.ts).
      // (/documents/sms/{id} is a page, SPEC §2: only the legal PDFs beside it are files.)
      ...["/documents/legal/:path*", "/omniauth/:path*", "/sitemap.xml", "/sitemaps/:path*", "/robots.txt", "/assistant/messages/:path*"].map((source) => ({ source, headers: nonDocument })),
      // The SMS documents page carries its link's token in the path: never sent on as a referrer.
      { source: "/documents/sms/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
  // The stylesheet (≈10 KB compressed) goes inside the page instead of a render-blocking
  // request, so the first paint does not wait for it. It does travel twice (in the HTML and
  // again in the RSC payload: 221 KB / 37 KB compressed of HTML on the home page instead of
  // 125 KB / 17 KB), yet turning it off measured worse: median LCP ≈ 0.3 s later on the four
  // landing pages (`node scripts/lighthouse.mjs --runs 3`, two paired rounds), FCP ≈ 0.05 s later.
  experimental: { inlineCss: true },
  // Next's own page cache, minus error pages: an invented slug's 404 is never written to disk (issue 21).
  cacheHandler: fileURLToPath(new URL("./src/server/http/isr-cache-handler.mjs", import.meta.url)),
};

export default withNextIntl(nextConfig);
