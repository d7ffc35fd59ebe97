import type { MetadataRoute } from "next";

/**
 * Private spaces, the API, payment, per-family SMS documents and signing links stay out of search
 * engines; everything else is public. Every locale host serves this same file, so the
 * French sitemap index may list the URLs of all locale hosts.
 */
export const DISALLOWED_PATHS = ["/app/", "/pro/", "/api/", "/paiement", "/documents/sms/", "/signature/"] as const;

export function robotsRules(siteUrl: string): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: [...DISALLOWED_PATHS] }],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
