"use client";

import { ErrorFallback } from "@/features/shell/error-fallback";

export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorFallback error={error} reset={reset} boundary="locale" />;
}
