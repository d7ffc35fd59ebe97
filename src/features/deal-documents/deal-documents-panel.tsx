import { ClientMessages } from "@/i18n/client-messages";
import type { Role } from "@/domain/roles";
import { DocumentsWorkspace } from "./documents-workspace";

/**
 * The `documents` slot of the back-office deal page (/pro/dossiers/{id}): the deal's files,
 * documents produced from templates, batches sent by e-mail and signature requests. The
 * API decides who may (roles 0-2, a partner professional on its assigned deal); the page
 * never offers this panel to role 3 or clients. `locale` is the page's, for its messages.
 */
export function DealDocumentsPanel({ dealId, dealKind, role }: { dealId: number; dealKind: string; role: Role; locale: string }) {
  return (
    <ClientMessages namespaces={["DealDocuments", "DocumentTypes"]}>
      <DocumentsWorkspace dealId={dealId} dealKind={dealKind} role={role} />
    </ClientMessages>
  );
}
