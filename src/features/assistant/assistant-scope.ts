import { paths } from "@/config/paths";
import { isLocale } from "@/domain/locales";

/**
 * Where the assistant's launcher shows: public pages and the family's space. Not on the
 * professionals' pages (advisors have the back-office), nor on pages where a family is
 * in the middle of something that must not be interrupted or that runs under a stricter
 * policy (payment, signing, sign-in and invitations, the SMS documents link).
 */
const HIDDEN_PREFIXES = [paths.proHome(), paths.payment(), "/signature", paths.login(), paths.invitation(), "/documents/sms"];

/** The public path: on rewritten pages the router may report the internal /{locale}/… one. */
export function publicPathOf(pathname: string): string {
  const [, first, ...rest] = pathname.split("/");
  return isLocale(first) ? `/${rest.join("/")}` : pathname;
}

export function assistantShownOn(pathname: string): boolean {
  const path = publicPathOf(pathname);
  return !HIDDEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Where the panel's words are served, one small JSON file per locale (see app/assistant/messages). */
export function assistantMessagesUrl(locale: string): string {
  return `/assistant/messages/${encodeURIComponent(locale)}.json`;
}
