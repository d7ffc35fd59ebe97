// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PayMethods, type PayMethodsLabels } from "@/features/payments/pay-methods";

const LABELS: PayMethodsLabels = { legend: "Moyen de paiement", pay: "Continuer vers le paiement sécurisé", redirecting: "Redirection…", errors: {}, unhandled: "Erreur" };
const OPTIONS = [
  { id: "card", label: "Carte bancaire", hint: "", details: [] },
  { id: "bank_transfer", label: "Virement bancaire", hint: "", details: [] },
];
const element = <PayMethods dealId={7} amountCents={10_000} options={OPTIONS} labels={LABELS} />;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("PayMethods before and after hydration", () => {
  it("serves its submit button disabled, so a click before React is ready cannot send the plain form", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(element);
    const button = container.querySelector("button[type=submit]") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(container.querySelector("form")!.getAttribute("data-ready")).toBe("false");
  });

  it("enables the button once hydrated, and then pays through the API instead of a page load", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(element);
    document.body.appendChild(container);
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ redirect_url: "/sandbox-psp/worldline/hc_1" }), { status: 200, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetchMock);
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const root = await act(async () => hydrateRoot(container, element));
    const button = screen.getByRole("button", { name: LABELS.pay });
    expect(button).toBeEnabled();
    expect(container.querySelector("form")!.getAttribute("data-ready")).toBe("true");
    await act(async () => button.click());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain("/api/v1/payments/worldline");
    act(() => root.unmount());
  });

  it("a client render (no server HTML) is ready at once", () => {
    render(element);
    expect(screen.getByRole("button", { name: LABELS.pay })).toBeEnabled();
  });
});
