import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";
import { Card, CardBody } from "@/ui/card";
import { Heading } from "@/ui/heading";
import { InvitationAccept } from "./invitation-accept";

/**
 * Frame of the invitation page. It renders the same for everyone (the token lives in the
 * address's fragment, read in the browser), so the page stays static and reveals nothing.
 */
export async function InvitationPage() {
  const t = await getTranslations("Family.accept");
  return (
    <div className="min-h-[100svh] mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-6">
        <Heading level={1}>{t("title")}</Heading>
        <Card>
          <CardBody>
            <ClientMessages namespaces={["Family"]}>
              <StoreProvider>
                <InvitationAccept />
              </StoreProvider>
            </ClientMessages>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
