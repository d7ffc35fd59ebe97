// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Checkbox } from "@/ui/checkbox";

afterEach(cleanup);

describe("Checkbox", () => {
  it("toggles when its label text is tapped", async () => {
    render(<Checkbox label="J'accepte les conditions générales" />);
    const checkbox = screen.getByRole("checkbox", { name: "J'accepte les conditions générales" });
    expect(checkbox).not.toBeChecked();
    await userEvent.click(screen.getByText("J'accepte les conditions générales"));
    expect(checkbox).toBeChecked();
  });

  it("is flagged invalid and described by its error and hint", () => {
    render(<Checkbox label="J'accepte" hint="Obligatoire pour continuer" error="Vous devez accepter pour continuer." />);
    const checkbox = screen.getByRole("checkbox", { name: "J'accepte" });
    expect(checkbox).toHaveAttribute("aria-invalid", "true");
    expect(checkbox).toHaveAccessibleDescription("Vous devez accepter pour continuer. Obligatoire pour continuer");
  });
});
