import type { ComponentPropsWithRef, MouseEvent } from "react";
import { cn } from "@/ui/cn";
import { Spinner } from "@/ui/spinner";

/**
 * The one button of the product. Tap targets are at least 44px (md) or 52px (lg)
 * high because many users are elderly and on a phone.
 *
 * While `loading`, the button keeps its label and its focus: it is marked
 * `aria-busy` and `aria-disabled` instead of `disabled`, because a disabled button
 * drops keyboard focus to the page and screen-reader users lose their place. Clicks
 * (including Enter in a form, which the browser turns into a click) are cancelled
 * so nothing is submitted twice.
 *
 * No "use client": without `loading` the component attaches no handler of its own,
 * so server components can render it; a loading state only exists in client code.
 */
export type ButtonVariant = "primary" | "accent" | "secondary" | "neutral" | "ghost" | "danger";
export type ButtonSize = "md" | "lg";

export type ButtonStyleOptions = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
};

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md border font-semibold leading-tight text-center no-underline " +
  "transition-colors duration-150 motion-reduce:transition-none select-none cursor-pointer " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "border-transparent bg-primary text-on-primary hover:bg-primary-hover",
  // The one call to action of a page (start the quote), warmer than the brand colour.
  accent: "border-transparent bg-accent text-on-primary hover:bg-accent-hover",
  secondary: "border-line-strong bg-surface text-primary hover:bg-primary-soft",
  // Beside an accent button: present but quieter (the advisors' phone number).
  neutral: "border-line-strong bg-surface text-ink hover:bg-sand-100",
  ghost: "border-transparent bg-transparent text-primary hover:bg-primary-soft",
  danger: "border-transparent bg-danger text-on-primary hover:bg-danger-hover",
};

const SIZES: Record<ButtonSize, string> = {
  md: "min-h-11 px-5 py-2.5 text-base",
  lg: "min-h-13 px-7 py-3 text-lg",
};

/** Button look for elements that are not buttons, e.g. a link that starts a funnel. */
export function buttonClasses({ variant = "primary", size = "md", fullWidth = false, className }: ButtonStyleOptions = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], fullWidth && "w-full", className);
}

export type ButtonProps = ComponentPropsWithRef<"button"> &
  Omit<ButtonStyleOptions, "className"> & {
    /** Shows a spinner and blocks activation while an action is in progress. */
    loading?: boolean;
  };

function cancelClick(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  className,
  type = "button",
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={buttonClasses({ variant, size, fullWidth, className })}
      aria-busy={loading || undefined}
      aria-disabled={loading || props["aria-disabled"] || undefined}
      onClick={loading ? cancelClick : onClick}
    >
      {loading ? <Spinner size={size === "lg" ? "md" : "sm"} /> : null}
      {children}
    </button>
  );
}
