import { serializeJsonLd, type JsonLdNode } from "./json-ld";

/** Structured data for search engines; a server component, so it adds no client JavaScript. */
export function JsonLdScript({ data, id }: { data: JsonLdNode | readonly JsonLdNode[]; id?: string }) {
  return <script type="application/ld+json" id={id} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
