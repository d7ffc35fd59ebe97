"use client";

import { useId, useRef } from "react";
import NextLink from "next/link";
import { usePathname } from "next/navigation";
import { NextIntlClientProvider, useTranslations, type AbstractIntlMessages } from "next-intl";
import { logout, selectIsLoggingOut, selectUser, selectUserType } from "@/store/auth-slice";
import { useAppDispatch, useAppSelector } from "@/store/hooks";
import { StoreProvider } from "@/store/store-provider";
import { REALMS } from "./auth-realm";
import { useSessionExpiredRedirect } from "./session-expired-redirect";
import { useDisclosure } from "@/ui/use-disclosure";

/**
 * Loaded only for a visitor with a stored session (see AccountEntry): the signed-in
 * account menu with its own message provider and the shared store.
 */
export function SignedInEntry({
  kind,
  className,
  locale,
  messages,
}: {
  kind: "menu" | "mobile";
  className?: string;
  locale: string;
  messages: AbstractIntlMessages;
}) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      <StoreProvider>{kind === "menu" ? <AccountMenu signInClassName={className} /> : <MobileAccountLink className={className} />}</StoreProvider>
    </NextIntlClientProvider>
  );
}

/**
 * The header's account entry, on every page. Signed out: the "sign in" link (hidden on
 * phones, where the menu has it). Signed in: a button with the person's first name
 * opening links to their space, the password change and sign-out, so they can leave
 * from any page. It also registers the app-wide reaction to an expired session.
 */
export function AccountMenu({ signInClassName }: { signInClassName?: string }) {
  useSessionExpiredRedirect();
  const t = useTranslations("Auth.menu");
  const ts = useTranslations("Auth.signOut");
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const userType = useAppSelector(selectUserType);
  const loggingOut = useAppSelector(selectIsLoggingOut);
  const pathname = usePathname();
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const { open, setOpen, toggle } = useDisclosure({ resetKey: pathname, within: wrapper });

  if (!user || !userType) {
    return (
      <NextLink href={REALMS.client.signIn} className={signInClassName}>
        {t("signIn")}
      </NextLink>
    );
  }

  const config = REALMS[userType];
  const firstname = typeof user.firstname === "string" && user.firstname ? user.firstname : null;
  const name = firstname ?? String(user.email ?? "");
  const itemClass = "flex min-h-12 w-full items-center rounded-md px-3 text-start text-ink no-underline hover:bg-sand-50";

  async function signOut() {
    const realm = userType ?? "client";
    await dispatch(logout());
    window.location.assign(REALMS[realm].signIn);
  }

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-line-strong px-2 font-semibold text-ink hover:bg-sand-50 sm:px-3"
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        {/* The visible first name is part of the spoken name ("Account menu of Marie"). */}
        <span aria-hidden="true" className="hidden max-w-40 truncate sm:inline">
          {name}
        </span>
        <span className="sr-only">{t("open", { name })}</span>
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute end-0 top-full z-50 mt-2 w-64 rounded-lg border border-line bg-surface p-2 shadow-card"
      >
        <p className="px-3 py-2 text-base text-ink-soft">{t("signedInAs", { name })}</p>
        <ul className="flex flex-col">
          <li>
            <NextLink href={config.home} className={itemClass}>
              {userType === "client" ? t("account") : t("proHome")}
            </NextLink>
          </li>
          <li>
            <NextLink href={config.changePassword} className={itemClass}>
              {t("changePassword")}
            </NextLink>
          </li>
          <li>
            <button type="button" onClick={signOut} aria-busy={loggingOut || undefined} className={`${itemClass} cursor-pointer font-semibold text-primary`}>
              {loggingOut ? ts("pending") : ts("button")}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/**
 * The account line at the bottom of the phone menu: "sign in" for visitors, a link to
 * their own space once signed in (the header's account button does the rest).
 */
export function MobileAccountLink({ className }: { className?: string }) {
  const t = useTranslations("Auth.menu");
  const user = useAppSelector(selectUser);
  const userType = useAppSelector(selectUserType);
  if (!user || !userType) {
    return (
      <NextLink href={REALMS.client.signIn} className={className}>
        {t("signIn")}
      </NextLink>
    );
  }
  return (
    <NextLink href={REALMS[userType].home} className={className}>
      {userType === "client" ? t("account") : t("proHome")}
    </NextLink>
  );
}
