import { ATTRIBUTION_RETENTION_DAYS, TRACKING_PARAMS, TRACKING_TYPES, UTM_PARAMS, type TrackingType } from "@/domain/constants";

/** Marketing attributes of SPEC §3, captured from a landing URL and sent with a deal. */
export interface MarketingAttributes {
  tracking_type: TrackingType | null;
  tracking_id: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  /** Whether the visitor accepted marketing cookies. */
  consent: boolean;
  /** ISO 8601 instant after which the attributes are ignored. */
  expiration: string;
}

/** URL values longer than this are cut: they are identifiers, never prose. */
export const MAX_ATTRIBUTE_LENGTH = 255;

const DAY_MS = 24 * 60 * 60 * 1000;

type ParamSource = URLSearchParams | string | null | undefined;

function toParams(source: ParamSource): URLSearchParams {
  if (source instanceof URLSearchParams) return source;
  return new URLSearchParams(source ?? "");
}

function clean(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed.slice(0, MAX_ATTRIBUTE_LENGTH);
}

/** Whether the URL carries any tracking parameter of SPEC §9 with a value. */
export function hasTrackingParam(source: ParamSource): boolean {
  const params = toParams(source);
  return TRACKING_PARAMS.some((name) => clean(params.get(name)) !== null);
}

export function attributionExpiration(now: Date = new Date()): string {
  return new Date(now.getTime() + ATTRIBUTION_RETENTION_DAYS * DAY_MS).toISOString();
}

/**
 * Marketing attributes carried by a URL's query, or null when it carries none (so a
 * plain visit never overwrites what an earlier campaign click recorded). When several
 * click identifiers are present, the first in TRACKING_TYPES wins.
 */
export function captureAttribution(
  source: ParamSource,
  options: { now?: Date; consent?: boolean } = {},
): MarketingAttributes | null {
  const params = toParams(source);
  if (!hasTrackingParam(params)) return null;
  let tracking_type: TrackingType | null = null;
  let tracking_id: string | null = null;
  for (const type of TRACKING_TYPES) {
    const id = clean(params.get(type));
    if (id !== null) {
      tracking_type = type;
      tracking_id = id;
      break;
    }
  }
  const utm = Object.fromEntries(UTM_PARAMS.map((name) => [name, clean(params.get(name))])) as Record<
    (typeof UTM_PARAMS)[number],
    string | null
  >;
  return {
    tracking_type,
    tracking_id,
    ...utm,
    consent: options.consent ?? false,
    expiration: attributionExpiration(options.now),
  };
}

/** Expired, or carrying an unreadable expiration date (treated as expired). */
export function isAttributionExpired(attributes: Pick<MarketingAttributes, "expiration">, now: Date = new Date()): boolean {
  const expiresAt = Date.parse(attributes.expiration);
  return Number.isNaN(expiresAt) || expiresAt <= now.getTime();
}

// Checked by hand rather than with a zod schema: this runs on every page, and zod would
// be the biggest library in the bundle every visitor downloads (≈30 KB compressed).
const TEXT_FIELDS = ["tracking_id", "utm_source", "utm_medium", "utm_campaign", "utm_term"] as const;

function isNullableText(value: unknown): value is string | null {
  return value === null || (typeof value === "string" && value.length <= MAX_ATTRIBUTE_LENGTH);
}

/** Attributes read back from storage, or null when the value is missing or not ours. */
export function parseStoredAttribution(raw: string | null | undefined): MarketingAttributes | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const trackingType = record.tracking_type;
  if (trackingType !== null && !(TRACKING_TYPES as readonly unknown[]).includes(trackingType)) return null;
  if (!TEXT_FIELDS.every((field) => isNullableText(record[field]))) return null;
  if (typeof record.consent !== "boolean" || typeof record.expiration !== "string") return null;
  return {
    tracking_type: trackingType as TrackingType | null,
    tracking_id: record.tracking_id as string | null,
    utm_source: record.utm_source as string | null,
    utm_medium: record.utm_medium as string | null,
    utm_campaign: record.utm_campaign as string | null,
    utm_term: record.utm_term as string | null,
    consent: record.consent,
    expiration: record.expiration,
  };
}

export function serializeAttribution(attributes: MarketingAttributes): string {
  return JSON.stringify(attributes);
}
