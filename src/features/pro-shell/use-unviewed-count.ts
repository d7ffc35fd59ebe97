"use client";

import { useCallback, useEffect, useState } from "react";
import { fetchUnviewedCount } from "./notification-calls";

/** How often the count is asked again while the tab is shown. */
export const COUNT_REFRESH_MS = 60_000;

/**
 * The unviewed notifications count: asked on mount, when the window regains focus or the
 * tab is shown again, and every minute while it is shown (a hidden tab asks nothing). A
 * failed call keeps the last count: the badge is a hint, the list tells the truth.
 */
export function useUnviewedCount(): { count: number | null; refresh: () => void } {
  const [count, setCount] = useState<number | null>(null);
  const refresh = useCallback(() => {
    fetchUnviewedCount()
      .then(setCount)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const start = () => {
      stop();
      if (document.visibilityState !== "hidden") timer = setInterval(refresh, COUNT_REFRESH_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") return stop();
      refresh();
      start();
    };
    refresh();
    start();
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [refresh]);

  return { count, refresh };
}
