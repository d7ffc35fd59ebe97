"use client";

import { createContext, useContext, type ReactNode } from "react";

/** The words of the error fallback, translated on the server: error pages need no message runtime in the browser. */
export interface ErrorStrings {
  title: string;
  body: string;
  retry: string;
  home: string;
  call: string;
}

const ErrorStringsContext = createContext<ErrorStrings | null>(null);

export function ErrorStringsProvider({ strings, children }: { strings: ErrorStrings; children: ReactNode }) {
  return <ErrorStringsContext.Provider value={strings}>{children}</ErrorStringsContext.Provider>;
}

export function useErrorStrings(): ErrorStrings {
  const strings = useContext(ErrorStringsContext);
  if (!strings) throw new Error("useErrorStrings needs an ErrorStringsProvider (the locale layout mounts one)");
  return strings;
}
