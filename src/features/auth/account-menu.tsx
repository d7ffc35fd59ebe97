import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { pickMessages, type Messages } from "@/i18n/pick-messages";
import { AccountEntry } from "./account-entry";

const MENU_NAMESPACES = ["Auth.menu", "Auth.signOut"];

async function entryProps() {
  const [t, locale, messages] = await Promise.all([getTranslations("Auth.menu"), getLocale(), getMessages()]);
  return { signInLabel: t("signIn"), locale, messages: pickMessages(messages as Messages, MENU_NAMESPACES) };
}

/**
 * The header's account entry, on every page: the sign-in link (hidden on phones, where
 * the menu has it), replaced by the signed-in menu once the browser finds a session.
 */
export async function AccountMenu({ signInClassName }: { signInClassName?: string }) {
  return <AccountEntry kind="menu" className={signInClassName} {...await entryProps()} />;
}

/** The account line at the bottom of the phone menu: "sign in", or the visitor's own space once signed in. */
export async function MobileAccountLink({ className }: { className?: string }) {
  return <AccountEntry kind="mobile" className={className} {...await entryProps()} />;
}
