import NextLink from "next/link";
import type { ReactNode } from "react";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { buttonClasses } from "@/ui/button";
import { cn } from "@/ui/cn";
import { PhoneIcon } from "@/ui/phone-icon";

/**
 * The opening of a public page: the page's only h1, one sentence on what it offers and
 * the two ways forward a family always has, the quote (accent button) and an advisor on
 * the phone. `prominent` is the home page's version: a full-width band, larger type.
 *
 * Texts arrive translated; `children` sits between the lead and the buttons (reassurances,
 * a country's agreement), `footer` under the buttons (rating, how long the quote takes).
 */
export type HeroProps = {
  title: ReactNode;
  lead: ReactNode;
  /** The primary way forward, usually the funeral quote. */
  action?: { href: string; label: ReactNode };
  /**
   * The advisors' number. `label` is shown before the number; `ariaLabel` replaces the
   * link's name and must then contain the number (WCAG 2.5.3, label in name).
   */
  call?: { label?: ReactNode; ariaLabel?: string };
  prominent?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
};

export function Hero({ title, lead, action, call, prominent = false, children, footer }: HeroProps) {
  const content = (
    <>
      <h1 className={cn("max-w-3xl", prominent ? "text-4xl sm:text-6xl" : "text-3xl sm:text-5xl")}>{title}</h1>
      <p className="mt-5 max-w-2xl text-lg text-ink-soft sm:text-xl">{lead}</p>
      {children}
      {action || call ? (
        <div className="mt-8 flex flex-wrap items-center gap-3">
          {action ? (
            <NextLink href={action.href} className={buttonClasses({ variant: "accent", size: "lg" })} data-testid="hero-action">
              {action.label}
            </NextLink>
          ) : null}
          {call ? (
            <a href={`tel:${ADVISOR_PHONE_E164}`} aria-label={call.ariaLabel} className={buttonClasses({ variant: "neutral", size: "lg" })} data-testid="hero-call">
              <PhoneIcon />
              {/* One inline run, so the link's name keeps the space between label and number. */}
              <span>
                {call.label ? <>{call.label} </> : null}
                <span dir="ltr" className="whitespace-nowrap">
                  {ADVISOR_PHONE}
                </span>
              </span>
            </a>
          ) : null}
        </div>
      ) : null}
      {footer}
    </>
  );
  if (!prominent) return <header className="py-10 sm:py-16">{content}</header>;
  return (
    <header className="bg-sand-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">{content}</div>
    </header>
  );
}
