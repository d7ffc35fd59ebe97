import { z } from "zod";
import { FAMILY_ACTIONS, INVITABLE_ROLES } from "@/domain/family-roles";
import { DEAL_ABILITY_ROLES } from "@/domain/roles";
import { FAMILY_LINKS } from "@/domain/schemas/administrative-procedure";
import { authEmailSchema, newPasswordSchema } from "@/domain/schemas/auth";
import { storableText } from "@/domain/text";

/**
 * Family roles on a deal or an administrative procedure (SPEC §3 "Deal ability", §4, §6):
 * who holds the file, the owner's invitations by e-mail and their acceptance. One schema
 * per body, read by the forms, the API and /api/docs.
 */

/** What a family role may be held on. */
export const FAMILY_TARGET_TYPES = ["deal", "administrative_procedure"] as const;
export type FamilyTargetType = (typeof FAMILY_TARGET_TYPES)[number];

/** The invitation link is `…/invitation#invitation=<token>`: 128 random bits, base64url. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
/** The path parameter; a malformed token is simply unknown (404), checked by the use case. */
export const invitationTokenSchema = z.string().max(200).meta({ description: "The token of the e-mailed link (its #invitation= fragment)" });

const linkSchema = (code: string) => z.enum(FAMILY_LINKS, { error: code }).nullable();

/** POST …/{id}/abilities: invite a relative or the notary by e-mail. */
export const invitationCreateSchema = z
  .object({
    email: authEmailSchema,
    role: z.enum(INVITABLE_ROLES, { error: "ability__role__invalid" }),
    link: linkSchema("ability__link__invalid").optional(),
  })
  .meta({ id: "FamilyInvitationCreate" });
export type InvitationCreateInput = z.infer<typeof invitationCreateSchema>;

/**
 * PUT …/{id}/abilities/{ability_id}: role and/or link. Which changes are allowed is the
 * rule of SPEC §4 (abilityChangeRefusal): the owner changes only its link.
 */
export const abilityUpdateSchema = z
  .object({
    role: z.enum(DEAL_ABILITY_ROLES, { error: "ability__role__invalid" }).optional(),
    link: linkSchema("ability__link__invalid").optional(),
  })
  .meta({ id: "FamilyAbilityUpdate" });
export type AbilityUpdateInput = z.infer<typeof abilityUpdateSchema>;

const nameField = (field: string) =>
  storableText(
    z
      .string({ error: `client__${field}__blank` })
      .trim()
      .min(1, { error: `client__${field}__blank` })
      .max(100, { error: `client__${field}__too_long` }),
    `client__${field}__invalid_characters`,
  );

/** The "create my account" form of the invitation page: the e-mail is the invitation's. */
export const invitationAccountSchema = z
  .object({
    firstname: nameField("firstname"),
    lastname: nameField("lastname"),
    password: newPasswordSchema,
    password_confirmation: z.string({ error: "password_mismatch" }),
  })
  .superRefine((value, ctx) => {
    if (value.password_confirmation !== value.password) ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "password_mismatch" });
  });
export type InvitationAccountInput = z.infer<typeof invitationAccountSchema>;

/**
 * POST /api/v1/invitations/{token}/accept. Signed in as a client: no body needed. Otherwise
 * firstname, lastname and a password create the account of the invited address.
 */
export const invitationAcceptSchema = z
  .object({
    firstname: z.string({ error: "client__firstname__invalid" }).max(1000, { error: "client__firstname__too_long" }).optional(),
    lastname: z.string({ error: "client__lastname__invalid" }).max(1000, { error: "client__lastname__too_long" }).optional(),
    password: z.string({ error: "password_required" }).max(1000, { error: "password_too_long" }).optional(),
    password_confirmation: z.string({ error: "password_mismatch" }).max(1000, { error: "password_mismatch" }).optional(),
  })
  .meta({ id: "FamilyInvitationAccept", description: "Empty when signed in; firstname, lastname, password, password_confirmation to create the account" });

const actionsSchema = z.array(z.enum(FAMILY_ACTIONS)).meta({ description: "What the caller may do on this deal or procedure (shows or hides controls)" });

/** A member of a deal or a procedure, as its members list shows it. */
export const familyMemberSchema = z
  .object({
    id: z.number().int().meta({ description: "The ability's id (…/abilities/{ability_id})" }),
    client_id: z.number().int(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    /** Shown to the owner (who invited them), to advisors and to the member themself. */
    email: z.string().nullable(),
    role: z.enum(DEAL_ABILITY_ROLES),
    link: z.string().nullable(),
    self: z.boolean().meta({ description: "This ability is the caller's own" }),
    created_at: z.number().int(),
  })
  .meta({ id: "FamilyMember" });
export type FamilyMember = z.infer<typeof familyMemberSchema>;

/** An invitation not yet accepted (the owner and advisors see them). */
export const pendingInvitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: z.enum(DEAL_ABILITY_ROLES),
    link: z.string().nullable(),
    expires_at: z.number().int(),
    created_at: z.number().int(),
  })
  .meta({ id: "FamilyPendingInvitation" });
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const familyMembersSchema = z
  .object({
    data: z.array(familyMemberSchema),
    invitations: z.array(pendingInvitationSchema),
    meta: z.object({ role: z.enum(DEAL_ABILITY_ROLES).nullable().meta({ description: "The caller's role; null for an advisor" }), actions: actionsSchema }),
  })
  .meta({ id: "FamilyMembers" });
export type FamilyMembers = z.infer<typeof familyMembersSchema>;

/** One of a client's abilities (GET /api/v1/clients/{id}/abilities). */
export const clientAbilitySchema = z
  .object({
    id: z.number().int(),
    target_type: z.enum(FAMILY_TARGET_TYPES),
    target_id: z.number().int(),
    role: z.enum(DEAL_ABILITY_ROLES),
    link: z.string().nullable(),
    actions: actionsSchema,
    defunct: z.object({ firstname: z.string().nullable(), lastname: z.string().nullable() }).nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "ClientAbility" });
export type ClientAbility = z.infer<typeof clientAbilitySchema>;

/**
 * What an invitation link shows before anyone signs in: first names only (the link may be
 * forwarded; SPEC-like rule of the SMS documents page), the kind of file and the role.
 */
export const invitationViewSchema = z
  .object({
    target_type: z.enum(FAMILY_TARGET_TYPES),
    role: z.enum(DEAL_ABILITY_ROLES),
    inviter_firstname: z.string().nullable(),
    defunct_firstname: z.string().nullable(),
    email_hint: z.string().meta({ description: "The invited address, masked (c•••@example.org)" }),
    has_account: z.boolean().meta({ description: "The invited address already has a family account: sign in to accept" }),
    expires_at: z.number().int(),
  })
  .meta({ id: "FamilyInvitation" });
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const invitationAcceptedSchema = z
  .object({
    data: z.object({ target_type: z.enum(FAMILY_TARGET_TYPES), target_id: z.number().int(), role: z.enum(DEAL_ABILITY_ROLES), ability_id: z.number().int() }),
    account_created: z.boolean(),
  })
  .meta({ id: "FamilyInvitationAccepted" });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** "claire.martin@example.org" → "c•••@example.org": enough to recognise one's own address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
