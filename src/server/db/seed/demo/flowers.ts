import { DEMO_ARRANGEMENTS, type DemoArrangement } from "@/domain/flowers/arrangements";
import { FLOWER_CATEGORY, flowerPicturePath } from "@/domain/flowers/catalogue";
import { vatOf } from "@/domain/quote/money";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema/catalog";
import { insertInBatches } from "@/server/db/seed/batch";

/** Flowers and plants: 10 % VAT (CGI art. 278 bis, horticultural products). */
export const FLOWER_VAT_PERCENT = 10;

/** The price excluding VAT whose VAT, rounded per line, gives back exactly `ttcCents`. */
export function htForTtc(ttcCents: number, vatPercent: 10 | 20 = FLOWER_VAT_PERCENT): number {
  const guess = Math.round((ttcCents * 100) / (100 + vatPercent));
  for (const ht of [guess, guess - 1, guess + 1]) if (ht + vatOf(ht, vatPercent) === ttcCents) return ht;
  // Some amounts have no such price (159,00 € at 10 %): the demo table must pick another.
  throw new Error(`no price excluding VAT gives ${ttcCents} cents with ${vatPercent} % VAT`);
}

export function arrangementPriceHtCents(arrangement: DemoArrangement): number {
  if (arrangement.htEuros !== undefined) return Math.round(arrangement.htEuros * 100);
  return htForTtc(Math.round(arrangement.ttcEuros! * 100));
}

/** The demo flowers catalogue (src/domain/flowers/arrangements.ts) as products. */
export async function seedFlowerProducts(db: Db): Promise<number> {
  await insertInBatches(
    db,
    products,
    DEMO_ARRANGEMENTS.map((arrangement: DemoArrangement) => ({
      code: arrangement.code,
      name: arrangement.name,
      category: FLOWER_CATEGORY,
      priceCents: arrangementPriceHtCents(arrangement),
      vatRateBp: FLOWER_VAT_PERCENT * 100,
      attributes: {
        type: arrangement.type,
        colours: [...arrangement.colours],
        flowers: [...arrangement.flowers],
        size: arrangement.size,
        places: [...arrangement.places],
        picture: flowerPicturePath(arrangement.code),
        // The funeral quote offers one flower product per variant; null keeps an arrangement out of it.
        variant: arrangement.quoteVariant ?? null,
      },
      demo: true,
    })),
  );
  return DEMO_ARRANGEMENTS.length;
}
