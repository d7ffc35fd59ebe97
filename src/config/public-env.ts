/**
 * Public configuration as the browser sees it. Next.js inlines only literal
 * `process.env.NEXT_PUBLIC_…` expressions in browser bundles, so they are read here,
 * and only here. env.ts validates these same values with zod when the app builds and
 * starts (next.config.ts); this module repeats only the light clean-up, because it is
 * in every page's bundle and zod would be the biggest library in it.
 */
export interface PublicEnv {
  NEXT_PUBLIC_API_URL?: string;
  NEXT_PUBLIC_API_NEXT_URL?: string;
  NEXT_PUBLIC_CHAT_URL?: string;
  NEXT_PUBLIC_SENTRY_DSN?: string;
  NEXT_PUBLIC_ANALYTICS: "datalayer" | "off";
}

export function readPublicEnvSource(): Record<keyof PublicEnv, string | undefined> {
  return {
    NEXT_PUBLIC_API_URL: process.env.NEXT_PUBLIC_API_URL,
    NEXT_PUBLIC_API_NEXT_URL: process.env.NEXT_PUBLIC_API_NEXT_URL,
    NEXT_PUBLIC_CHAT_URL: process.env.NEXT_PUBLIC_CHAT_URL,
    NEXT_PUBLIC_SENTRY_DSN: process.env.NEXT_PUBLIC_SENTRY_DSN,
    NEXT_PUBLIC_ANALYTICS: process.env.NEXT_PUBLIC_ANALYTICS,
  };
}

/** Trimmed, without a trailing slash, undefined when empty (as env.ts's schema does). */
export function cleanUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.replace(/\/+$/, "") : undefined;
}

export function publicEnvFrom(source: Record<keyof PublicEnv, string | undefined>): PublicEnv {
  return {
    NEXT_PUBLIC_API_URL: cleanUrl(source.NEXT_PUBLIC_API_URL),
    NEXT_PUBLIC_API_NEXT_URL: cleanUrl(source.NEXT_PUBLIC_API_NEXT_URL),
    NEXT_PUBLIC_CHAT_URL: cleanUrl(source.NEXT_PUBLIC_CHAT_URL),
    NEXT_PUBLIC_SENTRY_DSN: cleanUrl(source.NEXT_PUBLIC_SENTRY_DSN),
    NEXT_PUBLIC_ANALYTICS: source.NEXT_PUBLIC_ANALYTICS?.trim() === "off" ? "off" : "datalayer",
  };
}

export const publicEnv: PublicEnv = publicEnvFrom(readPublicEnvSource());
