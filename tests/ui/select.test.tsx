// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Select } from "@/ui/select";

afterEach(cleanup);

const OPTIONS = [
  { value: "burial", label: "Inhumation" },
  { value: "cremation", label: "Crémation" },
];

describe("Select", () => {
  it("is a labelled native select with a placeholder choice first", () => {
    render(<Select label="Type d'obsèques" placeholder="Choisir" options={OPTIONS} />);
    const select = screen.getByRole("combobox", { name: "Type d'obsèques" });
    expect(select).toHaveValue("");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Choisir", "Inhumation", "Crémation"]);
  });

  it("reports the chosen value", async () => {
    const onChange = vi.fn();
    render(<Select label="Type d'obsèques" options={OPTIONS} onChange={(event) => onChange(event.target.value)} />);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Type d'obsèques" }), "cremation");
    expect(onChange).toHaveBeenCalledWith("cremation");
  });

  it("wires the error and the hint", () => {
    render(<Select label="Département" hint="Lieu du décès" error="Choisissez un département." options={OPTIONS} />);
    const select = screen.getByRole("combobox", { name: "Département" });
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAccessibleDescription("Choisissez un département. Lieu du décès");
  });
});
