import { and, eq, sql } from "drizzle-orm";
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
import { passwordResetTokens } from "@/server/db/schema/auth";
import { dealAbilities, dealSettings, dealSteps, deals } from "@/server/db/schema/deals";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import type { AuthSession } from "@/server/services/auth-tokens";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import { quoteEmail } from "@/server/services/funeral-funnel-email";
import { buildFunnelSteps } from "@/server/services/funeral-funnel-steps";
import { computeServerQuote } from "@/server/services/quote-pricing";
import { findCommune, type QuoteCommune } from "@/server/services/quote-catalog";

/**
 * The funeral funnel (SPEC §7 "Funnels"). The deal exists from the first answer, so
 * nothing the family types is lost; every save recomputes the quote on the server (the
 * authoritative figure), refreshes the deal's automatic steps, and the contact step
 * creates the client, makes them the deal's owner and sends the quote by e-mail.
 *
 * The deal's uuid is the family's key to it (128 random bits, sent only to them): the
 * funnel reads and writes by uuid without an account.
 */

/** Key of the deal setting holding the funnel's state. */
export const FUNNEL_SETTING_KEY = "funnel";
/** The account link of the quote e-mail stays valid this long: families rarely act the same day. */
export const ACCOUNT_LINK_DAYS = 7;

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
}

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

async function replaceAutoSteps(tx: Tx, dealId: number, answers: QuoteAnswers, quote: Quote): Promise<void> {
  // An advisor's own steps (manual) stay; the funnel's (auto) are derived again.
  await tx.delete(dealSteps).where(and(eq(dealSteps.dealId, dealId), eq(dealSteps.mode, "auto")));
  const rows = buildFunnelSteps(answers, quote);
  if (rows.length > 0) await tx.insert(dealSteps).values(rows.map((row) => ({ ...row, dealId, mode: "auto" as const })));
}

async function writeSetting(tx: Tx, dealId: number, setting: FunnelSetting): Promise<void> {
  await tx
    .insert(dealSettings)
    .values({ dealId, key: FUNNEL_SETTING_KEY, value: setting })
    .onConflictDoUpdate({ target: [dealSettings.dealId, dealSettings.key], set: { value: setting, updatedAt: new Date() } });
}

function localeOf(input: { locale?: Locale | undefined }, ctx: FunnelContext, fallback?: Locale): Locale {
  return input.locale ?? fallback ?? ctx.hostLocale ?? DEFAULT_LOCALE;
}

/** POST /api/v1/funeral_funnel/deals */
export async function createFunnelDeal(db: Db, input: FunnelCreateInput, ctx: FunnelContext): Promise<FunnelDealView> {
  const now = ctx.now ?? new Date();
  const answers = input.answers;
  const client = input.client ?? null;
  if (input.submit) {
    const problems = submitProblems(answers, client !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }
  let existingClientId: number | null = null;
  if (client) {
    const existing = await findClientByEmail(db, client.email);
    if (existing) {
      // Only the account holder, signed in, may put a new deal under that address.
      if (ctx.auth?.realm !== "client" || ctx.auth.userId !== existing.id) throw new ApiError(422, "client__email__taken");
      existingClientId = existing.id;
    }
  }
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

  const existing = existingClientId === null ? null : await db.select().from(clients).where(eq(clients.id, existingClientId)).limit(1).then((rows) => rows[0] ?? null);
  // A new account gets a link to choose its password in the quote e-mail.
  const token = input.submit && client && existingClientId === null ? randomSecret(32) : null;
  const redirectUrl = `${originForLocale(ctx.siteUrl, locale)}${authPaths.resetPassword()}`;
  const defunct = defunctValues(answers, input.defunct, commune);
  const tracking = input.tracking?.consent ? input.tracking : null;
  const steps = buildFunnelSteps(answers, quote).map((step) => ({ ...step, scheduledAt: step.scheduledAt?.toISOString() ?? null }));

  // One statement writes the whole deal: atomic without a transaction, and one round trip
  // to the database instead of eight (the funnel's first save must be quick).
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
          SELECT 'funeral', ${input.submit ? "quote_sent" : "draft"}, ${JSON.stringify(quote)}::jsonb, ${quote.totals.totalTtc}, new_defunct.id, ${quote.isDemo}
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
        ), new_token AS (
          INSERT INTO password_reset_tokens (realm, user_id, token_hash, redirect_url, expires_at)
          SELECT 'client', id, ${token ? sha256(token) : ""}, ${redirectUrl}, ${new Date(now.getTime() + ACCOUNT_LINK_DAYS * 24 * 3600 * 1000).toISOString()}::timestamptz
          FROM new_client WHERE ${token !== null}
        )
        SELECT new_deal.id, new_deal.uuid, new_deal.created_at, new_deal.updated_at, (SELECT id FROM holder LIMIT 1) AS client_id FROM new_deal`,
    )) as [typeof row];
  } catch (error) {
    // Two requests racing for the same new address: the second one finds it taken.
    if (isUniqueViolation(error)) throw new ApiError(422, "client__email__taken");
    throw error;
  }
  const uuid = row.uuid;
  if (input.submit && client) {
    const holder = existing ?? { email: client.email, firstname: client.firstname };
    const passwordUrl = token ? accountLinkUrl(token, redirectUrl, locale, ctx) : existing?.passwordHash === null ? await accountLink(db, existing.id, locale, ctx, now) : null;
    await sendQuoteEmail({ to: holder.email ?? client.email, firstname: holder.firstname, locale, quote, channel: client.contact_channel, uuid, passwordUrl }, ctx);
  }
  const owner = existing ?? (client ? { ...clientValues(client), civility: client.civility ?? null } : null);
  return {
    uuid,
    state: input.submit ? "quote_sent" : "draft",
    answers,
    current_step: setting.current_step,
    locale: setting.locale,
    client: owner
      ? { civility: owner.civility, firstname: owner.firstname, lastname: owner.lastname, phone: owner.phone, email: owner.email, contact_channel: setting.contact_channel }
      : null,
    defunct: { civility: defunct.civility ?? null, firstname: defunct.firstname ?? null, lastname: defunct.lastname ?? null, death_date: defunct.deathDate ?? null },
    quote,
    commune: commune ? { insee_code: commune.inseeCode, name: commune.name, postal_code: commune.postalCode } : null,
    submitted_at: input.submit ? seconds(now) : null,
    created_at: seconds(new Date(row.created_at)),
    updated_at: seconds(new Date(row.updated_at)),
  };
}

/** Sends the quote to the deal's owner, with an account link while their account has no password. */
async function emailQuoteToOwner(
  db: Db,
  dealId: number,
  uuid: string,
  input: { locale: Locale; quote: Quote; channel: FunnelContactChannel },
  ctx: FunnelContext,
  now: Date,
): Promise<void> {
  const holder = await loadOwner(db, dealId);
  if (!holder?.email) return;
  const passwordUrl = holder.passwordHash === null ? await accountLink(db, holder.id, input.locale, ctx, now) : null;
  await sendQuoteEmail({ to: holder.email, firstname: holder.firstname, locale: input.locale, quote: input.quote, channel: input.channel, uuid, passwordUrl }, ctx);
}

async function loadDeal(db: Db, uuid: string) {
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.uuid, uuid), eq(deals.kind, "funeral")))
    .limit(1);
  return deal ?? null;
}

async function loadSetting(db: Db, dealId: number): Promise<FunnelSetting | null> {
  const [row] = await db
    .select({ value: dealSettings.value })
    .from(dealSettings)
    .where(and(eq(dealSettings.dealId, dealId), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .limit(1);
  if (!row) return null;
  const value = row.value as Partial<FunnelSetting>;
  // Answers written by an older version are read through today's schema: what no longer parses is dropped.
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

/** PUT /api/v1/funeral_funnel/deals/{uuid} */
export async function updateFunnelDeal(db: Db, uuid: string, input: FunnelUpdateInput, ctx: FunnelContext): Promise<FunnelDealView> {
  const now = ctx.now ?? new Date();
  const deal = await loadDeal(db, uuid);
  if (!deal) throw new ApiError(404, "not_found");
  // Once an advisor has taken the case on, changes go through them.
  if (!LIVE_STATES.includes(deal.state)) throw new ApiError(422, "deal__locked");
  const previous = await loadSetting(db, deal.id);
  const owner = await loadOwner(db, deal.id);
  const client = input.client ?? null;
  const answers = input.answers;
  const signedInClientId = ctx.auth?.realm === "client" ? ctx.auth.userId : null;

  let clientAction: { kind: "none" } | { kind: "create" } | { kind: "attach"; id: number } | { kind: "update"; id: number } = { kind: "none" };
  if (client) {
    if (owner && owner.email === client.email) {
      // The account holder's details change only while no password protects them, or when signed in.
      clientAction = owner.passwordHash === null || signedInClientId === owner.id ? { kind: "update", id: owner.id } : { kind: "none" };
    } else {
      const existing = await findClientByEmail(db, client.email);
      if (existing && signedInClientId !== existing.id) throw new ApiError(422, "client__email__taken");
      if (owner && owner.passwordHash !== null && signedInClientId !== owner.id) throw new ApiError(422, "deal__client__locked");
      if (existing) clientAction = { kind: "attach", id: existing.id };
      else if (owner) clientAction = { kind: "update", id: owner.id };
      else clientAction = { kind: "create" };
    }
  }
  if (input.submit) {
    const problems = submitProblems(answers, client !== null || owner !== null);
    if (problems.length > 0) throw new ApiError(422, problems);
  }

  const { quote, commune } = await computeServerQuote(db, answers, now);
  const locale = localeOf(input, ctx, previous?.locale);
  const submitting = input.submit === true;
  const setting: FunnelSetting = {
    answers,
    current_step: input.current_step ?? previous?.current_step ?? null,
    locale,
    contact_channel: client?.contact_channel ?? previous?.contact_channel ?? null,
    consent_at: client ? now.toISOString() : (previous?.consent_at ?? null),
    submitted_at: submitting ? now.toISOString() : (previous?.submitted_at ?? null),
  };

  let ownerClientId = owner?.id ?? null;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Tx;
      if (client && clientAction.kind === "create") {
        const [created] = await tx.insert(clients).values(clientValues(client)).returning({ id: clients.id });
        ownerClientId = created!.id;
        await tx.insert(dealAbilities).values({ dealId: deal.id, clientId: ownerClientId, role: "owner" });
      } else if (client && clientAction.kind === "update") {
        await tx.update(clients).set(clientValues(client)).where(eq(clients.id, clientAction.id));
      } else if (clientAction.kind === "attach") {
        // The signed-in account holder takes the deal; a placeholder owner keeps a reader's access.
        if (owner && owner.id !== clientAction.id) {
          await tx.update(dealAbilities).set({ role: "reader" }).where(and(eq(dealAbilities.dealId, deal.id), eq(dealAbilities.clientId, owner.id)));
        }
        await tx
          .insert(dealAbilities)
          .values({ dealId: deal.id, clientId: clientAction.id, role: "owner" })
          .onConflictDoUpdate({ target: [dealAbilities.dealId, dealAbilities.clientId], set: { role: "owner", updatedAt: now } });
        ownerClientId = clientAction.id;
      }
      if (deal.defunctId !== null) {
        await tx
          .update(defuncts)
          .set({ ...defunctValues(answers, input.defunct, commune), clientId: ownerClientId })
          .where(eq(defuncts.id, deal.defunctId));
      }
      await tx
        .update(deals)
        .set({
          state: submitting ? "quote_sent" : deal.state,
          quote: quote as unknown as Record<string, unknown>,
          totalCents: quote.totals.totalTtc,
          demo: quote.isDemo,
          updatedAt: now,
        })
        .where(eq(deals.id, deal.id));
      await writeSetting(tx, deal.id, setting);
      await replaceAutoSteps(tx, deal.id, answers, quote);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(422, "client__email__taken");
    throw error;
  }

  if (submitting && ownerClientId !== null) {
    await emailQuoteToOwner(db, deal.id, deal.uuid, { locale, quote, channel: setting.contact_channel ?? "email" }, ctx, now);
  }
  return (await getFunnelDeal(db, deal.uuid))!;
}

/** GET /api/v1/funeral_funnel/deals/{uuid}: what the funnel needs to resume. */
export async function getFunnelDeal(db: Db, uuid: string): Promise<FunnelDealView | null> {
  const deal = await loadDeal(db, uuid);
  if (!deal) return null;
  const [setting, owner, defunct] = await Promise.all([
    loadSetting(db, deal.id),
    loadOwner(db, deal.id),
    deal.defunctId === null ? Promise.resolve(null) : db.select().from(defuncts).where(eq(defuncts.id, deal.defunctId)).limit(1).then((rows) => rows[0] ?? null),
  ]);
  const answers = setting?.answers ?? {};
  const quote = deal.quote as unknown as Quote;
  let commune: FunnelDealView["commune"] = null;
  if (answers.deathCommuneInsee) {
    const found = await findCommune(db, answers.deathCommuneInsee);
    if (found) commune = { insee_code: found.inseeCode, name: found.name, postal_code: found.postalCode };
  }
  return {
    uuid: deal.uuid,
    state: deal.state,
    answers,
    current_step: setting?.current_step ?? null,
    locale: setting?.locale ?? null,
    client: owner
      ? {
          civility: owner.civility,
          firstname: owner.firstname,
          lastname: owner.lastname,
          phone: owner.phone,
          email: owner.email,
          contact_channel: setting?.contact_channel ?? null,
        }
      : null,
    defunct: defunct ? { civility: defunct.civility, firstname: defunct.firstname, lastname: defunct.lastname, death_date: defunct.deathDate } : null,
    quote,
    commune,
    submitted_at: setting?.submitted_at ? seconds(new Date(setting.submitted_at)) : null,
    created_at: seconds(deal.createdAt),
    updated_at: seconds(deal.updatedAt),
  };
}

/** Links of the e-mail, on the host of the family's language. */
export function funnelLinks(uuid: string, locale: Locale, ctx: Pick<FunnelContext, "siteUrl" | "apiUrl">) {
  const origin = originForLocale(ctx.siteUrl, locale);
  const apiOrigin = ctx.apiUrl ?? origin;
  return {
    resume: `${origin}${paths.funnelStart()}?devis=${encodeURIComponent(uuid)}`,
    pdf: `${apiOrigin}/api/v1/funeral_funnel/deals/${encodeURIComponent(uuid)}/quote.pdf`,
    confirmation: `${origin}${paths.funeralQuoteConfirmation()}?devis=${encodeURIComponent(uuid)}`,
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

async function sendQuoteEmail(
  input: { to: string; firstname: string | null; locale: Locale; quote: Quote; channel: FunnelContactChannel; uuid: string; passwordUrl: string | null },
  ctx: FunnelContext,
): Promise<void> {
  const links = funnelLinks(input.uuid, input.locale, ctx);
  try {
    const message = await quoteEmail({
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
    await ctx.mailer.send(message);
  } catch (error) {
    // The deal is stored and the quote is on screen: a mail failure must not lose it.
    console.error("[funeral-funnel] quote e-mail not sent:", error instanceof Error ? error.message : error);
  }
}
