import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import { dealResumeTokens, passwordResetTokens } from "@/server/db/schema/auth";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { FUNNEL_QUOTE_EMAIL_JOB } from "@/server/services/funeral-quote/submission-jobs";
import { sha256 } from "@/server/services/auth/secrets";
import { fakeClock, freshIp } from "./auth-helpers";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { recordingMailer } from "./helpers/recording-mailer";
import { LYON_CREMATION } from "./helpers/funnel-fixtures";

/**
 * The funnel deal's uuid is not a key (issue 21): a family without a session reaches
 * their deal with a separate resume token; the uuid alone opens nothing, contact
 * details need a session, and the anonymous funnel cannot be used to relay mail.
 */

let ctx: TestContext;
let clock: ReturnType<typeof fakeClock> | null = null;
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
afterEach(() => {
  clock?.restore();
  clock = null;
});

type DealWithToken = FunnelDealView & { resume_token?: string };

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await ctx.app.request(path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // The quote e-mail is a job committed with the deal: run it as the worker would, at the test's clock.
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FUNNEL_QUOTE_EMAIL_JOB], now: authNow });
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as DealWithToken & { errors?: string[]; message?: string } };
}

const PATH = "/api/v1/funeral_funnel/deals";
const withToken = (token: string | undefined, extra: Record<string, string> = {}) => ({ "x-resume-token": token ?? "", ...extra });


let counter = 0;
function client(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    civility: "Mme",
    firstname: "Claire",
    lastname: "Martin",
    phone: "06 12 34 56 78",
    email: `famille.${counter}.${Date.now()}@example.org`,
    contact_channel: "email",
    consent: true,
    ...overrides,
  };
}

async function draftDeal(body: Record<string, unknown> = {}) {
  const created = await send("POST", PATH, { answers: LYON_CREMATION, ...body });
  expect(created.status).toBe(201);
  return created.body;
}

describe("the resume token", () => {
  it("is handed out once at creation: 256 random bits, stored only as its SHA-256 hash", async () => {
    const deal = await draftDeal();
    expect(deal.resume_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(deal.resume_token).not.toContain(deal.uuid);
    const [row] = await ctx.db.select({ id: deals.id }).from(deals).where(eq(deals.uuid, deal.uuid));
    const stored = await ctx.db.select().from(dealResumeTokens).where(eq(dealResumeTokens.dealId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(sha256(deal.resume_token!));
    // Reading the deal back does not hand the token out again.
    const read = await send("GET", `${PATH}/${deal.uuid}`, undefined, withToken(deal.resume_token));
    expect(read.body.resume_token).toBeUndefined();
  });

  it("the uuid alone opens nothing: no read, no write, no PDF", async () => {
    const deal = await draftDeal({ client: client() });
    for (const headers of [{}, withToken("not-the-token"), withToken(`${deal.resume_token!.slice(0, -2)}xx`)]) {
      expect((await send("GET", `${PATH}/${deal.uuid}`, undefined, headers)).status).toBe(404);
      expect((await send("PUT", `${PATH}/${deal.uuid}`, { answers: { ...LYON_CREMATION, embalming: true } }, headers)).status).toBe(404);
      expect((await send("GET", `${PATH}/${deal.uuid}/quote.pdf`, undefined, headers)).status).toBe(404);
      expect((await send("GET", `${PATH}/${deal.uuid}/quote.pdf?token=not-the-token`)).status).toBe(404);
    }
    const read = await send("GET", `${PATH}/${deal.uuid}`, undefined, withToken(deal.resume_token));
    expect(read.status).toBe(200);
    expect(read.body.answers).toMatchObject(LYON_CREMATION);
    expect((await send("GET", `${PATH}/${deal.uuid}/quote.pdf?token=${deal.resume_token}`)).status).toBe(200);
  });

  it("through the token alone: the answers and the quote, never the family's contact details nor the deceased's name", async () => {
    const contact = client();
    const deal = await draftDeal({ client: contact, defunct: { civility: "M.", firstname: "Jean", lastname: "Martin" } });
    const read = await send("GET", `${PATH}/${deal.uuid}`, undefined, withToken(deal.resume_token));
    expect(read.status).toBe(200);
    const text = JSON.stringify(read.body);
    expect(text).not.toContain(contact.email);
    expect(text).not.toContain("0612345678");
    expect(text).not.toContain("Jean");
    expect(read.body.quote.totals.totalTtc).toBe(deal.quote.totals.totalTtc);

    // The owner, signed in, sees everything without the token.
    await ctx.db.update(clients).set({ passwordHash: "x" }).where(eq(clients.email, contact.email));
    const owner = await signInHeaders(ctx.db, "client", contact.email);
    const mine = await send("GET", `${PATH}/${deal.uuid}`, undefined, owner);
    expect(mine.status).toBe(200);
    expect(mine.body.client?.email).toBe(contact.email);
    expect(mine.body.defunct?.firstname).toBe("Jean");
  });

  it("expires after 30 days without use; each use pushes the expiry back", async () => {
    clock = fakeClock();
    const deal = await draftDeal();
    clock.advance(20 * 86_400_000);
    expect((await send("PUT", `${PATH}/${deal.uuid}`, { answers: { ...LYON_CREMATION, embalming: true } }, withToken(deal.resume_token))).status).toBe(200);
    clock.advance(20 * 86_400_000);
    expect((await send("GET", `${PATH}/${deal.uuid}`, undefined, withToken(deal.resume_token))).status).toBe(200);
    clock.advance(31 * 86_400_000);
    expect((await send("GET", `${PATH}/${deal.uuid}`, undefined, withToken(deal.resume_token))).status).toBe(404);
  });

  it("writes only while the deal is a draft; a sent quote is still readable", async () => {
    const deal = await draftDeal();
    const submitted = await send("PUT", `${PATH}/${deal.uuid}`, { answers: LYON_CREMATION, client: client(), submit: true }, withToken(deal.resume_token));
    expect(submitted.status).toBe(200);
    expect(submitted.body.state).toBe("quote_sent");
    expect((await send("GET", `${PATH}/${deal.uuid}`, undefined, withToken(deal.resume_token))).status).toBe(200);
    const rewrite = await send("PUT", `${PATH}/${deal.uuid}`, { answers: { ...LYON_CREMATION, embalming: true } }, withToken(deal.resume_token));
    expect(rewrite.status).toBe(422);
    expect(rewrite.body.errors).toEqual(["deal__sign_in_required"]);
  });

  it("the quote e-mail's links carry a working resume token, never a bare uuid", async () => {
    const deal = await draftDeal();
    await send("PUT", `${PATH}/${deal.uuid}`, { answers: LYON_CREMATION, client: client(), submit: true }, withToken(deal.resume_token));
    const mail = sent.at(-1)!;
    const resume = /https?:\/\/\S+\/devis-obseques\/ceremonie#\S+/.exec(mail.text)?.[0];
    expect(resume).toBeDefined();
    const fragment = new URLSearchParams(new URL(resume!).hash.slice(1));
    expect(fragment.get("devis")).toBe(deal.uuid);
    const token = fragment.get("cle")!;
    expect(token).not.toBe(deal.resume_token);
    expect((await send("GET", `${PATH}/${deal.uuid}`, undefined, withToken(token))).status).toBe(200);
    expect(mail.text).not.toMatch(/\?devis=/);
    const pdf = /https?:\/\/\S+\/quote\.pdf\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(pdf).toBeDefined();
    const pdfUrl = new URL(pdf!);
    expect((await ctx.app.request(`${pdfUrl.pathname}${pdfUrl.search}`)).status).toBe(200);
  });
});

describe("the family's account cannot be taken over through the link", () => {
  it("refuses to change the contact details or the e-mail of an account without a password; the family's own link keeps working", async () => {
    const family = client();
    const deal = await draftDeal();
    await send("PUT", `${PATH}/${deal.uuid}`, { answers: LYON_CREMATION, client: family, submit: true }, withToken(deal.resume_token));
    const [owner] = await ctx.db.select().from(clients).where(eq(clients.email, family.email));
    const [link] = await ctx.db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.realm, "client"), eq(passwordResetTokens.userId, owner!.id)));
    expect(link).toBeDefined();
    sent.length = 0;

    const attacker = { ...family, email: "attacker@example.net", firstname: "Mallory" };
    const changed = await send("PUT", `${PATH}/${deal.uuid}`, { answers: LYON_CREMATION, client: attacker, submit: true }, withToken(deal.resume_token));
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual(["deal__sign_in_required"]);
    const [after] = await ctx.db.select().from(clients).where(eq(clients.id, owner!.id));
    expect(after!.email).toBe(family.email);
    expect(after!.firstname).toBe("Claire");
    expect(sent).toHaveLength(0);
    const [still] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, link!.id));
    expect(still).toBeDefined();

    // A draft with an owner: the contact step re-sent unchanged is fine, a different phone is not.
    const other = await draftDeal({ client: client() });
    const same = await send("PUT", `${PATH}/${other.uuid}`, { answers: LYON_CREMATION, client: { ...client(), email: "ignored@example.org" } }, withToken(other.resume_token));
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual(["deal__client__sign_in_required"]);
  });

  it("a signed-in client cannot attach another family's deal to their account, even with its link", async () => {
    const family = client();
    const deal = await draftDeal({ client: family });
    const [familyRow] = await ctx.db.select().from(clients).where(eq(clients.email, family.email));
    expect(familyRow!.passwordHash).toBeNull();
    const attacker = await signInHeaders(ctx.db, "client", "client@demo.test");
    const attached = await send(
      "PUT",
      `${PATH}/${deal.uuid}`,
      { answers: LYON_CREMATION, client: client({ email: "client@demo.test" }), submit: true },
      { ...attacker, ...withToken(deal.resume_token) },
    );
    expect(attached.status).toBe(422);
    expect(attached.body.errors).toEqual(["deal__client__locked"]);
    const [row] = await ctx.db.select({ id: deals.id }).from(deals).where(eq(deals.uuid, deal.uuid));
    const abilities = await ctx.db.select().from(dealAbilities).where(eq(dealAbilities.dealId, row!.id));
    expect(abilities).toEqual([expect.objectContaining({ clientId: familyRow!.id, role: "owner" })]);

    // Without the link, a signed-in stranger gets nothing at all.
    expect((await send("GET", `${PATH}/${deal.uuid}`, undefined, attacker)).status).toBe(404);
  });

  it("a signed-in client with the link of an ownerless draft takes it under their account", async () => {
    const deal = await draftDeal();
    const me = await signInHeaders(ctx.db, "client", "client@demo.test");
    const attached = await send("PUT", `${PATH}/${deal.uuid}`, { answers: LYON_CREMATION, client: client({ email: "client@demo.test" }) }, { ...me, ...withToken(deal.resume_token) });
    expect(attached.status).toBe(200);
    expect(attached.body.client?.email).toBe("client@demo.test");
  });
});

describe("the anonymous funnel is not a mail relay", () => {
  it("never writes the caller's words into a mail to an arbitrary address", async () => {
    const spam = client({ firstname: "Gagnez 1000 euros sur http://spam.example", lastname: "Offre" });
    const created = await send("POST", PATH, { answers: LYON_CREMATION, client: spam, submit: true });
    expect(created.status).toBe(201);
    const mail = sent.at(-1)!;
    expect(mail.to).toBe(spam.email);
    expect(mail.text).not.toContain("spam.example");
    expect(mail.html).not.toContain("spam.example");
    expect(mail.subject).not.toContain("spam.example");
  });

  it("limits accounts and quote e-mails per address of the caller: a parallel burst of 25 creates exactly 10", async () => {
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => send("POST", PATH, { answers: LYON_CREMATION, client: client(), submit: true }, { [PEER_ADDRESS_HEADER]: peerStamp(ip) })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(burst.find((r) => r.status === 429)!.body).toEqual({ error: "Too Many Requests", message: "rate_limited" });
    expect(sent).toHaveLength(10);
    // Another caller is not affected; answers without contact details are never limited.
    expect((await send("POST", PATH, { answers: LYON_CREMATION, client: client(), submit: true }, { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) })).status).toBe(201);
    expect((await send("POST", PATH, { answers: LYON_CREMATION }, { [PEER_ADDRESS_HEADER]: peerStamp(ip) })).status).toBe(201);
  });

  it("limits accounts and quote e-mails to one address, whoever asks", async () => {
    const holder = client();
    const first = await draftDeal({ client: holder });
    let lastStatus = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const deal = i === 0 ? first : await draftDeal();
      const target = i === 0 ? holder : client({ email: holder.email });
      const headers = i === 0 ? withToken(deal.resume_token) : { ...withToken(deal.resume_token), ...(await signInHeadersFor(holder.email)) };
      lastStatus = (await send("PUT", `${PATH}/${deal.uuid}`, { answers: LYON_CREMATION, client: target, submit: true }, { ...headers, [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) })).status;
      statuses.push(lastStatus);
    }
    // The account's creation and four quotes make five mails to the address within the day.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(lastStatus).toBe(429);
  });
});

async function signInHeadersFor(email: string) {
  await ctx.db.update(clients).set({ passwordHash: "x" }).where(eq(clients.email, email));
  return signInHeaders(ctx.db, "client", email);
}

describe("text that PostgreSQL cannot store", () => {
  it("answers 422 with a code for a NUL byte or a lone surrogate, never 500", async () => {
    for (const bad of ["Cl\u0000aire", "Cl\ud800aire", "Cl\udc00"]) {
      const created = await send("POST", PATH, { answers: LYON_CREMATION, client: client({ firstname: bad }) });
      expect(created.status, JSON.stringify(bad)).toBe(422);
      expect(created.body.errors).toContain("client__firstname__invalid_characters");
      const defunct = await send("POST", PATH, { answers: LYON_CREMATION, defunct: { lastname: bad } });
      expect(defunct.status).toBe(422);
      expect(defunct.body.errors).toContain("defunct__lastname__invalid_characters");
    }
    // Raw JSON escapes reach the same check.
    const raw = await send("POST", PATH, '{"answers":{},"defunct":{"firstname":"a\\u0000b"}}');
    expect(raw.status).toBe(422);
    const lead = await send("POST", "/api/v1/leads", { lead: { firstname: "a\u0000", lastname: "b", email: "x@example.org", phone: "0612345678" } });
    expect(lead.status).toBe(422);
    const query = await send("GET", "/api/v1/autocompletes/cityhalls?q=ly%00on");
    expect(query.status).toBe(422);
    // Emoji (valid surrogate pairs) are fine.
    expect((await send("POST", PATH, { answers: LYON_CREMATION, defunct: { firstname: "Jean 🌹" } })).status).toBe(201);
  });
});

describe("authorization matrix of the funnel's deal routes", () => {
  it("opens a deal to its token and to its signed-in holder only", async () => {
    const family = client();
    const deal = await draftDeal({ client: family });
    await ctx.db.update(clients).set({ passwordHash: "x" }).where(eq(clients.email, family.email));
    const callers: Record<string, Record<string, string>> = {
      anonymous: {},
      "wrong token": withToken("A".repeat(43)),
      token: withToken(deal.resume_token),
      owner: await signInHeaders(ctx.db, "client", family.email),
      "another client": await signInHeaders(ctx.db, "client", "client@demo.test"),
      advisor: await signInHeaders(ctx.db, "business_user", "conseiller@demo.test"),
    };
    const expected: Record<string, [number, number, number]> = {
      // GET, PUT (answers of a draft), GET quote.pdf
      anonymous: [404, 404, 404],
      "wrong token": [404, 404, 404],
      token: [200, 200, 200],
      owner: [200, 200, 200],
      "another client": [404, 404, 404],
      advisor: [404, 404, 404],
    };
    for (const [who, headers] of Object.entries(callers)) {
      const got = [
        (await send("GET", `${PATH}/${deal.uuid}`, undefined, headers)).status,
        (await send("PUT", `${PATH}/${deal.uuid}`, { answers: LYON_CREMATION }, headers)).status,
        (await send("GET", `${PATH}/${deal.uuid}/quote.pdf`, undefined, headers)).status,
      ];
      expect(got, who).toEqual(expected[who]);
    }
  });
});
