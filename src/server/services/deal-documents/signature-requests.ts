import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { escapeHtml } from "@/domain/escape-html";
import { DEFAULT_LOCALE, directionOf } from "@/domain/locales";
import { SIGNATURE_VALIDITY_DAYS, type SignatureRequestView, type SignatureStatus, type SignerView } from "@/domain/schemas/signature-request";
import { epochSeconds } from "@/domain/time";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { dealAbilities, documents, signatureRequests } from "@/server/db/schema/deals";
import { businessUsers, clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { appendSignaturePage } from "@/server/integrations/pdf/signature-page";
import { getSignatureProvider } from "@/server/integrations/signature/signature-provider";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { enqueue } from "@/server/jobs/queue";
import { PermanentJobError } from "@/server/jobs/worker";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { notify } from "@/server/services/notifications/notify";
import { documentOfDeal, readDealDocument, storeGeneratedDocument } from "@/server/services/deal-documents/deal-documents";
import { familyLocaleOfDeal } from "@/server/services/deal-documents/recipient-locale";

/**
 * Signature requests (issue 14): an advisor sends one of the deal's PDFs to a member of its
 * family; the job e-mails a link to /signature/{token} (a 256-bit token made as the mail is
 * written, only its SHA-256 kept); the signer reads the PDF, types their name and ticks
 * consent; the signed copy (the original plus a signature page) becomes a new document of
 * the deal and the advisor is notified. requested → signed | declined | expired; a closed
 * request never changes again (a replayed link gets 422).
 */

export const SIGNATURE_REQUEST_EMAIL_JOB = "deals.signature_request_email";
const DAY_MS = 24 * 3600 * 1000;

type RequestRow = typeof signatureRequests.$inferSelect;

/** A request past its date reads as expired at once, before anyone opens its link (which stores it so). */
export function signatureRequestView(row: RequestRow, now: Date = new Date()): SignatureRequestView {
  return {
    id: row.id,
    deal_id: row.dealId,
    document_id: row.documentId,
    signed_document_id: row.signedDocumentId,
    client_id: row.clientId,
    signer_name: row.signerName,
    signer_email: row.signerEmail,
    status: row.status === "requested" && row.expiresAt <= now ? "expired" : (row.status as SignatureStatus),
    provider: row.provider,
    expires_at: epochSeconds(row.expiresAt),
    signed_at: row.signedAt ? epochSeconds(row.signedAt) : null,
    declined_at: row.declinedAt ? epochSeconds(row.declinedAt) : null,
    created_at: epochSeconds(row.createdAt),
  };
}

export async function createSignatureRequest(db: Db, storage: FileStorage, auth: AuthSession, input: { deal_id: number; document_id: number; client_id: number }, now: Date): Promise<SignatureRequestView> {
  return db.transaction(async (tx) => {
    const { deal, userId } = await requireBusinessDeal(tx, auth, input.deal_id, "work");
    const [document] = await tx.select().from(documents).where(and(eq(documents.id, input.document_id), eq(documents.dealId, deal.id))).limit(1);
    const problems: string[] = [];
    if (!document) problems.push("signature_request__document_id__not_found");
    else if (document.contentType !== "application/pdf") problems.push("signature_request__document_id__not_pdf");
    const [signer] = await tx
      .select({ id: clients.id, firstname: clients.firstname, lastname: clients.lastname, email: clients.email })
      .from(dealAbilities)
      .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
      .where(and(eq(dealAbilities.dealId, deal.id), eq(dealAbilities.clientId, input.client_id)))
      .limit(1);
    if (!signer) problems.push("signature_request__client_id__not_member");
    else if (!signer.email) problems.push("signature_request__client_id__no_email");
    if (problems.length > 0) throw new ApiError(422, problems);
    const signerName = [signer!.firstname, signer!.lastname].filter(Boolean).join(" ") || signer!.email!;
    const expiresAt = new Date(now.getTime() + SIGNATURE_VALIDITY_DAYS * DAY_MS);
    const provider = getSignatureProvider();
    const [row] = await tx
      .insert(signatureRequests)
      .values({ dealId: deal.id, documentId: document!.id, clientId: signer!.id, signerName, signerEmail: signer!.email!, provider: provider.name, expiresAt, requestedByBusinessUserId: userId, createdAt: now, updatedAt: now })
      .returning();
    if (provider.sendsOwnEmail) {
      await enqueue(tx, { kind: SIGNATURE_REQUEST_EMAIL_JOB, payload: { deal_id: deal.id, signature_request_id: row!.id }, idempotencyKey: `${SIGNATURE_REQUEST_EMAIL_JOB}:${row!.id}` }, now);
    } else {
      const pdf = await readDealDocument(storage, document!);
      const { reference } = await provider.start({ id: row!.id, documentName: document!.name, pdf, signerName, signerEmail: signer!.email!, expiresAt });
      await tx.update(signatureRequests).set({ providerReference: reference }).where(eq(signatureRequests.id, row!.id));
    }
    return signatureRequestView(row!);
  });
}

export async function listSignatureRequests(db: Db, auth: AuthSession, dealId: number): Promise<SignatureRequestView[]> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "work");
  const rows = await db.select().from(signatureRequests).where(eq(signatureRequests.dealId, deal.id)).orderBy(desc(signatureRequests.createdAt), desc(signatureRequests.id));
  const now = new Date();
  return rows.map((row) => signatureRequestView(row, now));
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The job: the signing link, made now and mailed once; a request closed or expired since sends nothing. */
export async function deliverSignatureRequestEmail(db: Db, payload: Record<string, unknown>, key: string, ctx: { mailer: Mailer; siteUrl: string; now: Date }): Promise<"sent" | "already_sent" | "nothing_to_send"> {
  const id = payload.signature_request_id;
  if (typeof id !== "number" || !Number.isInteger(id)) throw new PermanentJobError("payload_invalid");
  const [row] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, id)).limit(1);
  if (!row || row.status !== "requested" || row.expiresAt <= ctx.now) return "nothing_to_send";
  const [document] = await db.select({ name: documents.name }).from(documents).where(eq(documents.id, row.documentId)).limit(1);
  const delivery = await sendDealEmailOnce(db, ctx.mailer, key, { dealId: row.dealId, kind: "signature_request", now: ctx.now }, async () => {
    const token = randomSecret(32);
    await db.update(signatureRequests).set({ tokenHash: sha256(token), updatedAt: ctx.now }).where(and(eq(signatureRequests.id, row.id), eq(signatureRequests.status, "requested")));
    const locale = row.clientId ? await familyLocaleOfDeal(db, row.dealId) : DEFAULT_LOCALE;
    // Messages are loaded at run time, so their keys are unknown to the type checker.
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "SignaturePage" }) as unknown as Translate;
    const link = `${originForLocale(ctx.siteUrl, locale)}${paths.signature(token)}`;
    const values = { name: row.signerName, document: document?.name ?? "", brand: BRAND, days: String(SIGNATURE_VALIDITY_DAYS) };
    const paragraphs = [t("mail.greeting", values), t("mail.intro", values), t("mail.expiry", values)];
    return {
      to: row.signerEmail,
      subject: t("mail.subject", values),
      text: `${paragraphs.join("\n\n")}\n\n${link}\n\n${t("mail.signature", values)}`,
      html: `<div lang="${locale}" dir="${directionOf(locale)}">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(t("mail.action", values))}</a></p><p>${escapeHtml(t("mail.signature", values)).replace(/\n/g, "<br>")}</p></div>`,
      locale,
      tag: "signature_request",
    };
  });
  return delivery.status;
}

/** The request a link names, with an expired one marked so; an unknown token is 404 (nothing tells a guess apart). */
async function requestOfToken(db: Db, token: string, now: Date, options: { lock?: boolean } = {}): Promise<RequestRow> {
  const query = db.select().from(signatureRequests).where(eq(signatureRequests.tokenHash, sha256(token))).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  // A cancelled link answers like one that never existed.
  if (!row || row.status === "cancelled") throw notFoundError();
  if (row.status === "requested" && row.expiresAt <= now) {
    const [expired] = await db.update(signatureRequests).set({ status: "expired", updatedAt: now }).where(eq(signatureRequests.id, row.id)).returning();
    return expired!;
  }
  return row;
}

export async function signerView(db: Db, token: string, now: Date): Promise<SignerView> {
  return viewOf(db, await requestOfToken(db, token, now));
}

async function viewOf(db: Db, row: RequestRow): Promise<SignerView> {
  const [document] = await db.select({ name: documents.name }).from(documents).where(eq(documents.id, row.documentId)).limit(1);
  const [advisor] = row.requestedByBusinessUserId
    ? await db.select({ firstname: businessUsers.firstname, lastname: businessUsers.lastname, disabled: businessUsers.disabled }).from(businessUsers).where(eq(businessUsers.id, row.requestedByBusinessUserId)).limit(1)
    : [];
  return {
    document_name: document?.name ?? "",
    signer_name: row.signerName,
    requested_by: advisor && !advisor.disabled ? `${advisor.firstname} ${advisor.lastname}`.trim() : null,
    status: row.status as SignatureStatus,
    expires_at: epochSeconds(row.expiresAt),
    signed_at: row.signedAt ? epochSeconds(row.signedAt) : null,
  };
}

/** The document to read before signing while the request is open; once signed, the signed copy (the signer keeps it). */
export async function signerDocument(db: Db, token: string, now: Date) {
  const row = await requestOfToken(db, token, now);
  if (row.status === "requested") return documentOfDeal(db, row.dealId, row.documentId);
  if (row.status === "signed" && row.signedDocumentId) return documentOfDeal(db, row.dealId, row.signedDocumentId);
  throw notFoundError();
}

function closedError(row: RequestRow): ApiError {
  return new ApiError(422, row.status === "expired" ? "signature__status__expired" : "signature__status__closed");
}

function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[\s'’-]+/g, " ").trim().toLowerCase();
  return norm(a) === norm(b);
}

export async function signDocument(db: Db, storage: FileStorage, token: string, input: { name: string }, ip: string | null, now: Date): Promise<SignerView> {
  const signed = await db.transaction(async (tx) => {
    const row = await requestOfToken(tx, token, now, { lock: true });
    if (row.status !== "requested") throw closedError(row);
    if (!sameName(input.name, row.signerName)) throw new ApiError(422, "signature__name__mismatch");
    const original = await documentOfDeal(tx, row.dealId, row.documentId);
    const bytes = await readDealDocument(storage, original);
    const documentSha256 = sha256Bytes(bytes);
    const ipHash = ip ? sha256(`${row.id}:${ip}`) : null;
    const pdf = await appendSignaturePage(bytes, { documentName: original.name, signerName: row.signerName, typedName: input.name, signedAt: now, ipHash, documentSha256, requestId: row.id });
    const copy = await storeGeneratedDocument(tx, storage, { dealId: row.dealId, userId: null, name: `${original.name.replace(/\.pdf$/i, "")} (signé).pdf`, bytes: pdf, documentType: original.documentType, editableDocumentId: original.editableDocumentId, now });
    const [updated] = await tx
      .update(signatureRequests)
      .set({ status: "signed", signedAt: now, signedName: input.name, signerIpHash: ipHash, documentSha256, signedDocumentId: copy.id, updatedAt: now })
      .where(eq(signatureRequests.id, row.id))
      .returning();
    const advisors = row.requestedByBusinessUserId ? [row.requestedByBusinessUserId] : undefined;
    await notify(tx, { kind: "signature_signed", title: `Document signé – ${original.name} – dossier n° ${row.dealId}`, dealId: row.dealId, businessUserIds: advisors, now });
    return { row: updated! };
  });
  return viewOf(db, signed.row);
}

/**
 * The advisor sends the link again (the family lost the e-mail): a new token is made as the
 * new e-mail is written, so the previous link stops working. Only a request still waiting
 * and a provider that mails its own links; the validity is not extended.
 */
export async function resendSignatureRequest(db: Db, auth: AuthSession, id: number, now: Date): Promise<SignatureRequestView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, id)).limit(1).for("update");
    if (!row) throw notFoundError();
    const { deal } = await requireBusinessDeal(tx, auth, row.dealId, "work");
    if (row.status !== "requested" || row.expiresAt <= now || !getSignatureProvider().sendsOwnEmail) throw new ApiError(422, "signature_request__status__closed");
    await enqueue(tx, { kind: SIGNATURE_REQUEST_EMAIL_JOB, payload: { deal_id: deal.id, signature_request_id: row.id }, idempotencyKey: `${SIGNATURE_REQUEST_EMAIL_JOB}:${row.id}:${now.getTime()}` }, now);
    const [updated] = await tx.update(signatureRequests).set({ updatedAt: now }).where(eq(signatureRequests.id, row.id)).returning();
    return signatureRequestView(updated!, now);
  });
}

/** The advisor withdraws a request still waiting: its link stops working at once (it then reads as unknown). */
export async function cancelSignatureRequest(db: Db, auth: AuthSession, id: number, now: Date): Promise<SignatureRequestView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, id)).limit(1).for("update");
    if (!row) throw notFoundError();
    await requireBusinessDeal(tx, auth, row.dealId, "work");
    if (row.status !== "requested" || row.expiresAt <= now) throw new ApiError(422, "signature_request__status__closed");
    const [updated] = await tx.update(signatureRequests).set({ status: "cancelled", tokenHash: null, updatedAt: now }).where(eq(signatureRequests.id, row.id)).returning();
    return signatureRequestView(updated!);
  });
}

export async function declineSignature(db: Db, token: string, now: Date): Promise<SignerView> {
  await db.transaction(async (tx) => {
    const row = await requestOfToken(tx, token, now, { lock: true });
    if (row.status !== "requested") throw closedError(row);
    await tx.update(signatureRequests).set({ status: "declined", declinedAt: now, updatedAt: now }).where(eq(signatureRequests.id, row.id));
  });
  return signerView(db, token, now);
}

function sha256Bytes(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
