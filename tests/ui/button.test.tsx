// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import NextLink from "next/link";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button, buttonClasses } from "@/ui/button";

afterEach(cleanup);

describe("Button", () => {
  it("is a plain button by default, so it never submits a form by accident", async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button>Continuer</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Continuer" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("calls onClick when not loading", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Enregistrer</Button>);
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("keeps its label and focus while loading, is marked busy and ignores clicks", async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Payer
        </Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Payer" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toBeDisabled();
    // The spinner is decorative: nothing but the label is exposed.
    expect(button.querySelector("svg")).toHaveAttribute("aria-hidden", "true");

    await userEvent.click(button);
    expect(button).toHaveFocus();
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("does not mark an idle button busy", () => {
    render(<Button>Envoyer</Button>);
    const button = screen.getByRole("button", { name: "Envoyer" });
    expect(button).not.toHaveAttribute("aria-busy");
    expect(button).not.toHaveAttribute("aria-disabled");
  });

  it("passes the ref to the native button", () => {
    let node: HTMLButtonElement | null = null;
    render(<Button ref={(element) => void (node = element)}>Ok</Button>);
    expect(node).toBeInstanceOf(HTMLButtonElement);
  });
});

describe("buttonClasses", () => {
  it("gives links the look of a button, including full width and caller classes", () => {
    render(
      <NextLink href="/devis" className={buttonClasses({ variant: "secondary", size: "lg", fullWidth: true, className: "mt-4" })}>
        Obtenir un devis
      </NextLink>,
    );
    const link = screen.getByRole("link", { name: "Obtenir un devis" });
    expect(link.className).toContain("min-h-13");
    expect(link.className).toContain("w-full");
    expect(link.className).toContain("mt-4");
  });
});
