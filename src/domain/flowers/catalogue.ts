/**
 * Vocabulary of the funeral flowers catalogue (issue 13): what an arrangement is, its
 * colours and flowers, its size and where it can be delivered. Every value is a stable
 * code: the API filters on it, the seed stores it in products.attributes and the UI
 * translates it (messages "FlowerFunnel"). French names are given for the people who
 * read the data; they are not shown as such.
 */

/** Arrangement types, in the order a florist's catalogue shows them. */
export const FLOWER_TYPES = [
  "spray", // gerbe: long, laid flat, the most common tribute
  "wreath", // couronne
  "cushion", // coussin
  "heart", // cœur
  "coffin_spray", // dessus de cercueil
  "cross", // croix
  "bouquet", // bouquet de deuil
  "grave_front", // devant de tombe
  "plant", // plante (lasts on the grave)
] as const;
export type FlowerType = (typeof FLOWER_TYPES)[number];

export const FLOWER_COLOURS = ["white", "pink", "red", "purple", "yellow", "orange", "blue", "green", "mixed"] as const;
export type FlowerColour = (typeof FLOWER_COLOURS)[number];

/** The main flowers of an arrangement (filters: "with roses", "with lilies"...). */
export const FLOWER_KINDS = [
  "rose",
  "lily",
  "chrysanthemum",
  "gerbera",
  "carnation",
  "orchid",
  "anthurium",
  "tulip",
  "hydrangea",
  "alstroemeria",
  "calla",
  "peony",
  "foliage",
] as const;
export type FlowerKind = (typeof FLOWER_KINDS)[number];

/** Size of the arrangement: small ≈ 40 cm, medium ≈ 60 cm, large ≈ 80 cm, xlarge ≥ 1 m. */
export const FLOWER_SIZES = ["small", "medium", "large", "xlarge"] as const;
export type FlowerSize = (typeof FLOWER_SIZES)[number];

/**
 * Where a florist delivers. The first four are ceremony places (the funeral parlour's
 * room, a place of worship, a crematorium, the graveyard); `home` is any other address.
 */
export const DELIVERY_PLACES = ["funeral_parlor", "worship", "crematorium", "graveyard", "home"] as const;
export type DeliveryPlace = (typeof DELIVERY_PLACES)[number];
export const CEREMONY_PLACES = ["funeral_parlor", "worship", "crematorium", "graveyard"] as const satisfies readonly DeliveryPlace[];

export function isCeremonyPlace(place: DeliveryPlace): boolean {
  return (CEREMONY_PLACES as readonly string[]).includes(place);
}

/** Budget bands of the catalogue filter, in euro cents including VAT ([min, max[; null: no bound). */
export const FLOWER_BUDGETS = {
  under_60: [null, 6_000],
  "60_100": [6_000, 10_000],
  "100_150": [10_000, 15_000],
  "150_250": [15_000, 25_000],
  over_250: [25_000, null],
} as const satisfies Record<string, readonly [number | null, number | null]>;
export type FlowerBudget = keyof typeof FLOWER_BUDGETS;
export const FLOWER_BUDGET_KEYS = Object.keys(FLOWER_BUDGETS) as FlowerBudget[];

/** Ribbon (ruban, on sprays and wreaths) or card (carte, with bouquets and plants). */
export const MESSAGE_KINDS = ["ribbon", "card"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** A ribbon's lettering holds about sixty characters; a card a few lines. */
export const MESSAGE_MAX_LENGTH: Record<MessageKind, number> = { ribbon: 60, card: 300 };

/** Lines and quantities of one order: a family orders a few tributes, not a shop's stock. */
export const ORDER_MAX_LINES = 10;
export const ORDER_MAX_QUANTITY = 10;
export const ORDER_COMMENTARY_MAX = 1_000;

/** Catalogue category of flower products (products.category). */
export const FLOWER_CATEGORY = "flowers";

/** Path of an arrangement's picture (drawn SVGs in public/catalogue/fleurs). */
export function flowerPicturePath(code: string): string {
  return `/catalogue/fleurs/${code}.svg`;
}

/**
 * The confirmation page's address fragment (`#commande=<uuid>&cle=<resume token>`), as the
 * order e-mail links it: a fragment never reaches a server nor a Referer; the page reads
 * it and removes it from the address.
 */
export const FLOWER_CONFIRMATION_KEYS = { order: "commande", token: "cle" } as const;
export function flowerConfirmationFragment(uuid: string, resumeToken: string): string {
  return new URLSearchParams({ [FLOWER_CONFIRMATION_KEYS.order]: uuid, [FLOWER_CONFIRMATION_KEYS.token]: resumeToken }).toString();
}
