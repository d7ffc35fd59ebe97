import Link from "next/link";

export interface Crumb {
  name: string;
  /** French path; the last crumb (the page itself) is not linked. */
  href: string;
}

/**
 * Where a place, country or reviews page sits, above the page's own content (the route
 * puts it there, features do not import each other). An ordered list in a labelled nav, the
 * current page marked with aria-current; separators are drawn, mirrored in right-to-left
 * languages, and hidden from screen readers.
 */
export function Breadcrumbs({ label, items }: { label: string; items: readonly Crumb[] }) {
  return (
    <nav aria-label={label} className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base text-ink-soft">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href} className="flex min-w-0 items-center gap-2">
              {index > 0 ? (
                <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-3.5 shrink-0 text-line-strong rtl:-scale-x-100">
                  <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : null}
              {last ? (
                <span aria-current="page" className="font-medium text-ink">
                  {item.name}
                </span>
              ) : (
                <Link href={item.href} className="inline-flex min-h-11 items-center rounded-sm text-primary underline underline-offset-[0.2em] hover:decoration-2">
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
