import type { ReactNode } from "react";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";
import { Card, CardBody } from "@/ui/card";
import { Heading } from "@/ui/heading";

/**
 * Frame of the sign-in, password and account pages: a heading, one sentence, the form in
 * a card, and an optional side note (beside the card on wide screens, under it on phones).
 */
export function AuthPage({ heading, lead, children, aside }: { heading: string; lead: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className={aside ? "grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start" : "mx-auto max-w-xl"}>
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3">
            <Heading level={1}>{heading}</Heading>
            <p className="text-lg text-ink-soft">{lead}</p>
          </div>
          <Card>
            <CardBody>
              <ClientMessages namespaces={["Auth"]}>
                <StoreProvider>{children}</StoreProvider>
              </ClientMessages>
            </CardBody>
          </Card>
        </div>
        {aside ? <aside className="flex flex-col gap-4 lg:pt-24">{aside}</aside> : null}
      </div>
    </div>
  );
}
