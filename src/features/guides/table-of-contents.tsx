import type { Locale } from "@/domain/locales";
import { directionOf } from "@/domain/locales";
import { cn } from "@/ui/cn";
import type { TocEntry } from "./markdown";

/**
 * Links to the sections of a text. On a phone it sits above the text and lists the
 * main sections only; from the large breakpoint it follows the reader in a side
 * column with the sub-sections too. One element for both, so screen readers meet
 * a single "table of contents" landmark.
 */
export function TableOfContents({
  title,
  entries,
  lang,
  className,
}: {
  title: string;
  entries: readonly TocEntry[];
  lang?: Locale;
  className?: string;
}) {
  if (entries.length < 2) return null;
  return (
    <nav aria-labelledby="toc-title" className={cn("rounded-lg border border-line bg-surface p-5 lg:border-0 lg:bg-transparent lg:p-0", className)}>
      <h2 id="toc-title" className="font-sans text-sm font-semibold uppercase tracking-wide text-ink-soft">
        {title}
      </h2>
      <ol className="mt-3 flex flex-col gap-1 border-s-2 border-line">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.depth === 3 ? "hidden ps-7 lg:block" : "ps-4"}>
            <a
              href={`#${entry.id}`}
              className={cn(
                "-ms-px block rounded-sm py-1.5 leading-snug text-ink-soft underline-offset-[0.2em] hover:text-primary hover:underline",
                entry.depth === 2 ? "font-medium text-ink" : "text-base",
              )}
            >
              {/* The list follows the page's direction; each title keeps its own, isolated. */}
              <span lang={lang} dir={lang ? directionOf(lang) : undefined}>
                {entry.text}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
