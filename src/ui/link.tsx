import NextLink from "next/link";
import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";
import { VisuallyHidden } from "@/ui/visually-hidden";

/**
 * A text link that always looks like one: underlined (colour alone is not enough
 * for users with low vision), thicker underline on hover. It wraps `next/link`
 * so internal links keep client-side navigation; locales share the French paths,
 * so no locale prefix is needed.
 *
 * `external` opens a new window, adds `rel="noopener noreferrer"` and appends a
 * hint for screen readers plus a small arrow for sighted users, so nobody is
 * surprised by a new tab. The hint text is required and comes from the caller,
 * already translated.
 */
type BaseLinkProps = ComponentPropsWithRef<typeof NextLink> & {
  /** "inline" sits inside running text; "standalone" gets a 44px tap area. */
  variant?: "inline" | "standalone";
};

export type LinkProps = BaseLinkProps &
  (
    | { external?: false; newWindowHint?: never }
    | {
        external: true;
        /** Already translated, e.g. "(nouvelle fenêtre)". */
        newWindowHint: string;
      }
  );

export const linkClasses = (variant: "inline" | "standalone" = "inline", className?: string) =>
  cn(
    "rounded-sm font-medium text-primary underline decoration-1 underline-offset-[0.2em] hover:text-primary-hover hover:decoration-2",
    variant === "standalone" && "inline-flex min-h-11 items-center gap-1",
    className,
  );

export function Link({ variant = "inline", external, newWindowHint, className, children, ...props }: LinkProps) {
  if (!external) {
    return (
      <NextLink className={linkClasses(variant, className)} {...props}>
        {children}
      </NextLink>
    );
  }
  return (
    <NextLink
      {...props}
      className={linkClasses(variant, className)}
      target="_blank"
      rel={cn("noopener noreferrer", props.rel)}
      prefetch={false}
    >
      {children}{" "}
      <svg
        className="inline size-[0.8em] align-baseline rtl:-scale-x-100"
        viewBox="0 0 16 16"
        fill="none"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 3h7v7M13 3 4 12" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <VisuallyHidden>{newWindowHint}</VisuallyHidden>
    </NextLink>
  );
}
