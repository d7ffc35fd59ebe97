import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { INVITATION_VALIDITY_DAYS } from "@/domain/family-roles";
import { deals } from "@/server/db/schema/deals";
import { familyInvitations } from "@/server/db/schema/family";
import { setMailer } from "@/server/integrations/mail/mailer";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import { createTestApp, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix, type ExtraCaller, type MatrixRow } from "./helpers/authorization-matrix";
import { addMember, createFamily, familyCallers, type FamilyFixture } from "./helpers/family-fixtures";
import { LYON_CREMATION } from "./helpers/funnel-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

/**
 * The family-roles matrix of issue 11: every route of the client space that family roles
 * open, against the owner, an editor, a reader, the notary, a stranger client (holding
 * nothing on the file), a visitor, each business role and two forged credentials. Rows
 * that change or remove something run the owner last, so the others meet the target intact.
 *
 * The procedure, formality and client routes have their matrix, with the same callers, in
 * procedures-access.test.ts (procedures part), the supporting documents theirs in the files
 * part's tests; family-journey.test.ts walks the roles across both. This file covers the
 * family-role routes and the deal routes whose access the roles changed.
 */

type Member = "owner" | "editor" | "reader" | "notary" | "stranger";

let ctx: TestContext;
let family: FamilyFixture;
const params: Record<string, string | number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recordingMailer().mailer);
  family = await createFamily(ctx.db, "matrix");
  const [deal] = await ctx.db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, family.dealId));
  params.deal_id = family.dealId;
  params.procedure_id = family.procedureId;
  params.deal_uuid = deal!.uuid;
  params.owner_id = family.clientIds.owner;
  params.deal_owner_ability = family.dealAbilityIds.owner;
  params.procedure_owner_ability = family.procedureAbilityIds.owner;
  // A member each changing row may change or remove, and a pending invitation to withdraw.
  for (const target of [
    { type: "deal" as const, id: family.dealId, key: "deal" },
    { type: "administrative_procedure" as const, id: family.procedureId, key: "procedure" },
  ]) {
    params[`${target.key}_victim`] = (await addMember(ctx.db, target, `victim.${target.key}@example.org`, "reader")).abilityId;
    const [invitation] = await ctx.db
      .insert(familyInvitations)
      .values({
        targetType: target.type,
        targetId: target.id,
        email: `pending.${target.key}@example.org`,
        role: "reader",
        tokenHash: sha256(randomSecret()),
        invitedByClientId: family.clientIds.owner,
        expiresAt: new Date(Date.now() + INVITATION_VALIDITY_DAYS * 86_400_000),
      })
      .returning({ id: familyInvitations.id });
    params[`${target.key}_invitation`] = invitation!.id;
  }
  // A live invitation of the stranger's address, with a token the matrix knows.
  const token = randomSecret();
  await ctx.db.insert(familyInvitations).values({
    targetType: "administrative_procedure",
    targetId: family.procedureId,
    email: family.emails.stranger,
    role: "reader",
    tokenHash: sha256(token),
    invitedByClientId: family.clientIds.owner,
    expiresAt: new Date(Date.now() + INVITATION_VALIDITY_DAYS * 86_400_000),
  });
  params.token = token;
  params.unknown_token = randomSecret();
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

const callers = (): Record<Member, ExtraCaller> => familyCallers(family);

/** Business callers and broken credentials, the same on every member route. */
const OUTSIDERS_READ = { visitor: 401, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403, forged: 401, borrowed: 401 } as const;
const OUTSIDERS_MANAGE = { visitor: 401, admin: 403, director: 403, advisor: 403, guest: 403, pro: 403, forged: 401, borrowed: 401 } as const;
const OTHERS = { visitor: 401, guest: 403, pro: 403, forged: 401, borrowed: 401 } as const;

/**
 * On a procedure only the family manages its members; on a deal the case-running business
 * roles (0-2) do too (issue 14), under the same rules. Callers are tried in order, so where
 * the first to succeed removes what the row targets, the later ones find nothing (404).
 */
function memberRows(prefix: string, key: "deal" | "procedure"): MatrixRow<Member>[] {
  const base = `${prefix}/:${key}_id`;
  const deal = key === "deal";
  const invite = deal ? { ...OTHERS, admin: 201, director: 201, advisor: 201 } : OUTSIDERS_MANAGE;
  const change = deal ? { ...OTHERS, admin: 200, director: 200, advisor: 200 } : OUTSIDERS_MANAGE;
  const removeOnce = (status: number) => (deal ? { ...OTHERS, admin: status, director: 404, advisor: 404, owner: 404 } : { ...OUTSIDERS_MANAGE, owner: status });
  return [
    { request: `GET ${base}/abilities`, expect: { owner: 200, editor: 200, reader: 200, notary: 403, stranger: 404, client: 404, ...OUTSIDERS_READ } },
    {
      request: `POST ${base}/abilities`,
      body: { email: `invited.${key}@example.org`, role: "reader", link: "friend" },
      expect: { stranger: 404, client: 404, notary: 403, reader: 403, editor: 403, ...invite, owner: 201 },
    },
    {
      request: `PUT ${base}/abilities/:${key}_victim`,
      body: { role: "editor", link: "friend" },
      expect: { stranger: 404, client: 404, notary: 403, reader: 403, editor: 403, ...change, owner: 200 },
    },
    {
      request: `DELETE ${base}/invitations/:${key}_invitation`,
      expect: { stranger: 404, client: 404, notary: 403, reader: 403, editor: 403, ...removeOnce(204) },
    },
    {
      request: `DELETE ${base}/abilities/:${key}_victim`,
      expect: { stranger: 404, client: 404, notary: 403, reader: 403, editor: 403, ...removeOnce(204) },
    },
    // The owner's ability: never removed (422 to whoever manages; 403 to the others).
    { request: `DELETE ${base}/abilities/:${key}_owner_ability`, expect: { stranger: 404, notary: 403, reader: 403, editor: 403, advisor: deal ? 422 : 403, owner: 422 } },
    // The owner's ability changes only its link, whoever asks.
    { request: `PUT ${base}/abilities/:${key}_owner_ability`, body: { role: "reader" }, expect: { stranger: 404, reader: 403, editor: 403, owner: 422, ...(deal ? { director: 422 } : {}) } },
    { request: `PUT ${base}/abilities/:${key}_owner_ability`, body: { link: "spouse" }, expect: { stranger: 404, reader: 403, owner: 200, ...(deal ? { advisor: 200 } : {}) } },
    { request: `DELETE ${base}/abilities/999999`, expect: { owner: 404, stranger: 404, reader: 404 } },
  ];
}

describeAuthorizationMatrix<Member>(
  "family roles on deals",
  () => ctx,
  [
    ...memberRows("/api/v1/deals", "deal"),
    // Every role reads the deal; only the owner and editors change the funeral quote.
    { request: "GET /api/v1/deals/:deal_id", expect: { owner: 200, editor: 200, reader: 200, notary: 200, stranger: 404, client: 404, ...OUTSIDERS_READ } },
    { request: "GET /api/v1/funeral_funnel/deals/:deal_uuid", expect: { owner: 200, editor: 200, reader: 200, notary: 200, stranger: 404, visitor: 404 } },
    {
      request: "PUT /api/v1/funeral_funnel/deals/:deal_uuid",
      body: { answers: LYON_CREMATION },
      expect: { stranger: 404, visitor: 404, notary: 403, reader: 403, editor: 200, owner: 200 },
    },
  ],
  { callers, params: () => params },
);

describeAuthorizationMatrix<Member>("family roles on administrative procedures", () => ctx, memberRows("/api/v1/administrative_procedures", "procedure"), { callers, params: () => params });

describeAuthorizationMatrix<Member>(
  "a client's abilities and the invitation link",
  () => ctx,
  [
    {
      request: "GET /api/v1/clients/:owner_id/abilities",
      expect: { owner: 200, editor: 404, reader: 404, notary: 404, stranger: 404, client: 404, ...OUTSIDERS_READ },
    },
    // The link is public: the token is the key, unknown tokens are 404 for everyone.
    { request: "GET /api/v1/invitations/:unknown_token", expect: { visitor: 404, owner: 404, stranger: 404, admin: 404 } },
    { request: "POST /api/v1/invitations/:unknown_token/accept", body: {}, expect: { visitor: 404, owner: 404, stranger: 404 } },
    { request: "GET /api/v1/invitations/:token", expect: { visitor: 200, owner: 200, reader: 200, stranger: 200 } },
    // Only the invited address accepts: another account is refused (422), the invited client last.
    { request: "POST /api/v1/invitations/:token/accept", body: {}, expect: { visitor: 422, owner: 422, reader: 422, admin: 422, stranger: 200 } },
  ],
  { callers, params: () => params },
);
