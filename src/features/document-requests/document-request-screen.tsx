import { getMessages } from "next-intl/server";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import { ClientMessages } from "@/i18n/client-messages";
import { Card, CardBody } from "@/ui/card";
import { DocumentRequestView } from "./document-request-view";

/**
 * Server frame of /documents/sms/{id}: the client island with only its messages, and the
 * names of the document types in the visitor's language (DocumentTypes.<code>; a code
 * without a translation yet shows as itself rather than breaking the page).
 */
export async function DocumentRequestScreen({ token, locale }: { token: string; locale: string }) {
  const messages = (await getMessages()) as { DocumentTypes?: Record<string, unknown> };
  const typeLabels = Object.fromEntries(
    DOCUMENT_TYPE_CODES.map((code) => {
      const entry = messages.DocumentTypes?.[code];
      const label = typeof entry === "string" ? entry : typeof entry === "object" && entry && "name" in entry ? String((entry as { name: unknown }).name) : code;
      return [code, label];
    }),
  );
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
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
