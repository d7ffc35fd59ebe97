// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { ShareForm, type ShareFormLabels } from "@/features/payments/share-form";

const S = messagesFr.Payments.split;
const MEMBERS = [
  { client_id: 1, name: "Claire Martin" },
  { client_id: 2, name: "Paul Martin" },
];
const LABELS: ShareFormLabels = {
  heading: S.formHeading,
  hint: S.formHint,
  modeLegend: S.modeLegend,
  modeAmounts: S.modeAmounts,
  modeShares: S.modeShares,
  amountLabels: { 1: "Montant pour Claire Martin (€)", 2: "Montant pour Paul Martin (€)" },
  shareLabels: { 1: "Nombre de parts pour Claire Martin", 2: "Nombre de parts pour Paul Martin" },
  total: S.total,
  save: S.save,
  saving: S.saving,
  saved: S.saved,
  clear: S.clear,
  errors: { payment_shares__amounts__sum_mismatch: messagesFr.Errors.payment_shares__amounts__sum_mismatch },
  unhandled: messagesFr.Errors.unhandled,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ShareForm", () => {
  it("sends shares as whole numbers for the members filled in, then reloads the page", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ data: [] }));
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = vi.fn();
    render(<ShareForm dealId={7} balanceCents={10_000} locale="fr" members={MEMBERS} current={[]} labels={LABELS} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText("Nombre de parts pour Claire Martin"), "2");
    await userEvent.type(screen.getByLabelText("Nombre de parts pour Paul Martin"), "1");
    await userEvent.click(screen.getByRole("button", { name: S.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain("/api/v1/payments/deals/7/shares");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ mode: "shares", payers: [{ client_id: 1, share: 2 }, { client_id: 2, share: 1 }] });
  });

  it("turns typed euros into cents, shows the running total, and keeps what was typed when the server refuses", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ error: "Unprocessable Entity", errors: ["payment_shares__amounts__sum_mismatch"] }, 422));
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = vi.fn();
    render(<ShareForm dealId={7} balanceCents={10_000} locale="fr" members={MEMBERS} current={[]} labels={LABELS} onSaved={onSaved} />);
    await userEvent.click(screen.getByLabelText(S.modeAmounts));
    await userEvent.type(screen.getByLabelText("Montant pour Claire Martin (€)"), "60,5");
    await userEvent.type(screen.getByLabelText("Montant pour Paul Martin (€)"), "39");
    expect(screen.getByText(/Total réparti/).textContent).toMatch(/99,50\s€.*100,00\s€/);
    await userEvent.click(screen.getByRole("button", { name: S.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(messagesFr.Errors.payment_shares__amounts__sum_mismatch);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ mode: "amounts", payers: [{ client_id: 1, amount_cents: 6_050 }, { client_id: 2, amount_cents: 3_900 }] });
    expect(screen.getByLabelText("Montant pour Claire Martin (€)")).toHaveValue("60,5");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("starts from the saved split and can remove it", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ data: [] }));
    vi.stubGlobal("fetch", fetchMock);
    render(<ShareForm dealId={7} balanceCents={10_000} locale="fr" members={MEMBERS} current={[{ client_id: 1, amount_cents: 10_000, share: null }]} labels={LABELS} onSaved={() => {}} />);
    expect(screen.getByLabelText("Montant pour Claire Martin (€)")).toHaveValue("100,00");
    await userEvent.click(screen.getByRole("button", { name: S.clear }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ mode: "amounts", payers: [] });
  });
});
