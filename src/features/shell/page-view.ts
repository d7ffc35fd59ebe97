import { publicEnv } from "@/config/public-env";

type DataLayerEvent = Record<string, unknown>;
declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/**
 * One page_view per route change, pushed to window.dataLayer. No third-party script is
 * loaded here: a tag manager reads the dataLayer only once configured and consented.
 */
export function sendPageView(location: { href: string; pathname: string }, title: string): void {
  if (publicEnv.NEXT_PUBLIC_ANALYTICS === "off" || typeof window === "undefined") return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event: "page_view", page_location: analyticsLocation(location.href), page_path: location.pathname, page_title: title });
}

/** Query parameters that are keys or identify a family's file: never handed to analytics. */
const PRIVATE_PARAMS = ["devis", "cle", "token", "reset_password_token", "access-token", "client", "uid"];

/**
 * The address as analytics may see it (issue 21): without the fragment (where the quote
 * link carries its resume token) and without the parameters naming a deal or a key.
 */
export function analyticsLocation(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "";
  }
  url.hash = "";
  for (const name of PRIVATE_PARAMS) url.searchParams.delete(name);
  return url.toString();
}
