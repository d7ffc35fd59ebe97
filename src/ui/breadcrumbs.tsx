import Link from "next/link";

export interface Crumb {
  name: string;
  /** Omitted for the current page, which is the last crumb. */
  href?: string;
}

/** The box of a page whose breadcrumbs stand above its own container (places, countries, reviews). */
const PAGE_BOX = "mx-auto max-w-6xl px-4 pt-6 sm:px-6";

/**
 * Where the page sits: an ordered list in a labelled nav, the current page marked
 * with aria-current and not linked. Separators are drawn by CSS and flip in
 * right-to-left languages, so screen readers do not read them out. Names are
 * isolated (<bdi>): a crumb in another language keeps its own direction.
 */
export function Breadcrumbs({ label, items, className = PAGE_BOX }: { label: string; items: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base text-ink-soft">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.name}`} className="flex min-w-0 items-center gap-2">
              {index > 0 ? (
                <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-3.5 shrink-0 text-line-strong rtl:-scale-x-100">
                  <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : null}
              {last || !item.href ? (
                <span aria-current={last ? "page" : undefined} className={last ? "line-clamp-1 font-medium text-ink" : undefined}>
                  <bdi>{item.name}</bdi>
                </span>
              ) : (
                <Link href={item.href} className="inline-flex min-h-11 items-center rounded-sm text-primary underline underline-offset-[0.2em] hover:decoration-2">
                  <bdi>{item.name}</bdi>
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
