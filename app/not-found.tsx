import Link from "next/link";

// Requests that never reach a locale (the proxy rewrites every page path) land here.
export default function RootNotFound() {
  return (
    <html lang="fr">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "3rem 1.5rem" }}>
        <h1>Page introuvable</h1>
        <p>
          <Link href="/">Retour à l&apos;accueil</Link>
        </p>
      </body>
    </html>
  );
}
