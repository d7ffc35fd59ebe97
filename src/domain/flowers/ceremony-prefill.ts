import { paths } from "@/config/paths";
import { DELIVERY_PLACES, type DeliveryPlace } from "./catalogue";

/**
 * Flowers sent by a friend to a ceremony they read about (a memorial page): the funnel opens
 * with its delivery address pre-filled from the query string. Nothing here is a secret (the
 * page showing the link already shows the place), and every value is checked on arrival:
 * a hand-edited link only pre-fills what is valid, and the family's deal is never named.
 */
export interface CeremonyPrefill {
  place: DeliveryPlace | null;
  place_name: string;
  recipient_name: string;
  address: string;
  postal_code: string;
  city: string;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM. */
  time: string;
}

const KEYS = {
  place: "lieu",
  place_name: "nom_lieu",
  recipient_name: "pour",
  address: "adresse",
  postal_code: "code_postal",
  city: "ville",
  date: "date",
  time: "heure",
} as const satisfies Record<keyof CeremonyPrefill, string>;

const clip = (value: string | null, max: number) => (value ?? "").trim().slice(0, max);

/** /fleurs-obseques with the ceremony's address, date and time as its query string. */
export function flowersForCeremonyPath(prefill: Partial<CeremonyPrefill>): string {
  const query = new URLSearchParams();
  for (const [field, key] of Object.entries(KEYS) as Array<[keyof CeremonyPrefill, string]>) {
    const value = prefill[field];
    if (value) query.set(key, value);
  }
  const qs = query.toString();
  return qs ? `${paths.flowers()}?${qs}` : paths.flowers();
}

/** The pre-fill a link carries, or null when it carries none (nothing valid to pre-fill). */
export function readCeremonyPrefill(search: string): CeremonyPrefill | null {
  const query = new URLSearchParams(search);
  const place = query.get(KEYS.place);
  const date = clip(query.get(KEYS.date), 10);
  const time = clip(query.get(KEYS.time), 5);
  const postal = clip(query.get(KEYS.postal_code), 5);
  const prefill: CeremonyPrefill = {
    place: (DELIVERY_PLACES as readonly (string | null)[]).includes(place) ? (place as DeliveryPlace) : null,
    place_name: clip(query.get(KEYS.place_name), 120),
    recipient_name: clip(query.get(KEYS.recipient_name), 120),
    address: clip(query.get(KEYS.address), 300),
    postal_code: /^\d{5}$/.test(postal) ? postal : "",
    city: clip(query.get(KEYS.city), 100),
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "",
    time: /^\d{2}:\d{2}$/.test(time) ? time : "",
  };
  const { place: chosen, ...texts } = prefill;
  return chosen || Object.values(texts).some((value) => value !== "") ? prefill : null;
}
