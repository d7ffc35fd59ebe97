import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { familyInvitations, procedureAbilities } from "@/server/db/schema/family";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { FAMILY_INVITATION_EMAIL_JOB } from "@/server/services/family/invitation-email-job";
import { dealAccess } from "@/server/services/deals/deal-access";
import type { AuthSession } from "@/server/services/auth-tokens";
import { call, fakeClock, tokensOf } from "./auth-helpers";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { addMember, createFamily, FAMILY_PASSWORD, type FamilyFixture, type FamilyMemberName } from "./helpers/family-fixtures";
import { LYON_CREMATION } from "./helpers/funnel-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

/** Family roles on deals and procedures: members, invitations by e-mail, acceptance (issue 11). */

let ctx: TestContext;
let family: FamilyFixture;
let clock: ReturnType<typeof fakeClock> | null = null;
const { mailer: recording, sent } = recordingMailer();
const headers: Partial<Record<FamilyMemberName | "advisor" | "guest", Record<string, string>>> = {};

async function as(name: FamilyMemberName | "advisor" | "guest"): Promise<Record<string, string>> {
  if (!headers[name]) {
    headers[name] =
      name === "advisor"
        ? await signInHeaders(ctx.db, "business_user", "conseiller@demo.test")
        : name === "guest"
          ? await signInHeaders(ctx.db, "business_user", "analyste@demo.test")
          : await signInHeaders(ctx.db, "client", family.emails[name]);
  }
  return headers[name]!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recording);
  family = await createFamily(ctx.db, "family");
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});
afterEach(() => {
  clock?.restore();
  clock = null;
});

const proc = () => `/api/v1/administrative_procedures/${family.procedureId}`;
const deal = () => `/api/v1/deals/${family.dealId}`;

/** Sends the queued invitation e-mails; answers the token of the last one sent to `email`. */
async function mailedToken(email: string): Promise<string> {
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FAMILY_INVITATION_EMAIL_JOB], now: authNow });
  const mail = [...sent].reverse().find((m) => m.to === email && m.tag === "family_invitation");
  expect(mail, `an invitation mail to ${email}`).toBeDefined();
  const match = /#invitation=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

async function invite(base: string, email: string, role = "reader", extra: Record<string, string> = {}) {
  return call<{ data: { id: number; email: string; role: string } }>(ctx.app, "POST", `${base}/abilities`, {
    body: { email, role, link: "sibling" },
    headers: { ...(await as("owner")), ...extra },
  });
}

describe("GET …/abilities – members", () => {
  it.each([
    ["procedure", proc],
    ["deal", deal],
  ])("shows the %s's owner every member with addresses and the pending invitations", async (_kind, base) => {
    await invite(base(), `pending.${_kind}@example.org`);
    const { status, body } = await call<{ data: Array<Record<string, unknown>>; invitations: Array<Record<string, unknown>>; meta: { role: string; actions: string[] } }>(
      ctx.app,
      "GET",
      `${base()}/abilities`,
      { headers: await as("owner") },
    );
    expect(status).toBe(200);
    expect(body.data.map((m) => m.role)).toEqual(["owner", "editor", "reader", "notary"]);
    expect(body.data.every((m) => typeof m.email === "string")).toBe(true);
    expect(body.invitations.map((i) => i.email)).toContain(`pending.${_kind}@example.org`);
    expect(body.meta.role).toBe("owner");
    expect(body.meta.actions).toContain("members:manage");
  });

  it("shows a reader names and roles, their own address only, and no invitations", async () => {
    const { status, body } = await call<{ data: Array<Record<string, unknown>>; invitations: unknown[]; meta: { actions: string[] } }>(ctx.app, "GET", `${proc()}/abilities`, {
      headers: await as("reader"),
    });
    expect(status).toBe(200);
    expect(body.data.filter((m) => m.email !== null).map((m) => m.email)).toEqual([family.emails.reader]);
    expect(body.data.find((m) => m.self)?.role).toBe("reader");
    expect(body.invitations).toEqual([]);
    expect(body.meta.actions).toEqual(["procedure:read", "formalities:read", "documents:read"]);
  });

  it("refuses the notary (403), hides the file from a stranger (404) and an unknown id (404), asks a visitor to sign in (401)", async () => {
    expect((await call(ctx.app, "GET", `${proc()}/abilities`, { headers: await as("notary") })).status).toBe(403);
    expect((await call(ctx.app, "GET", `${proc()}/abilities`, { headers: await as("stranger") })).status).toBe(404);
    expect((await call(ctx.app, "GET", `/api/v1/administrative_procedures/999999/abilities`, { headers: await as("owner") })).status).toBe(404);
    expect((await call(ctx.app, "GET", `${proc()}/abilities`)).status).toBe(401);
  });

  it("lets an advisor read and manage a deal's members (issue 14), only read a procedure's, and an analytics guest nothing", async () => {
    const advisor = await call<{ data: unknown[]; meta: { role: null; actions: string[] } }>(ctx.app, "GET", `${deal()}/abilities`, { headers: await as("advisor") });
    expect(advisor.status).toBe(200);
    expect(advisor.body.meta.role).toBeNull();
    expect(advisor.body.meta.actions).toContain("members:manage");
    const onProcedure = await call<{ meta: { actions: string[] } }>(ctx.app, "GET", `${proc()}/abilities`, { headers: await as("advisor") });
    expect(onProcedure.body.meta.actions).not.toContain("members:manage");
    expect((await call(ctx.app, "GET", `${deal()}/abilities`, { headers: await as("guest") })).status).toBe(403);
  });
});

describe("POST …/abilities – invitations by e-mail", () => {
  it("queues an e-mail in the inviter's language naming the inviter by first name only, with the token in the fragment", async () => {
    const before = sent.length;
    const response = await invite(proc(), "cousin@example.org", "editor", { "x-forwarded-host": "en.localhost:3000" });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ email: "cousin@example.org", role: "editor" });
    expect(sent.length).toBe(before);
    const token = await mailedToken("cousin@example.org");
    const mail = sent.find((m) => m.to === "cousin@example.org")!;
    expect(mail.locale).toBe("en");
    expect(mail.text).toContain("Claire");
    expect(mail.text).toContain("Jean");
    // No surname, no address of the family.
    expect(mail.text).not.toContain("Martin");
    expect(mail.text).not.toContain(family.emails.owner);
    expect(mail.text).toContain(`http://en.localhost:3000/invitation#invitation=${token}`);
    // Only the hash is stored.
    const rows = await ctx.db.select({ tokenHash: familyInvitations.tokenHash }).from(familyInvitations).where(eq(familyInvitations.email, "cousin@example.org"));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it("answers each refusal with its code", async () => {
    const post = async (body: unknown) => call<{ errors: string[] }>(ctx.app, "POST", `${proc()}/abilities`, { body, headers: await as("owner") });
    expect((await post({ email: "x@example.org", role: "owner" })).body.errors).toEqual(["ability__role__invalid"]);
    expect((await post({ email: "pas-une-adresse", role: "reader" })).body.errors).toEqual(["email_invalid"]);
    expect((await post({ email: "y@example.org", role: "reader", link: "stranger" })).body.errors).toEqual(["ability__link__invalid"]);
    const member = await post({ email: family.emails.editor.toUpperCase(), role: "reader" });
    expect(member.status).toBe(422);
    expect(member.body.errors).toEqual(["invitation__email__already_member"]);
  });

  it("lets only the owner invite: 403 to other members and advisors, 404 to a stranger, 401 to a visitor", async () => {
    const body = { email: "z@example.org", role: "reader" };
    for (const name of ["editor", "reader", "notary", "advisor"] as const) {
      expect((await call(ctx.app, "POST", `${proc()}/abilities`, { body, headers: await as(name) })).status, name).toBe(403);
    }
    expect((await call(ctx.app, "POST", `${proc()}/abilities`, { body, headers: await as("stranger") })).status).toBe(404);
    expect((await call(ctx.app, "POST", `${proc()}/abilities`, { body })).status).toBe(401);
  });

  it("replaces a pending invitation when the same address is invited again: the older link stops working", async () => {
    await invite(deal(), "twice@example.org", "reader");
    const first = await mailedToken("twice@example.org");
    await invite(deal(), "twice@example.org", "editor");
    const second = await mailedToken("twice@example.org");
    expect(second).not.toBe(first);
    expect((await call<{ errors: string[] }>(ctx.app, "GET", `/api/v1/invitations/${first}`)).body.errors).toEqual(["invitation__revoked"]);
    const view = await call<{ data: { role: string } }>(ctx.app, "GET", `/api/v1/invitations/${second}`);
    expect(view.status).toBe(200);
    expect(view.body.data.role).toBe("editor");
  });

  it("limits invitations to one address (429 with Retry-After)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await invite(deal(), "flooded@example.org")).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await invite(deal(), "flooded@example.org");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets the owner withdraw an invitation; its link then says so", async () => {
    const created = await invite(proc(), "withdrawn@example.org");
    const token = await mailedToken("withdrawn@example.org");
    expect((await call(ctx.app, "DELETE", `${proc()}/invitations/${created.body.data.id}`, { headers: await as("reader") })).status).toBe(403);
    expect((await call(ctx.app, "DELETE", `${proc()}/invitations/${created.body.data.id}`, { headers: await as("owner") })).status).toBe(204);
    expect((await call(ctx.app, "DELETE", `${proc()}/invitations/${created.body.data.id}`, { headers: await as("owner") })).status).toBe(404);
    expect((await call<{ errors: string[] }>(ctx.app, "GET", `/api/v1/invitations/${token}`)).body.errors).toEqual(["invitation__revoked"]);
  });
});

describe("PUT …/abilities/{ability_id} – roles and links (SPEC §4)", () => {
  const put = async (who: FamilyMemberName, abilityId: number, body: unknown, base = proc()) =>
    call<{ data?: { role: string; link: string | null }; errors?: string[] }>(ctx.app, "PUT", `${base}/abilities/${abilityId}`, { body, headers: await as(who) });

  it("lets the owner change a member's role and link", async () => {
    const { abilityId } = await addMember(ctx.db, { type: "administrative_procedure", id: family.procedureId }, "promoted@example.org", "reader");
    const response = await put("owner", abilityId, { role: "editor", link: "grandchild" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ role: "editor", link: "grandchild" });
  });

  it("lets the owner change only their own link, never their role, and never make someone else owner", async () => {
    expect((await put("owner", family.procedureAbilityIds.owner, { link: "spouse" })).body.data?.link).toBe("spouse");
    // The whole ability sent back unchanged is not a change.
    expect((await put("owner", family.procedureAbilityIds.owner, { role: "owner", link: "spouse" })).status).toBe(200);
    const demoted = await put("owner", family.procedureAbilityIds.owner, { role: "reader" });
    expect(demoted.status).toBe(422);
    expect(demoted.body.errors).toEqual(["ability__role__owner_link_only"]);
    expect((await put("owner", family.procedureAbilityIds.reader, { role: "owner" })).body.errors).toEqual(["ability__role__owner_unique"]);
    expect((await put("owner", family.procedureAbilityIds.reader, { role: "boss" })).body.errors).toEqual(["ability__role__invalid"]);
    expect((await put("owner", family.procedureAbilityIds.reader, { link: 42 })).body.errors).toEqual(["ability__link__invalid"]);
  });

  it("lets a member correct their own link but not their role nor anyone else's", async () => {
    expect((await put("reader", family.procedureAbilityIds.reader, { link: "grandchild" })).status).toBe(200);
    expect((await put("reader", family.procedureAbilityIds.reader, { role: "editor" })).status).toBe(403);
    expect((await put("editor", family.procedureAbilityIds.reader, { role: "notary" })).status).toBe(403);
    expect((await put("stranger", family.procedureAbilityIds.reader, { link: "friend" })).status).toBe(404);
    expect((await put("owner", 999999, { link: "friend" })).status).toBe(404);
  });

  it("works the same on a deal", async () => {
    const response = await put("owner", family.dealAbilityIds.reader, { link: "friend" }, deal());
    expect(response.status).toBe(200);
    const [row] = await ctx.db.select({ link: dealAbilities.link }).from(dealAbilities).where(eq(dealAbilities.id, family.dealAbilityIds.reader));
    expect(row!.link).toBe("friend");
  });
});

describe("DELETE …/abilities/{ability_id}", () => {
  it("lets the owner remove a member and a member leave, never removes the owner", async () => {
    const target = { type: "administrative_procedure" as const, id: family.procedureId };
    const removed = await addMember(ctx.db, target, "removed@example.org", "editor");
    const leaving = await addMember(ctx.db, target, "leaving@example.org", "reader");
    expect((await call(ctx.app, "DELETE", `${proc()}/abilities/${removed.abilityId}`, { headers: await as("editor") })).status).toBe(403);
    expect((await call(ctx.app, "DELETE", `${proc()}/abilities/${removed.abilityId}`, { headers: await as("stranger") })).status).toBe(404);
    expect((await call(ctx.app, "DELETE", `${proc()}/abilities/${removed.abilityId}`, { headers: await as("owner") })).status).toBe(204);
    const leaver = await signInHeaders(ctx.db, "client", "leaving@example.org");
    expect((await call(ctx.app, "DELETE", `${proc()}/abilities/${leaving.abilityId}`, { headers: leaver })).status).toBe(204);
    // Gone: the file no longer exists for them.
    expect((await call(ctx.app, "GET", `${proc()}/abilities`, { headers: leaver })).status).toBe(404);
    const owner = await call<{ errors: string[] }>(ctx.app, "DELETE", `${proc()}/abilities/${family.procedureAbilityIds.owner}`, { headers: await as("owner") });
    expect(owner.status).toBe(422);
    expect(owner.body.errors).toEqual(["ability__owner__not_removable"]);
    const rows = await ctx.db.select().from(procedureAbilities).where(eq(procedureAbilities.administrativeProcedureId, family.procedureId));
    expect(rows.map((r) => r.clientId)).not.toContain(removed.clientId);
  });
});

describe("GET /api/v1/clients/{id}/abilities", () => {
  it("gives a client their roles on deals and procedures, with what each allows", async () => {
    const { status, body } = await call<{ data: Array<{ target_type: string; target_id: number; role: string; actions: string[]; defunct: unknown }> }>(
      ctx.app,
      "GET",
      `/api/v1/clients/${family.clientIds.notary}/abilities`,
      { headers: await as("notary") },
    );
    expect(status).toBe(200);
    expect(body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target_type: "deal", target_id: family.dealId, role: "notary", defunct: { firstname: "Jean", lastname: "Martin" } }),
        expect.objectContaining({ target_type: "administrative_procedure", target_id: family.procedureId, role: "notary", actions: ["formalities:read", "documents:read"] }),
      ]),
    );
  });

  it("answers 404 for another client's id, 200 to an advisor, 403 to an analytics guest, 401 to a visitor", async () => {
    expect((await call(ctx.app, "GET", `/api/v1/clients/${family.clientIds.owner}/abilities`, { headers: await as("reader") })).status).toBe(404);
    expect((await call(ctx.app, "GET", `/api/v1/clients/${family.clientIds.owner}/abilities`, { headers: await as("advisor") })).status).toBe(200);
    expect((await call(ctx.app, "GET", `/api/v1/clients/999999/abilities`, { headers: await as("advisor") })).status).toBe(404);
    expect((await call(ctx.app, "GET", `/api/v1/clients/${family.clientIds.owner}/abilities`, { headers: await as("guest") })).status).toBe(403);
    expect((await call(ctx.app, "GET", `/api/v1/clients/${family.clientIds.owner}/abilities`)).status).toBe(401);
  });
});

describe("invitations: the link and its acceptance", () => {
  it("shows only first names, the kind of file, the role and a masked address", async () => {
    await invite(proc(), "newcomer@example.org", "reader");
    const token = await mailedToken("newcomer@example.org");
    const { status, body } = await call<{ data: Record<string, unknown> }>(ctx.app, "GET", `/api/v1/invitations/${token}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      target_type: "administrative_procedure",
      role: "reader",
      inviter_firstname: "Claire",
      defunct_firstname: "Jean",
      email_hint: "n•••@example.org",
      has_account: false,
    });
    expect(JSON.stringify(body)).not.toContain("Martin");
  });

  it("creates the invited address's account, signs it in and gives the role", async () => {
    await invite(proc(), "sister@example.org", "reader");
    const token = await mailedToken("sister@example.org");
    const weak = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { body: { firstname: "Anne", lastname: "Martin", password: "court", password_confirmation: "court" } });
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual(["password_too_short"]);
    const blank = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { body: {} });
    expect(blank.body.errors).toEqual(expect.arrayContaining(["client__firstname__blank", "client__lastname__blank", "password_required"]));

    const accepted = await call<{ data: { role: string; target_id: number }; account_created: boolean }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, {
      body: { firstname: "Anne", lastname: "Martin", password: FAMILY_PASSWORD, password_confirmation: FAMILY_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ data: { role: "reader", target_id: family.procedureId }, account_created: true });
    const tokens = tokensOf(accepted.headers);
    expect(tokens.uid).toBe("sister@example.org");
    const session = { "access-token": tokens["access-token"], client: tokens.client, uid: tokens.uid };
    const members = await call<{ meta: { role: string } }>(ctx.app, "GET", `${proc()}/abilities`, { headers: session });
    expect(members.status).toBe(200);
    expect(members.body.meta.role).toBe("reader");

    // Accepting twice: the link is spent.
    const again = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { body: {} });
    expect(again.body.errors).toEqual(["invitation__already_accepted"]);
  });

  it("gives the role to the signed-in client of the invited address, and refuses another account", async () => {
    const uncleId = await addMember(ctx.db, { type: "deal", id: family.dealId }, "uncle@example.org", "reader");
    await ctx.db.delete(dealAbilities).where(eq(dealAbilities.id, uncleId.abilityId));
    await invite(proc(), "uncle@example.org", "editor");
    const token = await mailedToken("uncle@example.org");
    expect((await call<{ data: { has_account: boolean } }>(ctx.app, "GET", `/api/v1/invitations/${token}`)).body.data.has_account).toBe(true);

    const other = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { headers: await as("stranger") });
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual(["invitation__email__mismatch"]);
    const visitor = await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, {
      body: { firstname: "Marc", lastname: "Martin", password: FAMILY_PASSWORD, password_confirmation: FAMILY_PASSWORD },
    });
    expect(visitor.body.errors).toEqual(["client__email__taken"]);

    const uncle = await signInHeaders(ctx.db, "client", "uncle@example.org");
    const accepted = await call<{ data: { role: string }; account_created: boolean }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { headers: uncle });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ data: { role: "editor" }, account_created: false });
    expect((await call(ctx.app, "GET", `${proc()}/abilities`, { headers: uncle })).status).toBe(200);
  });

  it("refuses an expired invitation and an unknown token", async () => {
    await invite(proc(), "late@example.org", "reader");
    const token = await mailedToken("late@example.org");
    clock = fakeClock(new Date(Date.now() + 15 * 86_400_000));
    const expired = await call<{ errors: string[] }>(ctx.app, "GET", `/api/v1/invitations/${token}`);
    expect(expired.status).toBe(422);
    expect(expired.body.errors).toEqual(["invitation__expired"]);
    expect((await call<{ errors: string[] }>(ctx.app, "POST", `/api/v1/invitations/${token}/accept`, { body: {} })).body.errors).toEqual(["invitation__expired"]);
    clock.restore();
    clock = null;
    expect((await call(ctx.app, "GET", `/api/v1/invitations/${"A".repeat(22)}`)).status).toBe(404);
    expect((await call(ctx.app, "GET", `/api/v1/invitations/not-a-token!`)).status).toBe(404);
  });
});

describe("deal access by family role", () => {
  const session = (clientId: number, email: string): AuthSession => ({ realm: "client", userId: clientId, email, role: null, clientId: "test", tokenId: 0, expiresAt: new Date(Date.now() + 3600_000) });

  it("lets every role read a deal and only the owner and editors change it", async () => {
    const now = new Date();
    for (const role of ["owner", "editor", "reader", "notary"] as const) {
      const caller = { auth: session(family.clientIds[role], family.emails[role]) };
      expect(await dealAccess(ctx.db, family.dealId, caller, now, "read"), role).toBe("account");
      expect(await dealAccess(ctx.db, family.dealId, caller, now, "write"), role).toBe(role === "owner" || role === "editor" ? "account" : null);
    }
    expect(await dealAccess(ctx.db, family.dealId, { auth: session(family.clientIds.stranger, family.emails.stranger) }, now, "read")).toBeNull();
  });

  it("refuses a reader's change to the funeral quote with 403, a stranger's with 404", async () => {
    const [row] = await ctx.db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, family.dealId));
    const path = `/api/v1/funeral_funnel/deals/${row!.uuid}`;
    expect((await call(ctx.app, "GET", path, { headers: await as("reader") })).status).toBe(200);
    expect((await call(ctx.app, "PUT", path, { body: { answers: LYON_CREMATION }, headers: await as("reader") })).status).toBe(403);
    expect((await call(ctx.app, "PUT", path, { body: { answers: LYON_CREMATION }, headers: await as("notary") })).status).toBe(403);
    expect((await call(ctx.app, "PUT", path, { body: { answers: LYON_CREMATION }, headers: await as("stranger") })).status).toBe(404);
    expect((await call(ctx.app, "PUT", path, { body: { answers: LYON_CREMATION }, headers: await as("editor") })).status).toBe(200);
  });
});

describe("GET /api/v1/deals/{id} by family role", () => {
  it("shows every member to the family, and only their own role to the notary", async () => {
    const reader = await call<{ data: { abilities: Array<{ role: string }> } }>(ctx.app, "GET", deal(), { headers: await as("reader") });
    expect(reader.status).toBe(200);
    expect(reader.body.data.abilities.map((a) => a.role)).toEqual(expect.arrayContaining(["owner", "editor", "reader", "notary"]));
    const notary = await call<{ data: { abilities: Array<{ role: string }> } }>(ctx.app, "GET", deal(), { headers: await as("notary") });
    expect(notary.status).toBe(200);
    expect(notary.body.data.abilities.map((a) => a.role)).toEqual(["notary"]);
  });
});

describe("/api/docs", () => {
  it("documents every family-role route with its answer's fields", async () => {
    const doc = await call<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }>(ctx.app, "GET", "/api/docs");
    for (const [path, methods] of [
      ["/api/v1/clients/{id}/abilities", ["get"]],
      ["/api/v1/deals/{id}/abilities", ["get", "post"]],
      ["/api/v1/administrative_procedures/{id}/abilities", ["get", "post"]],
      ["/api/v1/administrative_procedures/{id}/abilities/{ability_id}", ["put", "delete"]],
      ["/api/v1/deals/{id}/abilities/{ability_id}", ["put", "delete"]],
      ["/api/v1/administrative_procedures/{id}/invitations/{invitation_id}", ["delete"]],
      ["/api/v1/invitations/{token}", ["get"]],
      ["/api/v1/invitations/{token}/accept", ["post"]],
    ] as const) {
      for (const method of methods) expect(doc.body.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.body.components.schemas.FamilyMember?.properties ?? {})).toEqual(expect.arrayContaining(["id", "client_id", "role", "link", "email", "self"]));
    expect(Object.keys(doc.body.components.schemas.FamilyInvitation?.properties ?? {})).toEqual(expect.arrayContaining(["inviter_firstname", "defunct_firstname", "role", "email_hint"]));
  });
});
