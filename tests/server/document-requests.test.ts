import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_REQUEST_CODE_ATTEMPTS, DOCUMENT_REQUEST_PROOF_HEADER, DOCUMENT_REQUEST_PROOF_MINUTES, DOCUMENT_REQUEST_VALIDITY_DAYS } from "@/domain/document-requests";
import { documentRequests } from "@/server/db/schema/document-requests";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { setSmsSender } from "@/server/integrations/sms/sms-outbox";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { authNow } from "@/server/services/auth/clock";
import { DOCUMENT_REQUEST_SMS_JOB } from "@/server/services/document-requests/create-document-request";
import { LOOKUP_LIMITS } from "@/server/services/document-requests/public-access";
import { call, fakeClock, freshIp } from "./auth-helpers";
import { familyHeaders, linkOf, OTHER_PROCEDURE_ID, PROCEDURE_ID, recordingSms, REQUEST_BODY, seedFamily, type FamilyMember } from "./document-requests-fixtures";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { createTestApp, type TestContext } from "./helpers/app";

let ctx: TestContext;
const sms = recordingSms();

beforeAll(async () => {
  ctx = await createTestApp();
  await seedFamily(ctx.db);
  setSmsSender(sms.sender);
});
afterAll(async () => {
  setSmsSender(null);
  await ctx?.close();
});

const CREATE = `/api/v1/administrative_procedures/${PROCEDURE_ID}/document_requests`;
const from = (ip: string) => ({ [PEER_ADDRESS_HEADER]: peerStamp(ip) });

/** Sends a request as `member`, runs the SMS job, and returns the link and code the phone got. */
async function sendRequest(member: FamilyMember = "owner", body: object = REQUEST_BODY, path = CREATE) {
  // SMS of requests other tests created without reading them go out first.
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB], now: authNow });
  const created = await call<{ data: { id: number } }>(ctx.app, "POST", path, { body, headers: await familyHeaders(ctx.db, member) });
  expect(created.status).toBe(201);
  const before = sms.sent.length;
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB], now: authNow });
  expect(sms.sent.length).toBe(before + 1);
  const message = sms.sent.at(-1)!;
  return { id: created.body.data.id, message, ...linkOf(message) };
}

type View = { data: Record<string, unknown> & { items?: { document_type: string; action: string; status: string }[] } };
const open = (token: string, headers: Record<string, string> = {}) => call<View>(ctx.app, "GET", `/api/v1/document_requests/${token}`, { headers: { ...from(freshIp()), ...headers } });
const verify = (token: string, code: string, ip = freshIp()) =>
  call<{ data: { proof_token: string; expires_at: string } }>(ctx.app, "POST", `/api/v1/document_requests/${token}/verify`, { body: { code }, headers: from(ip) });
const wrongCode = (code: string) => (code === "000000" ? "000001" : "000000");

describe("POST /api/v1/administrative_procedures/{id}/document_requests", () => {
  it("stores the request, answers without link or code, and texts the link and code to the phone", async () => {
    const created = await call<{ data: Record<string, unknown> }>(ctx.app, "POST", CREATE, { body: REQUEST_BODY, headers: await familyHeaders(ctx.db, "owner") });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ administrative_procedure_id: PROCEDURE_ID, recipient_firstname: "Sophie", phone: "0612345678", locale: "fr", sent_at: null, locked: false });
    expect(created.body.data.items).toEqual([
      { id: expect.any(Number), document_type: "identity_card", action: "provide", status: "pending", received_at: null, already_on_file: false },
      { id: expect.any(Number), document_type: "power_of_attorney", action: "sign", status: "pending", received_at: null, already_on_file: false },
    ]);
    expect(JSON.stringify(created.body)).not.toMatch(/documents\/sms|token|code_hash/);
    const expiresIn = new Date(String(created.body.data.expires_at)).getTime() - Date.now();
    expect(Math.round(expiresIn / 86_400_000)).toBe(DOCUMENT_REQUEST_VALIDITY_DAYS);

    const before = sms.sent.length;
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB], now: authNow });
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB], now: authNow });
    expect(sms.sent.length).toBe(before + 1);
    const message = sms.sent.at(-1)!;
    expect(message).toMatchObject({ to: "0612345678", locale: "fr", tag: "document_request" });
    expect(message.text).toContain("Bonjour Sophie");
    expect(message.text).toContain("Claire vous demande 2 documents");
    const { token, code, url } = linkOf(message);
    expect(url).toBe(`http://localhost:3000/documents/sms/${token}`);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);

    // Only hashes are kept: neither the token nor the code is in the row.
    const [row] = await ctx.db.select().from(documentRequests).where(eq(documentRequests.id, Number(created.body.data.id)));
    expect(row!.sentAt).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
  });

  it("writes the SMS in the request's language, on that language's host", async () => {
    const { message, url } = await sendRequest("owner", { ...REQUEST_BODY, locale: "en" });
    expect(message.locale).toBe("en");
    expect(message.text).toContain("Claire is asking you for 2 documents");
    expect(url).toMatch(/^http:\/\/en\.localhost:3000\/documents\/sms\//);
  });

  it.each([
    [{ ...REQUEST_BODY, items: [] }, "document_request__items__blank"],
    [{ ...REQUEST_BODY, phone: "12" }, "phone__invalid"],
    [{ ...REQUEST_BODY, recipient_firstname: "  " }, "document_request__recipient_firstname__blank"],
    [{ ...REQUEST_BODY, items: [{ document_type: "selfie", action: "provide" }] }, "document_request__document_type__invalid"],
    [{ ...REQUEST_BODY, items: [{ document_type: "passport", action: "burn" }] }, "document_request__action__invalid"],
    [{ ...REQUEST_BODY, items: [REQUEST_BODY.items[0], REQUEST_BODY.items[0]] }, "document_request__items__duplicate"],
    [{ ...REQUEST_BODY, message: "x".repeat(301) }, "document_request__message__too_long"],
    [{ ...REQUEST_BODY, recipient_firstname: "So\u0000phie" }, "document_request__recipient_firstname__invalid_characters"],
  ])("refuses %j with 422", async (body, code) => {
    const answer = await call<{ errors: string[] }>(ctx.app, "POST", CREATE, { body, headers: await familyHeaders(ctx.db, "owner") });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toContain(code);
  });
});

// Family roles on the procedure: the owner and editors send; readers and the notary read; others do not know it exists.
describe("who may send and list requests (family roles)", () => {
  const CASES: [FamilyMember, number, number][] = [
    ["owner", 201, 200],
    ["editor", 201, 200],
    ["reader", 403, 200],
    ["notary", 403, 200],
    ["stranger", 404, 404],
  ];
  it.each(CASES)("%s: create %i, list %i", async (member, createStatus, listStatus) => {
    const headers = await familyHeaders(ctx.db, member);
    expect((await call(ctx.app, "POST", CREATE, { body: REQUEST_BODY, headers })).status).toBe(createStatus);
    expect((await call(ctx.app, "GET", CREATE, { headers })).status).toBe(listStatus);
  });

  it("lists a procedure's requests without their links or codes", async () => {
    const listed = await call<{ data: Record<string, unknown>[] }>(ctx.app, "GET", CREATE, { headers: await familyHeaders(ctx.db, "reader") });
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(listed.body.data.every((r) => r.administrative_procedure_id === PROCEDURE_ID)).toBe(true);
    expect(JSON.stringify(listed.body)).not.toMatch(/token|documents\/sms|code_hash/);
  });
});

describeAuthorizationMatrix("document requests (business roles; the seeded client owns the procedure)", () => ctx, [
  {
    request: `POST ${CREATE}`,
    body: REQUEST_BODY,
    expect: { visitor: 401, client: 201, admin: 201, director: 201, advisor: 201, guest: 403, pro: 403, forged: 401, borrowed: 401 },
  },
  { request: CREATE, expect: { visitor: 401, client: 200, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403, forged: 401, borrowed: 401 } },
  { request: `/api/v1/administrative_procedures/999999/document_requests`, expect: { client: 404, admin: 404 } },
  { request: `POST /api/v1/document_requests/${"A".repeat(43)}/verify`, body: { code: "123456" }, expect: { visitor: 404, client: 404, admin: 404 } },
  { request: `/api/v1/document_requests/${"A".repeat(43)}`, expect: { visitor: 404, client: 404, admin: 404 } },
]);

describe("GET /api/v1/document_requests/{token}", () => {
  it("shows first names, the count and the expiry before proof, nothing else", async () => {
    const { token } = await sendRequest();
    const answer = await open(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(answer.body.data).sort()).toEqual(["attempts_left", "documents_count", "expires_at", "locale", "locked", "recipient_firstname", "sender_firstname", "verified"]);
    expect(answer.body.data).toMatchObject({ recipient_firstname: "Sophie", sender_firstname: "Claire", documents_count: 2, verified: false, locked: false, attempts_left: DOCUMENT_REQUEST_CODE_ATTEMPTS });
    const text = JSON.stringify(answer.body);
    for (const secret of ["0612345678", "Dupont-Secret", "Jean", "banque", "identity_card", "power_of_attorney", String(PROCEDURE_ID), "Martin"]) expect(text).not.toContain(secret);
  });

  it("answers 404 to an unknown or malformed id", async () => {
    expect((await open("B".repeat(43))).status).toBe(404);
    expect((await open("short")).status).toBe(404);
    expect((await open("../../etc/passwd")).status).toBe(404);
  });

  it("answers 410 once the link has expired, to the page and to the code", async () => {
    const { token, code } = await sendRequest();
    const clock = fakeClock(new Date(Date.now() + (DOCUMENT_REQUEST_VALIDITY_DAYS * 24 + 1) * 3600 * 1000));
    try {
      const answer = await open(token);
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual({ error: "Bad Request", message: "document_request__expired" });
      expect((await verify(token, code)).status).toBe(410);
    } finally {
      clock.restore();
    }
  });

  it("refuses an address that tried too many unknown ids, even for a real one (429, Retry-After)", async () => {
    const { token } = await sendRequest();
    const ip = freshIp();
    for (let i = 0; i < LOOKUP_LIMITS.missesPerHour; i += 1) {
      const guess = Buffer.from(`${i}-guess-${ip}`.padEnd(32, "x")).toString("base64url").slice(0, 43);
      expect((await call(ctx.app, "GET", `/api/v1/document_requests/${guess}`, { headers: from(ip) })).status).toBe(404);
    }
    const blocked = await call(ctx.app, "GET", `/api/v1/document_requests/${token}`, { headers: from(ip) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await verify(token, "123456", ip)).status).toBe(429);
    // Another address is not affected.
    expect((await open(token)).status).toBe(200);
  });
});

describe("POST /api/v1/document_requests/{token}/verify", () => {
  it("opens the list with the right code, for this request only", async () => {
    const first = await sendRequest();
    const second = await sendRequest("owner", { ...REQUEST_BODY, items: [{ document_type: "bank_details", action: "provide" }] });
    const proved = await verify(first.token, first.code);
    expect(proved.status).toBe(200);
    const expiresIn = new Date(proved.body.data.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeLessThanOrEqual(DOCUMENT_REQUEST_PROOF_MINUTES * 60_000);
    const proof = { [DOCUMENT_REQUEST_PROOF_HEADER]: proved.body.data.proof_token };

    const opened = await open(first.token, proof);
    expect(opened.body.data.verified).toBe(true);
    expect(opened.body.data.message).toBe(REQUEST_BODY.message);
    expect(opened.body.data.items!.map((i) => [i.document_type, i.action, i.status])).toEqual([
      ["identity_card", "provide", "pending"],
      ["power_of_attorney", "sign", "pending"],
    ]);
    // Still nothing of the procedure itself.
    expect(JSON.stringify(opened.body)).not.toMatch(/Dupont-Secret|0612345678|administrative_procedure/);

    // The proof of one request does not open another.
    const other = await open(second.token, proof);
    expect(other.body.data.verified).toBe(false);
    expect(other.body.data.items).toBeUndefined();
    // Nor the procedure: it is no session.
    expect((await call(ctx.app, "GET", CREATE, { headers: proof })).status).toBe(401);
    expect((await call(ctx.app, "GET", `/api/v1/administrative_procedures/${PROCEDURE_ID}`, { headers: proof })).status).not.toBe(200);
  });

  it("lets the proof lapse after its lifetime", async () => {
    const { token, code } = await sendRequest();
    const proof = (await verify(token, code)).body.data.proof_token;
    const clock = fakeClock(new Date(Date.now() + (DOCUMENT_REQUEST_PROOF_MINUTES + 1) * 60_000));
    try {
      expect((await open(token, { [DOCUMENT_REQUEST_PROOF_HEADER]: proof })).body.data.verified).toBe(false);
    } finally {
      clock.restore();
    }
  });

  it("counts wrong codes and locks the link after the limit, even for the right code", async () => {
    const { token, code } = await sendRequest();
    for (let i = 1; i <= DOCUMENT_REQUEST_CODE_ATTEMPTS; i += 1) {
      const answer = await verify(token, wrongCode(code));
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ error: "Unprocessable Entity", errors: ["document_request__code__invalid"] });
      expect((await open(token)).body.data).toMatchObject({ attempts_left: DOCUMENT_REQUEST_CODE_ATTEMPTS - i, locked: i === DOCUMENT_REQUEST_CODE_ATTEMPTS });
    }
    const locked = await verify(token, code);
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({ error: "Forbidden", message: "document_request__locked" });
  });

  it("gives a parallel burst of guesses no more tries than the limit", async () => {
    const { token, code } = await sendRequest();
    const guesses = Array.from({ length: 12 }, (_, i) => String(i).padStart(6, "9")).filter((g) => g !== code);
    const answers = await Promise.all(guesses.map((g) => verify(token, g)));
    expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(DOCUMENT_REQUEST_CODE_ATTEMPTS);
    expect((await verify(token, code)).status).toBe(403);
  });

  it("refuses a malformed code without counting it against the request", async () => {
    const { token } = await sendRequest();
    const answer = await verify(token, "12ab");
    expect(answer.status).toBe(422);
    expect((await open(token)).body.data.attempts_left).toBe(DOCUMENT_REQUEST_CODE_ATTEMPTS);
  });

  it("limits codes per address, locked links included (429)", async () => {
    const { token, code } = await sendRequest();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUP_LIMITS.codesPer15Min; i += 1) statuses.push((await verify(token, wrongCode(code), ip)).status);
    expect(statuses.slice(0, DOCUMENT_REQUEST_CODE_ATTEMPTS).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(DOCUMENT_REQUEST_CODE_ATTEMPTS, LOOKUP_LIMITS.codesPer15Min).every((s) => s === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("signing in as a holder also proves who you are", () => {
  it.each([
    ["owner", true],
    ["reader", true],
    ["notary", true],
    ["stranger", false],
  ] as const)("%s sees the list: %s", async (member, verified) => {
    const { token } = await sendRequest();
    const answer = await open(token, await familyHeaders(ctx.db, member));
    expect(answer.status).toBe(200);
    expect(answer.body.data.verified).toBe(verified);
    expect(answer.body.data.items !== undefined).toBe(verified);
  });

  it("an owner of another procedure sees nothing more of this one", async () => {
    const other = await sendRequest("stranger", REQUEST_BODY, `/api/v1/administrative_procedures/${OTHER_PROCEDURE_ID}/document_requests`);
    expect((await open(other.token, await familyHeaders(ctx.db, "owner"))).body.data.verified).toBe(false);
  });
});

describe("/api/docs", () => {
  it("documents every document request path with its answers", async () => {
    const doc = (await (await ctx.app.request("/api/docs")).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const expected: [string, string, string[]][] = [
      ["/api/v1/administrative_procedures/{id}/document_requests", "post", ["201", "401", "403", "404", "422"]],
      ["/api/v1/administrative_procedures/{id}/document_requests", "get", ["200", "401", "403", "404"]],
      ["/api/v1/document_requests/{token}", "get", ["200", "404", "410", "429"]],
      ["/api/v1/document_requests/{token}/verify", "post", ["200", "403", "404", "410", "422", "429"]],
      ["/api/v1/document_requests/{token}/items/{item_id}/file", "post", ["201", "403", "404", "410", "413", "422", "429"]],
      ["/api/dev/sms-outbox", "get", ["200", "404"]],
    ];
    for (const [path, method, statuses] of expected) {
      expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining(statuses));
    }
    expect(JSON.stringify(doc.paths["/api/v1/document_requests/{token}"])).toContain("DocumentRequestView");
  });
});
