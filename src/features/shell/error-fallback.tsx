"use client";

import { useEffect } from "react";
import Link from "next/link";
import { reportError } from "@/domain/report";
import { paths } from "@/config/paths";
import { useErrorStrings } from "./error-strings";

/** Body of every error.tsx: reports once, then offers a retry, the home page and a phone number. */
export function ErrorFallback({ error, reset, boundary }: { error: Error & { digest?: string }; reset: () => void; boundary: string }) {
  const t = useErrorStrings();
  useEffect(() => {
    reportError(error, { boundary, digest: error.digest });
  }, [error, boundary]);
  return (
    <section role="alert" className="mx-auto my-12 max-w-xl rounded-lg border border-line bg-surface p-6 shadow-card sm:p-8">
      <h2 className="text-2xl">{t.title}</h2>
      <p className="mt-3 text-ink-soft">{t.body}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={reset}
          className="min-h-11 rounded-md bg-primary px-5 py-2 font-semibold text-on-primary hover:bg-primary-hover"
        >
          {t.retry}
        </button>
        <Link href={paths.home()} className="inline-flex min-h-11 items-center rounded-md border border-line-strong px-5 py-2 font-semibold text-ink hover:bg-sand-50">
          {t.home}
        </Link>
      </div>
      <p className="mt-4 text-sm text-ink-soft">{t.call}</p>
    </section>
  );
}
