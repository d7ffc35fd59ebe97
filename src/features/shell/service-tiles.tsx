import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";

const TILES = [
  { key: "funeral", href: paths.funeralQuote(), icon: "M12 3v18M6 9h12" },
  { key: "flowers", href: paths.flowers(), icon: "M12 21v-8m0 0c-3 0-5-2-5-5 3 0 5 2 5 5zm0 0c3 0 5-2 5-5-3 0-5 2-5 5zm0-5a3 3 0 1 1 0-6 3 3 0 0 1 0 6z" },
  { key: "tombstone", href: paths.tombstoneCatalogue(), icon: "M6 21V9a6 6 0 0 1 12 0v12M4 21h16" },
  { key: "repatriation", href: paths.repatriation(), icon: "M2 16l20-6-20-6 4 6-4 6zm4-6h8" },
] as const;

/** The four kinds of quote, as large cards a family can tap without hesitation. */
export async function ServiceTiles({ headingLevel = "h2" }: { headingLevel?: "h2" | "h3" }) {
  const t = await getTranslations("Pages.genericQuote");
  const Heading = headingLevel;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {TILES.map((tile) => (
        <li key={tile.key}>
          <Link
            href={tile.href}
            className="group flex h-full min-h-28 items-start gap-4 rounded-lg border border-line bg-surface p-5 shadow-card hover:border-primary"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d={tile.icon} />
              </svg>
            </span>
            {/* Block elements: a heading may sit in a link (flow content) but never in a span. */}
            <div>
              <Heading className="font-sans text-lg font-semibold text-ink group-hover:underline">{t(tile.key)}</Heading>
              <p className="mt-1 text-ink-soft">{t(`${tile.key}Hint`)}</p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
