// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { ROLES } from "@/domain/roles";
import { DealExtrasPanels } from "@/features/deal-extras/deal-extras-panels";
import { eurosToCents } from "@/features/deal-extras/extras-shared";
import { FamilyReviewForm } from "@/features/deal-extras/family-review-form";
import { PriceRequestAnswer } from "@/features/deal-extras/price-request-answer";
import { ReviewRequestPanel } from "@/features/deal-extras/review-request-panel";
import { ServiceSuggestionsPanel } from "@/features/deal-extras/service-suggestions-panel";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

const messages = pickMessages(messagesFr as unknown as Messages, ["Errors", "DealExtras"]);
const X = messagesFr.DealExtras;
const E = messagesFr.Errors;
const TOKEN = "T".repeat(43);

function json(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
const wrap = (node: ReactNode) => render(<NextIntlClientProvider locale="fr" messages={messages}>{node}</NextIntlClientProvider>);
const path = (call: unknown[]) => new URL(String(call[0]), "http://localhost").pathname;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("eurosToCents", () => {
  it("reads what people type, and refuses what is not an amount", () => {
    expect(eurosToCents("350")).toBe(35_000);
    expect(eurosToCents("89,9")).toBe(8_990);
    expect(eurosToCents(" 680.50 € ")).toBe(68_050);
    expect(eurosToCents("0")).toBe(0);
    for (const bad of ["", "abc", "-5", "1,234", "12,345"]) expect(eurosToCents(bad), bad).toBeNull();
  });
});

describe("the family's review form", () => {
  it("asks for a rating first, keeps what was typed when the send fails, then thanks the family", async () => {
    const user = userEvent.setup();
    let sent = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (_url, init) => {
        if (init?.method === "POST") {
          sent++;
          return sent === 1 ? json({ error: "Unprocessable Entity", errors: ["review__body__too_long"] }, 422) : json({ data: {} }, 201);
        }
        return sent >= 2 ? json({ data: { requested: true, review: { id: 1, author_name: "Claire M.", rating: 5, title: null, body: "Merci pour tout", published: false, created_at: 1 } } }) : json({ data: { requested: true, review: null } });
      }),
    );
    wrap(<FamilyReviewForm dealId={7} />);
    await user.type(await screen.findByLabelText(X.familyReview.body, { exact: false }), "Merci pour tout");
    await user.type(screen.getByLabelText(X.familyReview.author, { exact: false }), "Claire M.");
    await user.click(screen.getByRole("button", { name: X.familyReview.send }));
    expect(screen.getByText(X.familyReview.ratingMissing)).toBeTruthy();
    expect(sent).toBe(0);

    await user.click(screen.getByRole("radio", { name: X.familyReview.stars["5"] }));
    await user.click(screen.getByRole("button", { name: X.familyReview.send }));
    expect(await screen.findByText(E.review__body__too_long)).toBeTruthy();
    expect((screen.getByLabelText(X.familyReview.body, { exact: false }) as HTMLTextAreaElement).value).toBe("Merci pour tout");

    await user.click(screen.getByRole("button", { name: X.familyReview.send }));
    expect(await screen.findByTestId("family-review-thanks")).toBeTruthy();
    expect(screen.getByText(X.familyReview.thanks)).toBeTruthy();
  });

  it("says so when no review was asked", async () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => json({ data: { requested: false, review: null } })));
    wrap(<FamilyReviewForm dealId={7} />);
    expect(await screen.findByText(X.familyReview.notRequested)).toBeTruthy();
  });
});

describe("the supplier's answer page", () => {
  it("reads the key from the fragment, refuses a price that is not one, then sends price and delay", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", `/reponse-fournisseur#cle=${TOKEN}`);
    const request = { supplier_name: "Marbrerie de Lyon (démo)", job: "Gravure de 40 lettres", needed_on: "2026-12-15", place: "Lyon", status: "sent", price_cents: null, delay_days: null, expires_at: 1_900_000_000 };
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) =>
      init?.method === "PUT" ? json({ data: { ...request, status: "answered", price_cents: 68_050, delay_days: 21 } }) : json({ data: request }),
    );
    vi.stubGlobal("fetch", fetchMock);
    wrap(<PriceRequestAnswer locale="fr" />);
    expect(await screen.findByText("Gravure de 40 lettres")).toBeTruthy();
    expect(path(fetchMock.mock.calls[0]!)).toBe(`/api/v1/price_requests/${TOKEN}`);

    await user.type(screen.getByLabelText(X.answer.price, { exact: false }), "six cents");
    await user.type(screen.getByLabelText(X.answer.delay, { exact: false }), "21");
    await user.click(screen.getByRole("button", { name: X.answer.send }));
    expect(await screen.findByText(X.answer.fieldsInvalid)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText(X.answer.price, { exact: false }));
    await user.type(screen.getByLabelText(X.answer.price, { exact: false }), "680,50");
    await user.click(screen.getByRole("button", { name: X.answer.send }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ decision: "quote", price_cents: 68_050, delay_days: 21, comment: null });
    expect((await screen.findByTestId("price-answer-status")).textContent).toContain("21 jours");
  });

  it("without a key, says the link is incomplete and calls nothing", async () => {
    window.history.replaceState(null, "", "/reponse-fournisseur");
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    wrap(<PriceRequestAnswer locale="fr" />);
    expect(await screen.findByText(X.answer.missing)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the deal page's panels", () => {
  it("suggests a service with its price in cents and keeps the form when the server refuses it", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) => (init?.method === "POST" ? json({ error: "Unprocessable Entity", errors: ["service_suggestion__name__too_long"] }, 422) : json({ data: [] })));
    vi.stubGlobal("fetch", fetchMock);
    wrap(<ServiceSuggestionsPanel dealId={7} role={ROLES.FUNERAL_ADVISOR} locale="fr" />);
    expect(await screen.findByText(X.suggestions.none)).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: X.suggestions.name }), "Violoncelliste");
    await user.type(screen.getByLabelText(X.suggestions.price, { exact: false }), "350");
    await user.click(screen.getByRole("button", { name: X.suggestions.suggest }));
    expect(await screen.findByText(E.service_suggestion__name__too_long)).toBeTruthy();
    const post = fetchMock.mock.calls.find((call) => call[1]?.method === "POST")!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ deal_id: 7, name: "Violoncelliste", description: null, price_cents: 35_000 });
    expect((screen.getByRole("textbox", { name: X.suggestions.name }) as HTMLInputElement).value).toBe("Violoncelliste");
  });

  it("shows the family's review as plain text and lets a director publish it", async () => {
    const user = userEvent.setup();
    let published = false;
    const review = () => ({ id: 3, author_name: "Claire M.", rating: 4, title: null, body: "<b>Merci</b>", published, created_at: 1_764_000_000 });
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
      if (init?.method === "PUT") published = true;
      return json({ data: init?.method === "PUT" ? review() : { requests: [{ id: 1, client_id: 2, locale: "fr", forced: false, created_at: 1_764_000_000 }], review: review() } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { container } = wrap(<ReviewRequestPanel dealId={7} role={ROLES.FUNERAL_DIRECTOR} locale="fr" />);
    expect(await screen.findByText("<b>Merci</b>")).toBeTruthy();
    expect(container.querySelector("b")).toBeNull();
    await user.click(screen.getByRole("button", { name: X.reviews.publish }));
    expect(await screen.findByRole("button", { name: X.reviews.hide })).toBeTruthy();
  });

  it("shows nothing to analytics guests and partner pros", () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>());
    const { container } = wrap(
      <>
        <DealExtrasPanels dealId={7} role={ROLES.ANALYTICS_GUEST} locale="fr" />
        <DealExtrasPanels dealId={7} role={ROLES.PRO} locale="fr" />
      </>,
    );
    expect(container.textContent).toBe("");
  });
});
