import { and, eq, isNull, lt, sql } from "drizzle-orm";
import {
  DOCUMENT_REQUEST_CODE_ATTEMPTS,
  DOCUMENT_REQUEST_ERRORS,
  DOCUMENT_REQUEST_PROOF_MINUTES,
} from "@/domain/document-requests";
import type { DocumentRequestView } from "@/domain/schemas/document-request";
import type { Db } from "@/server/db/client";
import { documentRequestItems, documentRequestProofs, documentRequests } from "@/server/db/schema/document-requests";
import { ApiError } from "@/server/http/errors";
import { randomSecret } from "@/server/services/auth/secrets";
import { consumeCodeAttempt, isProven, requestByToken, type ProofInput } from "@/server/services/document-requests/public-access";
import { itemsOf, type DocumentRequestRow } from "@/server/services/document-requests/request-views";
import { hashRequestCode, hashRequestToken, sameDigest } from "@/server/services/document-requests/secrets";

function preview(row: DocumentRequestRow, documentsCount: number, verified: boolean): DocumentRequestView {
  return {
    recipient_firstname: row.recipientFirstname,
    sender_firstname: row.senderFirstname,
    documents_count: documentsCount,
    expires_at: row.expiresAt.toISOString(),
    locale: row.locale,
    locked: row.lockedAt !== null,
    attempts_left: Math.max(0, DOCUMENT_REQUEST_CODE_ATTEMPTS - row.failedAttempts),
    verified,
  };
}

/**
 * GET of the link: first names, the number of documents and the expiry for anyone with
 * the link; the message and the list once the caller has proved who they are.
 */
export async function openDocumentRequest(db: Db, token: string, input: ProofInput & { ip: string | null; now: Date }): Promise<DocumentRequestView> {
  const row = await requestByToken(db, token, input);
  const verified = await isProven(db, row, input, "documents:read", input.now);
  if (!verified) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(documentRequestItems).where(eq(documentRequestItems.documentRequestId, row.id));
    return preview(row, Number(counted?.n ?? 0), false);
  }
  const items = (await itemsOf(db, [row])).get(row.id) ?? [];
  return { ...preview(row, items.length, true), message: row.message, items };
}

/**
 * The code sent with the link. A wrong code counts against the request (locked after
 * DOCUMENT_REQUEST_CODE_ATTEMPTS) and against the caller's address; the right one issues
 * a proof for this request only.
 */
export async function verifyDocumentRequest(db: Db, token: string, code: string, input: { ip: string | null; now: Date }): Promise<{ proof_token: string; expires_at: string }> {
  const row = await requestByToken(db, token, input);
  await consumeCodeAttempt(db, input.ip, input.now);
  // Reserve an attempt first, in one statement: parallel guesses are serialised on the
  // row, so no burst gets more than DOCUMENT_REQUEST_CODE_ATTEMPTS tries.
  const [reserved] = await db
    .update(documentRequests)
    .set({ failedAttempts: sql`${documentRequests.failedAttempts} + 1` })
    .where(and(eq(documentRequests.id, row.id), isNull(documentRequests.lockedAt), lt(documentRequests.failedAttempts, DOCUMENT_REQUEST_CODE_ATTEMPTS)))
    .returning({ attempts: documentRequests.failedAttempts });
  if (!reserved) throw new ApiError(403, DOCUMENT_REQUEST_ERRORS.locked);
  if (!row.codeHash || !sameDigest(row.codeHash, hashRequestCode(token, code))) {
    if (reserved.attempts >= DOCUMENT_REQUEST_CODE_ATTEMPTS) {
      await db.update(documentRequests).set({ lockedAt: input.now }).where(and(eq(documentRequests.id, row.id), isNull(documentRequests.lockedAt)));
    }
    throw new ApiError(422, DOCUMENT_REQUEST_ERRORS.codeInvalid);
  }
  const proof = randomSecret(32);
  const expiresAt = new Date(input.now.getTime() + DOCUMENT_REQUEST_PROOF_MINUTES * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx.insert(documentRequestProofs).values({ documentRequestId: row.id, tokenHash: hashRequestToken(proof), expiresAt, createdAt: input.now, updatedAt: input.now });
    await tx.update(documentRequests).set({ verifiedAt: row.verifiedAt ?? input.now, failedAttempts: sql`${documentRequests.failedAttempts} - 1` }).where(eq(documentRequests.id, row.id));
  });
  return { proof_token: proof, expires_at: expiresAt.toISOString() };
}
