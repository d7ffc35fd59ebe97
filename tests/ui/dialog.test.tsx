// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Dialog } from "@/ui/dialog";

afterEach(cleanup);

function Example({ onClose, closeOnBackdropClick }: { onClose?: () => void; closeOnBackdropClick?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Annuler la commande
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Annuler la commande ?"
        description="Cette action est définitive."
        closeLabel="Fermer"
        closeOnBackdropClick={closeOnBackdropClick}
        footer={<button type="button">Confirmer</button>}
      >
        <p>Les fleurs ne seront pas livrées.</p>
      </Dialog>
    </>
  );
}

function runDialogSuite() {
  it("opens as a dialog named by its title and described by its description", async () => {
    render(<Example />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Annuler la commande" }));
    const dialog = screen.getByRole("dialog", { name: "Annuler la commande ?" });
    expect(dialog).toHaveAttribute("open");
    expect(dialog).toHaveAccessibleDescription("Cette action est définitive.");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByText("Les fleurs ne seront pas livrées.")).toBeVisible();
  });

  it("closes with the close button and gives focus back to the opener", async () => {
    const onClose = vi.fn();
    render(<Example onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "Annuler la commande" });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole("button", { name: "Fermer" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("closes with Escape and gives focus back to the opener", async () => {
    render(<Example />);
    const opener = screen.getByRole("button", { name: "Annuler la commande" });
    await userEvent.click(opener);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("locks page scroll while open and restores it afterwards", async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole("button", { name: "Annuler la commande" }));
    expect(document.documentElement.style.overflow).toBe("hidden");
    await userEvent.click(screen.getByRole("button", { name: "Fermer" }));
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("ignores a tap on the backdrop unless asked to close on it", async () => {
    const { unmount } = render(<Example />);
    await userEvent.click(screen.getByRole("button", { name: "Annuler la commande" }));
    await userEvent.click(screen.getByRole("dialog"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    unmount();

    render(<Example closeOnBackdropClick />);
    await userEvent.click(screen.getByRole("button", { name: "Annuler la commande" }));
    await userEvent.click(screen.getByRole("dialog"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
}

describe("Dialog without showModal (old browsers, plain jsdom)", () => {
  runDialogSuite();
});

describe("Dialog with native showModal", () => {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  const original = { showModal: proto.showModal, close: proto.close };

  beforeAll(() => {
    // Minimal stand-in for the browser API jsdom lacks: open attribute and "close" event.
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    proto.close = function (this: HTMLDialogElement) {
      if (!this.hasAttribute("open")) return;
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    };
  });
  afterAll(() => {
    proto.showModal = original.showModal;
    proto.close = original.close;
  });

  runDialogSuite();

  it("treats the browser's cancel request (Escape, back gesture) as a close and keeps the dialog under the parent's control", async () => {
    const onClose = vi.fn();
    render(<Example onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Annuler la commande" }));
    const cancel = new Event("cancel", { cancelable: true });
    screen.getByRole("dialog").dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("reports a close coming from inside the dialog (form method=dialog)", async () => {
    const onClose = vi.fn();
    render(<Example onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Annuler la commande" }));
    (screen.getByRole("dialog") as HTMLDialogElement).close();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
