import { asc, desc, eq, type SQL } from "drizzle-orm";
import { hasMissingMark, isPlaceholderKey, missingMark, PLACEHOLDERS, templateKeys, fillTemplate } from "@/domain/editable-documents/placeholders";
import type { DealDocumentView } from "@/domain/schemas/deal-document";
import type { DocumentEditionView, EditableDocumentView } from "@/domain/schemas/document-edition";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { documentEditions, editableDocumentOwners, editableDocuments } from "@/server/db/schema/documents";
import { businessUsers } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import { renderMarkdownPdf } from "@/server/integrations/pdf/markdown-pdf";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { addedDocumentView, storeGeneratedDocument } from "@/server/services/deal-documents/deal-documents";
import { dealPlaceholderValues } from "@/server/services/deal-documents/deal-placeholders";

/**
 * Editable documents (templates) and their editions (issue 14): an edition is a template
 * filled from one deal's data, which the advisor may then edit, and which is produced as a
 * PDF into the deal's documents. Missing data stays marked and listed; a text still
 * marked cannot be produced (422 document_edition__content__incomplete). Same roles as
 * the deal's documents ("work").
 */

type TemplateRow = typeof editableDocuments.$inferSelect;
type EditionRow = typeof documentEditions.$inferSelect;

async function ownersOf(db: Db, ids: number[]): Promise<Map<number, Array<{ owner_type: string; owner_id: number }>>> {
  const map = new Map<number, Array<{ owner_type: string; owner_id: number }>>();
  if (ids.length === 0) return map;
  const rows = await db.select().from(editableDocumentOwners).orderBy(asc(editableDocumentOwners.ownerType));
  for (const row of rows.filter((r) => ids.includes(r.editableDocumentId))) {
    map.set(row.editableDocumentId, [...(map.get(row.editableDocumentId) ?? []), { owner_type: row.ownerType, owner_id: row.ownerId }]);
  }
  return map;
}

function templateView(row: TemplateRow, owners: Array<{ owner_type: string; owner_id: number }>, withTemplate: boolean): EditableDocumentView {
  return {
    id: row.id,
    name: row.name,
    deal_type: row.dealType,
    generation_type: row.generationType,
    rule_tag: row.ruleTag,
    owners,
    placeholders: templateKeys(row.template ?? ""),
    template: withTemplate ? row.template : null,
  };
}

export async function listEditableDocuments(db: Db, dealType?: "funeral" | "item" | "marble"): Promise<EditableDocumentView[]> {
  const where: SQL | undefined = dealType ? eq(editableDocuments.dealType, dealType) : undefined;
  const rows = await db.select().from(editableDocuments).where(where).orderBy(asc(editableDocuments.name), asc(editableDocuments.id));
  const owners = await ownersOf(db, rows.map((r) => r.id));
  return rows.map((row) => templateView(row, owners.get(row.id) ?? [], false));
}

export async function getEditableDocument(db: Db, id: number): Promise<EditableDocumentView> {
  const [row] = await db.select().from(editableDocuments).where(eq(editableDocuments.id, id)).limit(1);
  if (!row) throw notFoundError();
  return templateView(row, (await ownersOf(db, [row.id])).get(row.id) ?? [], true);
}

/** The data still marked missing in a text, from the marks themselves (an advisor's edit may fill some). */
function missingIn(content: string): Array<{ key: string; label: string }> {
  return Object.keys(PLACEHOLDERS)
    .filter(isPlaceholderKey)
    .filter((key) => content.includes(missingMark(key)))
    .map((key) => ({ key, label: PLACEHOLDERS[key] }));
}

function editionView(row: EditionRow, name: string): DocumentEditionView {
  return {
    id: row.id,
    deal_id: row.dealId,
    editable_document_id: row.editableDocumentId,
    name,
    content: row.content,
    missing: missingIn(row.content),
    created_at: epochSeconds(row.createdAt),
    updated_at: epochSeconds(row.updatedAt),
  };
}

async function advisorOf(db: Db, userId: number) {
  const [user] = await db.select({ firstname: businessUsers.firstname, lastname: businessUsers.lastname }).from(businessUsers).where(eq(businessUsers.id, userId)).limit(1);
  return user ?? null;
}

export async function createDocumentEdition(db: Db, auth: AuthSession, input: { deal_id: number; editable_document_id: number }, now: Date): Promise<DocumentEditionView> {
  return db.transaction(async (tx) => {
    const { deal, userId } = await requireBusinessDeal(tx, auth, input.deal_id, "work");
    const [template] = await tx.select().from(editableDocuments).where(eq(editableDocuments.id, input.editable_document_id)).limit(1);
    if (!template?.template) throw new ApiError(422, "document_edition__editable_document_id__not_found");
    if (template.dealType && template.dealType !== deal.kind) throw new ApiError(422, "document_edition__editable_document_id__kind_mismatch");
    const values = await dealPlaceholderValues(tx, deal.id, await advisorOf(tx, userId), now);
    const { content } = fillTemplate(template.template, values);
    const [row] = await tx.insert(documentEditions).values({ editableDocumentId: template.id, dealId: deal.id, content, createdAt: now, updatedAt: now }).returning();
    return editionView(row!, template.name);
  });
}

/** The edition with its template's name, after the caller's access to its deal (404 otherwise). */
async function requireEdition(db: Db, auth: AuthSession, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select({ edition: documentEditions, name: editableDocuments.name })
    .from(documentEditions)
    .innerJoin(editableDocuments, eq(editableDocuments.id, documentEditions.editableDocumentId))
    .where(eq(documentEditions.id, id))
    .limit(1);
  const [found] = options.lock ? await query.for("update", { of: documentEditions }) : await query;
  if (!found) throw notFoundError();
  const hold = await requireBusinessDeal(db, auth, found.edition.dealId, "work");
  return { ...found, ...hold };
}

export async function listDocumentEditions(db: Db, auth: AuthSession, dealId: number): Promise<DocumentEditionView[]> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "work");
  const rows = await db
    .select({ edition: documentEditions, name: editableDocuments.name })
    .from(documentEditions)
    .innerJoin(editableDocuments, eq(editableDocuments.id, documentEditions.editableDocumentId))
    .where(eq(documentEditions.dealId, deal.id))
    .orderBy(desc(documentEditions.updatedAt), desc(documentEditions.id));
  return rows.map((r) => editionView(r.edition, r.name));
}

export async function getDocumentEdition(db: Db, auth: AuthSession, id: number): Promise<DocumentEditionView> {
  const { edition, name } = await requireEdition(db, auth, id);
  return editionView(edition, name);
}

export async function updateDocumentEdition(db: Db, auth: AuthSession, id: number, content: string, now: Date): Promise<DocumentEditionView> {
  return db.transaction(async (tx) => {
    const { edition, name } = await requireEdition(tx, auth, id, { lock: true });
    const [row] = await tx.update(documentEditions).set({ content, updatedAt: now }).where(eq(documentEditions.id, edition.id)).returning();
    return editionView(row!, name);
  });
}

/** Produces the edition as a PDF (WinAnsi standard fonts cover French) into the deal's documents. */
export async function generateDocumentEdition(db: Db, storage: FileStorage, auth: AuthSession, id: number, now: Date): Promise<DealDocumentView> {
  const { edition, name, userId } = await requireEdition(db, auth, id);
  if (hasMissingMark(edition.content)) throw new ApiError(422, "document_edition__content__incomplete");
  const bytes = await renderMarkdownPdf({ title: name, markdown: edition.content, lang: "fr" });
  const row = await db.transaction((tx) =>
    storeGeneratedDocument(tx, storage, { dealId: edition.dealId, userId, name: `${name} – dossier ${edition.dealId}.pdf`, bytes, documentType: null, editableDocumentId: edition.editableDocumentId, now }),
  );
  return addedDocumentView(db, row);
}

