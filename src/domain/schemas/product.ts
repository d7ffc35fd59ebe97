import { z } from "zod";
import { pagingMetaSchema, pagingQuerySchema } from "@/domain/schemas/common";
import { storableText } from "@/domain/text";

/**
 * The public catalogue listing (SPEC §3 "Product listing", §7 "products (page, per_page,
 * q)"): active products with their published prices. Supplier costs are not products'
 * columns and never appear here.
 */
export const PRODUCTS_DEFAULT_PER_PAGE = 25;
export const PRODUCTS_MAX_PER_PAGE = 100;
export const PRODUCTS_Q_MAX = 100;

export const productsQuerySchema = pagingQuerySchema(PRODUCTS_DEFAULT_PER_PAGE, PRODUCTS_MAX_PER_PAGE).extend({
  q: storableText(z.string({ error: "product__q__invalid" }).trim().max(PRODUCTS_Q_MAX, { error: "product__q__too_long" }), "product__q__invalid_characters")
    .optional()
    .meta({ description: `Words of the name or code (accents and case ignored), at most ${PRODUCTS_Q_MAX} characters`, example: "couronne roses" }),
  category: z
    .string({ error: "product__category__invalid" })
    .trim()
    .regex(/^[a-z_]{1,40}$/, { error: "product__category__invalid" })
    .optional()
    .meta({ description: "Only this category (coffin, urn, flowers, monument…)", example: "flowers" }),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const productSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    category: z.string(),
    range: z.string().nullable(),
    description: z.string().nullable(),
    unit: z.string(),
    price_cents: z.number().int().meta({ description: "Price excluding VAT, in cents" }),
    vat_rate_bp: z.number().int().meta({ description: "1000 = 10 %" }),
    price_ttc_cents: z.number().int().meta({ description: "Price including VAT (VAT rounded half-up)" }),
    demo: z.boolean(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof productSchema>;

export const productsResponseSchema = z.object({ data: z.array(productSchema), meta: pagingMetaSchema }).meta({ id: "Products" });
