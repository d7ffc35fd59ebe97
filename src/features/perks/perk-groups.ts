import type { PerkCategoryKind } from "@/domain/schemas/perk";

type Category = { id: number; name: string; kind: PerkCategoryKind };

/** Perks grouped under their category, in the order the API answers them (categories by position). */
export function groupByCategory<P extends { category: Category }>(perks: readonly P[]): { category: Category; perks: P[] }[] {
  const groups = new Map<number, { category: Category; perks: P[] }>();
  for (const perk of perks) {
    const group = groups.get(perk.category.id) ?? { category: perk.category, perks: [] as P[] };
    group.perks.push(perk);
    groups.set(perk.category.id, group);
  }
  return [...groups.values()];
}
