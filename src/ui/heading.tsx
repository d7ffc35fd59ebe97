import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";

/**
 * Separates the document level of a heading (h1-h4, for the outline screen
 * readers navigate by) from its visual size, so a page can keep a correct outline
 * while a card title looks small or a funnel question looks large.
 */
export type HeadingLevel = 1 | 2 | 3 | 4;
export type HeadingSize = "sm" | "md" | "lg" | "xl" | "2xl";

export type HeadingProps = ComponentPropsWithRef<"h2"> & {
  level: HeadingLevel;
  size?: HeadingSize;
};

const DEFAULT_SIZE: Record<HeadingLevel, HeadingSize> = { 1: "2xl", 2: "xl", 3: "lg", 4: "md" };

const SIZES: Record<HeadingSize, string> = {
  sm: "text-lg",
  md: "text-xl",
  lg: "text-2xl",
  xl: "text-2xl sm:text-3xl",
  "2xl": "text-3xl sm:text-4xl",
};

export function Heading({ level, size, className, ...props }: HeadingProps) {
  const Component = `h${level}` as "h2";
  return (
    <Component
      className={cn("font-serif font-semibold tracking-tight text-ink", SIZES[size ?? DEFAULT_SIZE[level]], className)}
      {...props}
    />
  );
}
