import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import { dealAbilities, dealSteps, deals, trackings } from "@/server/db/schema/deals";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { FUNNEL_QUOTE_EMAIL_JOB } from "@/server/services/funeral-quote/submission-jobs";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { pdfTextRuns } from "./integrations/pdf/pdf-text";
import { recordingMailer } from "./helpers/recording-mailer";
import { LYON_CREMATION } from "./helpers/funnel-fixtures";

let ctx: TestContext;
const { mailer: recording, sent } = recordingMailer();

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recording);
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});
beforeEach(() => {
  sent.length = 0;
});

const JSON_HEADERS = { "content-type": "application/json" };

async function send<T = FunnelDealView>(method: "POST" | "PUT", path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await ctx.app.request(path, { method, headers: { ...JSON_HEADERS, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await response.text();
  // The quote e-mail is a job committed with the deal: run it as the worker would.
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FUNNEL_QUOTE_EMAIL_JOB] });
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Resume tokens of the deals this file created: the family's key, as the funnel keeps it. */
const tokens = new Map<string, string>();
const keyOf = (uuid: string): Record<string, string> => (tokens.has(uuid) ? { "x-resume-token": tokens.get(uuid)! } : {});

async function create(body: unknown, headers?: Record<string, string>) {
  const result = await send<FunnelDealView & { resume_token?: string }>("POST", "/api/v1/funeral_funnel/deals", body, headers);
  if (result.body?.uuid && result.body.resume_token) tokens.set(result.body.uuid, result.body.resume_token);
  return result;
}
const update = (uuid: string, body: unknown, headers?: Record<string, string>) => send("PUT", `/api/v1/funeral_funnel/deals/${uuid}`, body, { ...keyOf(uuid), ...headers });

async function dealCount(): Promise<number> {
  const [row] = await ctx.db.select({ value: count() }).from(deals);
  return Number(row!.value);
}


const CLIENT = {
  civility: "Mme",
  firstname: "Claire",
  lastname: "Martin",
  phone: "06 12 34 56 78",
  email: "claire.martin@example.org",
  contact_channel: "email",
  consent: true,
} as const;

describe("POST /api/v1/funeral_funnel/deals", () => {
  it("creates a draft funeral deal from the first answer, with its defunct and steps, and answers the server's quote", async () => {
    const before = await dealCount();
    const { status, body } = await create({ answers: { situation: "death-occurred" }, current_step: "place", locale: "fr" });
    expect(status).toBe(201);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.state).toBe("draft");
    expect(body.current_step).toBe("place");
    expect(body.client).toBeNull();
    expect(body.quote.sections).toHaveLength(9);
    expect(body.quote.warnings.map((w) => w.code)).toContain("disposition_missing");
    expect(await dealCount()).toBe(before + 1);
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, body.uuid));
    expect(deal).toMatchObject({ kind: "funeral", state: "draft" });
    expect(deal!.defunctId).not.toBeNull();
    const steps = await ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, deal!.id));
    expect(steps.map((s) => s.stepType)).toEqual(expect.arrayContaining(["death", "casketing", "closing", "transport"]));
    expect(sent).toHaveLength(0);
  });

  it("prices a cremation in Lyon from the partners in the database and lists its steps", async () => {
    const { status, body } = await create({ answers: LYON_CREMATION });
    expect(status).toBe(201);
    const quote = body.quote;
    const codes = quote.lines.map((l) => l.code);
    expect(codes).toEqual(expect.arrayContaining(["COFFIN", "URN", "CREMATION_FEE", "POLICE_SUPERVISION", "CREMATORIUM_ROOM", "SCATTERING"]));
    const cremationFee = quote.lines.find((l) => l.code === "CREMATION_FEE")!;
    expect(cremationFee).toMatchObject({ kind: "mandatory", advanced: true, sectionId: "advanced-costs" });
    expect(cremationFee.detail).toMatch(/Crématorium de Lyon/);
    expect(quote.lines.find((l) => l.code === "CREMATORIUM_ROOM")).toMatchObject({ kind: "optional" });
    // Totals are the sum of the lines.
    expect(quote.totals.totalTtc).toBe(quote.lines.reduce((sum, l) => sum + l.amountTtcCents, 0));
    expect(quote.deadlines?.deadlines.find((d) => d.id === "funeral-latest")?.at.date).toBe("2026-03-16");
    expect(quote.operator?.habilitationNumber).toBe("25-75-0412");
    expect(body.commune).toMatchObject({ insee_code: "69123", name: "Lyon" });

    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, body.uuid));
    expect(deal!.totalCents).toBe(quote.totals.totalTtc);
    const steps = await ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, deal!.id));
    const byType = new Map(steps.map((s) => [s.stepType, s]));
    expect([...byType.keys()]).toEqual(expect.arrayContaining(["death", "casketing", "closing", "ceremony", "cremation", "transport"]));
    expect(byType.get("cremation")).toMatchObject({ locationType: "Crematorium", mode: "auto" });
    expect(byType.get("cremation")!.locationId).toBeGreaterThan(0);
    expect(byType.get("death")).toMatchObject({ locationType: "Hospital" });
    const [defunct] = await ctx.db.select().from(defuncts).where(eq(defuncts.id, deal!.defunctId!));
    expect(defunct!.deathDate).toBe("2026-03-02");
  });

  it("creates the client as owner, keeps consented marketing attributes and sends the quote when submitted", async () => {
    const { status, body } = await create({
      answers: LYON_CREMATION,
      client: CLIENT,
      defunct: { civility: "M.", firstname: "Jean", lastname: "Martin" },
      tracking: { tracking_type: "gclid", tracking_id: "abc123", utm_source: "google", utm_campaign: "devis", consent: true },
      submit: true,
      locale: "fr",
    });
    expect(status).toBe(201);
    expect(body.state).toBe("quote_sent");
    expect(body.submitted_at).toBeGreaterThan(0);
    expect(body.client).toMatchObject({ firstname: "Claire", lastname: "Martin", email: "claire.martin@example.org", phone: "0612345678", contact_channel: "email" });
    expect(body.defunct).toMatchObject({ firstname: "Jean", lastname: "Martin" });

    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, body.uuid));
    const [client] = await ctx.db.select().from(clients).where(eq(clients.email, "claire.martin@example.org"));
    expect(client!.passwordHash).toBeNull();
    const abilities = await ctx.db.select().from(dealAbilities).where(eq(dealAbilities.dealId, deal!.id));
    expect(abilities).toEqual([expect.objectContaining({ clientId: client!.id, role: "owner" })]);
    const [tracking] = await ctx.db.select().from(trackings).where(eq(trackings.dealId, deal!.id));
    expect(tracking).toMatchObject({ trackingType: "gclid", trackingId: "abc123", utmSource: "google", consent: true });

    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe("claire.martin@example.org");
    expect(mail.tag).toBe("funeral_quote");
    expect(mail.text).toContain(`/api/v1/funeral_funnel/deals/${body.uuid}/quote.pdf?token=`);
    expect(mail.text).toContain(`/devis-obseques/ceremonie#devis=${body.uuid}&cle=`);
    expect(mail.text).toContain(`/paiement?deal=${body.uuid}`);
    const passwordLink = /https?:\/\/\S+\/api\/v1\/auth\/password\/edit\?\S+/.exec(mail.text)?.[0];
    expect(passwordLink).toBeDefined();
    // The account link is a working reset link of the auth service.
    const url = new URL(passwordLink!);
    const followed = await ctx.app.request(`${url.pathname}${url.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toContain("reset_password_token=");
  });

  it("does not keep marketing attributes without consent", async () => {
    const { body } = await create({ answers: { situation: "planning-ahead" }, tracking: { tracking_type: "gclid", tracking_id: "x", consent: false } });
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, body.uuid));
    expect(await ctx.db.select().from(trackings).where(eq(trackings.dealId, deal!.id))).toHaveLength(0);
  });

  it("answers 422 client__email__taken for an address of another client, and stores nothing", async () => {
    const before = await dealCount();
    const { status, body } = await create({ answers: LYON_CREMATION, client: { ...CLIENT, email: "Client@Demo.test" }, submit: true });
    expect(status).toBe(422);
    expect(body).toEqual({ error: "Unprocessable Entity", errors: ["client__email__taken"] });
    expect(await dealCount()).toBe(before);
    expect(sent).toHaveLength(0);
  });

  it("lets the signed-in holder of that address create the deal under their account", async () => {
    const headers = await signInHeaders(ctx.db, "client", "client@demo.test");
    const { status, body } = await create({ answers: LYON_CREMATION, client: { ...CLIENT, email: "client@demo.test" }, submit: true }, headers);
    expect(status).toBe(201);
    expect(body.client?.email).toBe("client@demo.test");
    // The account already has a password: no account link.
    expect(sent[0]!.text).not.toContain("/password/edit");
  });

  it("refuses bad input with codes and stores nothing", async () => {
    const before = await dealCount();
    const cases: Array<[unknown, string[]]> = [
      [{ answers: { disposition: "sea" } }, ["answers__disposition__invalid"]],
      [{ answers: { deathCommuneInsee: "lyon" } }, ["insee_code__invalid"]],
      [{ answers: { repatriation: { destinationCountry: "FR" } } }, ["repatriation__destination_is_france"]],
      [{ answers: {}, client: { ...CLIENT, lastname: "" } }, ["client__lastname__blank"]],
      [{ answers: {}, client: { ...CLIENT, email: "not-an-address" } }, ["client__email__invalid"]],
      [{ answers: {}, client: { ...CLIENT, phone: "12" } }, ["client__phone__invalid"]],
      [{ answers: {}, client: { ...CLIENT, contact_channel: "sms", phone: null } }, ["client__phone__missing"]],
      [{ answers: {}, client: { ...CLIENT, consent: false } }, ["client__consent__missing"]],
      [{ answers: { situation: "death-occurred" }, submit: true }, ["deal__client__missing", "deal__disposition__missing"]],
      [{ answers: {}, current_step: "payment" }, ["deal__current_step__invalid"]],
      [{}, ["answers__missing"]],
    ];
    for (const [payload, codes] of cases) {
      const { status, body } = await create(payload);
      expect(status, JSON.stringify(payload)).toBe(422);
      expect((body as unknown as { errors: string[] }).errors).toEqual(codes);
    }
    const malformed = await create("{not json");
    expect(malformed.status).toBe(400);
    expect(await dealCount()).toBe(before);
  });
});

describe("PUT /api/v1/funeral_funnel/deals/{uuid}", () => {
  it("saves each answer, recomputes the quote and the steps", async () => {
    const { body: created } = await create({ answers: { situation: "death-occurred" } });
    const first = await update(created.uuid, { answers: LYON_CREMATION, current_step: "options" });
    expect(first.status).toBe(200);
    expect(first.body.current_step).toBe("options");
    const withEmbalming = await update(created.uuid, { answers: { ...LYON_CREMATION, embalming: true }, current_step: "contact" });
    const embalming = withEmbalming.body.quote.lines.find((l) => l.code === "EMBALMING");
    expect(embalming).toMatchObject({ kind: "optional", sectionId: "preparation" });
    expect(withEmbalming.body.quote.totals.totalTtc).toBe(first.body.quote.totals.totalTtc + embalming!.amountTtcCents);

    const asBurial = await update(created.uuid, { answers: { ...LYON_CREMATION, disposition: "burial", finalRestingPlace: "family-grave", ceremony: { type: "none" } } });
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, created.uuid));
    const steps = await ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, deal!.id));
    expect(steps.map((s) => s.stepType)).toContain("interment");
    expect(steps.map((s) => s.stepType)).not.toContain("cremation");
    expect(asBurial.body.quote.lines.map((l) => l.code)).toContain("BURIAL_OPERATION");
  });

  it("submits from the contact step: the client is created and the quote e-mailed", async () => {
    const { body: created } = await create({ answers: LYON_CREMATION });
    const { status, body } = await update(created.uuid, { answers: LYON_CREMATION, client: { ...CLIENT, email: "paul.durand@example.org", contact_channel: "sms" }, submit: true });
    expect(status).toBe(200);
    expect(body.state).toBe("quote_sent");
    expect(body.client).toMatchObject({ email: "paul.durand@example.org", contact_channel: "sms" });
    expect(sent.map((m) => m.to)).toEqual(["paul.durand@example.org"]);
    // Changing the address afterwards needs the account's session: the link alone cannot (issue 21).
    const fixed = await update(created.uuid, { answers: LYON_CREMATION, client: { ...CLIENT, email: "paul.durand2@example.org", contact_channel: "sms" } });
    expect(fixed.status).toBe(422);
    expect(await ctx.db.select().from(clients).where(eq(clients.email, "paul.durand@example.org"))).toHaveLength(1);
  });

  it("answers client__email__taken without changing the deal, then attaches it once the holder signs in", async () => {
    const { body: created } = await create({ answers: LYON_CREMATION });
    const taken = await update(created.uuid, { answers: { ...LYON_CREMATION, embalming: true }, client: { ...CLIENT, email: "client@demo.test" }, submit: true });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ error: "Unprocessable Entity", errors: ["client__email__taken"] });
    const unchanged = await getJson<FunnelDealView>(ctx.app, `/api/v1/funeral_funnel/deals/${created.uuid}`, keyOf(created.uuid));
    expect(unchanged.body.answers.embalming).toBeUndefined();
    expect(unchanged.body.state).toBe("draft");

    const headers = await signInHeaders(ctx.db, "client", "client@demo.test");
    const attached = await update(created.uuid, { answers: { ...LYON_CREMATION, embalming: true }, client: { ...CLIENT, email: "client@demo.test" }, submit: true }, headers);
    expect(attached.status).toBe(200);
    expect(attached.body.client?.email).toBe("client@demo.test");
    expect(attached.body.answers.embalming).toBe(true);
  });

  it("answers 404 for an unknown deal and 422 for a malformed uuid", async () => {
    expect((await update("3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b", { answers: {} })).status).toBe(404);
    const malformed = await update("42", { answers: {} });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual({ error: "Unprocessable Entity", errors: ["deal__uuid__invalid"] });
  });
});

describe("GET /api/v1/funeral_funnel/deals/{uuid} and its PDF", () => {
  it("reads the deal back to resume it, and prints the same quote as a PDF", async () => {
    const { body: created } = await create({ answers: LYON_CREMATION, current_step: "coffin", client: { ...CLIENT, email: "pdf.reader@example.org" } });
    const read = await getJson<FunnelDealView>(ctx.app, `/api/v1/funeral_funnel/deals/${created.uuid}`, keyOf(created.uuid));
    expect(read.status).toBe(200);
    expect(read.body.answers).toMatchObject(LYON_CREMATION);
    expect(read.body.current_step).toBe("coffin");
    expect(read.body.quote.totals.totalTtc).toBe(created.quote.totals.totalTtc);

    const response = await ctx.app.request(`/api/v1/funeral_funnel/deals/${created.uuid}/quote.pdf`, { headers: keyOf(created.uuid) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfTextRuns(pdf).join(" ").replace(/\u00a0/g, " ");
    for (const heading of ["Préparation, organisation des obsèques", "Transport du défunt avant mise en bière", "Cercueil et accessoires", "Mise en bière et fermeture du cercueil", "Cérémonie funéraire", "Inhumation", "Crémation", "Frais avancés"]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain("Prestations obligatoires");
    expect(text).toContain("Prestations non obligatoires");
    expect(text).toContain("25-75-0412");
    const total = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2 }).format(created.quote.totals.totalTtc / 100).replace(/\s/g, " ");
    expect(text.replace(/\s/g, " ")).toContain(`${total} €`);
  });

  it("answers 404 for an unknown uuid", async () => {
    expect((await ctx.app.request("/api/v1/funeral_funnel/deals/3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b/quote.pdf")).status).toBe(404);
  });
});

describe("GET /api/v1/funeral_funnel/pricing", () => {
  it("gives the funnel the catalogue and the partners of a commune", async () => {
    const { status, body } = await getJson<{ catalog: { coffins: unknown[] }; partners: { crematoriums: Array<{ name: string }>; graveyards: unknown[]; repatriation: Array<{ countryCode: string }> }; commune: { name: string } }>(
      ctx.app,
      "/api/v1/funeral_funnel/pricing?commune=69123&destination=MA",
    );
    expect(status).toBe(200);
    expect(body.commune.name).toBe("Lyon");
    expect(body.catalog.coffins.length).toBeGreaterThan(0);
    expect(body.partners.crematoriums[0]!.name).toMatch(/Lyon/);
    expect(body.partners.graveyards.length).toBeGreaterThan(0);
    expect(body.partners.repatriation.map((r) => r.countryCode)).toContain("MA");
  });

  it("refuses a malformed commune code", async () => {
    const { status, body } = await getJson(ctx.app, "/api/v1/funeral_funnel/pricing?commune=abc");
    expect(status).toBe(422);
    expect(body).toEqual({ error: "Unprocessable Entity", errors: ["insee_code__invalid"] });
  });
});
