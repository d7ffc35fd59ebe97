import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealAbilities, dealsProducts, dealSteps, deals } from "@/server/db/schema/deals";
import { notifications } from "@/server/db/schema/content";
import { crematoriums } from "@/server/db/schema/partners";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { sendDealSmsOnce } from "@/server/services/deals/deal-communications";
import { DEAL_WELCOME_EMAIL_JOB } from "@/server/services/deals/welcome";
import { FUNNEL_QUOTE_EMAIL_JOB, FUNNEL_REQUEST_NOTIFY_JOB } from "@/server/services/funeral-quote/submission-jobs";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { businessUserId, call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

let ctx: TestContext;
const recorder = recordingMailer();
let admin: Record<string, string>;
let director: Record<string, string>;
let advisor: Record<string, string>;
let pro: Record<string, string>;
const later = () => new Date(Date.now() + 60_000);

interface StateView {
  data: { id: number; state: string; next_states: string[]; events: Array<{ kind: string; from: string | null; to: string | null; by: { firstname: string } | null }> };
}

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recorder.mailer);
  admin = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
  advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  pro = await signInHeaders(ctx.db, "business_user", "pro@demo.test");
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

describe("PUT /api/v1/deals/{id}/state", () => {
  it("moves a funeral along its graph, records who moved it, and refuses invalid moves with their code", async () => {
    const deal = await submittedDeal(ctx, "etat@example.org");
    const before = await call<StateView>(ctx, "GET", `/api/v1/deals/${deal.id}/state`, advisor);
    expect(before.body.data).toMatchObject({ state: "quote_sent", next_states: ["signed", "lost"], events: [] });

    const skip = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, advisor, { state: "closed" });
    expect(skip).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["deal__state__transition_invalid"] } });
    const unknown = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, advisor, { state: "delivered" });
    expect(unknown.body).toEqual({ error: "Unprocessable Entity", errors: ["deal__state__invalid"] });
    const blank = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, advisor, { state: "" });
    expect(blank.body).toEqual({ error: "Unprocessable Entity", errors: ["deal__state__invalid"] });

    for (const state of ["signed", "organising", "ceremony_done"]) {
      const moved = await call<StateView>(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, advisor, { state });
      expect(moved.status).toBe(200);
      expect(moved.body.data.state).toBe(state);
    }
    // Invoicing is a director's move.
    const invoice = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, advisor, { state: "invoiced" });
    expect(invoice).toEqual({ status: 403, body: { error: "Forbidden", message: "forbidden" } });
    const invoiced = await call<StateView>(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, director, { state: "invoiced" });
    expect(invoiced.body.data).toMatchObject({ state: "invoiced", next_states: ["closed"] });
    expect(invoiced.body.data.events.map((e) => [e.from, e.to])).toEqual([
      ["quote_sent", "signed"],
      ["signed", "organising"],
      ["organising", "ceremony_done"],
      ["ceremony_done", "invoiced"],
    ]);
    expect(invoiced.body.data.events[3]!.by?.firstname).toBeTruthy();
    const [row] = await ctx.db.select({ state: deals.state }).from(deals).where(eq(deals.id, deal.id));
    expect(row!.state).toBe("invoiced");
    // The history is in the deal as advisors read it too.
    const detail = await call<{ data: { events: unknown[]; next_states: string[] } }>(ctx, "GET", `/api/v1/deals/${deal.id}`, director);
    expect(detail.body.data.events).toHaveLength(4);
    expect(detail.body.data.next_states).toEqual(["closed"]);
  });

  it("lets two simultaneous moves from the same state succeed only once", async () => {
    const deal = await submittedDeal(ctx, "course@example.org");
    const answers = await Promise.all([call(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, advisor, { state: "signed" }), call(ctx, "PUT", `/api/v1/deals/${deal.id}/state`, director, { state: "lost" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });
});

describe("todo items", () => {
  it("lists, adds, ticks, unticks, renames and deletes; a pro only on their own deal", async () => {
    const deal = await submittedDeal(ctx, "todo@example.org");
    const created = await call<{ data: { id: number; title: string; force_done: boolean; done_at: number | null; position: number } }>(ctx, "POST", `/api/v1/deals/${deal.id}/todo_items`, advisor, { title: "  Réserver le crématorium " });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ title: "Réserver le crématorium", force_done: false, done_at: null, position: 0 });
    const second = await call<{ data: { id: number; position: number; force_done: boolean; done_at: number | null } }>(ctx, "POST", `/api/v1/deals/${deal.id}/todo_items`, advisor, { title: "Envoyer le pouvoir", force_done: true });
    expect(second.body.data).toMatchObject({ position: 1, force_done: true });
    expect(second.body.data.done_at).toBeTypeOf("number");

    const id = created.body.data.id;
    const ticked = await call<{ data: { force_done: boolean; done_at: number | null } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/todo_items/${id}`, advisor, { force_done: true });
    expect(ticked.body.data.force_done).toBe(true);
    expect(ticked.body.data.done_at).toBeTypeOf("number");
    const unticked = await call<{ data: { force_done: boolean; done_at: number | null; title: string } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/todo_items/${id}`, advisor, { force_done: false, title: "Réserver la salle" });
    expect(unticked.body.data).toMatchObject({ force_done: false, done_at: null, title: "Réserver la salle" });

    const blank = await call(ctx, "POST", `/api/v1/deals/${deal.id}/todo_items`, advisor, { title: "   " });
    expect(blank.body).toEqual({ error: "Unprocessable Entity", errors: ["todo_item__title__blank"] });
    const long = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/todo_items/${id}`, advisor, { title: "x".repeat(501) });
    expect(long.body).toEqual({ error: "Unprocessable Entity", errors: ["todo_item__title__too_long"] });

    // Another deal's item is not reachable through this deal.
    const elsewhere = await submittedDeal(ctx, "todo.ailleurs@example.org");
    expect((await call(ctx, "PUT", `/api/v1/deals/${elsewhere.id}/todo_items/${id}`, advisor, { force_done: true })).status).toBe(404);
    expect((await call(ctx, "GET", `/api/v1/deals/${deal.id}/todo_items`, pro)).status).toBe(404);

    expect((await call(ctx, "DELETE", `/api/v1/deals/${deal.id}/todo_items/${id}`, advisor)).status).toBe(204);
    const list = await call<{ data: Array<{ id: number }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/todo_items`, advisor);
    expect(list.body.data.map((t) => t.id)).toEqual([second.body.data.id]);
  });
});

describe("deal steps", () => {
  it("plans a step with date, partner and done, makes it manual, and refuses an unknown type", async () => {
    const deal = await submittedDeal(ctx, "etapes@example.org");
    const steps = await call<{ data: Array<{ id: number; step_type: string; mode: string }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/deal_steps`, advisor);
    expect(steps.body.data.length).toBeGreaterThan(0);
    const step = steps.body.data[0]!;
    const [crematorium] = await ctx.db.select({ id: crematoriums.id }).from(crematoriums).limit(1);
    const planned = await call<{ data: Record<string, unknown> }>(ctx, "PUT", `/api/v1/deals/${deal.id}/deal_steps/${step.id}`, advisor, {
      scheduled_at: "2026-03-05T10:30:00Z",
      location_type: "Crematorium",
      location_id: crematorium!.id,
      comment: "Salle de cérémonie réservée",
    });
    expect(planned.status).toBe(200);
    expect(planned.body.data).toMatchObject({ scheduled_at: Date.parse("2026-03-05T10:30:00Z") / 1000, location_type: "Crematorium", location_id: crematorium!.id, mode: "manual", done_at: null });
    const done = await call<{ data: { done_at: number | null } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/deal_steps/${step.id}`, advisor, { done: true });
    expect(done.body.data.done_at).toBeTypeOf("number");

    const entities = await call<{ data: Array<{ location_type: string; id: number; name: string; step_types: string[] }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/entities`, advisor);
    expect(entities.body.data).toContainEqual(expect.objectContaining({ location_type: "Crematorium", id: crematorium!.id, step_types: expect.arrayContaining([step.step_type]) }));

    // A transport step is never partner-facing: its place does not make a partner of the deal.
    const [otherCrematorium] = await ctx.db.select({ id: crematoriums.id }).from(crematoriums).orderBy(desc(crematoriums.id)).limit(1);
    await call(ctx, "POST", `/api/v1/deals/${deal.id}/deal_steps`, advisor, { step_type: "transport", location_type: "Crematorium", location_id: otherCrematorium!.id, transport: "car" });
    const after = await call<{ data: Array<{ id: number; step_types: string[] }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/entities`, advisor);
    expect(after.body.data.flatMap((e) => e.step_types)).not.toContain("transport");
    if (otherCrematorium!.id !== crematorium!.id) expect(after.body.data.map((e) => e.id)).not.toContain(otherCrematorium!.id);

    const unknown = await call(ctx, "POST", `/api/v1/deals/${deal.id}/deal_steps`, advisor, { step_type: "teleportation" });
    expect(unknown.body).toEqual({ error: "Unprocessable Entity", errors: ["deal_step__step_type__unknown"] });
    const orphan = await call(ctx, "POST", `/api/v1/deals/${deal.id}/deal_steps`, advisor, { step_type: "ceremony", location_id: 3 });
    expect(orphan.body).toEqual({ error: "Unprocessable Entity", errors: ["deal_step__location_type__blank"] });
    const added = await call<{ data: { id: number; mode: string; step_type: string } }>(ctx, "POST", `/api/v1/deals/${deal.id}/deal_steps`, advisor, { step_type: "urn_pickup", place_kind: "Home", address: "3 rue des Lilas, Lyon" });
    expect(added.body.data).toMatchObject({ mode: "manual", step_type: "urn_pickup" });
    expect((await call(ctx, "DELETE", `/api/v1/deals/${deal.id}/deal_steps/${added.body.data.id}`, advisor)).status).toBe(204);
    const [gone] = await ctx.db.select().from(dealSteps).where(eq(dealSteps.id, added.body.data.id));
    expect(gone).toBeUndefined();
  });
});

describe("the people of a deal", () => {
  it("assigns a business user and notifies them; refuses a client, an analyst or an unknown id", async () => {
    const deal = await submittedDeal(ctx, "confie@example.org");
    const proId = await businessUserId(ctx, "pro@demo.test");
    const assigned = await call<{ data: { advisor: { id: number; role: number } | null } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/user`, director, { user_id: proId });
    expect(assigned.body.data.advisor).toMatchObject({ id: proId, role: 4 });
    // The pro now reaches the deal's steps and todos.
    expect((await call(ctx, "GET", `/api/v1/deals/${deal.id}/todo_items`, pro)).status).toBe(200);
    const mine = await call<{ data: Array<{ kind: string; deal_id: number }> }>(ctx, "GET", "/api/v1/notifications", pro);
    expect(mine.body.data).toContainEqual(expect.objectContaining({ kind: "deal_assigned", deal_id: deal.id }));
    for (const email of ["analyste@demo.test", "admin@demo.test"]) {
      const refused = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/user`, director, { user_id: await businessUserId(ctx, email) });
      expect(refused.body).toEqual({ error: "Unprocessable Entity", errors: ["deal__user_id__not_assignable"] });
    }
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/user`, director, { user_id: 999999 })).status).toBe(422);
    const cleared = await call<{ data: { advisor: unknown } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/user`, director, { user_id: null });
    expect(cleared.body.data.advisor).toBeNull();
    expect((await call(ctx, "GET", `/api/v1/deals/${deal.id}/todo_items`, pro)).status).toBe(404);
  });

  it("changes the owner (the former one stays as editor) and the empowered client, who must be a member", async () => {
    const deal = await submittedDeal(ctx, "ancien.titulaire@example.org");
    const other = await submittedDeal(ctx, "nouveau.titulaire@example.org");
    const [newcomer] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, other.ownerEmail));
    const [former] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, deal.ownerEmail));
    const stranger = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/empowered_client`, advisor, { client_id: newcomer!.id });
    expect(stranger.body).toEqual({ error: "Unprocessable Entity", errors: ["deal__empowered_client__not_member"] });

    const changed = await call<{ data: { owner_client_id: number } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/owner`, advisor, { client_id: newcomer!.id });
    expect(changed.body.data.owner_client_id).toBe(newcomer!.id);
    const abilities = await ctx.db.select({ clientId: dealAbilities.clientId, role: dealAbilities.role }).from(dealAbilities).where(eq(dealAbilities.dealId, deal.id));
    expect(abilities).toEqual(expect.arrayContaining([{ clientId: newcomer!.id, role: "owner" }, { clientId: former!.id, role: "editor" }]));
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/owner`, advisor, { client_id: 999999 })).body).toEqual({ error: "Unprocessable Entity", errors: ["deal__client_id__not_found"] });

    const empowered = await call<{ data: { empowered_client_id: number } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/empowered_client`, advisor, { client_id: former!.id });
    expect(empowered.body.data.empowered_client_id).toBe(former!.id);
    const history = await call<StateView>(ctx, "GET", `/api/v1/deals/${deal.id}/state`, advisor);
    expect(history.body.data.events.map((e) => e.kind)).toEqual(["owner", "empowered_client"]);
  });

  it("sets the brand (directors), and links the defunct only with an id and a complete owner (SPEC §5)", async () => {
    const deal = await submittedDeal(ctx, "marque@example.org");
    expect((await call<{ data: { brand: string } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/brand`, director, { brand: " Paisible Lyon " })).body.data.brand).toBe("Paisible Lyon");
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/brand`, director, { brand: "" })).body).toEqual({ error: "Unprocessable Entity", errors: ["deal__brand__blank"] });

    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/defunct`, advisor, { defunct_id: null })).body).toEqual({ error: "Unprocessable Entity", errors: ["defunct__id__blank"] });
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/defunct`, advisor, { defunct_id: 999999 })).body).toEqual({ error: "Unprocessable Entity", errors: ["defunct__id__not_found"] });
    expect((await call<{ data: { defunct_id: number } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/defunct`, advisor, { defunct_id: deal.defunctId })).body.data.defunct_id).toBe(deal.defunctId);
    // The owner without a last name: "client is incomplete".
    await ctx.db.update(clients).set({ lastname: null }).where(eq(clients.email, deal.ownerEmail));
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/defunct`, advisor, { defunct_id: deal.defunctId })).body).toEqual({ error: "Unprocessable Entity", errors: ["client__incomplete"] });
  });
});

describe("POST /api/v1/deals/{id}/duplicate", () => {
  it("copies products and steps without dates into a new draft held by the owner alone", async () => {
    const deal: BackOfficeDeal = await submittedDeal(ctx, "double@example.org");
    const [step] = await ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, deal.id)).limit(1);
    await ctx.db.update(dealSteps).set({ scheduledAt: new Date("2026-03-05T10:00:00Z"), doneAt: new Date() }).where(eq(dealSteps.id, step!.id));
    await ctx.db.insert(dealAbilities).values({ dealId: deal.id, clientId: (await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, "client@demo.test")))[0]!.id, role: "reader" });
    const copy = await call<{ data: { id: number; state: string } }>(ctx, "POST", `/api/v1/deals/${deal.id}/duplicate`, director);
    expect(copy.status).toBe(201);
    expect(copy.body.data.state).toBe("draft");
    const id = copy.body.data.id;
    const [originalSteps, copiedSteps] = await Promise.all([ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, deal.id)), ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, id))]);
    expect(copiedSteps.map((s) => s.stepType).sort()).toEqual(originalSteps.map((s) => s.stepType).sort());
    expect(copiedSteps.every((s) => s.scheduledAt === null && s.doneAt === null)).toBe(true);
    const [originalProducts, copiedProducts] = await Promise.all([ctx.db.select().from(dealsProducts).where(eq(dealsProducts.dealId, deal.id)), ctx.db.select().from(dealsProducts).where(eq(dealsProducts.dealId, id))]);
    expect(copiedProducts.map((p) => [p.productId, p.unitPriceCents])).toEqual(originalProducts.map((p) => [p.productId, p.unitPriceCents]));
    const members = await ctx.db.select({ role: dealAbilities.role }).from(dealAbilities).where(eq(dealAbilities.dealId, id));
    expect(members).toEqual([{ role: "owner" }]);
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/duplicate`, advisor)).status).toBe(403);
  });
});

describe("welcome and communications", () => {
  it("sends the welcome e-mail once through the job queue and logs it with the quote e-mail", async () => {
    const deal = await submittedDeal(ctx, "bienvenue@example.org", { firstname: "Anne" });
    const first = await call<{ data: { already_sent: boolean; welcome_sent_at: number } }>(ctx, "POST", `/api/v1/deals/${deal.id}/welcome`, advisor);
    expect(first.status).toBe(202);
    expect(first.body.data.already_sent).toBe(false);
    const again = await call<{ data: { already_sent: boolean; welcome_sent_at: number } }>(ctx, "POST", `/api/v1/deals/${deal.id}/welcome`, director);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ already_sent: true, welcome_sent_at: first.body.data.welcome_sent_at });
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DEAL_WELCOME_EMAIL_JOB, FUNNEL_QUOTE_EMAIL_JOB], now: later });
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DEAL_WELCOME_EMAIL_JOB], now: later });
    const welcomes = recorder.sent.filter((m) => m.tag === "deal_welcome" && m.to === deal.ownerEmail);
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.subject).toBe(`Bienvenue – dossier n° ${deal.id} – Paisible`);
    expect(welcomes[0]!.text).toContain("Bonjour Anne,");
    expect(welcomes[0]!.text).toMatch(/suivi par \S+ \S+, de l'équipe Paisible/);

    const log = await call<{ data: Array<{ channel: string; kind: string; recipient: string; subject: string }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/communications`, advisor);
    expect(log.body.data.map((c) => c.kind).sort()).toEqual(["quote", "welcome"]);
    expect(log.body.data.every((c) => c.channel === "email" && c.recipient === deal.ownerEmail)).toBe(true);
  });

  it("refuses a welcome without an address, and logs a call by hand", async () => {
    const deal = await submittedDeal(ctx, "sansadresse@example.org");
    await ctx.db.update(clients).set({ email: null }).where(eq(clients.email, deal.ownerEmail));
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/welcome`, advisor)).body).toEqual({ error: "Unprocessable Entity", errors: ["deal__owner__no_email"] });
    const call1 = await call<{ data: { channel: string; body: string; direction: string; by: { firstname: string } } }>(ctx, "POST", `/api/v1/deals/${deal.id}/communications`, advisor, { note: "La fille rappelle demain", contact: "06 11 22 33 44", direction: "inbound" });
    expect(call1.status).toBe(201);
    expect(call1.body.data).toMatchObject({ channel: "call", body: "La fille rappelle demain", direction: "inbound" });
    const blank = await call(ctx, "POST", `/api/v1/deals/${deal.id}/communications`, advisor, { note: "" });
    expect(blank.body).toEqual({ error: "Unprocessable Entity", errors: ["communication__note__blank"] });
  });
});

describe("sendDealEmailOnce / sendDealSmsOnce", () => {
  it("log a delivered message on its deal once per delivery key, whatever the retries", async () => {
    const deal = await submittedDeal(ctx, "journal@example.org");
    const texts: string[] = [];
    const sms = { send: async (message: { text: string }) => (texts.push(message.text), { id: String(texts.length), transport: "outbox" as const }) };
    const build = async () => ({ to: "0611223344", text: "Rappel : déclaration de succession", tag: "deadline_reminder" });
    expect((await sendDealSmsOnce(ctx.db, sms, "test-reminder-1", { dealId: deal.id }, build)).status).toBe("sent");
    expect((await sendDealSmsOnce(ctx.db, sms, "test-reminder-1", { dealId: deal.id }, build)).status).toBe("already_sent");
    expect(texts).toHaveLength(1);
    const log = await call<{ data: Array<{ channel: string; kind: string; body: string | null }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/communications`, advisor);
    expect(log.body.data.filter((c) => c.channel === "sms")).toEqual([expect.objectContaining({ kind: "deadline_reminder", body: "Rappel : déclaration de succession" })]);
  });
});

describe("notifications", () => {
  it("tells the team of a new request, counts, and marks one, many and all viewed, never another user's", async () => {
    const deal = await submittedDeal(ctx, "notif@example.org");
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FUNNEL_REQUEST_NOTIFY_JOB], now: later });
    const list = await call<{ data: Array<{ id: number; kind: string; deal_id: number; viewed: boolean }>; meta: { total_count: number } }>(ctx, "GET", "/api/v1/notifications?per_page=100", advisor);
    const request = list.body.data.find((n) => n.kind === "funnel_request" && n.deal_id === deal.id)!;
    expect(request.viewed).toBe(false);
    // Analysts and pros are not the funeral team: no request notification for them.
    const proList = await call<{ data: Array<{ deal_id: number; kind: string }> }>(ctx, "GET", "/api/v1/notifications?per_page=100", pro);
    expect(proList.body.data.some((n) => n.kind === "funnel_request" && n.deal_id === deal.id)).toBe(false);

    const count = await call<{ data: { count: number } }>(ctx, "GET", "/api/v1/notifications/count", advisor);
    expect(count.body.data.count).toBe(list.body.data.filter((n) => !n.viewed).length);
    const one = await call<{ data: { viewed: boolean } }>(ctx, "PUT", `/api/v1/notifications/${request.id}/viewed`, advisor);
    expect(one.body.data.viewed).toBe(true);
    expect((await call<{ data: { count: number } }>(ctx, "GET", "/api/v1/notifications/count", advisor)).body.data.count).toBe(count.body.data.count - 1);
    expect((await call(ctx, "PUT", `/api/v1/notifications/${request.id}/viewed`, director)).status).toBe(404);

    const [theirs] = await ctx.db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.kind, "funnel_request"), eq(notifications.dealId, deal.id), eq(notifications.businessUserId, await businessUserId(ctx, "directeur@demo.test"))));
    const mixed = await call(ctx, "PUT", "/api/v1/notifications/viewed", advisor, { ids: [request.id, theirs!.id] });
    expect(mixed.status).toBe(404);
    const [untouched] = await ctx.db.select({ viewedAt: notifications.viewedAt }).from(notifications).where(eq(notifications.id, theirs!.id));
    expect(untouched!.viewedAt).toBeNull();
    expect((await call(ctx, "PUT", "/api/v1/notifications/viewed", advisor, { ids: [] })).body).toEqual({ error: "Unprocessable Entity", errors: ["notification__ids__blank"] });

    const all = await call<{ data: { updated: number } }>(ctx, "PUT", "/api/v1/notifications/viewed_all", advisor);
    expect(all.status).toBe(200);
    expect((await call<{ data: { count: number } }>(ctx, "GET", "/api/v1/notifications/count", advisor)).body.data.count).toBe(0);
    // The director's are still unviewed.
    expect((await call<{ data: { count: number } }>(ctx, "GET", "/api/v1/notifications/count", director)).body.data.count).toBeGreaterThan(0);
    const unviewed = await call<{ data: unknown[] }>(ctx, "GET", "/api/v1/notifications?viewed=false", advisor);
    expect(unviewed.body.data).toEqual([]);
  });

  it("lists the funeral team with names, roles, work e-mails and open deals only", async () => {
    const team = await call<{ data: Array<Record<string, unknown>> }>(ctx, "GET", "/api/v1/users/funeral_team", admin);
    expect(team.body.data.length).toBeGreaterThanOrEqual(2);
    for (const member of team.body.data) {
      expect(Object.keys(member).sort()).toEqual(["email", "firstname", "id", "lastname", "open_deals", "role"]);
      expect([1, 2]).toContain(member.role);
    }
  });

  it("adds the partner professionals a deal may be given to when asked, and only then", async () => {
    const proId = await businessUserId(ctx, "pro@demo.test");
    const withPartners = await call<{ data: Array<{ id: number; role: number }> }>(ctx, "GET", "/api/v1/users/funeral_team?partners=true", admin);
    expect(withPartners.body.data.find((member) => member.id === proId)?.role).toBe(4);
    expect(withPartners.body.data.every((member) => [1, 2, 4].includes(member.role))).toBe(true);
    const teamOnly = await call<{ data: Array<{ id: number }> }>(ctx, "GET", "/api/v1/users/funeral_team?partners=false", admin);
    expect(teamOnly.body.data.some((member) => member.id === proId)).toBe(false);
    expect((await call(ctx, "GET", "/api/v1/users/funeral_team?partners=yes", admin)).status).toBe(422);
  });
});

describe("GET /api/v1/deals – the board's search and filters", () => {
  interface Page {
    data: Array<{ id: number; defunct: { lastname: string | null } | null }>;
    meta: { total_count: number };
  }
  it("finds a deal by number, the deceased's or the owner's name (accents and case aside), the commune of death; filters by advisor and day", async () => {
    const deal = await submittedDeal(ctx, "recherche.unique@example.org", { firstname: "Éloïse", lastname: "Quintavalle" });
    const ids = async (query: string) => (await call<Page>(ctx, "GET", `/api/v1/deals?per_page=100&${query}`, advisor)).body.data.map((d) => d.id);
    expect(await ids(`q=${deal.id}`)).toEqual([deal.id]);
    expect(await ids("q=quintav")).toEqual([deal.id]);
    expect(await ids("q=ELOISE")).toEqual([deal.id]);
    expect(await ids("q=recherche.unique")).toEqual([deal.id]);
    // The funnel fixture's deceased died in Lyon: every such deal, this one among them.
    expect(await ids("q=lyon")).toContain(deal.id);
    expect(await ids("q=zzzzqqq")).toEqual([]);
    expect(await ids("q=%25")).toContain(deal.id);

    expect(await ids("advisor_id=none&q=quintav")).toEqual([deal.id]);
    const advisorId = await businessUserId(ctx, "conseiller@demo.test");
    expect(await ids(`advisor_id=${advisorId}&q=quintav`)).toEqual([]);
    await call(ctx, "PUT", `/api/v1/deals/${deal.id}/user`, advisor, { user_id: advisorId });
    expect(await ids(`advisor_id=${advisorId}`)).toEqual([deal.id]);

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    expect(await ids(`created_from=${today}&created_to=${today}&q=quintav`)).toEqual([deal.id]);
    expect(await ids(`created_to=2020-01-01&q=quintav`)).toEqual([]);
    const bad = await call(ctx, "GET", "/api/v1/deals?created_from=hier&advisor_id=x", advisor);
    expect(bad.status).toBe(422);
    expect((bad.body as { errors: string[] }).errors.sort()).toEqual(["advisor_id__invalid", "created_from__invalid"]);
  });
});

describe("GET /api/v1/deals for a partner professional", () => {
  it("lists only the deals assigned to them, without the family, the deceased or the price, and searches by number only", async () => {
    const proId = await businessUserId(ctx, "pro@demo.test");
    const theirs = await submittedDeal(ctx, "pro.liste@example.org", { lastname: "Zanzibarova" });
    await submittedDeal(ctx, "pas.au.pro@example.org", { lastname: "Zanzibarova" });
    await call(ctx, "PUT", `/api/v1/deals/${theirs.id}/user`, director, { user_id: proId });
    const list = await call<{ data: Array<Record<string, unknown>>; meta: { total_count: number } }>(ctx, "GET", "/api/v1/deals?per_page=100", pro);
    expect(list.status).toBe(200);
    expect(list.body.data.map((d) => d.id)).toEqual([theirs.id]);
    expect(list.body.data[0]).toMatchObject({ id: theirs.id, client: null, defunct: null, total_cents: null, contact_channel: null });
    expect((await call<{ data: unknown[] }>(ctx, "GET", `/api/v1/deals?q=${theirs.id}`, pro)).body.data).toHaveLength(1);
    expect((await call<{ data: unknown[] }>(ctx, "GET", "/api/v1/deals?q=zanzibar", pro)).body.data).toEqual([]);
    expect((await call<{ data: unknown[] }>(ctx, "GET", "/api/v1/deals?q=zanzibar", advisor)).body.data).toHaveLength(2);
    // Their deal's full record stays closed to them: steps and todos only.
    expect((await call(ctx, "GET", `/api/v1/deals/${theirs.id}`, pro)).status).toBe(403);
  });
});

describe("GET /api/docs", () => {
  it("documents every back-office call with its schemas", async () => {
    const { body } = await call<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>(ctx, "GET", "/api/docs", {});
    const expected: Array<[string, string[]]> = [
      ["/api/v1/deals/{id}/state", ["get", "put"]],
      ["/api/v1/deals/{id}/todo_items", ["get", "post"]],
      ["/api/v1/deals/{id}/todo_items/{todo_id}", ["put", "delete"]],
      ["/api/v1/deals/{id}/deal_steps", ["get", "post"]],
      ["/api/v1/deals/{id}/deal_steps/{step_id}", ["put", "delete"]],
      ["/api/v1/deals/{id}/user", ["put"]],
      ["/api/v1/deals/{id}/owner", ["put"]],
      ["/api/v1/deals/{id}/empowered_client", ["put"]],
      ["/api/v1/deals/{id}/brand", ["put"]],
      ["/api/v1/deals/{id}/defunct", ["put"]],
      ["/api/v1/deals/{id}/duplicate", ["post"]],
      ["/api/v1/deals/{id}/welcome", ["post"]],
      ["/api/v1/deals/{id}/communications", ["get", "post"]],
      ["/api/v1/deals/{id}/entities", ["get"]],
      ["/api/v1/notifications", ["get"]],
      ["/api/v1/notifications/count", ["get"]],
      ["/api/v1/notifications/{id}/viewed", ["put"]],
      ["/api/v1/notifications/viewed", ["put"]],
      ["/api/v1/notifications/viewed_all", ["put"]],
      ["/api/v1/users/funeral_team", ["get"]],
    ];
    for (const [path, methods] of expected) expect(Object.keys(body.paths[path] ?? {}).sort(), path).toEqual([...methods].sort());
    for (const schema of ["DealState", "DealEvent", "TodoItem", "DealPeople", "DealCommunication", "DealEntity", "Notification", "DealWelcome"]) expect(body.components.schemas, schema).toHaveProperty(schema);
  });
});
