import { useSyncExternalStore } from "react";

/**
 * next/navigation for the board's tests: the search params follow window.location the way
 * the App Router makes them follow history.pushState / replaceState and back / forward.
 */
const listeners = new Set<() => void>();
let patched = false;

function notify() {
  for (const listener of listeners) listener();
}

export function patchHistory() {
  if (patched) return;
  patched = true;
  for (const method of ["pushState", "replaceState"] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History["pushState"]>) => {
      original(...args);
      notify();
    };
  }
  window.addEventListener("popstate", notify);
}

export function useTestSearchParams() {
  const search = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => window.location.search,
  );
  return new URLSearchParams(search);
}
