import {
  isAttributionExpired,
  parseStoredAttribution,
  serializeAttribution,
  type MarketingAttributes,
} from "@/domain/attribution";
import { localStore } from "@/domain/storage";
import { STORAGE_KEYS } from "@/api-client/auth-storage";

/** Keeps attributes for the retention period (their `expiration`). */
export function saveAttribution(attributes: MarketingAttributes): void {
  localStore.setItem(STORAGE_KEYS.attribution, serializeAttribution(attributes));
}

/**
 * The stored attributes, read once: they are removed by this read, so one campaign
 * click is credited to one request only. Expired or unreadable values give null.
 */
export function readAttribution(now: Date = new Date()): MarketingAttributes | null {
  const attributes = parseStoredAttribution(localStore.getItem(STORAGE_KEYS.attribution));
  localStore.removeItem(STORAGE_KEYS.attribution);
  if (!attributes || isAttributionExpired(attributes, now)) return null;
  return attributes;
}

/** Records the visitor's marketing consent on stored attributes without consuming them. */
export function updateStoredConsent(consent: boolean, now: Date = new Date()): void {
  const attributes = parseStoredAttribution(localStore.getItem(STORAGE_KEYS.attribution));
  if (!attributes || isAttributionExpired(attributes, now)) {
    localStore.removeItem(STORAGE_KEYS.attribution);
    return;
  }
  saveAttribution({ ...attributes, consent });
}
