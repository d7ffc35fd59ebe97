// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { DealState } from "@/features/pro-deal/deal-state";
import { DEAL_ID, P, json, renderFr, stubApi, unprocessable } from "./pro-deal-fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = (state: string, next: string[]) => ({ data: { id: DEAL_ID, state, next_states: next, events: [] } });

describe("DealState", () => {
  it("offers only the allowed next states and moves the deal after a confirmation", async () => {
    const onChanged = vi.fn();
    const { calls } = stubApi({
      "GET /api/v1/deals/7/state": () => json(view("quote_sent", ["signed", "lost"])),
      "PUT /api/v1/deals/7/state": () =>
        json({ data: { id: DEAL_ID, state: "signed", next_states: ["organising", "cancelled"], events: [{ id: 1, kind: "state", from: "quote_sent", to: "signed", by: { id: 3, firstname: "Nadia", lastname: "Benali" }, created_at: 1_763_600_000 }] } }),
    });
    renderFr(<DealState dealId={DEAL_ID} onChanged={onChanged} />);
    expect(await screen.findByTestId("deal-state")).toHaveTextContent(P.states.quote_sent);
    const select = screen.getByLabelText(P.state.next);
    const options = within(select).getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual([P.state.choose, P.states.signed, P.states.lost]);

    await userEvent.selectOptions(select, "signed");
    await userEvent.click(screen.getByRole("button", { name: P.state.change }));
    const dialog = await screen.findByRole("dialog", { name: P.state.confirmTitle });
    expect(dialog).toHaveTextContent("« Devis envoyé » à « Signé »");
    // Nothing is sent before the confirmation.
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: P.state.confirm }));
    await waitFor(() => expect(screen.getByTestId("deal-state")).toHaveTextContent(P.states.signed));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ state: "signed" });
    expect(onChanged).toHaveBeenCalledWith("signed");
    expect(screen.getByText(/Devis envoyé → Signé \(Nadia Benali\)/)).toBeInTheDocument();
  });

  it("keeps the dialog open with the translated reason when the server refuses the move", async () => {
    stubApi({
      "GET /api/v1/deals/7/state": () => json(view("quote_sent", ["signed"])),
      "PUT /api/v1/deals/7/state": () => unprocessable("deal__state__transition_invalid"),
    });
    renderFr(<DealState dealId={DEAL_ID} />);
    await userEvent.selectOptions(await screen.findByLabelText(P.state.next), "signed");
    await userEvent.click(screen.getByRole("button", { name: P.state.change }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: P.state.confirm }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(messagesFr.Errors.deal__state__transition_invalid);
    expect(screen.getByTestId("deal-state")).toHaveTextContent(P.states.quote_sent);
  });

  it("shows its own load error with a retry that reads again", async () => {
    let fail = true;
    stubApi({ "GET /api/v1/deals/7/state": () => (fail ? json({ error: "Internal Server Error", message: "unhandled" }, 500) : json(view("signed", []))) });
    renderFr(<DealState dealId={DEAL_ID} />);
    expect(await screen.findByText(messagesFr.Errors.unhandled)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: P.retry }));
    expect(await screen.findByTestId("deal-state")).toHaveTextContent(P.states.signed);
    expect(screen.getByText(P.state.noMove)).toBeInTheDocument();
  });
});
