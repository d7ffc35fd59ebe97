import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { SupportingDocumentVersionView, SupportingDocumentView } from "@/domain/schemas/supporting-document";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { supportingDocumentOwners, supportingDocumentVersions, supportingDocuments } from "@/server/db/schema/procedures";
import { ownersOf, type DocumentOwner } from "@/server/services/supporting-documents/document-access";
import type { StoredContentType } from "@/server/services/supporting-documents/inspect-file";

/** Reads of supporting documents; callers have checked access (document-access.ts). */

type DocumentRow = typeof supportingDocuments.$inferSelect;

async function versionStats(db: Db, documentIds: number[]): Promise<Map<number, { latest: number; count: number }>> {
  const map = new Map<number, { latest: number; count: number }>();
  if (documentIds.length === 0) return map;
  const rows = await db
    .select({ documentId: supportingDocumentVersions.supportingDocumentId, latest: sql<number>`max(${supportingDocumentVersions.id})`, count: sql<number>`count(*)` })
    .from(supportingDocumentVersions)
    .where(inArray(supportingDocumentVersions.supportingDocumentId, documentIds))
    .groupBy(supportingDocumentVersions.supportingDocumentId);
  for (const row of rows) map.set(row.documentId, { latest: Number(row.latest), count: Number(row.count) });
  return map;
}

async function views(db: Db, rows: DocumentRow[]): Promise<SupportingDocumentView[]> {
  const ids = rows.map((r) => r.id);
  const [owners, stats] = await Promise.all([ownersOf(db, ids), versionStats(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    document_type: row.documentType,
    expiry_date: row.expiryDate,
    issue_date: row.issueDate,
    reference: row.reference,
    file_name: row.fileName,
    content_type: row.contentType as StoredContentType,
    byte_size: row.byteSize,
    sha256: row.sha256,
    version_id: stats.get(row.id)?.latest ?? 0,
    versions_count: stats.get(row.id)?.count ?? 0,
    owners: (owners.get(row.id) ?? []).map((o: DocumentOwner) => ({ owner_type: o.type, owner_id: o.id })),
    created_at: epochSeconds(row.createdAt),
    updated_at: epochSeconds(row.updatedAt),
    download_url: `/api/v1/supporting_documents/${row.id}/file`,
  }));
}

/** An owner's documents, newest first. */
export async function listOwnerDocuments(db: Db, owner: DocumentOwner): Promise<SupportingDocumentView[]> {
  const rows = await db
    .select({ document: supportingDocuments })
    .from(supportingDocuments)
    .innerJoin(supportingDocumentOwners, eq(supportingDocumentOwners.supportingDocumentId, supportingDocuments.id))
    .where(and(eq(supportingDocumentOwners.ownerType, owner.type), eq(supportingDocumentOwners.ownerId, owner.id)))
    .orderBy(desc(supportingDocuments.createdAt), desc(supportingDocuments.id));
  return views(
    db,
    rows.map((r) => r.document),
  );
}

export async function getDocumentView(db: Db, documentId: number): Promise<SupportingDocumentView | null> {
  const rows = await db.select().from(supportingDocuments).where(eq(supportingDocuments.id, documentId)).limit(1);
  return rows.length ? (await views(db, rows))[0]! : null;
}

/** Every file uploaded for the document, newest (current) first. */
export async function listVersions(db: Db, documentId: number): Promise<SupportingDocumentVersionView[]> {
  const rows = await db
    .select()
    .from(supportingDocumentVersions)
    .where(eq(supportingDocumentVersions.supportingDocumentId, documentId))
    .orderBy(desc(supportingDocumentVersions.id));
  return rows.map((row, index) => ({
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType as StoredContentType,
    byte_size: row.byteSize,
    sha256: row.sha256,
    current: index === 0,
    created_at: epochSeconds(row.createdAt),
    download_url: `/api/v1/supporting_documents/${documentId}/file?version=${row.id}`,
  }));
}
