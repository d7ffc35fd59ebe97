import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { escapeHtml } from "@/domain/escape-html";
import { directionOf } from "@/domain/locales";
import type { DocumentBatchRecipientInput, DocumentBatchView } from "@/domain/schemas/deal-document";
import { epochSeconds } from "@/domain/time";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { documentBatchDocuments, documentBatchRecipients, documentBatches, documents } from "@/server/db/schema/deals";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { MailAttachment, Mailer } from "@/server/integrations/mail/mail-message";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { enqueue } from "@/server/jobs/queue";
import { PermanentJobError } from "@/server/jobs/worker";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { recordDealEvent } from "@/server/services/deals/deal-events";
import { readDealDocument } from "@/server/services/deal-documents/deal-documents";
import { recipientLocale } from "@/server/services/deal-documents/recipient-locale";

/**
 * Batches of a deal's documents sent by e-mail (issue 14): create, add and remove a
 * document or a recipient, then send_batch, which marks the batch sent and enqueues the
 * e-mails in the same transaction. A sent batch never changes again (422
 * document_batch__state__sent). Same roles as the documents ("work").
 */

export const DOCUMENT_BATCH_EMAIL_JOB = "deals.document_batch_email";
/** What one message may carry: mail servers commonly refuse past 20-25 MB once base64 grows the files by a third. */
export const MAX_BATCH_BYTES = 15 * 1024 * 1024;
export const MAX_BATCH_RECIPIENTS = 10;
export const MAX_BATCH_DOCUMENTS = 20;

type BatchRow = typeof documentBatches.$inferSelect;

async function batchView(db: Db, batch: BatchRow): Promise<DocumentBatchView> {
  const [docs, recipients] = await Promise.all([
    db
      .select({ id: documents.id, name: documents.name, byte_size: documents.byteSize })
      .from(documentBatchDocuments)
      .innerJoin(documents, eq(documents.id, documentBatchDocuments.documentId))
      .where(eq(documentBatchDocuments.batchId, batch.id))
      .orderBy(asc(documentBatchDocuments.createdAt), asc(documents.id)),
    db
      .select({ id: documentBatchRecipients.id, email: documentBatchRecipients.email, name: documentBatchRecipients.name })
      .from(documentBatchRecipients)
      .where(eq(documentBatchRecipients.batchId, batch.id))
      .orderBy(asc(documentBatchRecipients.id)),
  ]);
  return {
    id: batch.id,
    deal_id: batch.dealId,
    name: batch.name,
    message: batch.message,
    documents: docs,
    recipients,
    sent_at: batch.sentAt ? epochSeconds(batch.sentAt) : null,
    created_at: epochSeconds(batch.createdAt),
  };
}

export async function listDocumentBatches(db: Db, auth: AuthSession, dealId: number): Promise<DocumentBatchView[]> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "work");
  const rows = await db.select().from(documentBatches).where(eq(documentBatches.dealId, deal.id)).orderBy(desc(documentBatches.createdAt), desc(documentBatches.id));
  return Promise.all(rows.map((row) => batchView(db, row)));
}

export async function createDocumentBatch(db: Db, auth: AuthSession, dealId: number, input: { name?: string; message?: string }, now: Date): Promise<DocumentBatchView> {
  return db.transaction(async (tx) => {
    const { deal, userId } = await requireBusinessDeal(tx, auth, dealId, "work");
    const [row] = await tx
      .insert(documentBatches)
      .values({ dealId: deal.id, name: input.name || null, message: input.message || null, createdByBusinessUserId: userId, createdAt: now, updatedAt: now })
      .returning();
    return batchView(tx, row!);
  });
}

/** The batch of the deal, locked, still open for changes; 404 for another deal's batch. */
async function openBatch(tx: Db, auth: AuthSession, dealId: number, batchId: number) {
  const hold = await requireBusinessDeal(tx, auth, dealId, "work");
  const [batch] = await tx
    .select()
    .from(documentBatches)
    .where(and(eq(documentBatches.id, batchId), eq(documentBatches.dealId, hold.deal.id)))
    .for("update");
  if (!batch) throw notFoundError();
  if (batch.sentAt) throw new ApiError(422, "document_batch__state__sent");
  return { ...hold, batch };
}

export async function addBatchDocument(db: Db, auth: AuthSession, dealId: number, batchId: number, documentId: number): Promise<DocumentBatchView> {
  return db.transaction(async (tx) => {
    const { batch } = await openBatch(tx, auth, dealId, batchId);
    const [document] = await tx.select({ id: documents.id }).from(documents).where(and(eq(documents.id, documentId), eq(documents.dealId, batch.dealId))).limit(1);
    if (!document) throw new ApiError(422, "document_batch__document_id__not_found");
    const count = await tx.$count(documentBatchDocuments, eq(documentBatchDocuments.batchId, batch.id));
    if (count >= MAX_BATCH_DOCUMENTS) throw new ApiError(422, "document_batch__documents__too_many");
    await tx.insert(documentBatchDocuments).values({ batchId: batch.id, documentId: document.id }).onConflictDoNothing();
    return batchView(tx, batch);
  });
}

export async function removeBatchDocument(db: Db, auth: AuthSession, dealId: number, batchId: number, documentId: number): Promise<DocumentBatchView> {
  return db.transaction(async (tx) => {
    const { batch } = await openBatch(tx, auth, dealId, batchId);
    const removed = await tx
      .delete(documentBatchDocuments)
      .where(and(eq(documentBatchDocuments.batchId, batch.id), eq(documentBatchDocuments.documentId, documentId)))
      .returning({ id: documentBatchDocuments.documentId });
    if (removed.length === 0) throw notFoundError();
    return batchView(tx, batch);
  });
}

export async function addBatchRecipient(db: Db, auth: AuthSession, dealId: number, batchId: number, input: DocumentBatchRecipientInput): Promise<DocumentBatchView> {
  return db.transaction(async (tx) => {
    const { batch } = await openBatch(tx, auth, dealId, batchId);
    const count = await tx.$count(documentBatchRecipients, eq(documentBatchRecipients.batchId, batch.id));
    if (count >= MAX_BATCH_RECIPIENTS) throw new ApiError(422, "document_batch__recipients__too_many");
    const inserted = await tx.insert(documentBatchRecipients).values({ batchId: batch.id, email: input.email, name: input.name }).onConflictDoNothing().returning({ id: documentBatchRecipients.id });
    if (inserted.length === 0) throw new ApiError(422, "document_batch__email__taken");
    return batchView(tx, batch);
  });
}

export async function removeBatchRecipient(db: Db, auth: AuthSession, dealId: number, batchId: number, recipientId: number): Promise<DocumentBatchView> {
  return db.transaction(async (tx) => {
    const { batch } = await openBatch(tx, auth, dealId, batchId);
    const removed = await tx
      .delete(documentBatchRecipients)
      .where(and(eq(documentBatchRecipients.batchId, batch.id), eq(documentBatchRecipients.id, recipientId)))
      .returning({ id: documentBatchRecipients.id });
    if (removed.length === 0) throw notFoundError();
    return batchView(tx, batch);
  });
}

/**
 * POST …/send_batch: checks the batch can go (documents, recipients, total size), marks it
 * and its documents sent, and enqueues one job that writes to each recipient, all in one
 * transaction. Sending twice is refused (the batch is sent), never a second e-mail.
 */
export async function sendDocumentBatch(db: Db, auth: AuthSession, dealId: number, batchId: number, now: Date): Promise<DocumentBatchView> {
  return db.transaction(async (tx) => {
    const { batch, userId } = await openBatch(tx, auth, dealId, batchId);
    const view = await batchView(tx, batch);
    const problems: string[] = [];
    if (view.documents.length === 0) problems.push("document_batch__documents__missing");
    if (view.recipients.length === 0) problems.push("document_batch__recipients__missing");
    if (view.documents.reduce((sum, d) => sum + d.byte_size, 0) > MAX_BATCH_BYTES) problems.push("document_batch__documents__too_large");
    if (problems.length > 0) throw new ApiError(422, problems);
    const [sent] = await tx
      .update(documentBatches)
      .set({ sentAt: now, sentByBusinessUserId: userId, updatedAt: now })
      .where(and(eq(documentBatches.id, batch.id), isNull(documentBatches.sentAt)))
      .returning();
    await tx
      .update(documents)
      .set({ sentAt: now, updatedAt: now })
      .where(inArray(documents.id, view.documents.map((d) => d.id)));
    await enqueue(tx, { kind: DOCUMENT_BATCH_EMAIL_JOB, payload: { deal_id: batch.dealId, batch_id: batch.id }, idempotencyKey: `${DOCUMENT_BATCH_EMAIL_JOB}:${batch.id}` }, now);
    await recordDealEvent(tx, { dealId: batch.dealId, kind: "document_batch_sent", from: null, to: batch.id, businessUserId: userId, at: now });
    return batchView(tx, sent!);
  });
}

type Translate = (key: string, values?: Record<string, string>) => string;


/**
 * The job: one e-mail per recipient (their address alone in `to`), in French (the
 * recipients are French offices), the documents attached, each delivered once by its key
 * and logged in the deal's communications.
 */
export async function deliverDocumentBatch(db: Db, storage: FileStorage, payload: Record<string, unknown>, key: string, ctx: { mailer: Mailer; now: Date }): Promise<number> {
  const batchId = payload.batch_id;
  if (typeof batchId !== "number" || !Number.isInteger(batchId)) throw new PermanentJobError("payload_invalid");
  const [batch] = await db.select().from(documentBatches).where(eq(documentBatches.id, batchId)).limit(1);
  if (!batch?.sentAt) throw new PermanentJobError("batch_not_sent");
  const rows = await db
    .select()
    .from(documentBatchDocuments)
    .innerJoin(documents, eq(documents.id, documentBatchDocuments.documentId))
    .where(eq(documentBatchDocuments.batchId, batch.id))
    .orderBy(asc(documents.id));
  const recipients = await db.select().from(documentBatchRecipients).where(eq(documentBatchRecipients.batchId, batch.id)).orderBy(asc(documentBatchRecipients.id));
  let attachments: MailAttachment[] | null = null;
  const loadAttachments = async () =>
    (attachments ??= await Promise.all(
      rows.map(async ({ documents: doc }) => ({ filename: doc.name, contentType: doc.contentType, contentBase64: (await readDealDocument(storage, doc)).toString("base64") })),
    ));
  let delivered = 0;
  for (const recipient of recipients) {
    const delivery = await sendDealEmailOnce(db, ctx.mailer, `${key}:${recipient.id}`, { dealId: batch.dealId, kind: "document_batch", now: ctx.now }, async () => {
      const locale = await recipientLocale(db, batch.dealId, recipient.email);
      // Messages are loaded at run time, so their keys are unknown to the type checker.
      const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "DocumentBatchMail" }) as unknown as Translate;
      const deal = String(batch.dealId);
      const greeting = t("greeting", { name: recipient.name });
      const intro = t("intro", { deal, brand: BRAND });
      const list = rows.map(({ documents: doc }) => `– ${doc.name}`).join("\n");
      const note = batch.message ? `${t("note")}\n${batch.message}` : "";
      const signature = t("signature", { brand: BRAND });
      const paragraphs = [greeting, intro, list, note, t("reply"), signature].filter(Boolean);
      return {
        to: recipient.email,
        subject: batch.name ? t("subjectNamed", { name: batch.name, deal, brand: BRAND }) : t("subject", { deal, brand: BRAND }),
        text: paragraphs.join("\n\n"),
        html: `<div lang="${locale}" dir="${directionOf(locale)}">${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("")}</div>`,
        locale,
        tag: "document_batch",
        attachments: await loadAttachments(),
      };
    });
    if (delivery.status === "sent") delivered += 1;
  }
  return delivered;
}
