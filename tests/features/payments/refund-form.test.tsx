// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { RefundForm, euroTextToCents, type RefundFormLabels } from "@/features/payments/refund-form";

const R = messagesFr.ProPayments.refund;
const E = messagesFr.Errors;
const LABELS: RefundFormLabels = {
  legend: "Rembourser le paiement n° 12",
  amount: R.amount,
  refundable: "Remboursable au plus : 100,00 €",
  review: R.review,
  confirmQuestion: R.confirmQuestion,
  confirm: R.confirm,
  cancel: R.cancel,
  refunding: R.refunding,
  done: R.done,
  amountInvalid: E.refund__amount__invalid,
  errors: { payment__refund__above_captured: E.payment__refund__above_captured, payment__provider__unavailable: E.payment__provider__unavailable },
  unhandled: E.unhandled,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function setup(fetchImpl: typeof fetch) {
  const fetchMock = vi.fn<typeof fetch>(fetchImpl);
  vi.stubGlobal("fetch", fetchMock);
  const onRefunded = vi.fn();
  render(<RefundForm paymentId={12} refundableCents={10_000} locale="fr" labels={LABELS} onRefunded={onRefunded} />);
  return { fetchMock, onRefunded, input: screen.getByLabelText(R.amount) as HTMLInputElement };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("euroTextToCents", () => {
  it("reads euros with a comma or a dot and refuses anything else", () => {
    expect(euroTextToCents("120")).toBe(12_000);
    expect(euroTextToCents("120,5")).toBe(12_050);
    expect(euroTextToCents(" 0.07 ")).toBe(7);
    expect(euroTextToCents("0")).toBeNull();
    expect(euroTextToCents("-3")).toBeNull();
    expect(euroTextToCents("12,345")).toBeNull();
    expect(euroTextToCents("abc")).toBeNull();
  });
});

describe("RefundForm", () => {
  it("offers the whole refundable amount, asks for confirmation, then posts the cents", async () => {
    const { fetchMock, onRefunded, input } = setup(async () => json({ data: {} }));
    expect(input.value).toBe("100,00");
    await userEvent.clear(input);
    await userEvent.type(input, "40,5");
    await userEvent.click(screen.getByRole("button", { name: R.review }));
    // Nothing is sent before the confirmation, and the question names the amount.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toMatch(/40,50\s*€/);
    await userEvent.click(screen.getByRole("button", { name: R.confirm }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain("/api/v1/payments/12/refund");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 4_050 });
    expect(screen.getByRole("status").textContent).toBe(R.done);
  });

  it("lets the director go back from the confirmation without refunding", async () => {
    const { fetchMock, input } = setup(async () => json({ data: {} }));
    await userEvent.click(screen.getByRole("button", { name: R.review }));
    await userEvent.click(screen.getByRole("button", { name: R.cancel }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(input.disabled).toBe(false);
    expect(screen.getByRole("button", { name: R.review })).toBeTruthy();
  });

  it("refuses an amount that is not one, or above what can be refunded, before asking the server", async () => {
    const { fetchMock, input } = setup(async () => json({ data: {} }));
    await userEvent.clear(input);
    await userEvent.type(input, "douze");
    await userEvent.click(screen.getByRole("button", { name: R.review }));
    expect(screen.getByRole("alert").textContent).toBe(E.refund__amount__invalid);
    expect(input.value).toBe("douze");
    await userEvent.clear(input);
    await userEvent.type(input, "100,01");
    await userEvent.click(screen.getByRole("button", { name: R.review }));
    expect(screen.getByRole("alert").textContent).toBe(E.payment__refund__above_captured);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("translates the server's refusal and keeps the typed amount", async () => {
    const { onRefunded, input } = setup(async () => json({ error: "Service Unavailable", message: "payment__provider__unavailable" }, 503));
    await userEvent.clear(input);
    await userEvent.type(input, "30");
    await userEvent.click(screen.getByRole("button", { name: R.review }));
    await userEvent.click(screen.getByRole("button", { name: R.confirm }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(E.payment__provider__unavailable));
    expect(input.value).toBe("30");
    expect(onRefunded).not.toHaveBeenCalled();
  });

  it("falls back to a general sentence for an unknown refusal", async () => {
    const { input } = setup(async () => json({ error: "Unprocessable Entity", errors: ["something__else"] }, 422));
    await userEvent.click(screen.getByRole("button", { name: R.review }));
    await userEvent.click(screen.getByRole("button", { name: R.confirm }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(E.unhandled));
    expect(input.value).toBe("100,00");
  });
});
