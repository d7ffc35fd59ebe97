import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { notifications } from "@/server/db/schema/content";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { createTestApp, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { assignDeal, businessUserId, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";

/**
 * Every back-office deal route of issue 14 against every caller: visitors and clients 401
 * (the deal's own owner too: these are not family routes), analytics guests 403 everywhere,
 * a partner professional (4) only the steps and todos of the deal assigned to them (404 on
 * another deal, 403 on every other route), advisors (2) all but brand and duplicate, and
 * directors and admins everything. Bodies that would change a deal for good are chosen so
 * every admitted caller gets the same answer (an invalid move, the current owner...).
 */
let ctx: TestContext;
let mine: BackOfficeDeal;
let other: BackOfficeDeal;
let ownerClientId = 0;
let advisorId = 0;
let advisorNotification = 0;
const quiet: Mailer = { send: async () => ({ id: "0", transport: "outbox" }) };

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(quiet);
  mine = await submittedDeal(ctx, "famille.pro@example.org");
  other = await submittedDeal(ctx, "autre.famille@example.org");
  await assignDeal(ctx, mine.id, await businessUserId(ctx, "pro@demo.test"));
  advisorId = await businessUserId(ctx, "conseiller@demo.test");
  const [owner] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, other.ownerEmail));
  ownerClientId = owner!.id;
  const [row] = await ctx.db.insert(notifications).values({ businessUserId: advisorId, kind: "deal_assigned", title: "Dossier confié", dealId: other.id }).returning({ id: notifications.id });
  advisorNotification = row!.id;
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

const NONE = { visitor: 401, client: 401, family: 401, forged: 401, borrowed: 401 } as const;
const ALL_DEAL_WORK = { ...NONE, admin: 200, director: 200, advisor: 200, guest: 403 } as const;

describeAuthorizationMatrix<"family">(
  "back-office deals",
  () => ctx,
  [
    // State machine: an invalid move is 422 for whoever may move deals, so the deal stays as it is.
    { request: "GET /api/v1/deals/:other/state", expect: { ...ALL_DEAL_WORK, pro: 403 } },
    { request: "PUT /api/v1/deals/:other/state", body: { state: "closed" }, expect: { ...NONE, admin: 422, director: 422, advisor: 422, guest: 403, pro: 403 } },
    { request: "PUT /api/v1/deals/999999/state", body: { state: "quote_sent" }, expect: { admin: 404, advisor: 404, pro: 403, guest: 403, visitor: 401 } },
    // Todo items and steps: the pro on their own deal, 404 on another.
    { request: "GET /api/v1/deals/:mine/todo_items", expect: { ...ALL_DEAL_WORK, pro: 200 } },
    { request: "GET /api/v1/deals/:other/todo_items", expect: { ...ALL_DEAL_WORK, pro: 404 } },
    { request: "POST /api/v1/deals/:mine/todo_items", body: { title: "Appeler la mairie" }, expect: { ...NONE, admin: 201, director: 201, advisor: 201, guest: 403, pro: 201 } },
    { request: "POST /api/v1/deals/:other/todo_items", body: { title: "Appeler la mairie" }, expect: { ...NONE, advisor: 201, guest: 403, pro: 404 } },
    { request: "PUT /api/v1/deals/:mine/todo_items/999999", body: { force_done: true }, expect: { ...NONE, admin: 404, advisor: 404, guest: 403, pro: 404 } },
    { request: "DELETE /api/v1/deals/:other/todo_items/999999", expect: { ...NONE, admin: 404, advisor: 404, guest: 403, pro: 404 } },
    { request: "GET /api/v1/deals/:mine/deal_steps", expect: { ...ALL_DEAL_WORK, pro: 200 } },
    { request: "GET /api/v1/deals/:other/deal_steps", expect: { ...ALL_DEAL_WORK, pro: 404 } },
    { request: "POST /api/v1/deals/:mine/deal_steps", body: { step_type: "ceremony" }, expect: { ...NONE, admin: 201, director: 201, advisor: 201, guest: 403, pro: 201 } },
    { request: "POST /api/v1/deals/:other/deal_steps", body: { step_type: "ceremony" }, expect: { ...NONE, director: 201, guest: 403, pro: 404 } },
    { request: "PUT /api/v1/deals/:other/deal_steps/999999", body: { comment: "x" }, expect: { ...NONE, admin: 404, guest: 403, pro: 404 } },
    { request: "DELETE /api/v1/deals/:mine/deal_steps/999999", expect: { ...NONE, admin: 404, guest: 403, pro: 404 } },
    // The people of the deal: roles 0-2; brand and duplicate 0-1.
    { request: "PUT /api/v1/deals/:other/user", body: { user_id: null }, expect: { ...ALL_DEAL_WORK, pro: 403 } },
    { request: "PUT /api/v1/deals/:other/owner", body: () => ({ client_id: ownerClientId }), expect: { ...NONE, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } },
    { request: "PUT /api/v1/deals/:other/empowered_client", body: { client_id: null }, expect: { ...ALL_DEAL_WORK, pro: 403 } },
    { request: "PUT /api/v1/deals/:other/brand", body: { brand: "Paisible" }, expect: { ...NONE, admin: 200, director: 200, advisor: 403, guest: 403, pro: 403 } },
    { request: "PUT /api/v1/deals/:other/defunct", body: { defunct_id: null }, expect: { ...NONE, admin: 422, director: 422, advisor: 422, guest: 403, pro: 403 } },
    { request: "POST /api/v1/deals/:other/duplicate", expect: { ...NONE, admin: 201, director: 201, advisor: 403, guest: 403, pro: 403 } },
    { request: "POST /api/v1/deals/:other/welcome", expect: { ...NONE, admin: 202, director: 200, advisor: 200, guest: 403, pro: 403 } },
    { request: "GET /api/v1/deals/:other/communications", expect: { ...ALL_DEAL_WORK, pro: 403 } },
    { request: "POST /api/v1/deals/:other/communications", body: { note: "Appel de la fille du défunt" }, expect: { ...NONE, admin: 201, director: 201, advisor: 201, guest: 403, pro: 403 } },
    { request: "GET /api/v1/deals/:other/entities", expect: { ...ALL_DEAL_WORK, pro: 403 } },
    // Family roles on the deal, for the business roles that run cases (issue 11's routes).
    { request: "GET /api/v1/deals/:other/abilities", expect: { visitor: 401, client: 404, family: 200, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } },
    // Notifications: every business role has its own; another user's is 404.
    { request: "GET /api/v1/notifications", expect: { ...NONE, admin: 200, director: 200, advisor: 200, guest: 200, pro: 200 } },
    { request: "GET /api/v1/notifications/count", expect: { ...NONE, admin: 200, director: 200, advisor: 200, guest: 200, pro: 200 } },
    { request: "PUT /api/v1/notifications/:notification/viewed", expect: { ...NONE, admin: 404, director: 404, guest: 404, pro: 404, advisor: 200 } },
    { request: "PUT /api/v1/notifications/viewed", body: () => ({ ids: [advisorNotification] }), expect: { ...NONE, admin: 404, director: 404, guest: 404, pro: 404, advisor: 200 } },
    { request: "PUT /api/v1/notifications/viewed_all", expect: { ...NONE, admin: 200, director: 200, advisor: 200, guest: 200, pro: 200 } },
    { request: "GET /api/v1/users/funeral_team", expect: { ...NONE, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } },
    { request: "GET /api/v1/users/funeral_team?partners=true", expect: { ...NONE, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } },
  ],
  {
    callers: () => ({ family: { realm: "client", email: other.ownerEmail } }),
    params: () => ({ mine: mine.id, other: other.id, notification: advisorNotification }),
  },
);
