import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/domain/locales";
import { quoteAnswersSchema, type QuoteAnswers } from "@/domain/quote/answers";
import type { Quote } from "@/domain/quote/pricing";
import type {
  FunnelClientInput,
  FunnelContactChannel,
  FunnelCreateInput,
  FunnelDealView,
  FunnelDefunctInput,
  FunnelStep,
  FunnelUpdateInput,
} from "@/domain/schemas/funeral-funnel";
import { authPaths } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import { originForLocale } from "@/i18n/locale-host";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { dealResumeTokens, passwordResetTokens } from "@/server/db/schema/auth";
import { dealAbilities, dealSettings, deals } from "@/server/db/schema/deals";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { enqueue, notifyEnqueued } from "@/server/jobs/queue";
import type { AuthSession } from "@/server/services/auth-tokens";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import { quoteEmail } from "@/server/services/funeral-funnel-email";
import { buildFunnelSteps } from "@/server/services/funeral-funnel-steps";
import { computeServerQuote } from "@/server/services/quote-pricing";
import { fromStoredQuote, toStoredQuote } from "@/server/services/quote-storage";
import { findCommune, type QuoteCommune } from "@/server/services/quote-catalog";
import { consumeRateLimit, perEmailAndIp } from "@/server/services/rate-limit";

/**
 * The funeral funnel (SPEC §7 "Funnels"). The deal exists from the first answer, so
 * nothing the family types is lost; every save recomputes the quote on the server (the
 * authoritative figure), refreshes the deal's automatic steps, and the contact step
 * creates the client, makes them the deal's owner and sends the quote by e-mail.
 *
 * The deal's uuid names it, it opens nothing (issue 21): a family without a session
 * reaches their deal with a resume token (256 random bits, only its hash kept, valid
 * RESUME_TOKEN_DAYS from its last use). Through the token: the answers and the quote,
 * read and write while the deal is a draft, read once the quote is sent. The contact
 * details, the account's e-mail and attaching the deal to an account need the owner's
 * session. Accounts and quote e-mails from the funnel are limited per address and per
 * caller, so the funnel cannot be used to send mail to strangers.
 */

/** Key of the deal setting holding the funnel's state. */
export const FUNNEL_SETTING_KEY = "funnel";
/** The account link of the quote e-mail stays valid this long: families rarely act the same day. */
export const ACCOUNT_LINK_DAYS = 7;
/** A resume token stops working after this many days without use. */
export const RESUME_TOKEN_DAYS = 30;
/** Accounts created and quote e-mails sent by the funnel, per address (a day) and per caller (an hour). */
export const FUNNEL_EMAILS_PER_ADDRESS = 5;
export const FUNNEL_EMAILS_PER_IP = 10;
const DAY_MS = 24 * 3600 * 1000;

interface FunnelSetting {
  answers: QuoteAnswers;
  current_step: FunnelStep | null;
  locale: Locale;
  contact_channel: FunnelContactChannel | null;
  /** ISO instant of the family's consent to be contacted. */
  consent_at: string | null;
  submitted_at: string | null;
}

export interface FunnelContext {
  auth: AuthSession | null;
  /** French site origin (SITE_URL); the links of the e-mail use the family's locale host. */
  siteUrl: string;
  /** API origin for the PDF link, when the API has its own host. */
  apiUrl?: string | undefined;
  mailer: Mailer;
  now?: Date;
  /** Locale of the request's host, used when the body gives none. */
  hostLocale?: Locale;
  /** The resume token the caller sent (header or, for the PDF link, query), if any. */
  resumeToken?: string | null;
  /** The caller's address, for the abuse limits (null when unknown). */
  ip?: string | null;
}

/** How the caller reaches the deal: as its signed-in owner (or reader), or through a resume token only. */
export type FunnelAccess = "account" | "token";

/** The created deal's view carries the resume token, the only time it is ever shown. */
export type CreatedFunnelDeal = FunnelDealView & { resume_token: string };

type Tx = Db;

const LIVE_STATES = ["draft", "quote_sent"];

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** A client with this e-mail, other than the one already holding the deal. */
async function findClientByEmail(db: Db, email: string) {
  const [row] = await db.select().from(clients).where(eq(clients.email, email)).limit(1);
  return row ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function submitProblems(answers: QuoteAnswers, hasClient: boolean): string[] {
  const codes: string[] = [];
  if (!hasClient) codes.push("deal__client__missing");
  if (!answers.disposition) codes.push("deal__disposition__missing");
  return codes;
}

function clientValues(client: FunnelClientInput) {
  return {
    civility: client.civility ?? null,
    firstname: client.firstname,
    lastname: client.lastname,
    phone: client.phone,
    email: client.email,
  };
}

function defunctValues(answers: QuoteAnswers, defunct: FunnelDefunctInput | null | undefined, commune: QuoteCommune | null) {
  const values: Partial<typeof defuncts.$inferInsert> = {
    deathDate: answers.situation === "planning-ahead" ? null : (answers.deathDate ?? null),
    deathCityhallId: answers.placeOfDeath !== "abroad" && commune ? commune.id : null,
  };
  if (defunct !== undefined) {
    values.civility = defunct?.civility ?? null;
    values.firstname = defunct?.firstname || null;
    values.lastname = defunct?.lastname || null;
  }
  return values;
}



function localeOf(input: { locale?: Locale | undefined }, ctx: FunnelContext, fallback?: Locale): Locale {
  return input.locale ?? fallback ?? ctx.hostLocale ?? DEFAULT_LOCALE;
}

/** One account created or one quote e-mail sent: counted per target address and per caller. */
async function limitFunnelEmail(db: Db, email: string, ctx: FunnelContext, now: Date): Promise<void> {
  const decision = await consumeRateLimit(db, {
    bucket: "funnel_email",
    rules: perEmailAndIp(email, ctx.ip ?? null, {
      perEmail: FUNNEL_EMAILS_PER_ADDRESS,
      emailWindowMs: DAY_MS,
      perIp: FUNNEL_EMAILS_PER_IP,
      ipWindowMs: 3600 * 1000,
    }),
    now,
  });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/** 429 rate_limited; the route adds Retry-After. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "rate_limited");
  }
}

function resumeExpiry(now: Date): Date {
  return new Date(now.getTime() + RESUME_TOKEN_DAYS * DAY_MS);
}

/** A new resume token of a deal (for the quote e-mail); the raw value is returned once. */
async function issueResumeToken(db: Db, dealId: number, now: Date): Promise<string> {
  const token = randomSecret(32);
  await db.insert(dealResumeTokens).values({ dealId, tokenHash: sha256(token), expiresAt: resumeExpiry(now), createdAt: now, updatedAt: now });
  return token;
}

/** True when the token opens this deal; each use pushes its expiry back. */
async function acceptResumeToken(db: Db, dealId: number, token: string | null | undefined, now: Date): Promise<boolean> {
  if (!token || token.length < 32 || token.length > 200) return false;
  const used = await db
    .update(dealResumeTokens)
    .set({ expiresAt: resumeExpiry(now), updatedAt: now })
    .where(and(eq(dealResumeTokens.dealId, dealId), eq(dealResumeTokens.tokenHash, sha256(token)), gt(dealResumeTokens.expiresAt, now)))
    .returning({ id: dealResumeTokens.id });
  return used.length > 0;
}

/** The signed-in client holds the deal (owner or reader ability). */
async function holdsDeal(db: Db, dealId: number, ctx: FunnelContext): Promise<boolean> {
  if (ctx.auth?.realm !== "client") return false;
  const [row] = await db
    .select({ id: dealAbilities.id })
    .from(dealAbilities)
    .where(and(eq(dealAbilities.dealId, dealId), eq(dealAbilities.clientId, ctx.auth.userId), inArray(dealAbilities.role, ["owner", "reader"])))
    .limit(1);
  return row !== undefined;
}

/** How the caller may reach this deal, or null (then the deal does not exist for them: 404). */
async function accessTo(db: Db, dealId: number, ctx: FunnelContext, now: Date): Promise<FunnelAccess | null> {
  if (await holdsDeal(db, dealId, ctx)) return "account";
  if (await acceptResumeToken(db, dealId, ctx.resumeToken, now)) return "token";
  return null;
}

/** Same person, same details: the contact step sent again as it was stored. */
function sameContact(owner: typeof clients.$inferSelect, client: FunnelClientInput): boolean {
  const values = clientValues(client);
  return (
    owner.email === values.email &&
    (owner.firstname ?? "") === values.firstname &&
    (owner.lastname ?? "") === values.lastname &&
    (owner.phone ?? null) === (values.phone ?? null) &&
    (owner.civility ?? null) === (values.civility ?? null)
  );
}

/** POST /api/v1/funeral_funnel/deals */
export async function createFunnelDeal(db: Db, input: FunnelCreateInput, ctx: FunnelContext): Promise<CreatedFunnelDeal> {
  const now = ctx.now ?? new Date();
  const answers = input.answers;
  const client = input.client ?? null;
  if (input.submit) {
    const problems = submitProblems(answers, client !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }
  const existing = client ? await findClientByEmail(db, client.email) : null;
  // Only the account holder, signed in, may put a new deal under an address already known.
  if (existing && (ctx.auth?.realm !== "client" || ctx.auth.userId !== existing.id)) throw new ApiError(422, "client__email__taken");
  const existingClientId = existing?.id ?? null;
  if (client && (existingClientId === null || input.submit)) await limitFunnelEmail(db, client.email, ctx, now);
  const { quote, commune } = await computeServerQuote(db, answers, now);
  const locale = localeOf(input, ctx);
  const setting: FunnelSetting = {
    answers,
    current_step: input.current_step ?? null,
    locale,
    contact_channel: client?.contact_channel ?? null,
    consent_at: client ? now.toISOString() : null,
    submitted_at: input.submit ? now.toISOString() : null,
  };

  const resumeToken = randomSecret(32);
  const defunct = defunctValues(answers, input.defunct, commune);
  const tracking = input.tracking?.consent ? input.tracking : null;
  const steps = buildFunnelSteps(answers, quote).map((step) => ({ ...step, scheduledAt: step.scheduledAt?.toISOString() ?? null }));

  // One statement writes the whole deal: atomic without a transaction, and one round trip
  // to the database instead of eight: the funnel's first save must be quick.
  let row: { id: number; uuid: string; created_at: Date | string; updated_at: Date | string; client_id: number | null };
  try {
    [row] = (await queryRows<typeof row>(
      db,
      sql`WITH new_client AS (
          INSERT INTO clients (civility, firstname, lastname, phone, email)
          SELECT ${client?.civility ?? null}, ${client?.firstname ?? null}, ${client?.lastname ?? null}, ${client?.phone ?? null}, ${client?.email ?? null}
          WHERE ${client !== null && existingClientId === null}
          RETURNING id
        ), holder AS (
          SELECT id FROM new_client
          UNION ALL SELECT ${existingClientId}::int WHERE ${existingClientId !== null}
        ), new_defunct AS (
          INSERT INTO defuncts (civility, firstname, lastname, death_date, death_cityhall_id, client_id, demo)
          VALUES (${defunct.civility ?? null}, ${defunct.firstname ?? null}, ${defunct.lastname ?? null}, ${defunct.deathDate ?? null}::date,
                  ${defunct.deathCityhallId ?? null}::int, (SELECT id FROM holder LIMIT 1), ${quote.isDemo})
          RETURNING id
        ), new_deal AS (
          INSERT INTO deals (kind, state, quote, total_cents, defunct_id, demo)
          SELECT 'funeral', ${input.submit ? "quote_sent" : "draft"}, ${JSON.stringify(toStoredQuote(quote))}::jsonb, ${quote.totals.totalTtc}, new_defunct.id, ${quote.isDemo}
          FROM new_defunct
          RETURNING id, uuid, created_at, updated_at
        ), new_setting AS (
          INSERT INTO deal_settings (deal_id, key, value) SELECT id, ${FUNNEL_SETTING_KEY}, ${JSON.stringify(setting)}::jsonb FROM new_deal
        ), new_ability AS (
          INSERT INTO deal_abilities (deal_id, client_id, role) SELECT new_deal.id, holder.id, 'owner' FROM new_deal, holder
        ), new_tracking AS (
          INSERT INTO trackings (deal_id, tracking_type, tracking_id, utm_source, utm_medium, utm_campaign, utm_term, consent, expires_at)
          SELECT id, ${tracking?.tracking_type ?? null}::tracking_type, ${tracking?.tracking_id ?? null}, ${tracking?.utm_source ?? null}, ${tracking?.utm_medium ?? null},
                 ${tracking?.utm_campaign ?? null}, ${tracking?.utm_term ?? null}, true, ${tracking?.expiration_date?.toISOString() ?? null}::timestamptz
          FROM new_deal WHERE ${tracking !== null}
        ), new_steps AS (
          INSERT INTO deal_steps (deal_id, step_type, position, scheduled_at, location_type, location_id, place_kind, mode, transport, comment)
          SELECT new_deal.id, s."stepType"::deal_step_type, s.position, s."scheduledAt", s."locationType"::location_type, s."locationId",
                 s."placeKind"::place_kind, 'auto', s.transport::transport_kind, s.comment
          FROM new_deal, jsonb_to_recordset(${JSON.stringify(steps)}::jsonb)
            AS s("stepType" text, position int, "scheduledAt" timestamptz, "locationType" text, "locationId" int, "placeKind" text, transport text, comment text)
        ), new_resume_token AS (
          INSERT INTO deal_resume_tokens (deal_id, token_hash, expires_at, created_at, updated_at)
          SELECT id, ${sha256(resumeToken)}, ${resumeExpiry(now).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz FROM new_deal
        ), new_jobs AS (
          -- The quote e-mail and the family's reminders commit with the deal (transactional outbox).
          INSERT INTO jobs (kind, payload, run_at, idempotency_key)
          SELECT k.kind, jsonb_build_object('deal_id', new_deal.id, 'submitted_at', ${setting.submitted_at}::text, 'greet_client_id', ${existingClientId}::int), ${now.toISOString()}::timestamptz,
                 k.kind || ':' || new_deal.uuid || ':' || ${setting.submitted_at}::text
          FROM new_deal, (VALUES (${FUNNEL_QUOTE_EMAIL_JOB}), (${SCHEDULE_REMINDERS_JOB})) AS k(kind)
          WHERE ${input.submit === true && client !== null}
        )
        SELECT new_deal.id, new_deal.uuid, new_deal.created_at, new_deal.updated_at, (SELECT id FROM holder LIMIT 1) AS client_id FROM new_deal`,
    )) as [typeof row];
  } catch (error) {
    // Two requests racing for the same new address: the second one finds it taken.
    if (isUniqueViolation(error)) throw new ApiError(422, "client__email__taken");
    throw error;
  }
  const uuid = row.uuid;
  if (input.submit && client) notifyEnqueued();
  const created = view({
    uuid,
    state: input.submit ? "quote_sent" : "draft",
    setting,
    owner: existing ?? (client ? clientValues(client) : null),
    defunct: { civility: defunct.civility ?? null, firstname: defunct.firstname ?? null, lastname: defunct.lastname ?? null, deathDate: defunct.deathDate ?? null },
    quote,
    commune,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
  return { ...created, resume_token: resumeToken };
}

/** Job kinds the funnel's submission enqueues (handled in src/server/jobs/handlers.ts). */
export const FUNNEL_QUOTE_EMAIL_JOB = "funnel.quote_email";
export const SCHEDULE_REMINDERS_JOB = "reminders.schedule";

/** The jobs of one submission, keyed by deal and submission instant: a repeat of the same save enqueues nothing more. */
function submissionJobs(dealId: number, uuid: string, submittedAt: string, greetClientId: number | null) {
  return [FUNNEL_QUOTE_EMAIL_JOB, SCHEDULE_REMINDERS_JOB].map((kind) => ({
    kind,
    // greet_client_id: the signed-in client who asked, whose own name may open the e-mail.
    payload: { deal_id: dealId, submitted_at: submittedAt, greet_client_id: greetClientId },
    idempotencyKey: `${kind}:${uuid}:${submittedAt}`,
  }));
}

/**
 * The quote e-mail job: sends the deal's quote to its owner, with an account link while
 * their account has no password, once per idempotency key (a retried job never mails twice).
 */
export async function deliverFunnelQuoteEmail(
  db: Db,
  dealId: number,
  idempotencyKey: string,
  ctx: Pick<FunnelContext, "siteUrl" | "apiUrl" | "mailer">,
  now: Date,
  greetClientId: number | null = null,
): Promise<"sent" | "already_sent" | "no_recipient"> {
  const [row] = await db.select({ uuid: deals.uuid, quote: deals.quote, setting: dealSettings.value })
    .from(deals)
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, deals.id), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .where(eq(deals.id, dealId))
    .limit(1);
  if (!row) return "no_recipient";
  const holder = await loadOwner(db, dealId);
  if (!holder?.email) return "no_recipient";
  const setting = readSetting(row.setting);
  const locale = setting?.locale ?? DEFAULT_LOCALE;
  const delivery = await sendEmailOnce(db, ctx.mailer, idempotencyKey, async () => {
    const resumeToken = await issueResumeToken(db, dealId, now);
    const passwordUrl = holder.passwordHash === null ? await accountLink(db, holder.id, locale, { ...ctx, auth: null }, now) : null;
    return quoteMessage({
      to: holder.email!,
      // The name in the greeting is the holder's own only when they asked for the quote signed in.
      firstname: greetClientId === holder.id ? holder.firstname : null,
      locale,
      quote: fromStoredQuote(row.quote) as Quote,
      channel: setting?.contact_channel ?? "email",
      uuid: row.uuid,
      resumeToken,
      passwordUrl,
    }, ctx);
  });
  return delivery.status;
}


/** The funnel setting as stored; answers written by an older version are read through today's schema. */
function readSetting(raw: unknown): FunnelSetting | null {
  if (raw === null || raw === undefined) return null;
  const value = raw as Partial<FunnelSetting>;
  const parsed = quoteAnswersSchema.safeParse(value.answers ?? {});
  return {
    answers: parsed.success ? parsed.data : {},
    current_step: value.current_step ?? null,
    locale: isLocale(value.locale) ? value.locale : DEFAULT_LOCALE,
    contact_channel: value.contact_channel ?? null,
    consent_at: value.consent_at ?? null,
    submitted_at: value.submitted_at ?? null,
  };
}

async function loadOwner(db: Db, dealId: number) {
  const [row] = await db
    .select({ client: clients })
    .from(dealAbilities)
    .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
    .where(and(eq(dealAbilities.dealId, dealId), eq(dealAbilities.role, "owner")))
    .limit(1);
  return row?.client ?? null;
}

/** A funnel deal with its setting, owner and defunct, in one query. */
async function loadFunnelRow(db: Db, uuid: string) {
  const [row] = await db
    .select({ deal: deals, setting: dealSettings.value, owner: clients, defunct: defuncts })
    .from(deals)
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, deals.id), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .leftJoin(dealAbilities, and(eq(dealAbilities.dealId, deals.id), eq(dealAbilities.role, "owner")))
    .leftJoin(clients, eq(clients.id, dealAbilities.clientId))
    .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
    .where(and(eq(deals.uuid, uuid), eq(deals.kind, "funeral")))
    .limit(1);
  if (!row) return null;
  return { deal: row.deal, setting: readSetting(row.setting), owner: row.owner, defunct: row.defunct };
}

type OwnerView = { civility: string | null; firstname: string | null; lastname: string | null; phone: string | null; email: string | null };

function view(input: {
  uuid: string;
  state: string;
  setting: FunnelSetting;
  owner: OwnerView | null;
  defunct: { civility: string | null; firstname: string | null; lastname: string | null; deathDate: string | null } | null;
  quote: Quote;
  commune: QuoteCommune | null;
  createdAt: Date;
  updatedAt: Date;
  /** Through a resume token alone: the answers and the quote, not who the family is. */
  access?: FunnelAccess;
}): FunnelDealView {
  const { setting, commune } = input;
  const redacted = input.access === "token";
  const owner = redacted ? null : input.owner;
  const defunct = redacted && input.defunct ? { ...input.defunct, civility: null, firstname: null, lastname: null } : input.defunct;
  return {
    uuid: input.uuid,
    state: input.state,
    answers: setting.answers,
    current_step: setting.current_step,
    locale: setting.locale,
    client: owner
      ? { civility: owner.civility, firstname: owner.firstname, lastname: owner.lastname, phone: owner.phone, email: owner.email, contact_channel: setting.contact_channel }
      : null,
    defunct: defunct ? { civility: defunct.civility, firstname: defunct.firstname, lastname: defunct.lastname, death_date: defunct.deathDate } : null,
    quote: input.quote,
    commune: commune ? { insee_code: commune.inseeCode, name: commune.name, postal_code: commune.postalCode } : null,
    submitted_at: setting.submitted_at ? seconds(new Date(setting.submitted_at)) : null,
    created_at: seconds(input.createdAt),
    updated_at: seconds(input.updatedAt),
  };
}

/** PUT /api/v1/funeral_funnel/deals/{uuid} */
export async function updateFunnelDeal(db: Db, uuid: string, input: FunnelUpdateInput, ctx: FunnelContext): Promise<FunnelDealView> {
  const now = ctx.now ?? new Date();
  const loaded = await loadFunnelRow(db, uuid);
  if (!loaded) throw new ApiError(404, "not_found");
  const { deal, owner } = loaded;
  const access = await accessTo(db, deal.id, ctx, now);
  if (!access) throw new ApiError(404, "not_found");
  const previous = loaded.setting;
  // Once an advisor has taken the case on, changes go through them.
  if (!LIVE_STATES.includes(deal.state)) throw new ApiError(422, "deal__locked");
  // The link alone writes only a draft: a sent quote is changed by its signed-in owner.
  if (access === "token" && deal.state !== "draft") throw new ApiError(422, "deal__sign_in_required");
  const client = input.client ?? null;
  const answers = input.answers;
  const signedInClientId = ctx.auth?.realm === "client" ? ctx.auth.userId : null;

  let clientAction: { kind: "none" } | { kind: "create" } | { kind: "attach"; row: typeof clients.$inferSelect } | { kind: "update"; id: number } = { kind: "none" };
  if (client) {
    if (owner && signedInClientId === owner.id) {
      // The signed-in owner changes their own details; another account's address stays theirs.
      const existing = owner.email === client.email ? null : await findClientByEmail(db, client.email);
      if (existing) throw new ApiError(422, "client__email__taken");
      clientAction = { kind: "update", id: owner.id };
    } else if (owner) {
      // Someone else's deal: the link never changes who the family is, nor hands the deal to another account.
      if (signedInClientId !== null && client.email === ctx.auth?.email.toLowerCase()) throw new ApiError(422, "deal__client__locked");
      if (!sameContact(owner, client)) throw new ApiError(422, "deal__client__sign_in_required");
    } else {
      const existing = await findClientByEmail(db, client.email);
      if (existing && signedInClientId !== existing.id) throw new ApiError(422, "client__email__taken");
      clientAction = existing ? { kind: "attach", row: existing } : { kind: "create" };
    }
  }
  if (input.submit) {
    const problems = submitProblems(answers, client !== null || owner !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }

  const submitting = input.submit === true;
  if (clientAction.kind === "create" && client) await limitFunnelEmail(db, client.email, ctx, now);
  else if (submitting) {
    const target = clientAction.kind === "attach" ? clientAction.row.email : (client?.email ?? owner?.email);
    if (target) await limitFunnelEmail(db, target, ctx, now);
  }
  const { quote, commune } = await computeServerQuote(db, answers, now);
  const locale = localeOf(input, ctx, previous?.locale);
  const state = submitting ? "quote_sent" : deal.state;
  const setting: FunnelSetting = {
    answers,
    current_step: input.current_step ?? previous?.current_step ?? null,
    locale,
    contact_channel: client?.contact_channel ?? previous?.contact_channel ?? null,
    consent_at: client ? now.toISOString() : (previous?.consent_at ?? null),
    submitted_at: submitting ? now.toISOString() : (previous?.submitted_at ?? null),
  };
  const defunctChange = defunctValues(answers, input.defunct, commune);
  const steps = buildFunnelSteps(answers, quote).map((step) => ({ ...step, scheduledAt: step.scheduledAt?.toISOString() ?? null }));

  let ownerView: OwnerView | null = owner;
  let ownerClientId = owner?.id ?? null;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Tx;
      if (client && clientAction.kind === "create") {
        const [created] = await tx.insert(clients).values(clientValues(client)).returning({ id: clients.id });
        ownerClientId = created!.id;
        ownerView = clientValues(client);
        await tx.insert(dealAbilities).values({ dealId: deal.id, clientId: ownerClientId, role: "owner" });
      } else if (client && clientAction.kind === "update") {
        await tx.update(clients).set(clientValues(client)).where(eq(clients.id, clientAction.id));
        ownerView = clientValues(client);
      } else if (clientAction.kind === "attach") {
        // The signed-in account holder takes an ownerless draft (never a deal someone owns).
        await tx
          .insert(dealAbilities)
          .values({ dealId: deal.id, clientId: clientAction.row.id, role: "owner" })
          .onConflictDoUpdate({ target: [dealAbilities.dealId, dealAbilities.clientId], set: { role: "owner", updatedAt: now } });
        ownerClientId = clientAction.row.id;
        ownerView = clientAction.row;
      }
      // The answers themselves: one statement for the defunct, the deal, its setting and its automatic steps.
      const named = input.defunct !== undefined;
      await tx.execute(sql`WITH upd_defunct AS (
          UPDATE defuncts SET
            death_date = ${defunctChange.deathDate ?? null}::date,
            death_cityhall_id = ${defunctChange.deathCityhallId ?? null}::int,
            civility = CASE WHEN ${named} THEN ${defunctChange.civility ?? null} ELSE civility END,
            firstname = CASE WHEN ${named} THEN ${defunctChange.firstname ?? null} ELSE firstname END,
            lastname = CASE WHEN ${named} THEN ${defunctChange.lastname ?? null} ELSE lastname END,
            client_id = ${ownerClientId}::int,
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${deal.defunctId}::int
        ), upd_deal AS (
          UPDATE deals SET state = ${state}, quote = ${JSON.stringify(toStoredQuote(quote))}::jsonb, total_cents = ${quote.totals.totalTtc},
            demo = ${quote.isDemo}, updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${deal.id}
        ), upd_setting AS (
          INSERT INTO deal_settings (deal_id, key, value) VALUES (${deal.id}, ${FUNNEL_SETTING_KEY}, ${JSON.stringify(setting)}::jsonb)
          ON CONFLICT (deal_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = ${now.toISOString()}::timestamptz
        ), old_steps AS (
          -- An advisor's own steps (manual) stay; the funnel's (auto) are derived again.
          DELETE FROM deal_steps WHERE deal_id = ${deal.id} AND mode = 'auto'
        )
        INSERT INTO deal_steps (deal_id, step_type, position, scheduled_at, location_type, location_id, place_kind, mode, transport, comment)
        SELECT ${deal.id}, s."stepType"::deal_step_type, s.position, s."scheduledAt", s."locationType"::location_type, s."locationId",
               s."placeKind"::place_kind, 'auto', s.transport::transport_kind, s.comment
        FROM jsonb_to_recordset(${JSON.stringify(steps)}::jsonb)
          AS s("stepType" text, position int, "scheduledAt" timestamptz, "locationType" text, "locationId" int, "placeKind" text, transport text, comment text)`);
      // The quote e-mail commits with the submission (transactional outbox).
      if (submitting && ownerClientId !== null) await enqueue(tx, submissionJobs(deal.id, deal.uuid, setting.submitted_at!, signedInClientId), now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(422, "client__email__taken");
    throw error;
  }

  if (submitting && ownerClientId !== null) notifyEnqueued();
  const previousDefunct = loaded.defunct;
  const named = input.defunct !== undefined;
  return view({
    uuid: deal.uuid,
    state,
    setting,
    owner: ownerView,
    defunct:
      deal.defunctId === null
        ? null
        : {
            civility: named ? (defunctChange.civility ?? null) : (previousDefunct?.civility ?? null),
            firstname: named ? (defunctChange.firstname ?? null) : (previousDefunct?.firstname ?? null),
            lastname: named ? (defunctChange.lastname ?? null) : (previousDefunct?.lastname ?? null),
            deathDate: defunctChange.deathDate ?? null,
          },
    quote,
    commune,
    createdAt: deal.createdAt,
    updatedAt: now,
    // The caller who just took the deal under their account sees it as theirs.
    access: access === "token" && clientAction.kind !== "create" && clientAction.kind !== "attach" ? "token" : "account",
  });
}

/** GET /api/v1/funeral_funnel/deals/{uuid}: what the funnel needs to resume. */
export async function getFunnelDeal(db: Db, uuid: string, ctx: Pick<FunnelContext, "auth" | "resumeToken" | "now">): Promise<FunnelDealView | null> {
  const loaded = await loadFunnelRow(db, uuid);
  if (!loaded) return null;
  const access = await accessTo(db, loaded.deal.id, ctx as FunnelContext, ctx.now ?? new Date());
  if (!access) return null;
  const setting = loaded.setting ?? { answers: {}, current_step: null, locale: DEFAULT_LOCALE, contact_channel: null, consent_at: null, submitted_at: null };
  const insee = setting.answers.deathCommuneInsee;
  return view({
    uuid: loaded.deal.uuid,
    state: loaded.deal.state,
    setting,
    owner: loaded.owner,
    defunct: loaded.defunct,
    quote: fromStoredQuote(loaded.deal.quote) as Quote,
    commune: insee ? await findCommune(db, insee) : null,
    createdAt: loaded.deal.createdAt,
    updatedAt: loaded.deal.updatedAt,
    access,
  });
}

/** Links of the e-mail, on the host of the family's language. */
/**
 * Links of the e-mail, on the host of the family's language. The resume token rides in
 * the fragment of page links (never sent to a server, nor in a Referer; the page reads
 * it and removes it from the address); the PDF, opened outside the site, takes it as a
 * query parameter of the API.
 */
export function funnelLinks(uuid: string, resumeToken: string, locale: Locale, ctx: Pick<FunnelContext, "siteUrl" | "apiUrl">) {
  const origin = originForLocale(ctx.siteUrl, locale);
  const apiOrigin = ctx.apiUrl ?? origin;
  const fragment = new URLSearchParams({ devis: uuid, cle: resumeToken }).toString();
  return {
    resume: `${origin}${paths.funnelStart()}#${fragment}`,
    pdf: `${apiOrigin}/api/v1/funeral_funnel/deals/${encodeURIComponent(uuid)}/quote.pdf?${new URLSearchParams({ token: resumeToken }).toString()}`,
    confirmation: `${origin}${paths.funeralQuoteConfirmation()}#${fragment}`,
  };
}

/**
 * A link to choose the password of the account created with the deal: a reset token of
 * the auth service (single use, stored hashed), valid longer than a forgotten-password
 * link because the family reads this e-mail when they can.
 */
async function accountLink(db: Db, clientId: number, locale: Locale, ctx: FunnelContext, now: Date): Promise<string> {
  const origin = originForLocale(ctx.siteUrl, locale);
  const redirectUrl = `${origin}${authPaths.resetPassword()}`;
  const token = randomSecret(32);
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.realm, "client"), eq(passwordResetTokens.userId, clientId)));
  await db.insert(passwordResetTokens).values({
    realm: "client",
    userId: clientId,
    tokenHash: sha256(token),
    redirectUrl,
    expiresAt: new Date(now.getTime() + ACCOUNT_LINK_DAYS * 24 * 3600 * 1000),
    createdAt: now,
  });
  return accountLinkUrl(token, redirectUrl, locale, ctx);
}

/** The auth service's e-mail link (…/password/edit), which opens the reset page with the token. */
function accountLinkUrl(token: string, redirectUrl: string, locale: Locale, ctx: Pick<FunnelContext, "siteUrl" | "apiUrl">): string {
  const query = new URLSearchParams({ reset_password_token: token, redirect_url: redirectUrl, config: "default" });
  return `${ctx.apiUrl ?? originForLocale(ctx.siteUrl, locale)}/api/v1/auth/password/edit?${query.toString()}`;
}

async function quoteMessage(
  input: { to: string; firstname: string | null; locale: Locale; quote: Quote; channel: FunnelContactChannel; uuid: string; resumeToken: string; passwordUrl: string | null },
  ctx: Pick<FunnelContext, "siteUrl" | "apiUrl">,
): Promise<MailMessage> {
  const links = funnelLinks(input.uuid, input.resumeToken, input.locale, ctx);
  return quoteEmail({
      to: input.to,
      firstname: input.firstname,
      locale: input.locale,
      quote: input.quote,
      contactChannel: input.channel,
      pdfUrl: links.pdf,
      resumeUrl: links.resume,
    passwordUrl: input.passwordUrl,
    passwordDays: ACCOUNT_LINK_DAYS,
  });
}
