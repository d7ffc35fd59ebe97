import { z } from "zod";
import { ROLES, type DealAbilityRole, type Role } from "@/domain/roles";

/**
 * Perks offered to bereaved families (SPEC §3 "perk", "perk category"; issue 16): offers
 * from partners (a discount on flowers, help with the paperwork, a notary's first
 * consultation, grief support), in two category kinds. One schema per resource, shared by
 * the API, the back-office forms and /api/docs. Dates are calendar days (YYYY-MM-DD, in
 * France); times are Unix seconds.
 */
export const PERK_CATEGORY_KINDS = ["perks", "paperworks"] as const;
export type PerkCategoryKind = (typeof PERK_CATEGORY_KINDS)[number];

/** Business roles: admins and funeral directors manage perks; advisors read them (analytics guests and partner pros: 403). */
export const PERK_MANAGER_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR];
export const PERK_STAFF_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];

export const PERK_LIMITS = { name: 120, partner: 120, benefit: 120, description: 2000, howToUse: 2000, conditions: 2000, url: 500, phone: 30, code: 60, categoryName: 80 } as const;

/**
 * Family roles and perks: the owner and editors use a perk for the family (a usage counts
 * once per deal); readers see the offers; the notary, who settles the estate, is not their
 * audience (403).
 */
export const PERK_READ_ROLES = ["owner", "editor", "reader"] as const satisfies readonly DealAbilityRole[];
export const PERK_USE_ROLES = ["owner", "editor"] as const satisfies readonly DealAbilityRole[];

export const perkCanUse = (role: DealAbilityRole) => (PERK_USE_ROLES as readonly DealAbilityRole[]).includes(role);
export const perkCanRead = (role: DealAbilityRole) => (PERK_READ_ROLES as readonly DealAbilityRole[]).includes(role);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string) => {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Optional text: trimmed, "" and null both mean "none". */
const optionalText = (max: number, code: string) =>
  z
    .string({ error: `${code}__invalid` })
    .trim()
    .max(max, { error: `${code}__too_long` })
    .nullable()
    .optional()
    .transform((value) => (value ? value : value === undefined ? undefined : null));

const requiredText = (max: number, code: string) =>
  z
    .string({ error: `${code}__blank` })
    .trim()
    .min(1, { error: `${code}__blank` })
    .max(max, { error: `${code}__too_long` });

const day = (code: string) =>
  z
    .string({ error: `${code}__invalid` })
    .refine(isCalendarDay, { error: `${code}__invalid` })
    .nullable()
    .optional()
    .meta({ description: "A calendar day, YYYY-MM-DD (France); null for none" });

// ——— Categories ———

const categoryFields = {
  name: requiredText(PERK_LIMITS.categoryName, "perk_category__name"),
  kind: z.enum(PERK_CATEGORY_KINDS, { error: "perk_category__kind__invalid" }),
  position: z.number({ error: "perk_category__position__invalid" }).int({ error: "perk_category__position__invalid" }).min(0, { error: "perk_category__position__invalid" }).max(10_000, { error: "perk_category__position__invalid" }),
};

export const perkCategoryCreateSchema = z.object({ ...categoryFields, position: categoryFields.position.optional() }).meta({ id: "PerkCategoryInput" });
export const perkCategoryUpdateSchema = z.object({ name: categoryFields.name.optional(), kind: categoryFields.kind.optional(), position: categoryFields.position.optional() });
export type PerkCategoryCreate = z.infer<typeof perkCategoryCreateSchema>;
export type PerkCategoryUpdate = z.infer<typeof perkCategoryUpdateSchema>;

export const perkCategoryViewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(PERK_CATEGORY_KINDS),
    position: z.number().int(),
    perks_count: z.number().int().meta({ description: "Perks in the category, enabled or not" }),
  })
  .meta({ id: "PerkCategory" });
export type PerkCategoryView = z.infer<typeof perkCategoryViewSchema>;

// ——— Perks ———

const urlField = z
  .string({ error: "perk__url__invalid" })
  .trim()
  .max(PERK_LIMITS.url, { error: "perk__url__too_long" })
  .refine((value) => value === "" || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: "perk__url__invalid" })
  .nullable()
  .optional()
  .transform((value) => (value ? value : value === undefined ? undefined : null))
  .meta({ description: "The partner's page for the offer (https only)" });

const phoneField = z
  .string({ error: "perk__phone__invalid" })
  .trim()
  .max(PERK_LIMITS.phone, { error: "perk__phone__invalid" })
  .refine((value) => value === "" || /^\+?[0-9 .()-]{6,}$/.test(value), { error: "perk__phone__invalid" })
  .nullable()
  .optional()
  .transform((value) => (value ? value : value === undefined ? undefined : null));

const areaField = z
  .string({ error: "perk__department_code__invalid" })
  .trim()
  .toUpperCase()
  .refine((value) => value === "" || /^(\d{2}|2A|2B|97\d)$/.test(value), { error: "perk__department_code__invalid" })
  .nullable()
  .optional()
  .transform((value) => (value ? value : value === undefined ? undefined : null))
  .meta({ description: "The département the offer is limited to (code, e.g. 69); null for all of France" });

const perkFields = {
  perk_category_id: z.number({ error: "perk__perk_category_id__invalid" }).int({ error: "perk__perk_category_id__invalid" }).positive({ error: "perk__perk_category_id__invalid" }),
  name: requiredText(PERK_LIMITS.name, "perk__name").meta({ description: "The offer's name" }),
  partner_name: requiredText(PERK_LIMITS.partner, "perk__partner_name").meta({ description: "Who offers it" }),
  benefit: optionalText(PERK_LIMITS.benefit, "perk__benefit").meta({ description: "The discount or the service, in a few words (\"-15 %\", \"first consultation free\")" }),
  description: optionalText(PERK_LIMITS.description, "perk__description"),
  how_to_use: optionalText(PERK_LIMITS.howToUse, "perk__how_to_use"),
  conditions: optionalText(PERK_LIMITS.conditions, "perk__conditions"),
  valid_from: day("perk__valid_from"),
  valid_until: day("perk__valid_until"),
  department_code: areaField,
  url: urlField,
  phone: phoneField,
  code: optionalText(PERK_LIMITS.code, "perk__code").meta({ description: "The code the family gives the partner, if the offer has one; shown to a family once it uses the perk" }),
  enabled: z.boolean({ error: "perk__enabled__invalid" }),
  demo: z.boolean({ error: "perk__demo__invalid" }).meta({ description: "An example offer (no real partner behind it); families are told so" }),
};

/** The dates are a period: the last day is never before the first. */
const periodRefinement = (value: { valid_from?: string | null; valid_until?: string | null }, ctx: z.RefinementCtx) => {
  if (value.valid_from && value.valid_until && value.valid_until < value.valid_from) ctx.addIssue({ code: "custom", message: "perk__valid_until__before_valid_from", path: ["valid_until"] });
};

export const perkCreateSchema = z
  .object({ ...perkFields, enabled: perkFields.enabled.optional(), demo: perkFields.demo.optional() })
  .superRefine(periodRefinement)
  .meta({ id: "PerkInput" });
export const perkUpdateSchema = z
  .object({
    ...perkFields,
    perk_category_id: perkFields.perk_category_id.optional(),
    name: perkFields.name.optional(),
    partner_name: perkFields.partner_name.optional(),
    enabled: perkFields.enabled.optional(),
    demo: perkFields.demo.optional(),
  })
  .superRefine(periodRefinement);
export type PerkCreate = z.infer<typeof perkCreateSchema>;
export type PerkUpdate = z.infer<typeof perkUpdateSchema>;

export const perkListQuerySchema = z.object({
  perk_category_id: z.coerce.number({ error: "perk__perk_category_id__invalid" }).int({ error: "perk__perk_category_id__invalid" }).positive({ error: "perk__perk_category_id__invalid" }).optional(),
  enabled: z.enum(["true", "false"], { error: "perk__enabled__invalid" }).optional(),
});

const categoryRef = z.object({ id: z.number().int(), name: z.string(), kind: z.enum(PERK_CATEGORY_KINDS) });

/** What every reader of a perk sees: the offer, who makes it, how to use it, until when and where. */
const perkOfferFields = {
  id: z.number().int(),
  category: categoryRef,
  name: z.string(),
  partner_name: z.string(),
  benefit: z.string().nullable(),
  description: z.string().nullable(),
  how_to_use: z.string().nullable(),
  conditions: z.string().nullable(),
  valid_until: z.string().nullable(),
  department_code: z.string().nullable(),
  demo: z.boolean(),
  url: z.string().nullable(),
  phone: z.string().nullable(),
  code: z.string().nullable(),
};

/** The back-office view of a perk (roles 0-2): every field and how often families used it. */
export const perkViewSchema = z
  .object({
    ...perkOfferFields,
    valid_from: z.string().nullable(),
    enabled: z.boolean(),
    usages_count: z.number().int(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "Perk" });
export type PerkView = z.infer<typeof perkViewSchema>;

/**
 * What a family sees of a perk open to its deal. The contact (link, phone) and the code are
 * answered once the family used it: the usage is what the partner's offer is counted by.
 */
export const familyPerkViewSchema = z
  .object({
    ...perkOfferFields,
    used_at: z.number().int().nullable().meta({ description: "When the family used it (Unix seconds); null if not yet" }),
  })
  .meta({ id: "FamilyPerk" });
export type FamilyPerkView = z.infer<typeof familyPerkViewSchema>;

export const familyPerksSchema = z
  .object({
    deal_id: z.number().int(),
    can_use: z.boolean().meta({ description: "The caller's family role lets them use a perk for the family (owner, editor)" }),
    perks: z.array(familyPerkViewSchema),
  })
  .meta({ id: "FamilyPerks" });
export type FamilyPerks = z.infer<typeof familyPerksSchema>;

export const perkUsageCreateSchema = z.object({
  deal_id: z.number({ error: "perk_usage__deal_id__invalid" }).int({ error: "perk_usage__deal_id__invalid" }).positive({ error: "perk_usage__deal_id__invalid" }),
});
export type PerkUsageCreate = z.infer<typeof perkUsageCreateSchema>;

/** A usage as the directors see it (roles 0-1): which deal, who, when. */
export const perkUsageViewSchema = z
  .object({
    id: z.number().int(),
    perk_id: z.number().int(),
    deal_id: z.number().int(),
    client_id: z.number().int().nullable(),
    client_name: z.string().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "PerkUsage" });
export type PerkUsageView = z.infer<typeof perkUsageViewSchema>;

/** Whether a perk is open on a calendar day (YYYY-MM-DD, France): enabled and within its dates. */
export function perkOpenOn(perk: { enabled: boolean; valid_from: string | null; valid_until: string | null }, today: string): boolean {
  if (!perk.enabled) return false;
  if (perk.valid_from && today < perk.valid_from) return false;
  if (perk.valid_until && today > perk.valid_until) return false;
  return true;
}

/** Whether a perk's area admits a deal's département (null area: all of France; unknown département: only perks without an area). */
export function perkCoversArea(perkDepartment: string | null, dealDepartment: string | null): boolean {
  return perkDepartment === null || perkDepartment === dealDepartment;
}
