"use client";

import { useEffect, useRef } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { sendPageView } from "./page-view";
import { hasTrackingParam, PHONE_TRACKING_CLASS } from "./has-tracking-param";
import { MAIN_ELEMENT_ID, TOP_ELEMENT_ID } from "./element-ids";

// Survives StrictMode's double effects and remounts, so each URL is counted once.
let lastTrackedUrl: string | null = null;

/**
 * Side effects of a route change: scroll to the top element, move focus to the main
 * region for screen-reader users, one analytics page view, and the phone-tracking
 * class on <body> when the URL carries a tracking parameter.
 */
export function RouteEvents({ onSearch }: { onSearch?: (search: URLSearchParams) => void }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const firstRender = useRef(true);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (hasTrackingParam(params)) document.body.classList.add(PHONE_TRACKING_CLASS);
    onSearch?.(params);
  }, [search, onSearch]);

  useEffect(() => {
    const url = `${pathname}${search ? `?${search}` : ""}`;
    if (!firstRender.current) {
      document.getElementById(TOP_ELEMENT_ID)?.scrollIntoView({ block: "start" });
      document.getElementById(MAIN_ELEMENT_ID)?.focus({ preventScroll: true });
    }
    firstRender.current = false;
    if (lastTrackedUrl === url) return;
    lastTrackedUrl = url;
    // Wait a frame so the new page's <title> is in place.
    const frame = requestAnimationFrame(() => sendPageView(window.location, document.title));
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);

  return null;
}
