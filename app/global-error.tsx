"use client";

import { useEffect } from "react";
import { reportError } from "@/domain/report";

// Last resort when the root layout itself fails: no translations are available here,
// so the message is given in French and English.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    reportError(error, { boundary: "global", digest: error.digest });
  }, [error]);
  return (
    <html lang="fr">
      <body style={{ fontFamily: "system-ui, sans-serif", background: "#faf8f5", color: "#1f2b36", padding: "3rem 1.5rem" }}>
        <main style={{ maxWidth: "36rem", margin: "0 auto" }}>
          <h1>Un problème est survenu</h1>
          <p>La page n&apos;a pas pu s&apos;afficher. Vous pouvez réessayer, ou appeler un conseiller au 01 84 60 42 42.</p>
          <p lang="en">Something went wrong. Please try again.</p>
          <button type="button" onClick={reset} style={{ minHeight: "44px", padding: "0 1.25rem", marginTop: "1rem" }}>
            Réessayer / Try again
          </button>
        </main>
      </body>
    </html>
  );
}
