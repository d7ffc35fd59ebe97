import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messagesFr from "@messages/fr.json";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

/** Renders a directory component with the French messages the pages give it. */
export function renderFr(ui: ReactNode) {
  return render(
    <NextIntlClientProvider locale="fr" timeZone="Europe/Paris" messages={pickMessages(messagesFr as unknown as Messages, ["Directory", "DirectoryLabels", "Errors"])}>
      {ui}
    </NextIntlClientProvider>,
  );
}

export const D = messagesFr.Directory;

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
