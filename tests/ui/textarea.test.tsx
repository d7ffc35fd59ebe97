// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Textarea } from "@/ui/textarea";

afterEach(cleanup);

describe("Textarea", () => {
  it("is labelled, hinted and flagged invalid like the other fields", () => {
    render(<Textarea label="Votre message" hint="Facultatif" error="Le message est trop long." />);
    const textarea = screen.getByRole("textbox", { name: "Votre message" });
    expect(textarea.tagName).toBe("TEXTAREA");
    expect(textarea).toHaveAttribute("aria-invalid", "true");
    expect(textarea).toHaveAccessibleDescription("Le message est trop long. Facultatif");
  });
});
