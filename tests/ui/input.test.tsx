// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Input } from "@/ui/input";

afterEach(cleanup);

describe("Input", () => {
  it("is labelled by its visible label, and tapping the label focuses it", async () => {
    render(<Input label="Nom du défunt" />);
    const input = screen.getByRole("textbox", { name: "Nom du défunt" });
    await userEvent.click(screen.getByText("Nom du défunt"));
    expect(input).toHaveFocus();
  });

  it("describes the field with its hint and is not invalid without an error", () => {
    render(<Input label="Code postal" hint="5 chiffres, par exemple 75011" />);
    const input = screen.getByRole("textbox", { name: "Code postal" });
    expect(input).toHaveAccessibleDescription("5 chiffres, par exemple 75011");
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("marks the field invalid and reads the error before the hint", () => {
    render(<Input label="Code postal" hint="5 chiffres" error="Ce code postal n'existe pas." />);
    const input = screen.getByRole("textbox", { name: "Code postal" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Ce code postal n'existe pas. 5 chiffres");
  });

  it("keeps describedby ids given by the caller", () => {
    render(
      <>
        <p id="extra">Nous ne partageons jamais votre adresse.</p>
        <Input label="E-mail" type="email" error="Adresse invalide." aria-describedby="extra" />
      </>,
    );
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription(
      "Adresse invalide. Nous ne partageons jamais votre adresse.",
    );
  });

  it("uses the id given by the caller and keeps the label for screen readers when hidden", () => {
    render(<Input id="city" label="Ville" hideLabel />);
    const input = screen.getByRole("textbox", { name: "Ville" });
    expect(input).toHaveAttribute("id", "city");
    expect(screen.getByText("Ville")).toHaveClass("sr-only");
  });

  it("is required natively when required", () => {
    render(<Input label="Prénom" required />);
    expect(screen.getByRole("textbox", { name: "Prénom" })).toBeRequired();
  });

  it("works with react-hook-form register()", async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm<{ city: string }>({ defaultValues: { city: "Lyon" } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Input label="Ville" {...register("city")} />
          <button type="submit">Valider</button>
        </form>
      );
    }
    render(<Form />);
    const input = screen.getByRole("textbox", { name: "Ville" });
    expect(input).toHaveValue("Lyon");
    await userEvent.clear(input);
    await userEvent.type(input, "Nantes");
    await userEvent.click(screen.getByRole("button", { name: "Valider" }));
    expect(onValid).toHaveBeenCalledWith({ city: "Nantes" }, expect.anything());
  });
});
