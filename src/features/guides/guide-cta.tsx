import Link from "next/link";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { paths } from "@/config/paths";
import { buttonClasses } from "@/ui/button";
import { cn } from "@/ui/cn";

export interface GuideCtaText {
  title: string;
  body: string;
  quote: string;
  /** Accessible name of the phone link, e.g. "Call an advisor on 01 84 60 42 42". */
  callAria: string;
}

/** The two ways forward a reader always has: the legal-format quote and an advisor on the phone. */
export function GuideCta({ text, className }: { text: GuideCtaText; className?: string }) {
  return (
    <aside aria-labelledby="guide-cta-title" className={cn("rounded-lg bg-primary p-6 text-on-primary sm:p-8", className)}>
      <h2 id="guide-cta-title" className="font-serif text-2xl font-semibold text-on-primary">
        {text.title}
      </h2>
      <p className="mt-2 max-w-2xl text-on-primary/90">{text.body}</p>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Link href={paths.funeralQuote()} className={buttonClasses({ variant: "secondary", size: "lg" })}>
          {text.quote}
        </Link>
        <a
          href={`tel:${ADVISOR_PHONE_E164}`}
          aria-label={text.callAria}
          className="inline-flex min-h-13 items-center gap-2 rounded-md border border-on-primary/60 px-5 text-lg font-semibold text-on-primary hover:bg-on-primary/10"
        >
          <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
          </svg>
          <span dir="ltr">{ADVISOR_PHONE}</span>
        </a>
      </div>
    </aside>
  );
}
