"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { codesOf } from "./space-calls";

export type Loaded<T> = { state: "loading" } | { state: "failed"; codes: string[] } | { state: "ready"; value: T };

/**
 * Loads once on mount, and again on `reload()` (after a change) without blanking what is
 * on screen: the previous answer stays until the new one arrives. A late answer of an
 * older load never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>): [Loaded<T>, () => Promise<void>] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
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
      if (mine === generation.current) setLoaded((previous) => (previous.state === "ready" ? previous : { state: "failed", codes: codesOf(error) }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return [loaded, reload];
}
