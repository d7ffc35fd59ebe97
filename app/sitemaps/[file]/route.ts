// GET /sitemaps/<source>-<n>.xml – one chunk (at most 50,000 URLs) of a sitemap source
import { serverEnv } from "@/config/env";
import type { ErrorCode } from "@/domain/errors";
import { buildSitemapChunkXml } from "@/shared/seo/sitemap-registry";
import { sitemapRegistry } from "../sources";

export const revalidate = 3600;

// Chunks are generated on first request and then regenerated in the background.
export function generateStaticParams(): { file: string }[] {
  return [];
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const xml = await buildSitemapChunkXml(serverEnv().SITE_URL, file, sitemapRegistry);
  if (xml === null) {
    const code: ErrorCode = "not_found";
    return Response.json({ error: "Not Found", message: code }, { status: 404 });
  }
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
