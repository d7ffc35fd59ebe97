/** Perks offered to families, in two categories (SPEC §3). */
export const PERK_CATEGORY_KINDS = ["perks", "paperworks"] as const;
export type PerkCategoryKind = (typeof PERK_CATEGORY_KINDS)[number];
