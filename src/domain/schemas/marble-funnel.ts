import { z } from "zod";
import {
  ACCESSORY_KINDS,
  ACCESSORY_MAX_QUANTITY,
  ENGRAVING_FONTS,
  ENGRAVING_LINE_MAX,
  ENGRAVING_MAX_LINES,
  GRANITE_COLOUR_FAMILIES,
  MONUMENT_OPTIONS,
  MONUMENT_SHAPES,
  MONUMENT_SIZES,
} from "@/domain/marble/products";
import { MONUMENT_LINE_KINDS } from "@/domain/marble/pricing";
import { LOCALES } from "@/domain/locales";
import { centsSchema, idSchema, pagingMetaSchema, pagingQuerySchema } from "@/domain/schemas/common";
import { CIVILITIES, FUNNEL_CONTACT_CHANNELS, funnelClientSchema } from "@/domain/schemas/funeral-quote";
import { trackingSchema } from "@/domain/schemas/tracking";
import { storableText } from "@/domain/text";

/**
 * The tombstone funnel (SPEC §7 "Funnels", issue 13): the configurator's filters and product
 * listing, which warehouse holds which product, and the deal saved as the family goes
 * (POST /api/v1/marble_funnel/deals on the first answer, PUT …/{uuid} on every later one).
 * The browser sends choices (codes), never prices: the server prices every line itself.
 */

/** The configurator's screens, in order; a resumed funnel opens on the saved one. */
export const MARBLE_FUNNEL_STEPS = ["model", "granite", "finish", "engraving", "accessories", "cemetery", "contact"] as const;
export type MarbleFunnelStep = (typeof MARBLE_FUNNEL_STEPS)[number];

/** States the funnel sets; advisors move the deal on from "quote_sent". */
export const MARBLE_DEAL_STATES = ["draft", "quote_sent"] as const;

/** Codes the submit answers when the quote cannot be sent yet. */
export const MARBLE_SUBMIT_CODES = ["deal__client__missing", "monument__model__missing", "monument__granite__missing"] as const;

const COMMENTARY_MAX = 2000;
const CODE_MAX = 40;

function codeSchema(code: string) {
  return z
    .string({ error: code })
    .trim()
    .toUpperCase()
    .min(1, { error: code })
    .max(CODE_MAX, { error: code })
    .regex(/^[A-Z0-9-]+$/, { error: code });
}

/** A comma-separated list in a query string (`shape=cross,heart`), each value checked against its list. */
function csvEnum<const T extends readonly [string, ...string[]]>(values: T, code: string) {
  return z
    .string({ error: code })
    .max(500, { error: code })
    .transform((raw, ctx) => {
      const items = [...new Set(raw.split(",").map((v) => v.trim()).filter(Boolean))];
      const bad = items.some((v) => !(values as readonly string[]).includes(v));
      if (bad) {
        ctx.addIssue({ code: "custom", message: code });
        return z.NEVER;
      }
      return items as T[number][];
    })
    .optional();
}

function csvCodes(code: string, max = 50) {
  return z
    .string({ error: code })
    .max(2000, { error: code })
    .transform((raw, ctx) => {
      const items = [...new Set(raw.split(",").map((v) => v.trim().toUpperCase()).filter(Boolean))];
      if (items.length === 0 || items.length > max || items.some((v) => v.length > CODE_MAX || !/^[A-Z0-9-]+$/.test(v))) {
        ctx.addIssue({ code: "custom", message: code });
        return z.NEVER;
      }
      return items;
    });
}

// ---------------------------------------------------------------------------------------------
// The configuration
// ---------------------------------------------------------------------------------------------

export const monumentEngravingSchema = z
  .object({
    font: z.enum(ENGRAVING_FONTS, { error: "monument__engraving_font__invalid" }).default("roman"),
    gilded: z.boolean({ error: "monument__engraving_gilded__invalid" }).default(false),
    lines: z
      .array(
        storableText(
          z.string({ error: "monument__engraving_line__invalid" }).max(ENGRAVING_LINE_MAX, { error: "monument__engraving_line__too_long" }),
          "monument__engraving_line__invalid_characters",
        ),
        { error: "monument__engraving_lines__invalid" },
      )
      .max(ENGRAVING_MAX_LINES, { error: "monument__engraving_lines__too_many" })
      .default([]),
  })
  .meta({ id: "MonumentEngraving", description: `Up to ${ENGRAVING_MAX_LINES} lines of ${ENGRAVING_LINE_MAX} characters; billed per letter (spaces are free)` });

export const monumentAccessorySchema = z.object({
  code: codeSchema("monument__accessory__unknown"),
  quantity: z
    .number({ error: "monument__accessory_quantity__invalid" })
    .int({ error: "monument__accessory_quantity__invalid" })
    .min(1, { error: "monument__accessory_quantity__invalid" })
    .max(ACCESSORY_MAX_QUANTITY, { error: "monument__accessory_quantity__too_big" })
    .default(1),
});

/**
 * What the family chose. Model and granite may stay null while the draft is young: the quote
 * appears as soon as both are known. The finish defaults to polished, the standard one.
 */
export const monumentConfigurationSchema = z
  .object({
    model_code: codeSchema("monument__model__unknown").nullable().default(null),
    granite_code: codeSchema("monument__granite__unknown").nullable().default(null),
    finish_code: codeSchema("monument__finish__unknown").default("FIN-POLI"),
    engraving: monumentEngravingSchema.nullable().default(null),
    accessories: z.array(monumentAccessorySchema, { error: "monument__accessories__invalid" }).max(12, { error: "monument__accessories__too_many" }).default([]),
    options: z
      .array(z.enum(MONUMENT_OPTIONS, { error: "monument__option__invalid" }), { error: "monument__options__invalid" })
      .max(MONUMENT_OPTIONS.length, { error: "monument__options__invalid" })
      .transform((list) => [...new Set(list)])
      .default([]),
  })
  .meta({ id: "MonumentConfiguration" });
export type MonumentConfigurationInput = z.input<typeof monumentConfigurationSchema>;
export type MonumentConfigurationValue = z.output<typeof monumentConfigurationSchema>;

/** The grave the monument goes on: the family usually holds the concession already. */
export const monumentConcessionSchema = z
  .object({
    concession_type_id: idSchema.nullable().optional(),
    plot_reference: storableText(
      z.string({ error: "monument__plot_reference__invalid" }).trim().max(100, { error: "monument__plot_reference__too_long" }),
      "monument__plot_reference__invalid_characters",
    )
      .nullable()
      .optional(),
  })
  .meta({ id: "MonumentConcession", description: "Plot reference as the cemetery's register writes it (allée, rang, numéro)" });

const marbleBodyShape = {
  configuration: monumentConfigurationSchema.optional(),
  graveyard_id: idSchema.nullable().optional().meta({ description: "From GET /api/v1/autocompletes/graveyards" }),
  concession: monumentConcessionSchema.nullable().optional(),
  client: funnelClientSchema.nullable().optional(),
  commentary: storableText(
    z.string({ error: "deal__commentary__invalid" }).trim().max(COMMENTARY_MAX, { error: "deal__commentary__too_long" }),
    "deal__commentary__invalid_characters",
  )
    .nullable()
    .optional()
    .meta({ description: "The family's own words to the mason" }),
  current_step: z.enum(MARBLE_FUNNEL_STEPS, { error: "deal__current_step__invalid" }).optional(),
  locale: z.enum(LOCALES, { error: "locale__unsupported" }).optional(),
  /** True on the contact step: the quote is complete, e-mailed and handed to an advisor. */
  submit: z.boolean({ error: "deal__submit__invalid" }).optional(),
};

export const marbleDealCreateSchema = z
  .object({ ...marbleBodyShape, tracking: trackingSchema.nullable().optional() })
  .meta({ id: "MarbleDealCreate" });
export type MarbleDealCreateInput = z.infer<typeof marbleDealCreateSchema>;

export const marbleDealUpdateSchema = z.object(marbleBodyShape).meta({ id: "MarbleDealUpdate" });
export type MarbleDealUpdateInput = z.infer<typeof marbleDealUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Filters, products, warehouses
// ---------------------------------------------------------------------------------------------

export const marbleFiltersQuerySchema = z.object({
  graveyard_id: idSchema.optional().meta({ description: "Adds the graveyard and its concession types to the answer" }),
});

export const monumentCatalogueRowSchema = z
  .object({
    code: z.string(),
    name: z.string().meta({ description: "French name (pages translate by code)" }),
    category: z.string(),
    price_ht_cents: centsSchema,
    vat_rate_bp: z.number().int().meta({ description: "2000 = 20 %" }),
    attributes: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "MonumentCatalogueRow", description: "A products row the pricing function reads (src/domain/marble/pricing.ts)" });

export const marbleFiltersSchema = z
  .object({
    shapes: z.array(z.enum(MONUMENT_SHAPES)),
    sizes: z.array(z.object({ size: z.enum(MONUMENT_SIZES), width_cm: z.number().int(), length_cm: z.number().int() })),
    colour_families: z.array(z.enum(GRANITE_COLOUR_FAMILIES)),
    fonts: z.array(z.enum(ENGRAVING_FONTS)),
    options: z.array(z.enum(MONUMENT_OPTIONS)),
    accessory_kinds: z.array(z.enum(ACCESSORY_KINDS)),
    granites: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        colour_family: z.enum(GRANITE_COLOUR_FAMILIES),
        origin_country: z.string(),
        origin_region: z.string(),
        swatch: z.string(),
        price_factor_bp: z.number().int(),
      }),
    ),
    budget: z.object({ min_ttc_cents: centsSchema, max_ttc_cents: centsSchema }).meta({ description: "Range of the models' prices, polished, in the cheapest and dearest granite" }),
    catalogue: z.array(monumentCatalogueRowSchema).meta({ description: "Every priced row, so the page can show a live price; the server reprices on save" }),
    engraving: z.object({ max_lines: z.number().int(), line_max: z.number().int() }),
    quote_validity_months: z.number().int(),
    graveyard: z
      .object({
        id: z.number().int(),
        name: z.string(),
        city: z.string().nullable(),
        postal_code: z.string().nullable(),
        concession_types: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string(), places: z.number().int().nullable() })),
      })
      .nullable()
      .meta({ description: "Only when graveyard_id was given" }),
    demo: z.boolean().meta({ description: "True while the catalogue holds demonstration rows" }),
  })
  .meta({ id: "MarbleFilters" });
export type MarbleFilters = z.infer<typeof marbleFiltersSchema>;

export const MARBLE_PRODUCT_SORTS = ["price_asc", "price_desc", "name"] as const;

export const marbleProductsQuerySchema = pagingQuerySchema(12, 50).extend({
  q: storableText(z.string({ error: "marble__q__invalid" }).trim().max(100, { error: "marble__q__too_long" }), "marble__q__invalid_characters")
    .optional()
    .meta({ description: "Free text, accent- and case-insensitive (name, code, shape)" }),
  shape: csvEnum(MONUMENT_SHAPES, "marble__shape__invalid").meta({ description: "Comma-separated shapes" }),
  size: csvEnum(MONUMENT_SIZES, "marble__size__invalid").meta({ description: "Comma-separated sizes" }),
  granite_code: codeSchema("monument__granite__unknown").optional().meta({ description: "Price the models in this granite (default: the cheapest one)" }),
  min_price_cents: z.coerce.number({ error: "marble__min_price__invalid" }).int({ error: "marble__min_price__invalid" }).min(0, { error: "marble__min_price__invalid" }).max(100_000_000, { error: "marble__min_price__invalid" }).optional(),
  max_price_cents: z.coerce.number({ error: "marble__max_price__invalid" }).int({ error: "marble__max_price__invalid" }).min(0, { error: "marble__max_price__invalid" }).max(100_000_000, { error: "marble__max_price__invalid" }).optional(),
  sort: z.enum(MARBLE_PRODUCT_SORTS, { error: "marble__sort__invalid" }).default("price_asc"),
});
export type MarbleProductsQuery = z.infer<typeof marbleProductsQuerySchema>;

export const marbleProductSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    shape: z.enum(MONUMENT_SHAPES),
    size: z.enum(MONUMENT_SIZES),
    width_cm: z.number().int(),
    length_cm: z.number().int(),
    stele_height_cm: z.number().int(),
    granite_code: z.string().meta({ description: "The granite the price is given in" }),
    price_ttc_cents: centsSchema.meta({ description: "The model in that granite, polished, without options" }),
    price_ht_cents: centsSchema,
    in_stock: z.boolean().meta({ description: "At least one warehouse holds a piece ready" }),
    lead_time_days: z.number().int().nullable().meta({ description: "Shortest lead time of the warehouses offering it" }),
    demo: z.boolean(),
  })
  .meta({ id: "MarbleProduct" });
export type MarbleProduct = z.infer<typeof marbleProductSchema>;

export const marbleProductsResponseSchema = z.object({ products: z.array(marbleProductSchema), meta: pagingMetaSchema }).meta({ id: "MarbleProducts" });

export const supplierWarehousesProductsQuerySchema = z
  .object({
    product_codes: csvCodes("marble__product_codes__invalid").optional().meta({ description: "Comma-separated product codes (model, granite…)" }),
    product_id: idSchema.optional(),
    department_code: z
      .string({ error: "marble__department_code__invalid" })
      .trim()
      .toUpperCase()
      .regex(/^(\d{2}|2A|2B|\d{3})$/, { error: "marble__department_code__invalid" })
      .optional()
      .meta({ description: "Lists that département's warehouses first (the cemetery's)" }),
  })
  .refine((q) => q.product_codes !== undefined || q.product_id !== undefined, { error: "marble__product__missing" });
export type SupplierWarehousesProductsQuery = z.infer<typeof supplierWarehousesProductsQuerySchema>;

export const supplierWarehouseProductSchema = z
  .object({
    product_id: z.number().int(),
    product_code: z.string(),
    warehouse_id: z.number().int(),
    warehouse_name: z.string(),
    city: z.string().nullable(),
    department_code: z.string().nullable(),
    supplier_id: z.number().int(),
    supplier_name: z.string(),
    stock: z.number().int(),
    lead_time_days: z.number().int(),
    available: z.boolean(),
  })
  .meta({ id: "SupplierWarehouseProduct" });
export type SupplierWarehouseProduct = z.infer<typeof supplierWarehouseProductSchema>;

export const supplierWarehousesProductsResponseSchema = z.array(supplierWarehouseProductSchema).meta({ id: "SupplierWarehouseProducts" });

// ---------------------------------------------------------------------------------------------
// The deal as the funnel reads it back
// ---------------------------------------------------------------------------------------------

export const monumentLineSchema = z
  .object({
    kind: z.enum(MONUMENT_LINE_KINDS),
    code: z.string(),
    label: z.string(),
    granite_code: z.string().nullable(),
    quantity: z.number().int(),
    unit_price_ht_cents: centsSchema,
    vat_rate_bp: z.number().int(),
    total_ht_cents: centsSchema,
    total_vat_cents: centsSchema,
    total_ttc_cents: centsSchema,
  })
  .meta({ id: "MonumentLine" });

export const monumentQuoteSchema = z
  .object({
    size: z.enum(MONUMENT_SIZES),
    lines: z.array(monumentLineSchema),
    totals: z.object({
      ht_cents: centsSchema,
      vat_cents: centsSchema,
      ttc_cents: centsSchema,
      vat_by_rate: z.array(z.object({ vat_rate_bp: z.number().int(), base_ht_cents: centsSchema, vat_cents: centsSchema })),
    }),
  })
  .meta({ id: "MonumentQuote", description: "The server's price of the configuration, from database prices only; null on a deal until model and granite are chosen" });

export const marbleDealViewSchema = z
  .object({
    uuid: z.string(),
    state: z.string(),
    current_step: z.enum(MARBLE_FUNNEL_STEPS).nullable(),
    locale: z.string().nullable(),
    configuration: z.object({
      model_code: z.string().nullable(),
      granite_code: z.string().nullable(),
      finish_code: z.string(),
      engraving: z.object({ font: z.enum(ENGRAVING_FONTS), gilded: z.boolean(), lines: z.array(z.string()) }).nullable(),
      accessories: z.array(z.object({ code: z.string(), quantity: z.number().int() })),
      options: z.array(z.enum(MONUMENT_OPTIONS)),
    }),
    graveyard: z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), postal_code: z.string().nullable() }).nullable(),
    concession: z.object({ concession_type_id: z.number().int().nullable(), concession_type_name: z.string().nullable(), plot_reference: z.string().nullable() }).nullable(),
    client: z
      .object({
        civility: z.enum(CIVILITIES).nullable(),
        firstname: z.string().nullable(),
        lastname: z.string().nullable(),
        phone: z.string().nullable(),
        email: z.string().nullable(),
        contact_channel: z.enum(FUNNEL_CONTACT_CHANNELS).nullable(),
      })
      .nullable()
      .meta({ description: "Null through the resume token alone" }),
    commentary: z.string().nullable(),
    // Null until model and granite are chosen (a description here would inline the schema instead of referencing it).
    quote: monumentQuoteSchema.nullable(),
    supplier: z
      .object({ supplier_name: z.string(), warehouse_name: z.string(), city: z.string().nullable(), department_code: z.string().nullable() })
      .nullable()
      .meta({ description: "The warehouse that will cut the monument (shortest lead time, the cemetery's département first)" }),
    lead_time_days: z.number().int().nullable(),
    valid_until: z.string().nullable().meta({ description: "YYYY-MM-DD: the quote's prices hold until then" }),
    demo: z.boolean().meta({ description: "The catalogue rows priced are demonstration rows" }),
    submitted_at: z.number().int().nullable(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "MarbleDeal" });
export type MarbleDealView = z.infer<typeof marbleDealViewSchema>;

export const marbleDealCreatedSchema = marbleDealViewSchema
  .extend({
    resume_token: z.string().meta({
      description: "The deal's key for a family without a session, shown only here: send it back in the X-Resume-Token header. The uuid alone opens nothing.",
    }),
  })
  .meta({ id: "MarbleDealCreated" });
