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
  window.dataLayer.push({ event: "page_view", page_location: location.href, page_path: location.pathname, page_title: title });
}
