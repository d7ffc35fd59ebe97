import { EDITABLE_DOCUMENT_TEMPLATES } from "@/domain/editable-documents/templates";
import type { Db } from "@/server/db/client";
import { editableDocumentOwners, editableDocuments } from "@/server/db/schema/documents";

/** The paperwork templates every funeral needs (src/domain/editable-documents/templates.ts). */
export async function seedEditableDocuments(db: Db): Promise<string> {
  for (const template of EDITABLE_DOCUMENT_TEMPLATES) {
    const [row] = await db
      .insert(editableDocuments)
      .values({ name: template.name, dealType: template.dealType, generationType: template.generationType, ruleTag: template.ruleTag, template: template.template })
      .returning({ id: editableDocuments.id });
    await db.insert(editableDocumentOwners).values(template.owners.map((owner) => ({ editableDocumentId: row!.id, ...owner })));
  }
  return `${EDITABLE_DOCUMENT_TEMPLATES.length} templates`;
}
