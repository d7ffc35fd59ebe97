// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast, type ToastOptions } from "@/ui/toast";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ options, label = "Déclencher" }: { options: ToastOptions; label?: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(options)}>
      {label}
    </button>
  );
}

function setup(options: ToastOptions, duration?: number) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <ToastProvider dismissLabel="Fermer le message" duration={duration}>
      <Trigger options={options} />
    </ToastProvider>,
  );
  return user;
}

describe("Toast", () => {
  it("announces info and success politely", async () => {
    const user = setup({ message: "Votre devis est enregistré.", tone: "success" });
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toBeEmptyDOMElement();
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    expect(within(status).getByText("Votre devis est enregistré.")).toBeInTheDocument();
    expect(within(screen.getByRole("alert")).queryByText("Votre devis est enregistré.")).not.toBeInTheDocument();
  });

  it("announces errors assertively", async () => {
    const user = setup({ message: "Le paiement a échoué.", tone: "error", title: "Erreur" });
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveAttribute("aria-live", "assertive");
    expect(within(alert).getByText("Le paiement a échoué.")).toBeInTheDocument();
    expect(within(alert).getByText("Erreur")).toBeInTheDocument();
  });

  it("is dismissed with its dismiss button", async () => {
    const user = setup({ message: "Message envoyé." });
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    await user.click(screen.getByRole("button", { name: "Fermer le message" }));
    expect(screen.queryByText("Message envoyé.")).not.toBeInTheDocument();
  });

  it("disappears by itself after the delay", async () => {
    const user = setup({ message: "Adresse mise à jour." }, 5000);
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText("Adresse mise à jour.")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Adresse mise à jour.")).not.toBeInTheDocument();
  });

  it("waits while the pointer is over it and resumes afterwards", async () => {
    const user = setup({ message: "Adresse mise à jour." }, 5000);
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    await user.hover(screen.getByText("Adresse mise à jour."));
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText("Adresse mise à jour.")).toBeInTheDocument();
    await user.unhover(screen.getByText("Adresse mise à jour."));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText("Adresse mise à jour.")).not.toBeInTheDocument();
  });

  it("waits while focus is inside it", async () => {
    const user = setup({ message: "Document reçu." }, 5000);
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    act(() => screen.getByRole("button", { name: "Fermer le message" }).focus());
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText("Document reçu.")).toBeInTheDocument();
    act(() => screen.getByRole("button", { name: "Déclencher" }).focus());
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText("Document reçu.")).not.toBeInTheDocument();
  });

  it("keeps errors until dismissed unless a duration is given", async () => {
    const user = setup({ message: "Le paiement a échoué.", tone: "error" }, 5000);
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Le paiement a échoué.")).toBeInTheDocument();
  });

  it("refuses to be used outside its provider with a clear message", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Trigger options={{ message: "x" }} />)).toThrow("useToast() must be called inside <ToastProvider>.");
    spy.mockRestore();
  });
});
