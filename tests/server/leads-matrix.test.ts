import { afterAll, beforeAll } from "vitest";
import { leads } from "@/server/db/schema/content";
import { createTestApp, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";

/**
 * The leads' pro side against every caller: the funeral team (0-2) lists, assigns, records
 * calls and converts; analytics guests and partner pros (3-4) get 403, clients and visitors
 * 401; a visitor may still leave a request. Write bodies give every admitted caller the
 * same answer (404 on a missing lead, 422 on an unassignable user) so the fixtures stay.
 */
let ctx: TestContext;
let leadId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const [lead] = await ctx.db.insert(leads).values({ kind: "funeral", lastname: "Matrice", phone: "0600000001", contactChannel: "phone" }).returning({ id: leads.id });
  leadId = lead!.id;
}, 60_000);
afterAll(async () => ctx?.close());

const NONE = { visitor: 401, client: 401, forged: 401, borrowed: 401, guest: 403, pro: 403 } as const;
const TEAM = (status: number) => ({ ...NONE, admin: status, director: status, advisor: status }) as const;

describeAuthorizationMatrix(
  "leads",
  () => ctx,
  [
    { request: "POST /api/v1/leads", body: { lastname: "Visiteur", phone: "0600000002", contact_channel: "phone" }, expect: { visitor: 201, client: 201, admin: 201, guest: 201, pro: 201 } },
    { request: "GET /api/v1/leads?per_page=5", expect: TEAM(200) },
    { request: "GET /api/v1/leads?state=lost", expect: TEAM(422) },
    { request: "PUT /api/v1/leads/:lead/assign", body: { business_user_id: 999_999 }, expect: TEAM(422) },
    { request: "PUT /api/v1/leads/999999/assign", body: { business_user_id: 1 }, expect: TEAM(404) },
    { request: "POST /api/v1/leads/999999/called", body: { note: "Rappel" }, expect: TEAM(404) },
    { request: "POST /api/v1/leads/999999/convert", expect: TEAM(404) },
  ],
  { params: () => ({ lead: leadId }) },
);
