// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesEn from "@messages/en.json";
import messagesFr from "@messages/fr.json";
import { DEMO_ARRANGEMENTS, FLOWER_PRODUCT_CODES } from "@/domain/flowers/arrangements";
import type { FlowerCeremony, FlowerProduct, FlowerProductsResponse } from "@/domain/schemas/flower-funnel";
import { FlowerFunnel } from "@/features/flowers/flower-funnel";
import { FLOWER_DRAFT_KEY, emptyFlowerDraft, flowerDraftFrom, stepCodes } from "@/features/flowers/flower-draft";

// The flowers funnel in a browser: choosing, the ceremony filled from the family's funeral
// deal, the ribbon's preview and counter, the server's refusal shown next to the field with
// what was typed kept, the draft kept on the device, calm retries without a connection.
const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn() }) }));

const m = messagesFr.FlowerFunnel;
const DEAL = "0b7f3a52-5d1e-4c59-9a43-6d2b1f0e8c11";
const TOKEN = "t".repeat(40);
const WREATH: FlowerProduct = {
  code: "FLE-COURONNE-BLANCHE",
  name: "Couronne Éternité, roses et lys blancs",
  type: "wreath",
  colours: ["white"],
  flowers: ["rose", "lily"],
  size: "large",
  places: ["funeral_parlor", "worship", "crematorium", "graveyard"],
  price_ht_cents: 22636,
  vat_rate_bp: 1000,
  price_ttc_cents: 24900,
  picture: "/catalogue/fleurs/FLE-COURONNE-BLANCHE.svg",
  demo: true,
};
const INITIAL: FlowerProductsResponse = { items: [WREATH], meta: { page: 1, per_page: 12, total_count: 1, total_pages: 1 } };
const CEREMONY: FlowerCeremony = {
  deal_uuid: DEAL,
  step_id: 7,
  step_type: "ceremony",
  place: "worship",
  place_name: "Église Saint-Paul",
  address: "1 place Saint-Paul, 69005 Lyon",
  date: "2026-12-04",
  time: "14:30",
  latest_delivery_time: "13:30",
  defunct_name: "Jean Martin",
  problems: [],
};

type Answer = { status: number; body: unknown } | "offline";
let answers: Record<string, Answer[]> = {};
let calls: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];

beforeEach(() => {
  localStorage.clear();
  push.mockReset();
  window.history.replaceState(null, "", "/fleurs-obseques");
  calls = [];
  answers = {};
  globalThis.fetch = vi.fn((url: unknown, init?: RequestInit) => {
    const path = new URL(String(url), "http://localhost").pathname;
    const method = init?.method ?? "GET";
    calls.push({ method, url: String(url), headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body ? JSON.parse(String(init.body)) : null });
    const next = answers[`${method} ${path}`]?.shift();
    if (!next) return new Promise<Response>(() => {});
    if (next === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } }));
  }) as typeof fetch;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const wait = (ms = 10) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function renderFunnel(signedIn = false, locale: "fr" | "en" = "fr", initial = INITIAL) {
  if (signedIn) localStorage.setItem("paisible.auth-tokens", JSON.stringify({ "access-token": "a", client: "c", uid: "marie@example.com", "token-type": "Bearer" }));
  render(
    <NextIntlClientProvider locale={locale} timeZone="Europe/Paris" messages={locale === "en" ? messagesEn : messagesFr}>
      <FlowerFunnel initial={initial} intro={<h1>Fleurs</h1>} />
    </NextIntlClientProvider>,
  );
}

const next = () => fireEvent.click(screen.getByTestId("flower-next"));
const step = () => screen.getByTestId("flower-step").getAttribute("data-step");

describe("FlowerFunnel", () => {
  it("renders the server's first catalogue page with pictures and prices before anything loads", () => {
    renderFunnel();
    const card = screen.getByTestId("flower-card");
    expect(within(card).getByRole("img").getAttribute("src")).toBe(WREATH.picture);
    expect(card.textContent).toContain("249,00");
    expect(card.textContent).toContain(m.types.wreath);
    expect(calls).toEqual([]);
  });

  it("names every arrangement in the page's language, and keeps the API's French name for a code it does not know", () => {
    const unknown: FlowerProduct = { ...WREATH, code: "FLE-NOUVEAUTE", name: "Gerbe Nouveauté, roses blanches", picture: "/catalogue/fleurs/FLE-NOUVEAUTE.svg" };
    renderFunnel(false, "en", { items: [WREATH, unknown], meta: { page: 1, per_page: 12, total_count: 2, total_pages: 1 } });
    const [known, other] = screen.getAllByTestId("flower-card");
    expect(within(known!).getByRole("heading").textContent).toBe("Eternity wreath, white roses and lilies");
    expect(known!.textContent).not.toContain(WREATH.name);
    expect(within(other!).getByRole("heading").textContent).toBe("Gerbe Nouveauté, roses blanches");
    // Through to the review, the line keeps the English name.
    fireEvent.click(within(known!).getByTestId("flower-choose"));
    expect(screen.getAllByText("Eternity wreath, white roses and lilies").length).toBeGreaterThan(0);
  });

  it("has a name for each of the 45 arrangements, the French one being the catalogue's own", () => {
    for (const messages of [messagesFr, messagesEn]) expect(Object.keys(messages.FlowerCatalog)).toEqual([...FLOWER_PRODUCT_CODES]);
    expect(messagesFr.FlowerCatalog["FLE-COURONNE-BLANCHE"]).toBe(DEMO_ARRANGEMENTS.find((a) => a.code === "FLE-COURONNE-BLANCHE")!.name);
  });

  it("offers the ceremony of the family's funeral deal, read-only, and orders to it with the deal's key", async () => {
    window.history.replaceState(null, "", `/fleurs-obseques?deal=${DEAL}#cle=${TOKEN}`);
    answers["GET /api/v1/flower_funnel/ceremonies"] = [{ status: 200, body: { ceremonies: [CEREMONY] } }];
    renderFunnel(true);
    await wait();
    expect(window.location.hash).toBe("");
    expect(calls[0]!.url).toContain(`deal=${DEAL}`);
    expect(calls[0]!.headers["x-resume-token"]).toBe(TOKEN);

    fireEvent.click(screen.getByTestId("flower-choose"));
    next();
    expect(step()).toBe("delivery");
    const ceremony = screen.getByTestId("flower-ceremony");
    expect(ceremony.textContent).toContain("Église Saint-Paul");
    expect(ceremony.textContent).toContain("13:30");
    expect(within(ceremony).queryByRole("textbox")).toBeNull();
    next();
    fireEvent.change(screen.getByLabelText(m.message.kind), { target: { value: "ribbon" } });
    fireEvent.change(screen.getByLabelText(m.message.text), { target: { value: "À notre ami Jean" } });
    expect(screen.getByTestId("flower-preview").textContent).toBe("À notre ami Jean");
    expect(screen.getByText("16 caractères sur 60")).toBeTruthy();
    next();
    expect(step()).toBe("review");

    answers["POST /api/v1/flower_funnel/deals"] = [{ status: 201, body: { uuid: "11111111-2222-4333-8444-555555555555", resume_token: "r".repeat(40) } }];
    fireEvent.click(screen.getByTestId("flower-order"));
    await wait();
    const order = calls.find((c) => c.method === "POST")!;
    expect(order.headers["x-resume-token"]).toBe(TOKEN);
    expect(order.body).toMatchObject({ items: [{ code: WREATH.code, quantity: 1 }], delivery: { funeral_deal: DEAL, step_id: 7 }, message: { kind: "ribbon", text: "À notre ami Jean" }, client: null });
    expect(JSON.stringify(order.body)).not.toContain("price");
    expect(push).toHaveBeenCalledWith(expect.stringMatching(/^\/fleurs-obseques\/confirmation#commande=11111111-2222-4333-8444-555555555555&cle=r{40}$/));
    expect(localStorage.getItem(FLOWER_DRAFT_KEY)).toBeNull();
  });

  it("shows the server's refusal of a date next to the field, on the delivery step, keeping what was typed", async () => {
    const draft = {
      ...emptyFlowerDraft(),
      step: "review",
      cart: [{ code: WREATH.code, name: WREATH.name, type: "wreath", picture: WREATH.picture, price_ttc_cents: 24900, places: WREATH.places, quantity: 2 }],
      delivery: { place: "worship", place_name: "Temple", recipient_name: "", address: "3 rue Neuve", postal_code: "69002", city: "Lyon", date: "2026-12-04", time: "10:00" },
      client: { civility: "", firstname: "Marie", lastname: "Dupont", email: "marie@example.com", phone: "0612345678", consent: true },
    };
    localStorage.setItem(FLOWER_DRAFT_KEY, JSON.stringify(draft));
    renderFunnel();
    await wait();
    expect(step()).toBe("review");
    expect(screen.getByTestId("flower-review-total").textContent).toContain("498,00");
    answers["POST /api/v1/flower_funnel/deals"] = [{ status: 422, body: { error: "Unprocessable Entity", errors: ["delivery__date__too_soon"] } }];
    fireEvent.click(screen.getByTestId("flower-order"));
    await wait();
    expect(step()).toBe("delivery");
    const date = screen.getByLabelText(new RegExp(m.delivery.date)) as HTMLInputElement;
    expect(date.value).toBe("2026-12-04");
    expect(date.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(messagesFr.Errors.delivery__date__too_soon)).toBeTruthy();
    expect((screen.getByLabelText(new RegExp(m.delivery.address)) as HTMLInputElement).value).toBe("3 rue Neuve");
  });

  it("asks for the orderer's details when the API does not see the session the page saw", async () => {
    const draft = { ...emptyFlowerDraft(), step: "review", cart: [{ code: WREATH.code, name: WREATH.name, type: "wreath", picture: WREATH.picture, price_ttc_cents: 24900, places: WREATH.places, quantity: 1 }] };
    localStorage.setItem(FLOWER_DRAFT_KEY, JSON.stringify(draft));
    answers["POST /api/v1/flower_funnel/deals"] = [{ status: 422, body: { error: "Unprocessable Entity", errors: ["flower_order__client__missing"] } }];
    renderFunnel(true);
    await wait();
    expect(screen.getByText("Étape 4 sur 4")).toBeTruthy();
    fireEvent.click(screen.getByTestId("flower-order"));
    await wait();
    expect(step()).toBe("contact");
    expect(screen.getByText("Étape 4 sur 5")).toBeTruthy();
  });

  it("keeps the draft on the device as the family goes and restores it after a reload", async () => {
    renderFunnel();
    await wait();
    fireEvent.click(screen.getByTestId("flower-choose"));
    await wait();
    expect(flowerDraftFrom(JSON.parse(localStorage.getItem(FLOWER_DRAFT_KEY) ?? "null"))?.cart.map((l) => l.code)).toEqual([WREATH.code]);
    next();
    fireEvent.change(screen.getByLabelText(new RegExp(m.delivery.city)), { target: { value: "Lyon" } });
    await wait();
    cleanup();
    renderFunnel();
    await wait();
    expect(step()).toBe("delivery");
    expect((screen.getByLabelText(new RegExp(m.delivery.city)) as HTMLInputElement).value).toBe("Lyon");
  });

  it("checks a step with the API's schemas before moving on, and says why", async () => {
    renderFunnel();
    await wait();
    next();
    expect(step()).toBe("choose");
    expect(screen.getByText(messagesFr.Errors.flower_order__items__missing)).toBeTruthy();
    fireEvent.click(screen.getByTestId("flower-choose"));
    next();
    next();
    expect(step()).toBe("delivery");
    expect(screen.getByText(m.fieldErrors.delivery__address__missing)).toBeTruthy();
    expect(screen.getByText(m.fieldErrors.delivery__postal_code__missing)).toBeTruthy();
  });

  it("retries calmly while the connection is down, then says so without losing anything", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const draft = { ...emptyFlowerDraft(), step: "review", deliveryMode: "address", cart: [{ code: WREATH.code, name: WREATH.name, type: "wreath", picture: WREATH.picture, price_ttc_cents: 24900, places: WREATH.places, quantity: 1 }] };
    localStorage.setItem(FLOWER_DRAFT_KEY, JSON.stringify(draft));
    answers["POST /api/v1/flower_funnel/deals"] = ["offline", "offline", "offline", "offline"];
    renderFunnel();
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.click(screen.getByTestId("flower-order"));
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(screen.getByTestId("flower-save-status").textContent).toBe(m.send.retrying);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(4);
    // Every retry carries the same order key, so an order that did arrive is not made twice.
    const keys = new Set(posts.map((c) => (c.body as { order_key?: string }).order_key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(screen.getByText(m.send.offline)).toBeTruthy();
    expect(flowerDraftFrom(JSON.parse(localStorage.getItem(FLOWER_DRAFT_KEY) ?? "null"))?.cart).toHaveLength(1);
  });
});

describe("stepCodes", () => {
  it("applies the server's cut-off rule before the family reaches the review", () => {
    const draft = { ...emptyFlowerDraft(), delivery: { place: "home" as const, place_name: "", recipient_name: "Paul", address: "2 rue Haute", postal_code: "75011", city: "Paris", date: "2026-11-26", time: "10:00" } };
    // Wednesday 25 November 2026, 15:00 in Paris: too late for tomorrow.
    expect(stepCodes(draft, "delivery", new Date("2026-11-25T14:00:00Z"))).toEqual(["delivery__date__too_soon"]);
    expect(stepCodes(draft, "delivery", new Date("2026-11-25T09:00:00Z"))).toEqual([]);
  });

  it("refuses a message longer than the ribbon holds", () => {
    const draft = { ...emptyFlowerDraft(), message: { kind: "ribbon" as const, text: "x".repeat(61) } };
    expect(stepCodes(draft, "message")).toEqual(["flower_message__text__too_long"]);
  });
});
