import { useState } from "react";

/**
 * The address's query as the page was opened, for effects that read it once. Unlike
 * useSearchParams it does not make a statically rendered page bail out to rendering in
 * the browser only: the server renders the island (with an empty query, which no render
 * reads) and nothing moves when the browser takes over.
 */
export function useArrivalSearch(): URLSearchParams {
  const [search] = useState(() => new URLSearchParams(typeof window === "undefined" ? "" : window.location.search));
  return search;
}
