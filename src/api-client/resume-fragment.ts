/**
 * The funnels' e-mail links carry the deal and its resume key in the fragment
 * (`#devis=<uuid>&cle=<token>`, `#commande=…` for flowers) so the key never reaches a server
 * nor a Referer. Pages read it once on arrival, then remove it from the address.
 */

/** A deal uuid and a resume key as links carry them (also `?deal=<uuid>#cle=<key>` links). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const TOKEN = /^[A-Za-z0-9_-]{32,200}$/;

export function readResumeFragment(hash: string, uuidKey = "devis"): { uuid: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const uuid = params.get(uuidKey)?.toLowerCase() ?? "";
  const token = params.get("cle") ?? "";
  if (!UUID.test(uuid) || !TOKEN.test(token)) return null;
  return { uuid, token };
}

/** Removes the key from the address bar (and so from history, analytics and later Referers). */
export function forgetResumeFragment(): void {
  if (typeof window === "undefined" || !window.location.hash) return;
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
}
