import { cn } from "@/ui/cn";
import { VisuallyHidden } from "@/ui/visually-hidden";

/**
 * A quiet loading indicator. Without `label` it is decorative and hidden from
 * assistive technology (the surrounding control says what is happening, e.g. a
 * busy button); with `label` it becomes a polite status message. Under
 * prefers-reduced-motion it stops turning and stays a still ring segment.
 */
export type SpinnerProps = {
  /** Already translated text announced to screen readers ("Loading…"). */
  label?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
};

const SIZES = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

export function Spinner({ label, size = "md", className }: SpinnerProps) {
  const svg = (
    <svg
      className={cn("shrink-0 animate-spin motion-reduce:animate-none", SIZES[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {svg}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
