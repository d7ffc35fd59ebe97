import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { FAMILY_INVITATION_EMAIL_JOB } from "@/server/services/family/invitation-email-job";
import { call, tokensOf } from "./auth-helpers";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { createClient, FAMILY_PASSWORD } from "./helpers/family-fixtures";
import { PROCEDURE_BODY } from "./helpers/procedure-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

/**
 * The family journey through the API, across the procedures part and this one: the
 * owner creates the procedure, invites a sibling as reader and the notary; the sibling
 * creates an account from the e-mail, then sees the procedure but cannot change it; the
 * notary sees the procedure's formalities but not the family's members.
 */

let ctx: TestContext;
const { mailer, sent } = recordingMailer();

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(mailer);
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

async function tokenMailedTo(email: string): Promise<string> {
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FAMILY_INVITATION_EMAIL_JOB], now: authNow });
  const mail = [...sent].reverse().find((m) => m.to === email);
  expect(mail, `an invitation mailed to ${email}`).toBeDefined();
  return /#invitation=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

describe("invite a sibling as reader, who then sees but cannot change", () => {
  it("runs from the procedure's creation to the reader's refused change", async () => {
    await createClient(ctx.db, "claire.journey@example.org", "Claire", "Martin");
    await createClient(ctx.db, "notaire.journey@example.org", "Hélène", "Roux");
    const owner = await signInHeaders(ctx.db, "client", "claire.journey@example.org");
    const created = await call<{ data: { id: number } }>(ctx.app, "POST", "/api/v1/client/administrative_procedures", { body: PROCEDURE_BODY, headers: owner });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const base = `/api/v1/administrative_procedures/${id}`;

    // The procedures part made the creator the owner: the members list says so.
    const members = await call<{ data: Array<{ role: string; self: boolean }>; meta: { role: string } }>(ctx.app, "GET", `${base}/abilities`, { headers: owner });
    expect(members.status).toBe(200);
    expect(members.body.meta.role).toBe("owner");

    expect((await call(ctx.app, "POST", `${base}/abilities`, { body: { email: "frere.journey@example.org", role: "reader", link: "sibling" }, headers: owner })).status).toBe(201);
    expect((await call(ctx.app, "POST", `${base}/abilities`, { body: { email: "notaire.journey@example.org", role: "notary", link: "notary" }, headers: owner })).status).toBe(201);

    // The sibling opens the e-mail and creates an account.
    const siblingToken = await tokenMailedTo("frere.journey@example.org");
    const accepted = await call(ctx.app, "POST", `/api/v1/invitations/${siblingToken}/accept`, {
      body: { firstname: "Marc", lastname: "Martin", password: FAMILY_PASSWORD, password_confirmation: FAMILY_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    const tokens = tokensOf(accepted.headers);
    let sibling: Record<string, string> = { "access-token": tokens["access-token"], client: tokens.client, uid: tokens.uid };

    // Each answer rotates the device's token: keep the newest, as the browser does.
    const asSibling = async (method: string, path: string, body?: unknown) => {
      const result = await call(ctx.app, method, path, { headers: sibling, body });
      const next = result.headers.get("access-token");
      if (next) sibling = { ...sibling, "access-token": next };
      return result;
    };
    expect((await asSibling("GET", base)).status).toBe(200);
    expect((await asSibling("GET", `${base}/abilities`)).status).toBe(200);
    expect((await asSibling("PUT", base, { birth_location: "Lyon" })).status).toBe(403);
    expect((await asSibling("POST", `${base}/archive`)).status).toBe(403);
    expect((await asSibling("POST", `${base}/abilities`, { email: "cousin.journey@example.org", role: "reader" })).status).toBe(403);

    // The notary signs in to accept: sees the procedure, not the members.
    const notaryToken = await tokenMailedTo("notaire.journey@example.org");
    const notary = await signInHeaders(ctx.db, "client", "notaire.journey@example.org");
    expect((await call(ctx.app, "POST", `/api/v1/invitations/${notaryToken}/accept`, { headers: notary })).status).toBe(200);
    const notarySession = await signInHeaders(ctx.db, "client", "notaire.journey@example.org");
    expect((await call(ctx.app, "GET", base, { headers: notarySession })).status).toBe(200);
    expect((await call(ctx.app, "GET", `${base}/abilities`, { headers: await signInHeaders(ctx.db, "client", "notaire.journey@example.org") })).status).toBe(403);

    // The owner sees everyone, with their roles.
    const after = await call<{ data: Array<{ role: string; firstname: string }> }>(ctx.app, "GET", `${base}/abilities`, { headers: await signInHeaders(ctx.db, "client", "claire.journey@example.org") });
    expect(after.body.data.map((m) => [m.firstname, m.role])).toEqual([
      ["Claire", "owner"],
      ["Marc", "reader"],
      ["Hélène", "notary"],
    ]);
  });
});
