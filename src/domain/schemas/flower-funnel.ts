import { z } from "zod";
import {
  DELIVERY_PLACES,
  FLOWER_BUDGET_KEYS,
  FLOWER_COLOURS,
  FLOWER_KINDS,
  FLOWER_SIZES,
  FLOWER_TYPES,
  MESSAGE_KINDS,
  MESSAGE_MAX_LENGTH,
  ORDER_COMMENTARY_MAX,
  ORDER_MAX_LINES,
  ORDER_MAX_QUANTITY,
  type DeliveryPlace,
  type FlowerColour,
  type FlowerKind,
  type FlowerSize,
  type FlowerType,
  type MessageKind,
} from "@/domain/flowers/catalogue";
import { minutesOfDay, parseCalendarDate } from "@/domain/flowers/delivery-rules";
import { LOCALES } from "@/domain/locales";
import { CIVILITIES, clientEmailSchema, clientNameSchema } from "@/domain/schemas/funeral-quote";
import { idSchema, pagingQuerySchema, phoneSchema, type PagingMeta } from "@/domain/schemas/common";
import { trackingSchema } from "@/domain/schemas/tracking";
import { storableText } from "@/domain/text";

/**
 * The flowers funnel (SPEC §7 "Funnels", issue 13): the catalogue's filters and listing,
 * the order (POST /api/v1/flower_funnel/deals, a deal of kind "item"), its view for the
 * confirmation page and the ceremonies a family can have the flowers delivered to.
 * Keys are snake_case like the rest of the API; every message is an error code the UI
 * translates through the "Errors" namespace.
 *
 * Money: `*_ht_cents` excludes VAT, `*_ttc_cents` includes it (what the family pays);
 * VAT is computed per line, rounded half-up (src/domain/quote/money.ts), and every total
 * is the sum of its lines.
 */

// ---------------------------------------------------------------- listing and filters

/** A comma-separated list of codes in a query string (`type=spray,wreath`); any of them matches. */
function codeList<const T extends readonly [string, ...string[]]>(values: T, code: string) {
  return z
    .string({ error: code })
    .max(400, { error: code })
    .transform((raw, ctx) => {
      const items = [...new Set(raw.split(",").map((item) => item.trim()).filter((item) => item !== ""))];
      for (const item of items) {
        if (!(values as readonly string[]).includes(item)) {
          ctx.addIssue({ code: "custom", message: code });
          return z.NEVER;
        }
      }
      return items as T[number][];
    })
    .optional()
    .meta({ description: `Comma-separated, any of: ${values.join(", ")}` });
}

export const FLOWER_SORTS = ["recommended", "price_asc", "price_desc"] as const;
export type FlowerSort = (typeof FLOWER_SORTS)[number];
export const FLOWER_LIST_DEFAULT_PER_PAGE = 24;
export const FLOWER_LIST_MAX_PER_PAGE = 60;
export const FLOWER_Q_MAX = 100;

/** The catalogue's filters; within one filter any value matches, across filters all must. */
export const flowerFiltersQuerySchema = z.object({
  type: codeList(FLOWER_TYPES, "flower_filter__type__invalid"),
  colour: codeList(FLOWER_COLOURS, "flower_filter__colour__invalid"),
  flower: codeList(FLOWER_KINDS, "flower_filter__flower__invalid"),
  size: codeList(FLOWER_SIZES, "flower_filter__size__invalid"),
  place: codeList(DELIVERY_PLACES, "flower_filter__place__invalid"),
  budget: codeList(FLOWER_BUDGET_KEYS as unknown as readonly [string, ...string[]], "flower_filter__budget__invalid"),
  q: storableText(z.string({ error: "flower_filter__q__invalid" }).trim().max(FLOWER_Q_MAX, { error: "flower_filter__q__too_long" }), "flower_filter__q__invalid_characters")
    .optional()
    .meta({ description: `Search in names (accents and case ignored), at most ${FLOWER_Q_MAX} characters`, example: "roses blanches" }),
});
export type FlowerFiltersQuery = z.infer<typeof flowerFiltersQuerySchema>;

/** GET /api/v1/flower_funnel/products */
export const flowerProductsQuerySchema = flowerFiltersQuerySchema
  .extend(pagingQuerySchema(FLOWER_LIST_DEFAULT_PER_PAGE, FLOWER_LIST_MAX_PER_PAGE).shape)
  .extend({
    sort: z.enum(FLOWER_SORTS, { error: "flower_filter__sort__invalid" }).default("recommended").meta({ description: "recommended: by type then price" }),
  });
export type FlowerProductsQuery = z.infer<typeof flowerProductsQuerySchema>;

export const flowerProductSchema = z
  .object({
    code: z.string().meta({ example: "FLE-COURONNE-BLANCHE" }),
    name: z.string().meta({ description: "French name from the catalogue; the UI may show its own translation keyed by code" }),
    type: z.enum(FLOWER_TYPES),
    colours: z.array(z.enum(FLOWER_COLOURS)),
    flowers: z.array(z.enum(FLOWER_KINDS)),
    size: z.enum(FLOWER_SIZES).nullable(),
    places: z.array(z.enum(DELIVERY_PLACES)).meta({ description: "Where this arrangement can be delivered" }),
    price_ht_cents: z.number().int(),
    vat_rate_bp: z.number().int().meta({ description: "1000 = 10 %" }),
    price_ttc_cents: z.number().int().meta({ description: "What the family pays for one" }),
    picture: z.string().meta({ example: "/catalogue/fleurs/FLE-COURONNE-BLANCHE.svg" }),
    demo: z.boolean().meta({ description: "A demonstration product: the real florist's arrangement may differ" }),
  })
  .meta({ id: "FlowerProduct" });
export type FlowerProduct = z.infer<typeof flowerProductSchema>;

export const flowerProductsResponseSchema = z
  .object({
    items: z.array(flowerProductSchema),
    meta: z.object({ page: z.number().int(), per_page: z.number().int(), total_count: z.number().int(), total_pages: z.number().int() }),
  })
  .meta({ id: "FlowerProducts" });
export type FlowerProductsResponse = { items: FlowerProduct[]; meta: PagingMeta };

const filterCount = <T extends z.ZodType>(value: T) => z.object({ value, count: z.number().int() });

/** GET /api/v1/flower_funnel/filters: how many active arrangements each value holds (given the other filters of the query). */
export const flowerFiltersResponseSchema = z
  .object({
    types: z.array(filterCount(z.enum(FLOWER_TYPES))),
    colours: z.array(filterCount(z.enum(FLOWER_COLOURS))),
    flowers: z.array(filterCount(z.enum(FLOWER_KINDS))),
    sizes: z.array(filterCount(z.enum(FLOWER_SIZES))),
    places: z.array(filterCount(z.enum(DELIVERY_PLACES))),
    budgets: z.array(
      filterCount(z.enum(FLOWER_BUDGET_KEYS as unknown as readonly [string, ...string[]])).extend({
        min_cents: z.number().int().nullable(),
        max_cents: z.number().int().nullable().meta({ description: "Exclusive" }),
      }),
    ),
    price: z.object({ min_ttc_cents: z.number().int().nullable(), max_ttc_cents: z.number().int().nullable() }),
    total: z.number().int().meta({ description: "Arrangements matching every filter of the query" }),
  })
  .meta({ id: "FlowerFilters" });
export interface FlowerFiltersResponse {
  types: { value: FlowerType; count: number }[];
  colours: { value: FlowerColour; count: number }[];
  flowers: { value: FlowerKind; count: number }[];
  sizes: { value: FlowerSize; count: number }[];
  places: { value: DeliveryPlace; count: number }[];
  budgets: { value: string; count: number; min_cents: number | null; max_cents: number | null }[];
  price: { min_ttc_cents: number | null; max_ttc_cents: number | null };
  total: number;
}

// ---------------------------------------------------------------- the order

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TEXT_MAX = 200;

function optionalText(code: string, max = TEXT_MAX) {
  return storableText(z.string({ error: `${code}__invalid` }).trim().max(max, { error: `${code}__too_long` }), `${code}__invalid_characters`)
    .nullable()
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value));
}

export const flowerOrderItemSchema = z.object({
  code: z.string({ error: "flower_order__product__unknown" }).trim().min(1, { error: "flower_order__product__unknown" }).max(60, { error: "flower_order__product__unknown" }),
  quantity: z
    .number({ error: "flower_order__quantity__out_of_range" })
    .int({ error: "flower_order__quantity__out_of_range" })
    .min(1, { error: "flower_order__quantity__out_of_range" })
    .max(ORDER_MAX_QUANTITY, { error: "flower_order__quantity__out_of_range" }),
});

/**
 * Where and when. Either `funeral_deal` (the uuid of a funeral deal the caller holds: the
 * server takes the place, date and ceremony time from its steps and ignores the rest but
 * an earlier `time`), or a place with its address, date and time.
 */
export const flowerDeliverySchema = z
  .object({
    funeral_deal: z.string().trim().toLowerCase().regex(uuidPattern, { error: "delivery__funeral_deal__invalid" }).nullable().optional(),
    /** Which ceremony of that deal (GET …/ceremonies step_id); default: its ceremony, else its cremation or burial. */
    step_id: idSchema.nullable().optional(),
    place: z.enum(DELIVERY_PLACES, { error: "delivery__place__invalid" }).nullable().optional(),
    place_name: optionalText("delivery__place_name"),
    recipient_name: optionalText("delivery__recipient_name"),
    address: optionalText("delivery__address", 300),
    postal_code: z.string({ error: "delivery__postal_code__invalid" }).trim().regex(/^\d{5}$/, { error: "delivery__postal_code__invalid" }).nullable().optional(),
    city: optionalText("delivery__city", 100),
    date: z
      .string({ error: "delivery__date__invalid" })
      .refine((value) => parseCalendarDate(value) !== null, { error: "delivery__date__invalid" })
      .nullable()
      .optional()
      .meta({ description: "YYYY-MM-DD, in France", example: "2026-12-02" }),
    time: z
      .string({ error: "delivery__time__invalid" })
      .refine((value) => minutesOfDay(value) !== null, { error: "delivery__time__invalid" })
      .nullable()
      .optional()
      .meta({ description: "HH:MM, in France; with a funeral deal, an optional earlier time than the latest one", example: "10:00" }),
  })
  .superRefine((delivery, ctx) => {
    if (delivery.funeral_deal) return;
    const missing = (field: keyof typeof delivery) => ctx.addIssue({ code: "custom", path: [field], message: `delivery__${field}__missing` });
    if (!delivery.place) missing("place");
    if (!delivery.address) missing("address");
    if (!delivery.postal_code) missing("postal_code");
    if (!delivery.city) missing("city");
    if (!delivery.date) missing("date");
    if (!delivery.time) missing("time");
    // At home somebody must open the door; at a ceremony place the staff receive the flowers.
    if (delivery.place === "home" && !delivery.recipient_name) missing("recipient_name");
  })
  .meta({ id: "FlowerDelivery" });
export type FlowerDeliveryInput = z.infer<typeof flowerDeliverySchema>;

export const flowerMessageSchema = z
  .object({
    kind: z.enum(MESSAGE_KINDS, { error: "flower_message__kind__invalid" }),
    text: storableText(z.string({ error: "flower_message__text__blank" }).trim().min(1, { error: "flower_message__text__blank" }), "flower_message__text__invalid_characters"),
  })
  .superRefine((message, ctx) => {
    // Counted in characters as printed (an emoji or an accented letter is one).
    if ([...message.text].length > MESSAGE_MAX_LENGTH[message.kind]) ctx.addIssue({ code: "custom", path: ["text"], message: "flower_message__text__too_long" });
  })
  .meta({ id: "FlowerMessage", description: `Ribbon: at most ${MESSAGE_MAX_LENGTH.ribbon} characters; card: at most ${MESSAGE_MAX_LENGTH.card}` });
export type FlowerMessageInput = z.infer<typeof flowerMessageSchema>;

/** Who orders (becomes the deal's owner); the courier calls this number if needed. */
export const flowerClientSchema = z
  .object({
    civility: z.enum(CIVILITIES, { error: "client__civility__invalid" }).nullable().optional(),
    firstname: clientNameSchema("firstname"),
    lastname: clientNameSchema("lastname"),
    email: clientEmailSchema,
    phone: storableText(
      z.string({ error: "client__phone__missing" }).trim().min(1, { error: "client__phone__missing" }).max(40, { error: "client__phone__invalid" }),
      "client__phone__invalid_characters",
    )
      .refine((value) => phoneSchema.safeParse(value).success, { error: "client__phone__invalid" })
      .transform((value) => phoneSchema.parse(value)),
    /** Agreement to the terms of sale and the privacy policy. */
    consent: z.literal(true, { error: "client__consent__missing" }),
  })
  .meta({ id: "FlowerClient" });
export type FlowerClientInput = z.infer<typeof flowerClientSchema>;

/** POST /api/v1/flower_funnel/deals. Prices never come from the browser: any price key is ignored. */
export const flowerOrderCreateSchema = z
  .object({
    items: z
      .array(flowerOrderItemSchema, { error: "flower_order__items__missing" })
      .min(1, { error: "flower_order__items__missing" })
      .max(ORDER_MAX_LINES, { error: "flower_order__items__too_many" })
      .refine((items) => new Set(items.map((item) => item.code)).size === items.length, { error: "flower_order__items__duplicate" }),
    delivery: flowerDeliverySchema,
    message: flowerMessageSchema.nullable().optional(),
    /** Required without a client session; a signed-in client orders under their account. */
    client: flowerClientSchema.nullable().optional(),
    commentary: optionalText("flower_order__commentary", ORDER_COMMENTARY_MAX),
    locale: z.enum(LOCALES, { error: "locale__unsupported" }).optional(),
    tracking: trackingSchema.nullable().optional(),
    /** A random key the page makes once per order: the same key again answers the order already made (a retry whose answer was lost). */
    order_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: "flower_order__order_key__invalid" })
      .optional()
      .meta({ description: "Random, 16-100 characters of A-Z a-z 0-9 _ -; the same key answers the order it already made (with a fresh resume_token)" }),
  })
  .meta({ id: "FlowerOrderCreate" });
export type FlowerOrderCreateInput = z.infer<typeof flowerOrderCreateSchema>;

/** Codes only the server can answer (they need the database or the clock). */
export const FLOWER_ORDER_SERVER_CODES = [
  "flower_order__product__unknown",
  "flower_order__product__not_deliverable",
  "flower_order__client__missing",
  "client__email__taken",
  "delivery__funeral_deal__no_ceremony",
  "delivery__funeral_deal__no_date",
  "delivery__funeral_deal__no_place",
] as const;

// ---------------------------------------------------------------- the order as read back

export const FLOWER_ORDER_STATES = ["ordered", "paid", "delivered", "cancelled"] as const;
export type FlowerOrderState = (typeof FLOWER_ORDER_STATES)[number];

export const flowerOrderLineSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(FLOWER_TYPES).nullable(),
  picture: z.string(),
  quantity: z.number().int(),
  unit_price_ht_cents: z.number().int().meta({ description: "Frozen at order time" }),
  vat_rate_bp: z.number().int(),
  total_ht_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_ttc_cents: z.number().int(),
});
export type FlowerOrderLine = z.infer<typeof flowerOrderLineSchema>;

export const flowerOrderTotalsSchema = z.object({
  ht_cents: z.number().int(),
  vat_cents: z.number().int(),
  ttc_cents: z.number().int(),
  by_rate: z.array(z.object({ vat_rate_bp: z.number().int(), ht_cents: z.number().int(), vat_cents: z.number().int() })),
});
export type FlowerOrderTotals = z.infer<typeof flowerOrderTotalsSchema>;

export const flowerOrderViewSchema = z
  .object({
    uuid: z.string(),
    id: z.number().int().meta({ description: "The deal's id, for /paiement?deal=<id>" }),
    state: z.enum(FLOWER_ORDER_STATES),
    demo: z.boolean(),
    lines: z.array(flowerOrderLineSchema),
    totals: flowerOrderTotalsSchema,
    delivery: z.object({
      place: z.enum(DELIVERY_PLACES).nullable(),
      place_name: z.string().nullable(),
      recipient_name: z.string().nullable(),
      address: z.string().nullable(),
      postal_code: z.string().nullable(),
      city: z.string().nullable(),
      date: z.string().meta({ description: "YYYY-MM-DD in France" }),
      time: z.string().meta({ description: "HH:MM in France" }),
      scheduled_at: z.number().int().meta({ description: "Unix seconds" }),
      funeral_deal: z.string().nullable().meta({ description: "uuid of the funeral deal whose ceremony the flowers go to" }),
      ceremony: z.object({ date: z.string(), time: z.string() }).nullable(),
    }),
    message: z.object({ kind: z.enum(MESSAGE_KINDS), text: z.string() }).nullable(),
    commentary: z.string().nullable(),
    client: z
      .object({ firstname: z.string().nullable(), lastname: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() })
      .nullable()
      .meta({ description: "The orderer; null through the resume token alone" }),
    payment: z.object({
      deal_id: z.number().int(),
      path: z.string().meta({ example: "/paiement?deal=42" }),
      amount_cents: z.number().int().meta({ description: "Still to pay (TTC)" }),
      paid: z.boolean(),
    }),
    locale: z.string().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "FlowerOrder" });

export interface FlowerOrderView {
  uuid: string;
  id: number;
  state: FlowerOrderState;
  demo: boolean;
  lines: FlowerOrderLine[];
  totals: FlowerOrderTotals;
  delivery: {
    place: DeliveryPlace | null;
    place_name: string | null;
    recipient_name: string | null;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    date: string;
    time: string;
    scheduled_at: number;
    funeral_deal: string | null;
    ceremony: { date: string; time: string } | null;
  };
  message: { kind: MessageKind; text: string } | null;
  commentary: string | null;
  client: { firstname: string | null; lastname: string | null; email: string | null; phone: string | null } | null;
  payment: { deal_id: number; path: string; amount_cents: number; paid: boolean };
  locale: string | null;
  created_at: number;
  /** Only in the answer that created the order. */
  resume_token?: string;
}

export const flowerOrderCreatedSchema = flowerOrderViewSchema
  .extend({ resume_token: z.string().meta({ description: "The order's key without a session (X-Resume-Token header); shown only here" }) })
  .meta({ id: "FlowerOrderCreated" });

type FitsFlowerOrderSchema<T extends z.infer<typeof flowerOrderViewSchema>> = T;
export type SchemaCheckedFlowerOrder = FitsFlowerOrderSchema<Omit<FlowerOrderView, "resume_token">>;

// ---------------------------------------------------------------- ceremonies of the family

/** GET /api/v1/flower_funnel/ceremonies: optional `deal` (uuid) with the resume token instead of a session. */
export const flowerCeremoniesQuerySchema = z.object({
  deal: z.string().trim().toLowerCase().regex(uuidPattern, { error: "deal__uuid__invalid" }).optional().meta({ description: "A funeral deal's uuid, opened with its resume token" }),
});

export const flowerCeremonySchema = z
  .object({
    deal_uuid: z.string(),
    step_id: z.number().int(),
    step_type: z.enum(["ceremony", "cremation", "interment"]),
    place: z.enum(DELIVERY_PLACES).nullable(),
    place_name: z.string().nullable(),
    address: z.string().nullable(),
    date: z.string().nullable().meta({ description: "YYYY-MM-DD in France; null until the advisor schedules it" }),
    time: z.string().nullable().meta({ description: "HH:MM in France" }),
    latest_delivery_time: z.string().nullable().meta({ description: "The ceremony's time minus the lead time" }),
    defunct_name: z.string().nullable(),
    problems: z.array(z.string()).meta({ description: "Delivery rule codes this ceremony breaks now (empty: flowers can be ordered)" }),
  })
  .meta({ id: "FlowerCeremony" });
export type FlowerCeremony = z.infer<typeof flowerCeremonySchema>;

export const flowerCeremoniesResponseSchema = z.object({ ceremonies: z.array(flowerCeremonySchema) }).meta({ id: "FlowerCeremonies" });
