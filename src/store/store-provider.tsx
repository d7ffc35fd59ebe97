"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Provider } from "react-redux";
import { startApp } from "@/store/app-start";
import { makeStore, type AppStore } from "@/store/make-store";

// The browser's one store, shared by every island that needs it (a page's forms, the
// signed-in account menu): created on first use, so pages without such an island never
// load Redux at all.
let browserStore: AppStore | null = null;
let started = false;

/** The browser's store, created on first call. */
export function browserAppStore(): AppStore {
  browserStore ??= makeStore();
  return browserStore;
}

/**
 * Starts the browser's store once (restores the company, captures the landing URL's
 * tracking parameters, loads the user): from an effect, never during hydration.
 */
export function startBrowserStore(): AppStore {
  const store = browserAppStore();
  if (!started) {
    started = true;
    startApp(store, window.location.search);
  }
  return store;
}

/** Gives the client components below it the store: the shared one in the browser, a fresh one per request on the server. */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => (typeof window === "undefined" ? makeStore() : browserAppStore()));

  useEffect(() => {
    // Storage and the URL only exist in the browser, hence an effect and not the render.
    startBrowserStore();
  }, []);

  return <Provider store={store}>{children}</Provider>;
}
