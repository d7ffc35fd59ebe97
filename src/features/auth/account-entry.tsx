"use client";

import { useState, useEffect, type ComponentType } from "react";
import NextLink from "next/link";
import { usePathname } from "next/navigation";
import type { AbstractIntlMessages } from "next-intl";
import { readStoredUser } from "@/api-client/auth-storage";
import { REALMS } from "./auth-realm";
import type { SignedInEntry } from "./signed-in-menu";

type EntryProps = { kind: "menu" | "mobile"; className?: string; signInLabel: string; locale: string; messages: AbstractIntlMessages };

// One import shared by the header's menu and the phone menu's line.
let signedInEntry: Promise<typeof SignedInEntry> | null = null;

/**
 * The account entry as the server renders it for everyone: the sign-in link. Only when
 * this device holds a session (checked after hydration and on each navigation, so a
 * fresh sign-in shows up) does it load the signed-in menu, with Redux and the message
 * runtime — none of which a visitor's first page needs.
 */
export function AccountEntry({ kind, className, signInLabel, locale, messages }: EntryProps) {
  const pathname = usePathname();
  const [SignedIn, setSignedIn] = useState<ComponentType<Omit<EntryProps, "signInLabel">> | null>(null);

  useEffect(() => {
    if (SignedIn || readStoredUser() === null) return;
    let cancelled = false;
    signedInEntry ??= import("./signed-in-menu").then((m) => m.SignedInEntry);
    void signedInEntry.then((component) => {
      if (!cancelled) setSignedIn(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, [pathname, SignedIn]);

  if (SignedIn) return <SignedIn kind={kind} className={className} locale={locale} messages={messages} />;
  return (
    <NextLink href={REALMS.client.signIn} className={className}>
      {signInLabel}
    </NextLink>
  );
}
