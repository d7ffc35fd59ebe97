import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";

/**
 * Text for assistive technology only (e.g. "(new window)" after a link). Uses the
 * clip technique behind Tailwind's `sr-only` rather than `display:none`, which would
 * hide the text from screen readers too.
 */
export type VisuallyHiddenProps = ComponentPropsWithRef<"span">;

export function VisuallyHidden({ className, ...props }: VisuallyHiddenProps) {
  return <span className={cn("sr-only", className)} {...props} />;
}
