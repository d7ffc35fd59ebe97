import { getLocale, getMessages } from "next-intl/server";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import { ClientMessages } from "@/i18n/client-messages";
import { Card, CardBody } from "@/ui/card";
import { DocumentRequestView } from "./document-request-view";
import { DocumentRequestsPanel } from "./document-requests-panel";

/**
 * Server frame of /documents/sms/{id}: the client island with only its messages, and the
 * names of the document types in the visitor's language (DocumentTypes.<code>; a code
 * without a translation yet shows as itself rather than breaking the page).
 */
async function documentTypeLabels(): Promise<Record<string, string>> {
  const messages = (await getMessages()) as { DocumentTypes?: Record<string, unknown> };
  return Object.fromEntries(
    DOCUMENT_TYPE_CODES.map((code) => {
      const entry = messages.DocumentTypes?.[code];
      return [code, typeof entry === "string" ? entry : code];
    }),
  );
}

export async function DocumentRequestScreen({ token, locale }: { token: string; locale: string }) {
  const typeLabels = await documentTypeLabels();
  return (
    <div className="min-h-[100svh] mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <Card>
        <CardBody>
          <ClientMessages namespaces={["DocumentRequests"]}>
            <DocumentRequestView token={token} locale={locale} typeLabels={typeLabels} />
          </ClientMessages>
        </CardBody>
      </Card>
    </div>
  );
}

/**
 * For the client space's procedure page (composed there, as a slot): asking relatives for
 * documents by SMS, and what came back. `canSend`: the viewer may change the procedure's
 * documents (owner, editor, advisor); others see the list only.
 */
export async function DocumentRequestsSlot({ procedureId, canSend }: { procedureId: number; canSend: boolean }) {
  const [typeLabels, locale] = await Promise.all([documentTypeLabels(), getLocale()]);
  return (
    <ClientMessages namespaces={["DocumentRequests"]}>
      <DocumentRequestsPanel procedureId={procedureId} locale={locale} typeLabels={typeLabels} canSend={canSend} />
    </ClientMessages>
  );
}
