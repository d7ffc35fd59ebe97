import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { vi } from "vitest";
import messagesFr from "@messages/fr.json";
import type { DealDetail } from "@/features/pro-deal/pro-deal-api";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

/** What the deal page's tests share: French messages, a fetch answering by method and path, and a deal as the API reads it. */
export const messages = pickMessages(messagesFr as unknown as Messages, ["Errors", "ProDeal", "Family"]);
export const P = messagesFr.ProDeal;

export function renderFr(ui: ReactNode) {
  return render(
    <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
      {ui}
    </NextIntlClientProvider>,
  );
}

export function json(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export const unprocessable = (...codes: string[]) => json({ error: "Unprocessable Entity", errors: codes }, 422);

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

/**
 * A fetch stub: `routes["PUT /api/v1/deals/7/state"]` answers that call; an unknown call
 * fails the test loudly. Every call is kept with its parsed body.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return handler(body, url);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export const DEAL_ID = 7;

export function dealDetail(overrides: Partial<DealDetail> = {}): DealDetail {
  return {
    id: DEAL_ID,
    uuid: "0f8fad5b-d9cb-469f-a165-70867728950e",
    kind: "funeral",
    state: "quote_sent",
    demo: false,
    total_cents: 345_000,
    client_commentary: "Maman aimait les roses blanches.",
    commentary: "Rappeler la fille après 18 h.",
    advisor: { id: 3, firstname: "Nadia", lastname: "Benali", role: 2 },
    empowered_client_id: null,
    brand: null,
    welcome_sent_at: null,
    next_states: ["signed", "lost"],
    events: [],
    client: { id: 11, civility: "Mme", firstname: "Lucie", lastname: "Bernard", email: "lucie@example.org", phone: "06 11 22 33 44" },
    abilities: [{ id: 1, client_id: 11, role: "owner", link: "child", client: { firstname: "Lucie", lastname: "Bernard", email: "lucie@example.org" } }],
    defunct: { id: 21, civility: "M.", firstname: "Henri", lastname: "Bernard", death_date: "2026-11-20", death_city: { name: "Lyon", insee_code: "69123" } },
    deal_steps: [],
    funnel: null,
    quote: {
      lines: [{}, {}, {}],
      sections: [],
      totals: { totalHt: 287_500, totalTva: 57_500, totalTtc: 345_000 },
      deadlines: null,
      warnings: [],
      complete: true,
      notes: [],
      isDemo: true,
    } as unknown as DealDetail["quote"],
    tracking: null,
    created_at: 1_763_600_000,
    updated_at: 1_763_600_000,
    ...overrides,
  } as DealDetail;
}
