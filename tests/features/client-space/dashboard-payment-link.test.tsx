// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { Dashboard } from "@/features/client-space/dashboard";
import { pickMessages, type Messages } from "@/i18n/pick-messages";
import { CLIENT_SPACE_MESSAGES } from "@/features/client-space/space-metadata";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const deal = (id: number, total: number | null) => ({ id, uuid: `3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a${String(id).padStart(2, "0")}`, kind: "funeral", state: "quote_sent", total_cents: total, demo: false, defunct: null, created_at: 1_790_000_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the client space's deals", () => {
  it("link a deal with an amount to its payment page, with the messages the /app pages ship", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url.includes("/api/v1/deals")) return json({ data: [deal(41, 512_300), deal(42, null)] });
        if (url.includes("/api/v1/client/administrative_procedures")) return json({ data: [] });
        return json({ error: "Not Found", message: "not_found" }, 404);
      }),
    );
    render(
      <NextIntlClientProvider locale="fr" messages={pickMessages(messagesFr as unknown as Messages, [...CLIENT_SPACE_MESSAGES])}>
        <Dashboard firstname="Claire" />
      </NextIntlClientProvider>,
    );
    const links = await screen.findAllByRole("link", { name: messagesFr.Payments.entry.action });
    // Only the deal with a quoted amount can be paid.
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/paiement?deal=41"]);
  });

  it("offer flowers for a funeral deal only, with the label and path the route composes", async () => {
    const marble = { ...deal(43, 120_000), kind: "marble" };
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url.includes("/api/v1/deals")) return json({ data: [deal(41, 512_300), marble] });
        if (url.includes("/api/v1/client/administrative_procedures")) return json({ data: [] });
        return json({ error: "Not Found", message: "not_found" }, 404);
      }),
    );
    render(
      <NextIntlClientProvider locale="fr" messages={pickMessages(messagesFr as unknown as Messages, [...CLIENT_SPACE_MESSAGES])}>
        <Dashboard firstname="Claire" funeralDealLink={{ label: messagesFr.FlowerFunnel.spaceLink, path: "/fleurs-obseques" }} />
      </NextIntlClientProvider>,
    );
    const links = await screen.findAllByRole("link", { name: "Envoyer des fleurs" });
    expect(links.map((a) => a.getAttribute("href"))).toEqual([`/fleurs-obseques?deal=${deal(41, null).uuid}`]);
  });

  it("link every deal to the pages other parts compose (the services suggested to the family)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url.includes("/api/v1/deals")) return json({ data: [deal(41, 512_300), { ...deal(44, null), kind: "item" }] });
        if (url.includes("/api/v1/client/administrative_procedures")) return json({ data: [] });
        return json({ error: "Not Found", message: "not_found" }, 404);
      }),
    );
    render(
      <NextIntlClientProvider locale="fr" messages={pickMessages(messagesFr as unknown as Messages, [...CLIENT_SPACE_MESSAGES])}>
        <Dashboard firstname="Claire" dealLinks={[{ label: messagesFr.DealExtras.suggestions.link, pathPrefix: "/app/prestations/", testId: "deal-suggestions-link" }]} />
      </NextIntlClientProvider>,
    );
    const links = await screen.findAllByRole("link", { name: messagesFr.DealExtras.suggestions.link });
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/app/prestations/41", "/app/prestations/44"]);
  });
});
