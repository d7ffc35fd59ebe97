"use client";

import { useEffect, useRef } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { sendPageView } from "./page-view";
import { hasTrackingParam, PHONE_TRACKING_CLASS } from "./has-tracking-param";
import { MAIN_ELEMENT_ID, TOP_ELEMENT_ID } from "./element-ids";

// Survives StrictMode's double effects and remounts, so each URL is counted once.
let lastTrackedUrl: string | null = null;

/**
 * Side effects of a route change: on a new path, scroll to the top element and move focus
 * to the main region for screen-reader users; on any new URL, one analytics page view, and the phone-tracking
 * class on <body> when the URL carries a tracking parameter.
 */
export function RouteEvents({ onSearch }: { onSearch?: (search: URLSearchParams) => void }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (hasTrackingParam(params)) document.body.classList.add(PHONE_TRACKING_CLASS);
    onSearch?.(params);
  }, [search, onSearch]);

  useEffect(() => {
    const url = `${pathname}${search ? `?${search}` : ""}`;
    // A new page, not a new query on the same page: a board's filters and search box live
    // in its URL, and typing there must keep the focus and the scroll where they are.
    if (shownPath.current !== null && shownPath.current !== pathname) {
      document.getElementById(TOP_ELEMENT_ID)?.scrollIntoView({ block: "start" });
      document.getElementById(MAIN_ELEMENT_ID)?.focus({ preventScroll: true });
    }
    shownPath.current = pathname;
    if (lastTrackedUrl === url) return;
    lastTrackedUrl = url;
    // Wait a frame so the new page's <title> is in place.
    const frame = requestAnimationFrame(() => sendPageView(window.location, document.title));
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);

  return null;
}
