import { desc, eq } from "drizzle-orm";
import { DOCUMENT_REQUEST_VALIDITY_DAYS } from "@/domain/document-requests";
import { DEFAULT_LOCALE } from "@/domain/locales";
import type { DocumentRequestCreate, DocumentRequestSummary } from "@/domain/schemas/document-request";
import type { Db } from "@/server/db/client";
import { documentRequestItems, documentRequests } from "@/server/db/schema/document-requests";
import { businessUsers, clients } from "@/server/db/schema/users";
import { enqueue, notifyEnqueued } from "@/server/jobs/queue";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireProcedure } from "@/server/services/procedures/procedure-access";
import { itemsOf, summaryOf } from "@/server/services/document-requests/request-views";

export const DOCUMENT_REQUEST_SMS_JOB = "document_request_sms";

async function senderFirstname(db: Db, auth: AuthSession): Promise<string | null> {
  if (auth.realm === "client") {
    const [row] = await db.select({ firstname: clients.firstname }).from(clients).where(eq(clients.id, auth.userId)).limit(1);
    return row?.firstname?.trim() || null;
  }
  const [row] = await db.select({ firstname: businessUsers.firstname }).from(businessUsers).where(eq(businessUsers.id, auth.userId)).limit(1);
  return row?.firstname?.trim() || null;
}

/**
 * A holder who may change the procedure's documents (owner, editor) or an advisor running
 * the case asks a relative for documents by SMS. The request and its SMS job are written
 * together; the job draws the link's token and code when it builds the message.
 */
export async function createDocumentRequest(db: Db, auth: AuthSession | null, procedureId: number, input: DocumentRequestCreate, now: Date): Promise<DocumentRequestSummary> {
  const hold = await requireProcedure(db, auth, procedureId, "documents:write");
  const sender = await senderFirstname(db, auth!);
  const row = await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(documentRequests)
      .values({
        administrativeProcedureId: procedureId,
        recipientFirstname: input.recipient_firstname,
        phone: input.phone,
        message: input.message?.trim() || null,
        locale: input.locale ?? DEFAULT_LOCALE,
        senderFirstname: sender,
        createdByClientId: hold.kind === "family" ? hold.clientId : null,
        createdByBusinessUserId: hold.kind === "business" ? hold.businessUserId : null,
        expiresAt: new Date(now.getTime() + DOCUMENT_REQUEST_VALIDITY_DAYS * 24 * 3600 * 1000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(documentRequestItems).values(input.items.map((item, position) => ({ documentRequestId: request!.id, documentType: item.document_type, action: item.action, position })));
    await enqueue(tx as unknown as Db, { kind: DOCUMENT_REQUEST_SMS_JOB, payload: { document_request_id: request!.id }, idempotencyKey: `${DOCUMENT_REQUEST_SMS_JOB}:${request!.id}`, maxAttempts: 6 }, now);
    return request!;
  });
  notifyEnqueued();
  const items = await itemsOf(db, [row]);
  return summaryOf(row, items.get(row.id) ?? []);
}

/** The requests sent for a procedure, newest first (whoever may read its documents). */
export async function listDocumentRequests(db: Db, auth: AuthSession | null, procedureId: number): Promise<DocumentRequestSummary[]> {
  await requireProcedure(db, auth, procedureId, "documents:read");
  const rows = await db.select().from(documentRequests).where(eq(documentRequests.administrativeProcedureId, procedureId)).orderBy(desc(documentRequests.id));
  const items = await itemsOf(db, rows);
  return rows.map((row) => summaryOf(row, items.get(row.id) ?? []));
}
