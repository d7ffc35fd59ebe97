import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { serverEnv } from "./src/config/env";

// Fail the build and the start with a readable message when the configuration is wrong.
serverEnv();

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
  // The stylesheet (≈10 KB compressed) goes inside the page instead of a render-blocking
  // request: the first paint no longer waits for a second round trip on a slow network.
  experimental: { inlineCss: true },
  // Next's own page cache, minus error pages: an invented slug's 404 is never written to disk (issue 21).
  cacheHandler: fileURLToPath(new URL("./src/server/http/isr-cache-handler.mjs", import.meta.url)),
};

export default withNextIntl(nextConfig);
