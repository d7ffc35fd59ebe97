// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Provider } from "react-redux";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { makeStore } from "@/store/make-store";
import { FuneralFunnel } from "@/features/funeral-quote/funeral-funnel";
import { FUNNEL_STORAGE_KEY } from "@/features/funeral-quote/funnel-storage";

// The funnel's hooks together in a browser: opening from this device, starting again,
// moving between screens with the address and history, and saving on the server.
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

const m = messagesFr.Quote.funnel;
const UUID = "0b7f3a52-5d1e-4c59-9a43-6d2b1f0e8c11";
const TOKEN = "a".repeat(40);
let calls: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, "", "/devis-obseques");
  window.scrollTo = vi.fn();
  calls = [];
  // The server never answers: what matters here is what the funnel sends.
  globalThis.fetch = vi.fn((url: unknown, init?: RequestInit) => {
    calls.push({ method: init?.method ?? "GET", url: String(url), headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Promise<Response>(() => {});
  }) as typeof fetch;
});
afterEach(cleanup);

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const stored = () => JSON.parse(localStorage.getItem(FUNNEL_STORAGE_KEY) ?? "null");

function renderFunnel() {
  render(
    <NextIntlClientProvider locale="fr" timeZone="Europe/Paris" messages={messagesFr}>
      <Provider store={makeStore()}>
        <FuneralFunnel />
      </Provider>
    </NextIntlClientProvider>,
  );
}

function firstAnswer(): HTMLElement {
  const radio = screen.getAllByRole("radio")[0];
  if (!radio) throw new Error("no answer on screen");
  return radio;
}

function storeDeal() {
  localStorage.setItem(
    FUNNEL_STORAGE_KEY,
    JSON.stringify({ version: 1, uuid: UUID, token: TOKEN, step: "place", draft: { answers: { situation: "death-occurred" } }, submitted: false, savedAt: new Date().toISOString() }),
  );
}

describe("FuneralFunnel in the browser", () => {
  it("creates the deal with the first answer and moves forward and back through the address", async () => {
    renderFunnel();
    await wait(20);
    expect(window.location.search).toBe("?etape=situation");
    fireEvent.click(screen.getByText(m.continue));
    expect(await screen.findByText(m.missing)).toBeVisible();
    fireEvent.click(firstAnswer());
    fireEvent.click(screen.getByText(m.continue));
    await wait(20);
    expect(window.location.search).toBe("?etape=lieu");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(m.steps.place.title);
    expect(screen.queryByText(m.missing)).toBeNull();
    expect(stored()).toMatchObject({ uuid: null, step: "place", draft: { answers: { situation: "death-occurred" } } });
    await wait(800);
    expect(calls).toEqual([
      { method: "POST", url: "/api/v1/funeral_funnel/deals", headers: expect.any(Object), body: { answers: { situation: "death-occurred" }, current_step: "place", locale: "fr" } },
    ]);
    fireEvent.click(screen.getByText(m.back));
    await wait(50);
    expect(window.location.search).toBe("?etape=situation");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(m.steps.situation.title);
  });

  it("resumes this device's deal where it was and saves to it with its key", async () => {
    storeDeal();
    renderFunnel();
    await wait(20);
    expect(window.location.search).toBe("?etape=lieu");
    expect(screen.getByText(m.resume.localTitle)).toBeVisible();
    fireEvent.click(firstAnswer());
    await wait(800);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "PUT", url: `/api/v1/funeral_funnel/deals/${UUID}`, headers: { "x-resume-token": TOKEN } });
    expect(calls[0]?.body).toMatchObject({ answers: { situation: "death-occurred", placeOfDeath: "home" }, current_step: "place" });
  });

  it("starts again from nothing: no answers, no deal, the first question", async () => {
    storeDeal();
    renderFunnel();
    await wait(20);
    fireEvent.click(screen.getByText(m.resume.startAgain));
    await wait(20);
    expect(window.location.search).toBe("?etape=situation");
    expect(screen.queryByText(m.resume.localTitle)).toBeNull();
    expect(stored()).toMatchObject({ uuid: null, token: null, step: "situation", draft: { answers: {} } });
    fireEvent.click(firstAnswer());
    fireEvent.click(screen.getByText(m.continue));
    await wait(800);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/v1/funeral_funnel/deals"]);
  });
});
