const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/**
 * Five stars filled to the rating (to the nearest half). Decorative: the caller gives the
 * rating in words (`label`), which screen readers read instead of the drawing. A half star
 * is a filled star clipped by CSS over an outline, so no SVG id can clash between several
 * ratings on one page; the clip mirrors in right-to-left languages like the row does.
 */
export function RatingStars({ rating, label, size = "md" }: { rating: number; label: string; size?: "sm" | "md" | "lg" }) {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  const box = size === "lg" ? "size-7" : size === "sm" ? "size-4" : "size-5";
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5 text-warning">
      {[0, 1, 2, 3, 4].map((i) => {
        const filled = halves >= (i + 1) * 2 ? 1 : halves === i * 2 + 1 ? 0.5 : 0;
        return (
          <span key={i} className={`relative inline-block ${box}`} aria-hidden="true">
            <svg viewBox="0 0 24 24" className="absolute inset-0 size-full" focusable="false">
              <path d={STAR} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            </svg>
            {filled > 0 ? (
              <svg
                viewBox="0 0 24 24"
                className="absolute inset-0 size-full rtl:-scale-x-100"
                style={filled < 1 ? { clipPath: "inset(0 50% 0 0)" } : undefined}
                focusable="false"
              >
                <path d={STAR} fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
              </svg>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
