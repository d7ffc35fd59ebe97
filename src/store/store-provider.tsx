"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Provider } from "react-redux";
import { startApp } from "@/store/app-start";
import { makeStore, type AppStore } from "@/store/make-store";

/** Gives the client components of a page their store, created once per mount. */
export function StoreProvider({ children }: { children: ReactNode }) {
  const storeRef = useRef<AppStore | null>(null);
  if (storeRef.current === null) storeRef.current = makeStore();

  useEffect(() => {
    // Storage and the URL only exist in the browser, hence an effect and not the render.
    return startApp(storeRef.current!, window.location.search);
  }, []);

  return <Provider store={storeRef.current}>{children}</Provider>;
}
