"use client";

import NextLink from "next/link";
import { usePathname } from "next/navigation";
import { useId, type ReactNode } from "react";
import { cn } from "@/ui/cn";
import { useDisclosure } from "@/ui/use-disclosure";
import { isCurrentSection, isProSignInPath } from "./pro-nav";

export interface ProShellLabels {
  product: string;
  navLabel: string;
  openMenu: string;
  closeMenu: string;
  signedInAs: string;
}

/**
 * The workspace header's interactive part: hidden on the sign-in pages (the layout above
 * them knows the session, not the path), the current section marked, and on a phone the
 * navigation behind a menu button (closed on a new page and on Escape, focus back on it).
 */
export function ProShellFrame({
  items,
  labels,
  user,
  notifications,
  signOut,
}: {
  items: { key: string; href: string; label: string }[];
  labels: ProShellLabels;
  user: { name: string; role: string };
  notifications: ReactNode;
  signOut: ReactNode;
}) {
  const pathname = usePathname();
  const { open, setOpen, toggle } = useDisclosure({ resetKey: pathname });
  const menuId = useId();

  if (isProSignInPath(pathname)) return null;
  const who = (
    <p className="min-w-0 text-base">
      <span className="sr-only">{labels.signedInAs} </span>
      <span className="font-semibold">{user.name}</span>
      <span className="text-ink-soft"> · {user.role}</span>
    </p>
  );
  return (
    <div data-pro-shell className="border-b border-line bg-sand-50">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="me-auto text-lg font-bold text-primary lg:me-0">{labels.product}</p>
        <nav aria-label={labels.navLabel} className="hidden lg:block lg:me-auto">
          <NavList items={items} pathname={pathname} className="flex flex-wrap gap-1" />
        </nav>
        {notifications}
        <div className="hidden items-center gap-3 lg:flex">
          {who}
          {signOut}
        </div>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-line text-ink hover:bg-surface lg:hidden"
        >
          <span className="sr-only">{open ? labels.closeMenu : labels.openMenu}</span>
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-line px-4 pb-4 pt-2 lg:hidden">
        <nav aria-label={labels.navLabel}>
          <NavList items={items} pathname={pathname} className="flex flex-col gap-1" />
        </nav>
        <div className="mt-3 flex flex-col items-start gap-3 border-t border-line pt-3">
          {who}
          {signOut}
        </div>
      </div>
    </div>
  );
}

function NavList({ items, pathname, className }: { items: { key: string; href: string; label: string }[]; pathname: string; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => {
        const current = isCurrentSection(pathname, item.href);
        return (
          <li key={item.key}>
            <NextLink
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-ink hover:bg-surface",
                current && "bg-surface text-primary underline decoration-2 underline-offset-4",
              )}
            >
              {item.label}
            </NextLink>
          </li>
        );
      })}
    </ul>
  );
}
