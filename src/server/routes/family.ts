import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { publicAccess, signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { idSchema } from "@/domain/schemas/common";
import {
  abilityUpdateSchema,
  clientAbilitySchema,
  familyMembersSchema,
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationTokenSchema,
  invitationViewSchema,
  pendingInvitationSchema,
  type FamilyTargetType,
} from "@/domain/schemas/family";
import { DEAL_ABILITY_ROLES } from "@/domain/roles";
import { guard, sessionOf, setTokenHeaders } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { requestLocale } from "@/server/http/locale";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { TOKEN_RESPONSE_HEADERS } from "@/server/routes/auth-schemas";
import { authNow } from "@/server/services/auth/clock";
import { serializeAccount } from "@/server/services/auth/users";
import { acceptInvitation, readInvitation } from "@/server/services/family/accept-invitation";
import { listClientAbilities } from "@/server/services/family/client-abilities";
import { limitInvitationLookup } from "@/server/services/family/family-limits";
import { inviteMember } from "@/server/services/family/invite-member";
import { changeMember, listMembers, removeMember, revokeInvitation } from "@/server/services/family/members";

/**
 * Family roles (SPEC §3 "Deal ability", §4, §6) on deals and administrative procedures:
 * members, invitations by e-mail and their acceptance. The guard admits clients and the
 * case-running business roles; what each may do on one file is the file's own check
 * (404 to a client who holds nothing there, 403 to a role that does not allow it).
 */
const FAMILY_CALLERS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
const INVITATION_LINK = publicAccess("the 128-bit token of the e-mailed link is the key (checked by the use case, limited per caller address); first names only before sign-in");

const TARGETS: ReadonlyArray<{ type: FamilyTargetType; prefix: string; tag: string; noun: string }> = [
  { type: "deal", prefix: "/api/v1/deals", tag: "Deals", noun: "deal" },
  { type: "administrative_procedure", prefix: "/api/v1/administrative_procedures", tag: "Administrative procedures", noun: "procedure" },
];

const tooMany = jsonResponse(z.object({ error: z.literal("Too Many Requests"), message: z.literal("rate_limited") }), "Too many attempts: wait Retry-After seconds");
const NO_STORE = { "cache-control": "private, no-store" };
const targetParams = z.object({ id: idSchema });
const abilityParams = z.object({ id: idSchema, ability_id: idSchema });
const invitationParams = z.object({ id: idSchema, invitation_id: idSchema });
const tokenParams = z.object({ token: invitationTokenSchema });
const abilitySchema = z.object({ id: z.number().int(), client_id: z.number().int(), role: z.enum(DEAL_ABILITY_ROLES), link: z.string().nullable() }).meta({ id: "FamilyAbility" });
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

function routesFor(target: (typeof TARGETS)[number]) {
  const base = `${target.prefix}/{id}`;
  return {
    list: createRoute({
      method: "get",
      path: `${base}/abilities`,
      middleware: [guard(FAMILY_CALLERS)] as const,
      tags: [target.tag, "Family roles"],
      summary: `Members of the ${target.noun} and, for its owner and advisors, pending invitations`,
      description: "Owner, editors and readers see the members (404 to a client without a role, 403 to the notary); addresses only to the owner, advisors and each member for their own. `meta.actions` says what the caller may do.",
      request: { params: targetParams },
      responses: { 200: jsonResponse(familyMembersSchema, "Members"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
    }),
    invite: createRoute({
      method: "post",
      path: `${base}/abilities`,
      middleware: [guard(FAMILY_CALLERS)] as const,
      tags: [target.tag, "Family roles"],
      summary: `Invite a relative or the notary to the ${target.noun} by e-mail (owner only)`,
      description:
        "Sends an e-mail with a link valid 14 days. Role editor, reader or notary (422 ability__role__invalid). An address already a member: 422 invitation__email__already_member. " +
        "Inviting a pending address again replaces its invitation (the older link stops working). Limited per owner and per invited address (429).",
      request: { params: targetParams, ...json(invitationCreateSchema) },
      responses: {
        201: jsonResponse(z.object({ data: pendingInvitationSchema }), "The pending invitation"),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        422: errorResponses[422],
        429: tooMany,
      },
    }),
    update: createRoute({
      method: "put",
      path: `${base}/abilities/{ability_id}`,
      middleware: [guard(FAMILY_CALLERS)] as const,
      tags: [target.tag, "Family roles"],
      summary: "Change a member's role or link (SPEC §4: the owner's ability changes only its link)",
      description:
        "The owner changes anyone's; a member may change their own link. 422 ability__role__owner_link_only (the owner's role), ability__role__owner_unique (making someone else owner), ability__role__invalid, ability__link__invalid.",
      request: { params: abilityParams, ...json(abilityUpdateSchema) },
      responses: {
        200: jsonResponse(z.object({ data: abilitySchema }), "The ability"),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        422: errorResponses[422],
      },
    }),
    remove: createRoute({
      method: "delete",
      path: `${base}/abilities/{ability_id}`,
      middleware: [guard(FAMILY_CALLERS)] as const,
      tags: [target.tag, "Family roles"],
      summary: "Remove a member (owner), or leave (the member themself); the owner cannot be removed (422 ability__owner__not_removable)",
      request: { params: abilityParams },
      responses: { 204: { description: "Removed" }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
    }),
    revoke: createRoute({
      method: "delete",
      path: `${base}/invitations/{invitation_id}`,
      middleware: [guard(FAMILY_CALLERS)] as const,
      tags: [target.tag, "Family roles"],
      summary: "Withdraw a pending invitation (owner only): its link stops working",
      request: { params: invitationParams },
      responses: { 204: { description: "Withdrawn" }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
    }),
  };
}

const clientAbilitiesRoute = createRoute({
  method: "get",
  path: "/api/v1/clients/{id}/abilities",
  middleware: [guard(FAMILY_CALLERS)] as const,
  tags: ["Client space", "Family roles"],
  summary: "The deals and procedures a client holds a role on (a client reads only their own: 404 otherwise)",
  request: { params: targetParams },
  responses: { 200: jsonResponse(z.object({ data: z.array(clientAbilitySchema) }), "Abilities"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
});

const readInvitationRoute = createRoute({
  method: "get",
  path: "/api/v1/invitations/{token}",
  middleware: [guard(INVITATION_LINK)] as const,
  tags: ["Family roles"],
  summary: "What an invitation link offers: first names only, the kind of file, the role",
  description: "404 for an unknown token; 422 invitation__expired, invitation__revoked (withdrawn or replaced), invitation__already_accepted. Limited per caller address (429).",
  request: { params: tokenParams },
  responses: { 200: jsonResponse(z.object({ data: invitationViewSchema }), "The invitation"), 404: errorResponses[404], 422: errorResponses[422], 429: tooMany },
});

const acceptInvitationRoute = createRoute({
  method: "post",
  path: "/api/v1/invitations/{token}/accept",
  middleware: [guard(INVITATION_LINK)] as const,
  tags: ["Family roles"],
  summary: "Accept an invitation: signed in with the invited address, or creating its account (firstname, lastname, password)",
  description:
    "Signed in as a client: the address must be the invited one (422 invitation__email__mismatch); already a member: 422 invitation__already_member. " +
    "Without a session: firstname, lastname, password and password_confirmation create the account and sign it in (token headers); an address that has an account answers 422 client__email__taken (sign in instead). " +
    "404 unknown token; 422 invitation__expired, invitation__revoked, invitation__already_accepted. Limited per caller address (429).",
  request: { params: tokenParams, body: { content: { "application/json": { schema: invitationAcceptSchema } }, required: false } },
  responses: {
    200: { ...jsonResponse(invitationAcceptedSchema.extend({ user: z.object({ id: z.number().int(), email: z.string().nullable() }).loose().nullable() }), "Accepted"), headers: TOKEN_RESPONSE_HEADERS },
    400: errorResponses[400],
    404: errorResponses[404],
    422: errorResponses[422],
    429: tooMany,
  },
});


export function registerFamilyRoutes(app: OpenAPIHono<AppEnv>) {
  for (const target of TARGETS) {
    const routes = routesFor(target);
    const of = (id: number) => ({ type: target.type, id });

    // GET /api/v1/{deals|administrative_procedures}/{id}/abilities – members and pending invitations
    app.openapi(routes.list, async (c) => c.json(await listMembers(c.get("db"), sessionOf(c), of(c.req.valid("param").id), authNow()), 200, NO_STORE));

    // POST /api/v1/{deals|administrative_procedures}/{id}/abilities – invite by e-mail
    app.openapi(routes.invite, async (c) => {
      const invitation = await inviteMember(c.get("db"), sessionOf(c), of(c.req.valid("param").id), c.req.valid("json"), { locale: requestLocale(c, undefined), now: authNow() });
      return c.json({ data: invitation }, 201, NO_STORE);
    });

    // PUT /api/v1/{deals|administrative_procedures}/{id}/abilities/{ability_id} – change a role or a link
    app.openapi(routes.update, async (c) => {
      const { id, ability_id } = c.req.valid("param");
      return c.json({ data: await changeMember(c.get("db"), sessionOf(c), of(id), ability_id, c.req.valid("json")) }, 200, NO_STORE);
    });

    // DELETE /api/v1/{deals|administrative_procedures}/{id}/abilities/{ability_id} – remove a member, or leave
    app.openapi(routes.remove, async (c) => {
      const { id, ability_id } = c.req.valid("param");
      await removeMember(c.get("db"), sessionOf(c), of(id), ability_id);
      return c.body(null, 204);
    });

    // DELETE /api/v1/{deals|administrative_procedures}/{id}/invitations/{invitation_id} – withdraw an invitation
    app.openapi(routes.revoke, async (c) => {
      const { id, invitation_id } = c.req.valid("param");
      await revokeInvitation(c.get("db"), sessionOf(c), of(id), invitation_id, authNow());
      return c.body(null, 204);
    });
  }

  // GET /api/v1/clients/{id}/abilities – a client's roles on deals and procedures
  app.openapi(clientAbilitiesRoute, async (c) => c.json({ data: await listClientAbilities(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE));

  // GET /api/v1/invitations/{token} – what an invitation link offers, before signing in
  app.openapi(readInvitationRoute, async (c) => {
    const db = c.get("db");
    const now = authNow();
    await limitInvitationLookup(db, { ip: clientIp(c), now });
    c.header("Referrer-Policy", "no-referrer");
    return c.json({ data: await readInvitation(db, c.req.valid("param").token, now) }, 200, { "cache-control": "no-store" });
  });

  // POST /api/v1/invitations/{token}/accept – accept signed in, or create the invited address's account
  app.openapi(acceptInvitationRoute, async (c) => {
    const db = c.get("db");
    const now = authNow();
    await limitInvitationLookup(db, { ip: clientIp(c), now });
    const body = (c.req.valid("json") ?? {}) as Record<string, unknown>;
    const result = await acceptInvitation(db, c.get("auth"), c.req.valid("param").token, body, { now, userAgent: c.req.header("user-agent") ?? null });
    if (result.session && result.account) setTokenHeaders(c, { ...result.session, uid: result.account.email });
    c.header("Cache-Control", "no-store");
    return c.json({ ...result.accepted, user: result.account ? serializeAccount(result.account) : null }, 200);
  });
}
