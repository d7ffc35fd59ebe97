"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { codesOf } from "./deal-documents-calls";

/** The panel's words, its dates and sizes in the page's language, and error codes as sentences. */
export function usePanelText() {
  const t = useTranslations("DealDocuments");
  const errors = useTranslations("Errors");
  const locale = useLocale();
  const explain = useCallback((error: unknown) => codesOf(error).map((code) => (errors.has(code) ? errors(code) : errors("unhandled"))).join(" "), [errors]);
  const date = useCallback((seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" }).format(seconds * 1000), [locale]);
  const size = useCallback((bytes: number) => {
    const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "megabyte"] : [Math.max(1, Math.round(bytes / 1024)), "kilobyte"];
    return new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(value as number);
  }, [locale]);
  return { t, explain, date, size };
}

/**
 * One action at a time for a form or a row: busy while it runs, then a translated error
 * or a calm notice. Nothing typed is cleared on a failure: the caller clears on success only.
 */
export function useAction() {
  const { explain } = usePanelText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = useCallback(
    async <T,>(work: () => Promise<T>, done?: (result: T) => string | null | void): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        const result = await work();
        const message = done?.(result);
        if (message) setNotice(message);
        return result;
      } catch (failure) {
        setError(explain(failure));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [explain],
  );
  return { busy, error, notice, run, setError };
}
