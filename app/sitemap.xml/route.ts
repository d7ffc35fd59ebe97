// GET /sitemap.xml – the sitemap index: one child file per chunk of each registered source
import { serverEnv } from "@/config/env";
import { buildSitemapIndexXml } from "@/shared/seo/sitemap-registry";
import { sitemapRegistry } from "../sitemaps/sources";

export const revalidate = 3600;

export async function GET(): Promise<Response> {
  const xml = await buildSitemapIndexXml(serverEnv().SITE_URL, sitemapRegistry);
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
