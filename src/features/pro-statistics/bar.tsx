/**
 * A horizontal bar for a figure already written beside it (hidden from screen readers).
 * Drawn in SVG with attributes rather than a style: it mirrors itself in right-to-left pages.
 */
export function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.max(value > 0 ? 1 : 0, Math.round((value / max) * 100)) : 0;
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full rtl:-scale-x-100">
      <rect x="0" y="0" width="100" height="10" className="fill-sand-100" />
      <rect x="0" y="0" width={width} height="10" className="fill-primary" data-width={width} />
    </svg>
  );
}
