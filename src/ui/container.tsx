import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";

/**
 * Page-width wrapper with comfortable side margins. "prose" keeps reading lines
 * near 70 characters (guides, legal text), "form" suits single-column funnels on
 * any screen, "page" is the general layout width.
 */
export type ContainerProps = ComponentPropsWithRef<"div"> & {
  width?: "form" | "prose" | "page" | "wide";
  as?: "div" | "main" | "section" | "header" | "footer";
};

const WIDTHS = {
  form: "max-w-2xl",
  prose: "max-w-3xl",
  page: "max-w-6xl",
  wide: "max-w-7xl",
} as const;

export function Container({ width = "page", as = "div", className, ...props }: ContainerProps) {
  const Component = as as "div";
  return <Component className={cn("mx-auto w-full px-4 sm:px-6 lg:px-8", WIDTHS[width], className)} {...props} />;
}
