/** Business constants and limits of SPEC §9, shared by the server and the browser. */

/** How long marketing attributes captured from a landing URL stay usable. */
export const ATTRIBUTION_RETENTION_DAYS = 90;

/** Click and call identifiers, in the order used to choose one when a URL carries several. */
export const TRACKING_TYPES = ["gclid", "gbraid", "wbraid", "srsltid", "msclkid", "phone"] as const;
export type TrackingType = (typeof TRACKING_TYPES)[number];

export const UTM_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term"] as const;
export type UtmParam = (typeof UTM_PARAMS)[number];

/** Every URL parameter captured for attribution. */
export const TRACKING_PARAMS = [...TRACKING_TYPES, ...UTM_PARAMS] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];

/** ISO 3166-1 alpha-2 codes (lower case) where the card payment option is offered. */
export const CARD_PAYMENT_COUNTRIES = ["fr", "gf", "gp", "mq", "yt", "re", "es", "pt", "de", "it", "be", "nl", "lu", "at", "ie"] as const;
export type CardPaymentCountry = (typeof CARD_PAYMENT_COUNTRIES)[number];

/** Metropolitan France and the overseas departments treated as France. */
export const FRANCE_AND_OVERSEAS = ["fr", "gp", "mq", "gf", "re", "yt"] as const;
export type FranceOrOverseas = (typeof FRANCE_AND_OVERSEAS)[number];

/** Length of the per-browser-session random id sent in the session header. */
export const SESSION_ID_LENGTH = 21;

export const FUNDING_AGENCIES_DEFAULT_PAGE = 1;
export const FUNDING_AGENCIES_DEFAULT_PER_PAGE = 50;

/** Image loader defaults. */
export const IMAGE_QUALITY = 75;
export const DEVICE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

/** Every price is shown in euros. */
export const CURRENCY = "EUR";

/** Whether the card payment option may be offered for a country code (any case). */
export function isCardPaymentCountry(countryCode: string | null | undefined): boolean {
  if (typeof countryCode !== "string") return false;
  return (CARD_PAYMENT_COUNTRIES as readonly string[]).includes(countryCode.trim().toLowerCase());
}

/** Whether a country code is France or one of its overseas departments (any case). */
export function isFranceOrOverseas(countryCode: string | null | undefined): boolean {
  if (typeof countryCode !== "string") return false;
  return (FRANCE_AND_OVERSEAS as readonly string[]).includes(countryCode.trim().toLowerCase());
}
