"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { codesOf } from "./deal-errors";

export type Resource<T> = { state: "loading" } | { state: "failed"; codes: string[] } | { state: "ready"; data: T };

/**
 * One section's data: loaded on mount and whenever `key` changes, reloaded on demand (the
 * retry button), and replaceable in place after a write, so a section never waits for the
 * whole page.
 */
export function useResource<T>(key: string, load: () => Promise<T>) {
  const [resource, setResource] = useState<Resource<T>>({ state: "loading" });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  const reload = useCallback(async () => {
    setResource({ state: "loading" });
    try {
      setResource({ state: "ready", data: await loadRef.current() });
    } catch (error) {
      setResource({ state: "failed", codes: codesOf(error) });
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    loadRef
      .current()
      .then((loaded): Resource<T> => ({ state: "ready", data: loaded }))
      .catch((error: unknown): Resource<T> => ({ state: "failed", codes: codesOf(error) }))
      .then((next) => {
        if (!cancelled) setResource(next);
      });
    return () => {
      cancelled = true;
    };
  }, [key]);

  /** Reads again without the loading state, so what is typed elsewhere in the section stays; a failure keeps what is shown. */
  const refresh = useCallback(async () => {
    try {
      const fresh = await loadRef.current();
      setResource({ state: "ready", data: fresh });
    } catch {
      // The data on screen stays; the next action or retry reads again.
    }
  }, []);

  const replace = useCallback((update: (current: T) => T) => setResource((current) => (current.state === "ready" ? { state: "ready", data: update(current.data) } : current)), []);
  return { resource, reload, refresh, replace };
}
