import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { pickMessages, type Messages } from "./pick-messages";

/**
 * Server component: a client-side message provider holding only `namespaces` (dotted
 * paths) and the translated error codes, which every form and fetch may show.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = (await getMessages()) as Messages;
  return <NextIntlClientProvider messages={pickMessages(messages, ["Errors", ...namespaces])}>{children}</NextIntlClientProvider>;
}
