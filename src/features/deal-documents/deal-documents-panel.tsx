import { eq } from "drizzle-orm";
import { ClientMessages } from "@/i18n/client-messages";
import type { Role } from "@/domain/roles";
import { getDb } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { DocumentsWorkspace } from "./documents-workspace";

/** The kind of a deal (funeral, item, marble), which picks the templates offered; null for an unknown deal. */
async function kindOfDeal(dealId: number): Promise<string | null> {
  const [row] = await (await getDb()).select({ kind: deals.kind }).from(deals).where(eq(deals.id, dealId)).limit(1);
  return row?.kind ?? null;
}

/**
 * The `documents` slot of the back-office deal page (/pro/dossiers/{id}): the deal's files,
 * documents produced from templates, batches sent by e-mail and signature requests. The
 * deal page renders it only for those who may open the deal, and the API checks again
 * (roles 0-2, a partner professional on its assigned deal). Without `dealKind` the deal's
 * own is read. `locale` is the page's: the messages follow it.
 */
export async function DealDocumentsPanel({ dealId, dealKind, role }: { dealId: number; dealKind?: string; role: Role; locale?: string }) {
  const kind = dealKind ?? (await kindOfDeal(dealId));
  if (!kind) return null;
  return (
    <ClientMessages namespaces={["DealDocuments", "DocumentTypes"]}>
      <DocumentsWorkspace dealId={dealId} dealKind={kind} role={role} />
    </ClientMessages>
  );
}
