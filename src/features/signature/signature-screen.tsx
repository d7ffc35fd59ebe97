import { ClientMessages } from "@/i18n/client-messages";
import { Card, CardBody } from "@/ui/card";
import { SignatureView } from "./signature-view";

/**
 * Server frame of /signature/{token}: nothing about the request is rendered on the server
 * (a wrong token shows the same page as a right one until the rate-limited API answers).
 */
export function SignatureScreen({ token }: { token: string }) {
  return (
    <div className="mx-auto min-h-[100svh] w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <Card>
        <CardBody>
          <ClientMessages namespaces={["SignaturePage"]}>
            <SignatureView token={token} />
          </ClientMessages>
        </CardBody>
      </Card>
    </div>
  );
}
