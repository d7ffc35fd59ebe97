import { DELIVERY_PLACES, MESSAGE_MAX_LENGTH, ORDER_MAX_QUANTITY, type DeliveryPlace, type FlowerType, type MessageKind } from "@/domain/flowers/catalogue";
import { localStore, readJson } from "@/domain/storage";
import { deliveryProblems } from "@/domain/flowers/delivery-rules";
import { flowerClientSchema, flowerDeliverySchema, flowerMessageSchema, type FlowerOrderCreateInput, type FlowerProduct } from "@/domain/schemas/flower-funnel";

/**
 * The flowers order as the family fills it in, kept on this device (localStorage) at every
 * change: a reload, a lost connection or a tab closed by mistake loses nothing. Whatever
 * is stored is read defensively: a stale or hand-edited entry never breaks the page.
 */

export const FLOWER_STEPS = ["choose", "delivery", "message", "contact", "review"] as const;
export type FlowerStep = (typeof FLOWER_STEPS)[number];

export interface CartLine {
  code: string;
  name: string;
  type: FlowerType;
  picture: string;
  price_ttc_cents: number;
  places: DeliveryPlace[];
  quantity: number;
}

export interface FlowerDraft {
  version: 1;
  step: FlowerStep;
  cart: CartLine[];
  /** "ceremony": delivered to the ceremony of a funeral deal the family holds. */
  deliveryMode: "ceremony" | "address";
  ceremony: { deal: string; step_id: number } | null;
  delivery: { place: DeliveryPlace | ""; place_name: string; recipient_name: string; address: string; postal_code: string; city: string; date: string; time: string };
  message: { kind: MessageKind | "none"; text: string };
  client: { civility: "" | "M." | "Mme"; firstname: string; lastname: string; email: string; phone: string; consent: boolean };
  savedAt: string;
}

export const FLOWER_DRAFT_KEY = "paisible.flowers";
export const FLOWER_ORDER_KEY = "paisible.flowers-order";

export function emptyFlowerDraft(): FlowerDraft {
  return {
    version: 1,
    step: "choose",
    cart: [],
    deliveryMode: "address",
    ceremony: null,
    delivery: { place: "", place_name: "", recipient_name: "", address: "", postal_code: "", city: "", date: "", time: "" },
    message: { kind: "none", text: "" },
    client: { civility: "", firstname: "", lastname: "", email: "", phone: "", consent: false },
    savedAt: new Date(0).toISOString(),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
const str = (value: unknown, max = 300) => (typeof value === "string" ? value.slice(0, max) : "");

export function flowerDraftFrom(value: unknown): FlowerDraft | null {
  if (!isRecord(value) || value.version !== 1) return null;
  const base = emptyFlowerDraft();
  const delivery = isRecord(value.delivery) ? value.delivery : {};
  const message = isRecord(value.message) ? value.message : {};
  const client = isRecord(value.client) ? value.client : {};
  const ceremony = isRecord(value.ceremony) && typeof value.ceremony.deal === "string" && Number.isInteger(value.ceremony.step_id) ? { deal: value.ceremony.deal, step_id: value.ceremony.step_id as number } : null;
  const cart = Array.isArray(value.cart)
    ? value.cart
        .filter(isRecord)
        .filter((line) => typeof line.code === "string" && Number.isInteger(line.price_ttc_cents) && Number.isInteger(line.quantity))
        .slice(0, 10)
        .map((line) => ({
          code: str(line.code, 60),
          name: str(line.name),
          type: str(line.type, 20) as FlowerType,
          picture: str(line.picture),
          price_ttc_cents: line.price_ttc_cents as number,
          places: Array.isArray(line.places) ? (line.places.filter((p) => (DELIVERY_PLACES as readonly unknown[]).includes(p)) as DeliveryPlace[]) : [],
          quantity: Math.min(Math.max(line.quantity as number, 1), ORDER_MAX_QUANTITY),
        }))
    : [];
  const place = (DELIVERY_PLACES as readonly unknown[]).includes(delivery.place) ? (delivery.place as DeliveryPlace) : "";
  return {
    ...base,
    step: (FLOWER_STEPS as readonly unknown[]).includes(value.step) ? (value.step as FlowerStep) : "choose",
    cart,
    deliveryMode: value.deliveryMode === "ceremony" ? "ceremony" : "address",
    ceremony,
    delivery: {
      place,
      place_name: str(delivery.place_name),
      recipient_name: str(delivery.recipient_name),
      address: str(delivery.address),
      postal_code: str(delivery.postal_code, 10),
      city: str(delivery.city),
      date: str(delivery.date, 10),
      time: str(delivery.time, 5),
    },
    message: { kind: message.kind === "ribbon" || message.kind === "card" ? message.kind : "none", text: str(message.text, 400) },
    client: {
      civility: client.civility === "M." || client.civility === "Mme" ? client.civility : "",
      firstname: str(client.firstname),
      lastname: str(client.lastname),
      email: str(client.email),
      phone: str(client.phone, 40),
      consent: client.consent === true,
    },
    savedAt: str(value.savedAt, 40),
  };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadFlowerDraft(): FlowerDraft | null {
  return flowerDraftFrom(readJson(localStore, FLOWER_DRAFT_KEY));
}

export function saveFlowerDraft(draft: FlowerDraft): boolean {
  try {
    storage()?.setItem(FLOWER_DRAFT_KEY, JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function clearFlowerDraft(): void {
  try {
    storage()?.removeItem(FLOWER_DRAFT_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The last order of this device (its key), so the confirmation survives a reload. */
export function rememberOrder(uuid: string, token: string): void {
  try {
    storage()?.setItem(FLOWER_ORDER_KEY, JSON.stringify({ uuid, token }));
  } catch {
    // The confirmation link of the e-mail still opens it.
  }
}

export function rememberedOrder(): { uuid: string; token: string } | null {
  const value = readJson(localStore, FLOWER_ORDER_KEY);
  return isRecord(value) && typeof value.uuid === "string" && typeof value.token === "string" ? { uuid: value.uuid, token: value.token } : null;
}

export function addToCart(cart: CartLine[], product: FlowerProduct): CartLine[] {
  if (cart.some((line) => line.code === product.code)) return cart;
  return [
    ...cart,
    { code: product.code, name: product.name, type: product.type, picture: product.picture, price_ttc_cents: product.price_ttc_cents, places: product.places, quantity: 1 },
  ];
}

/** What the family will pay as the catalogue priced it; the server recomputes it on ordering. */
export function cartTotalCents(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.price_ttc_cents * line.quantity, 0);
}

export function messageLength(text: string): number {
  return [...text.trim()].length;
}

export function messageTooLong(message: FlowerDraft["message"]): boolean {
  return message.kind !== "none" && messageLength(message.text) > MESSAGE_MAX_LENGTH[message.kind];
}

/** The body of POST /api/v1/flower_funnel/deals; prices never leave the browser. */
export function orderBody(draft: FlowerDraft, locale: string, signedIn: boolean): FlowerOrderCreateInput {
  const d = draft.delivery;
  const blank = (value: string) => (value.trim() === "" ? null : value.trim());
  const delivery =
    draft.deliveryMode === "ceremony" && draft.ceremony
      ? { funeral_deal: draft.ceremony.deal, step_id: draft.ceremony.step_id, time: blank(d.time) }
      : {
          place: d.place === "" ? null : d.place,
          place_name: blank(d.place_name),
          recipient_name: blank(d.recipient_name),
          address: blank(d.address),
          postal_code: blank(d.postal_code),
          city: blank(d.city),
          date: blank(d.date),
          time: blank(d.time),
        };
  const c = draft.client;
  return {
    items: draft.cart.map((line) => ({ code: line.code, quantity: line.quantity })),
    delivery,
    message: draft.message.kind === "none" ? null : { kind: draft.message.kind, text: draft.message.text },
    client: signedIn
      ? null
      : { civility: c.civility === "" ? null : c.civility, firstname: c.firstname, lastname: c.lastname, email: c.email, phone: c.phone, consent: c.consent as true },
    locale: locale as FlowerOrderCreateInput["locale"],
  } as FlowerOrderCreateInput;
}

/** Which step holds the field a server code names (`delivery__date__too_soon` → delivery). */
export function stepOfCode(code: string): FlowerStep {
  if (code.startsWith("delivery__")) return "delivery";
  if (code.startsWith("flower_message__")) return "message";
  if (code.startsWith("client__")) return "contact";
  if (code.startsWith("flower_order__")) return "choose";
  return "review";
}

/** The field a code is about (`delivery__postal_code__invalid` → "postal_code"). */
export function fieldOfCode(code: string): string {
  return code.split("__")[1] ?? "";
}

const issueCodes = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : [...new Set(result.error?.issues.map((issue) => issue.message) ?? [])]);

/**
 * The codes a step's answers break, checked with the API's own schemas and delivery rules
 * before the family moves on (the server checks them again when the order is placed).
 */
export function stepCodes(draft: FlowerDraft, step: FlowerStep, now: Date = new Date()): string[] {
  if (step === "choose") return draft.cart.length === 0 ? ["flower_order__items__missing"] : [];
  if (step === "delivery") {
    if (draft.deliveryMode === "ceremony" && draft.ceremony) return [];
    const body = orderBody(draft, "fr", true).delivery;
    const codes = issueCodes(flowerDeliverySchema.safeParse(body));
    if (codes.length > 0 || !body.place || !body.date || !body.time) return codes;
    const refused = deliveryProblems({ place: body.place, date: body.date, time: body.time }, now);
    const notHere = draft.cart.some((line) => !line.places.includes(body.place!)) ? ["flower_order__product__not_deliverable"] : [];
    return [...refused, ...notHere];
  }
  if (step === "message") return draft.message.kind === "none" ? [] : issueCodes(flowerMessageSchema.safeParse(draft.message));
  if (step === "contact") return issueCodes(flowerClientSchema.safeParse(orderBody(draft, "fr", false).client));
  return [];
}
