"use client";

import { useId, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { useDisclosure } from "@/ui/use-disclosure";

/** Disclosure for the navigation on narrow screens: closes on route change and on Escape, focus returns to the toggle. */
export function MobileMenu({ openLabel, closeLabel, children }: { openLabel: string; closeLabel: string; children: ReactNode }) {
  const pathname = usePathname();
  const id = useId();
  const { open, setOpen, toggle } = useDisclosure({ resetKey: pathname });

  return (
    <div className="xl:hidden">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-line text-ink hover:bg-sand-50"
      >
        <span className="sr-only">{open ? closeLabel : openLabel}</span>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div id={id} hidden={!open} className="absolute inset-x-0 top-full z-40 border-b border-line bg-surface px-4 pb-6 pt-2 shadow-card">
        {children}
      </div>
    </div>
  );
}
