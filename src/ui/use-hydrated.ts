"use client";

import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False in the server's HTML and until React has hydrated this part of the page, then true.
 * A form whose submit needs its handler stays disabled until then: a click on the plain HTML
 * form would send a page-load GET and lose what was chosen or typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}
