// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Stepper } from "@/ui/stepper";

afterEach(cleanup);

const STEPS = [{ label: "Le défunt" }, { label: "La cérémonie" }, { label: "Vos coordonnées" }];

describe("Stepper", () => {
  it("says where the user is in words and as a progress bar", () => {
    render(<Stepper current={2} total={7} statusText="Étape 2 sur 7" label="Progression du devis" />);
    expect(screen.getByText("Étape 2 sur 7")).toBeVisible();
    const bar = screen.getByRole("progressbar", { name: "Progression du devis" });
    expect(bar).toHaveAttribute("aria-valuenow", "2");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "7");
    expect(bar).toHaveAttribute("aria-valuetext", "Étape 2 sur 7");
  });

  it("lists the steps and marks the current one", () => {
    render(
      <Stepper current={2} total={3} statusText="Étape 2 sur 3" label="Progression" steps={STEPS} completedHint="(terminée)" />,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("aria-current"))).toEqual([null, "step", null]);
    expect(items[0]).toHaveTextContent("Le défunt (terminée)");
    expect(items[2]).not.toHaveTextContent("(terminée)");
  });

  it("clamps numbers that are out of range instead of breaking", () => {
    render(<Stepper current={12} total={5} statusText="Étape 5 sur 5" label="Progression" />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "5");
    cleanup();
    render(<Stepper current={Number.NaN} total={0} statusText="Étape 1 sur 1" label="Progression" />);
    const bar = screen.getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuenow", "1");
    expect(bar).toHaveAttribute("aria-valuemax", "1");
  });
});
