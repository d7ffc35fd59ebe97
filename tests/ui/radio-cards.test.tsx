// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RadioCards, type RadioCardOption } from "@/ui/radio-cards";

afterEach(cleanup);

const OPTIONS: RadioCardOption[] = [
  { value: "burial", label: "Inhumation", description: "Le corps repose dans une sépulture." },
  { value: "cremation", label: "Crémation", description: "Les cendres sont remises à la famille." },
  { value: "undecided", label: "Je ne sais pas encore", icon: <svg data-testid="icon" /> },
];

describe("RadioCards", () => {
  it("is a group named by its legend, with one labelled and described radio per card", () => {
    render(<RadioCards name="kind" legend="Quel type d'obsèques ?" options={OPTIONS} />);
    const group = screen.getByRole("group", { name: "Quel type d'obsèques ?" });
    expect(group.tagName).toBe("FIELDSET");
    const burial = screen.getByRole("radio", { name: "Inhumation" });
    expect(burial).toHaveAccessibleDescription("Le corps repose dans une sépulture.");
    expect(screen.getAllByRole("radio")).toHaveLength(3);
    expect(screen.getByTestId("icon").parentElement).toHaveAttribute("aria-hidden", "true");
  });

  it("selects with a tap on the card and reports the value", async () => {
    const onChange = vi.fn();
    const onValueChange = vi.fn();
    render(<RadioCards name="kind" legend="Type" options={OPTIONS} onChange={onChange} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByText("Crémation"));
    expect(screen.getByRole("radio", { name: "Crémation" })).toBeChecked();
    expect(onValueChange).toHaveBeenCalledWith("cremation");
    expect(onChange.mock.calls[0]?.[0].target.value).toBe("cremation");
  });

  it("moves and selects with the arrow keys, like native radios", async () => {
    const onValueChange = vi.fn();
    render(<RadioCards name="kind" legend="Type" options={OPTIONS} defaultValue="burial" onValueChange={onValueChange} />);
    await userEvent.tab();
    expect(screen.getByRole("radio", { name: "Inhumation" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const cremation = screen.getByRole("radio", { name: "Crémation" });
    expect(cremation).toHaveFocus();
    expect(cremation).toBeChecked();
    expect(onValueChange).toHaveBeenLastCalledWith("cremation");
    await userEvent.keyboard("{ArrowUp}");
    expect(screen.getByRole("radio", { name: "Inhumation" })).toBeChecked();
    expect(onValueChange).toHaveBeenLastCalledWith("burial");
  });

  it("follows the value when controlled", async () => {
    function Controlled() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <>
          <RadioCards name="kind" legend="Type" options={OPTIONS} value={value} onValueChange={setValue} />
          <p>choisi : {value ?? "rien"}</p>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getAllByRole("radio").some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    await userEvent.click(screen.getByText("Je ne sais pas encore"));
    expect(screen.getByText("choisi : undecided")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Je ne sais pas encore" })).toBeChecked();
  });

  it("does not let a disabled option be chosen", async () => {
    const onValueChange = vi.fn();
    render(
      <RadioCards
        name="kind"
        legend="Type"
        options={[...OPTIONS.slice(0, 2), { value: "sea", label: "Dispersion en mer", disabled: true }]}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByText("Dispersion en mer"));
    expect(screen.getByRole("radio", { name: "Dispersion en mer" })).toBeDisabled();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it("describes the group with its hint and error", () => {
    render(<RadioCards name="kind" legend="Type" options={OPTIONS} hint="Vous pourrez changer d'avis." error="Choisissez une option." />);
    expect(screen.getByRole("group", { name: "Type" })).toHaveAccessibleDescription("Choisissez une option. Vous pourrez changer d'avis.");
  });

  it("works with react-hook-form register()", async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm<{ kind: string }>({ defaultValues: { kind: "burial" } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <RadioCards legend="Type" options={OPTIONS} {...register("kind")} />
          <button type="submit">Valider</button>
        </form>
      );
    }
    render(<Form />);
    expect(screen.getByRole("radio", { name: "Inhumation" })).toBeChecked();
    await userEvent.click(screen.getByText("Crémation"));
    await userEvent.click(screen.getByRole("button", { name: "Valider" }));
    expect(onValid).toHaveBeenCalledWith({ kind: "cremation" }, expect.anything());
  });

  it("works with react-hook-form Controller", async () => {
    const onValid = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm<{ kind: string | null }>({ defaultValues: { kind: null } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Controller
            control={control}
            name="kind"
            render={({ field }) => <RadioCards legend="Type" options={OPTIONS} {...field} />}
          />
          <button type="submit">Valider</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.click(screen.getByText("Crémation"));
    expect(screen.getByRole("radio", { name: "Crémation" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Valider" }));
    expect(onValid).toHaveBeenCalledWith({ kind: "cremation" }, expect.anything());
  });
});
