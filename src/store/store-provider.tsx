"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Provider } from "react-redux";
import { startApp } from "@/store/app-start";
import { makeStore } from "@/store/make-store";

/** Gives the client components of a page their store, created once per mount (one per request on the server). */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(makeStore);

  useEffect(() => {
    // Storage and the URL only exist in the browser, hence an effect and not the render.
    return startApp(store, window.location.search);
  }, [store]);

  return <Provider store={store}>{children}</Provider>;
}
