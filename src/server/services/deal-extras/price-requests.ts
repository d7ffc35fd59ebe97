import { and, asc, desc, eq, inArray, ne, or } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { escapeHtml } from "@/domain/escape-html";
import { DEFAULT_LOCALE } from "@/domain/locales";
import { formatMoney } from "@/domain/quote/money";
import { ROLES } from "@/domain/roles";
import type { BookingTransactionView } from "@/domain/schemas/booking-transaction";
import { PRICE_REQUEST_VALIDITY_DAYS, type PriceRequestAnswer, type PriceRequestCreate, type PriceRequestStatus, type PriceRequestView, type PublicPriceRequest } from "@/domain/schemas/deal-extras";
import { epochSeconds } from "@/domain/time";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { bookingTransactions, supplierPriceRequests } from "@/server/db/schema/deals";
import { suppliers, supplierWarehouses } from "@/server/db/schema/suppliers";
import { ApiError, notFoundError, RateLimitedError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { enqueue } from "@/server/jobs/queue";
import { PermanentJobError } from "@/server/jobs/worker";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import type { AuthSession } from "@/server/services/auth-tokens";
import { bookingView } from "@/server/services/deals/booking-transactions";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { directoryCaller } from "@/server/services/directory/caller";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { notify } from "@/server/services/notifications/notify";
import { consumeRateLimit } from "@/server/services/rate-limit";

/**
 * Prices asked of suppliers for a deal (POST/GET /api/v1/deals/{id}/suppliers/price_requests):
 * a marble mason, a florist, a carrier. The supplier reads what, when and where — never the
 * family's names — through an unguessable link e-mailed to them (256 bits, only its SHA-256
 * kept, made when the mail is built), answers a price and a delay or declines; the advisor
 * accepts one answer, which books it (a booking transaction) and closes the deal's other
 * open requests for the same job. Roles 0-2 ("manage"); a partner pro never sees suppliers' prices.
 */

/** Job: the request e-mail to the supplier (PriceRequestMail messages). */
export const PRICE_REQUEST_EMAIL_JOB = "deals.price_request_email";

/** Answer-link calls (read or answer) per caller address per 15 minutes. */
export const PRICE_REQUEST_LOOKUPS_PER_IP = 30;
const LOOKUP_WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

type Row = typeof supplierPriceRequests.$inferSelect;
type SupplierSummary = { id: number; name: string; city: string | null; demo: boolean };

function view(row: Row, supplier: SupplierSummary): PriceRequestView {
  return {
    id: row.id,
    deal_id: row.dealId,
    supplier,
    job: row.job,
    needed_on: row.neededOn,
    place: row.place,
    status: row.status as PriceRequestStatus,
    price_cents: row.priceCents,
    delay_days: row.delayDays,
    supplier_comment: row.supplierComment,
    answered_at: row.answeredAt ? epochSeconds(row.answeredAt) : null,
    booking_transaction_id: row.bookingTransactionId,
    expires_at: epochSeconds(row.expiresAt),
    created_at: epochSeconds(row.createdAt),
  };
}

const supplierColumns = { id: suppliers.id, name: suppliers.name, city: suppliers.city, demo: suppliers.demo };

async function viewsWhere(db: Db, where: ReturnType<typeof eq>): Promise<PriceRequestView[]> {
  const rows = await db.select({ row: supplierPriceRequests, supplier: supplierColumns }).from(supplierPriceRequests).innerJoin(suppliers, eq(suppliers.id, supplierPriceRequests.supplierId)).where(where).orderBy(desc(supplierPriceRequests.createdAt), desc(supplierPriceRequests.id));
  return rows.map(({ row, supplier }) => view(row, supplier));
}

export async function listDealPriceRequests(db: Db, auth: AuthSession, dealId: number): Promise<PriceRequestView[]> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "manage");
  return viewsWhere(db, eq(supplierPriceRequests.dealId, deal.id));
}

/**
 * One request per supplier named, each e-mailed by its own job. 422 price_request__supplier_ids__unknown
 * for a supplier that does not exist, price_request__supplier__no_email for one without an address.
 */
export async function createPriceRequests(db: Db, auth: AuthSession, dealId: number, input: PriceRequestCreate, now: Date): Promise<PriceRequestView[]> {
  return db.transaction(async (tx) => {
    const { deal, userId } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    const ids = [...new Set(input.supplier_ids)];
    const found = await tx.select({ ...supplierColumns, email: suppliers.email }).from(suppliers).where(inArray(suppliers.id, ids));
    if (found.length !== ids.length) throw new ApiError(422, "price_request__supplier_ids__unknown");
    if (found.some((s) => !s.email)) throw new ApiError(422, "price_request__supplier__no_email");
    const expiresAt = new Date(now.getTime() + PRICE_REQUEST_VALIDITY_DAYS * DAY_MS);
    const created: PriceRequestView[] = [];
    for (const supplier of found) {
      // The real link is made when the mail is built; until then the row holds a hash nobody has the secret of.
      const [row] = await tx
        .insert(supplierPriceRequests)
        .values({ dealId: deal.id, supplierId: supplier.id, requestedById: userId, job: input.job, neededOn: input.needed_on ?? null, place: input.place || null, tokenHash: sha256(randomSecret(32)), expiresAt, createdAt: now, updatedAt: now })
        .returning();
      await enqueue(tx, { kind: PRICE_REQUEST_EMAIL_JOB, payload: { price_request_id: row!.id }, idempotencyKey: `${PRICE_REQUEST_EMAIL_JOB}:${row!.id}` }, now);
      created.push(view(row!, { id: supplier.id, name: supplier.name, city: supplier.city, demo: supplier.demo }));
    }
    return created;
  });
}

/**
 * The advisor takes an answered price: the request becomes accepted, a booking transaction
 * records it on the deal (confirmed later through PUT …/booking_transactions/{id}), and the
 * deal's other requests still open are closed. 422 price_request__not_answered otherwise.
 */
export async function acceptPriceRequest(db: Db, auth: AuthSession, dealId: number, requestId: number, now: Date): Promise<{ price_request: PriceRequestView; booking_transaction: BookingTransactionView }> {
  return db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    const [row] = await tx.select().from(supplierPriceRequests).where(and(eq(supplierPriceRequests.id, requestId), eq(supplierPriceRequests.dealId, deal.id))).for("update");
    if (!row) throw notFoundError();
    if (row.status !== "answered") throw new ApiError(422, "price_request__not_answered");
    const [booking] = await tx.insert(bookingTransactions).values({ dealId: deal.id, partnerType: null, partnerId: null, status: null, comment: null, createdAt: now, updatedAt: now }).returning();
    const [accepted] = await tx.update(supplierPriceRequests).set({ status: "accepted", decidedAt: now, bookingTransactionId: booking!.id, updatedAt: now }).where(eq(supplierPriceRequests.id, row.id)).returning();
    await tx
      .update(supplierPriceRequests)
      .set({ status: "closed", decidedAt: now, updatedAt: now })
      .where(and(eq(supplierPriceRequests.dealId, deal.id), ne(supplierPriceRequests.id, row.id), or(eq(supplierPriceRequests.status, "sent"), eq(supplierPriceRequests.status, "answered"))));
    const [supplier] = await tx.select(supplierColumns).from(suppliers).where(eq(suppliers.id, row.supplierId));
    return { price_request: view(accepted!, supplier!), booking_transaction: bookingView(booking!) };
  });
}

/** GET /api/v1/suppliers/{id}/price_requests: every request made to this supplier (after requireSupplierDesk). */
export async function listSupplierPriceRequests(db: Db, supplierId: number): Promise<PriceRequestView[]> {
  await requireSupplier(db, supplierId);
  return viewsWhere(db, eq(supplierPriceRequests.supplierId, supplierId));
}

/** GET /api/v1/suppliers/{id}/booking_transactions: bookings at its warehouses, or made from its accepted prices. */
export async function listSupplierBookings(db: Db, supplierId: number): Promise<BookingTransactionView[]> {
  await requireSupplier(db, supplierId);
  const warehouses = db.select({ id: supplierWarehouses.id }).from(supplierWarehouses).where(eq(supplierWarehouses.supplierId, supplierId));
  const fromPrices = db.select({ id: supplierPriceRequests.bookingTransactionId }).from(supplierPriceRequests).where(eq(supplierPriceRequests.supplierId, supplierId));
  const rows = await db
    .select()
    .from(bookingTransactions)
    .where(or(and(eq(bookingTransactions.partnerType, "SupplierWarehouse"), inArray(bookingTransactions.partnerId, warehouses)), inArray(bookingTransactions.id, fromPrices)))
    .orderBy(asc(bookingTransactions.id));
  return rows.map(bookingView);
}

/**
 * The supplier side is the staff's (roles 0-2) and, for its own supplier only, a pro's whose
 * account belongs to that supplier (business_users.organisation_type "suppliers", as the
 * directory reads it); any other supplier is 404 to a pro, so none is known to exist.
 */
export async function requireSupplierDesk(db: Db, auth: AuthSession, supplierId: number): Promise<void> {
  if (auth.role !== ROLES.PRO) return;
  const { organisation } = await directoryCaller(db, auth);
  if (organisation?.type !== "suppliers" || organisation.id !== supplierId) throw notFoundError();
}

async function requireSupplier(db: Db, supplierId: number): Promise<void> {
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId)).limit(1);
  if (!row) throw notFoundError();
}

/** The caller's address may try the answer links a bounded number of times (429 with Retry-After). */
export async function limitPriceRequestLookup(db: Db, ip: string, now: Date): Promise<void> {
  const decision = await consumeRateLimit(db, { bucket: "price_request_link", rules: [{ key: `ip:${ip}`, limit: PRICE_REQUEST_LOOKUPS_PER_IP, windowMs: LOOKUP_WINDOW_MS }], now });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/** The request a link names; an unknown or expired link is 404 (nothing tells a guess from an old link). */
async function requestOfToken(db: Db, token: string, now: Date, options: { lock?: boolean } = {}): Promise<Row> {
  const query = db.select().from(supplierPriceRequests).where(eq(supplierPriceRequests.tokenHash, sha256(token))).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row || row.expiresAt <= now) throw notFoundError();
  return row;
}

async function publicView(db: Db, row: Row): Promise<PublicPriceRequest> {
  const [supplier] = await db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, row.supplierId));
  return {
    supplier_name: supplier?.name ?? "",
    job: row.job,
    needed_on: row.neededOn,
    place: row.place,
    status: row.status as PriceRequestStatus,
    price_cents: row.priceCents,
    delay_days: row.delayDays,
    expires_at: epochSeconds(row.expiresAt),
  };
}

export async function readPriceRequestByToken(db: Db, token: string, now: Date): Promise<PublicPriceRequest> {
  return publicView(db, await requestOfToken(db, token, now));
}

/**
 * The supplier's answer: a price and a delay, or a decline. Open while the request is sent
 * or answered (the supplier may correct its price until the advisor decides); 422
 * price_request__closed once accepted, closed or declined.
 */
export async function answerPriceRequest(db: Db, token: string, input: PriceRequestAnswer, now: Date): Promise<PublicPriceRequest> {
  const row = await db.transaction(async (tx) => {
    const current = await requestOfToken(tx, token, now, { lock: true });
    if (current.status !== "sent" && current.status !== "answered") throw new ApiError(422, "price_request__closed");
    const [updated] = await tx
      .update(supplierPriceRequests)
      .set(
        input.decision === "quote"
          ? { status: "answered", priceCents: input.price_cents, delayDays: input.delay_days, supplierComment: input.comment || null, answeredAt: now, updatedAt: now }
          : { status: "declined", priceCents: null, delayDays: null, supplierComment: input.comment || null, answeredAt: now, updatedAt: now },
      )
      .where(eq(supplierPriceRequests.id, current.id))
      .returning();
    await notify(tx, {
      kind: "price_request_answered",
      title: input.decision === "quote" ? `Prix reçu d'un fournisseur : ${formatMoney(input.price_cents, "fr")}` : "Un fournisseur a décliné la demande de prix",
      dealId: current.dealId,
      now,
    });
    return updated!;
  });
  return publicView(db, row);
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The job: the answer link, made now and mailed once; a request no longer open sends nothing. */
export async function deliverPriceRequestEmail(db: Db, payload: Record<string, unknown>, key: string, ctx: { mailer: Mailer; siteUrl: string; now: Date }): Promise<"sent" | "already_sent" | "nothing_to_send"> {
  const id = payload.price_request_id;
  if (typeof id !== "number" || !Number.isInteger(id)) throw new PermanentJobError("payload_invalid");
  const [row] = await db.select().from(supplierPriceRequests).where(eq(supplierPriceRequests.id, id)).limit(1);
  if (!row || row.status !== "sent" || row.expiresAt <= ctx.now) return "nothing_to_send";
  const [supplier] = await db.select({ name: suppliers.name, email: suppliers.email }).from(suppliers).where(eq(suppliers.id, row.supplierId));
  if (!supplier?.email) return "nothing_to_send";
  const delivery = await sendDealEmailOnce(db, ctx.mailer, key, { dealId: row.dealId, kind: "price_request", now: ctx.now }, async () => {
    const token = randomSecret(32);
    await db.update(supplierPriceRequests).set({ tokenHash: sha256(token), updatedAt: ctx.now }).where(and(eq(supplierPriceRequests.id, row.id), eq(supplierPriceRequests.status, "sent")));
    // Suppliers are French businesses: their mail and page are in French.
    const locale = DEFAULT_LOCALE;
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "PriceRequestMail" }) as unknown as Translate;
    // The secret rides in the fragment: it never reaches a server log nor a Referer.
    const link = `${originForLocale(ctx.siteUrl, locale)}${paths.priceRequestAnswer()}#cle=${token}`;
    const values = { supplier: supplier.name, brand: BRAND, days: String(PRICE_REQUEST_VALIDITY_DAYS), job: row.job, when: row.neededOn ?? t("whenOpen"), where: row.place ?? t("whereOpen") };
    const paragraphs = [t("greeting", values), t("intro", values), t("job", values), t("when", values), t("where", values), t("expiry", values)];
    return {
      to: supplier.email!,
      subject: t("subject", values),
      text: `${paragraphs.join("\n\n")}\n\n${t("action")}\n${link}\n\n${t("signature", values)}`,
      html: `<div lang="${locale}">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(t("action"))}</a></p><p>${escapeHtml(t("signature", values)).replace(/\n/g, "<br>")}</p></div>`,
      locale,
      tag: "price_request",
    };
  });
  return delivery.status;
}

/** Roles that see suppliers' prices: the staff running cases (a partner pro's organisation is not linked to a supplier record). */
export const PRICE_REQUEST_ROLES = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] as const;
