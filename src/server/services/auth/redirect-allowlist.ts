import { parseHost } from "@/i18n/locale-host";

/**
 * Where a reset link may lead (DESIGN "Auth": redirect URLs checked against an
 * allowlist). Allowed: the product's own hosts in every locale form ({locale}.{host},
 * {locale}--{host} or the bare French host) on the site's scheme, and the origins listed
 * in REDIRECT_ALLOWLIST. Anything else would let a forged reset e-mail send a family to
 * another site.
 */
export interface RedirectPolicy {
  siteUrl: string;
  allowlist: readonly string[];
}

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

export function isAllowedRedirect(value: string | null | undefined, policy: RedirectPolicy): boolean {
  if (!value) return false;
  const url = parseUrl(value);
  // Credentials in a URL ("https://paisible.fr@evil.test") are a classic disguise.
  if (!url || url.username || url.password) return false;
  const site = parseUrl(policy.siteUrl);
  if (site && url.protocol === site.protocol) {
    const own = parseHost(site.host).baseHost;
    if (parseHost(url.host).baseHost === own) return true;
  }
  return policy.allowlist.some((entry) => parseUrl(entry)?.origin === url.origin);
}
