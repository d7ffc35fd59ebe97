"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type Reloadable<T> = { state: "loading" } | { state: "failed"; error: unknown } | { state: "ready"; value: T };

/**
 * Loads on mount (and when `key` changes), and again on `reload()` after a change, without
 * blanking what is on screen: the previous answer stays until the new one arrives, and a
 * failed reload keeps it. A late answer of an older load never overwrites a newer one. The
 * caller turns the failure into words (this layer knows no messages nor API errors).
 */
export function useReloadable<T>(load: () => Promise<T>, key = ""): [Reloadable<T>, () => Promise<void>] {
  const [loaded, setLoaded] = useState<Reloadable<T>>({ state: "loading" });
  const generation = useRef(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const value = await loadRef.current();
      if (mine === generation.current) setLoaded({ state: "ready", value });
    } catch (error) {
      if (mine === generation.current) setLoaded((previous) => (previous.state === "ready" ? previous : { state: "failed", error }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload, key]);

  return [loaded, reload];
}
