import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";

/**
 * Plain white surfaces that group related content (a quote line, an order
 * summary). Only structure and spacing: a Card is not clickable by itself, so
 * interactive content uses real links and buttons inside it. `as` lets a card be
 * a <section> or <article> where that is the right landmark.
 */
export type CardProps = ComponentPropsWithRef<"div"> & {
  as?: "div" | "section" | "article" | "aside" | "li";
};

export function Card({ as = "div", className, ...props }: CardProps) {
  // The element changes, the props do not: every option accepts the same global attributes.
  const Component = as as "div";
  return (
    <Component className={cn("flex flex-col rounded-lg border border-line bg-surface text-ink shadow-card", className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div className={cn("flex flex-col gap-1 px-5 pt-5 sm:px-6 sm:pt-6", className)} {...props} />;
}

export type CardTitleProps = ComponentPropsWithRef<"h2"> & {
  as?: "h2" | "h3" | "h4";
};

export function CardTitle({ as: Component = "h2", className, ...props }: CardTitleProps) {
  return <Component className={cn("font-serif text-xl font-semibold text-ink", className)} {...props} />;
}

export function CardBody({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div className={cn("flex-1 px-5 py-5 sm:px-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentPropsWithRef<"div">) {
  return (
    <div
      className={cn("flex flex-wrap items-center gap-3 border-t border-line px-5 py-4 sm:px-6", className)}
      {...props}
    />
  );
}
