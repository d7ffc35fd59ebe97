"use client";

import { useReloadable } from "@/ui/use-reloadable";
import { codesOf } from "./space-calls";

export type Loaded<T> = { state: "loading" } | { state: "failed"; codes: string[] } | { state: "ready"; value: T };

/**
 * Loads once on mount, and again on `reload()` (after a change) without blanking what is
 * on screen (src/ui/use-reloadable.ts); a failure is given as the API's codes.
 */
export function useLoad<T>(load: () => Promise<T>): [Loaded<T>, () => Promise<void>] {
  const [loaded, reload] = useReloadable(load);
  return [loaded.state === "failed" ? { state: "failed", codes: codesOf(loaded.error) } : loaded, reload];
}
