// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { VisuallyHidden } from "@/ui/visually-hidden";

afterEach(cleanup);

describe("VisuallyHidden", () => {
  it("keeps the text in the accessible name", () => {
    render(
      <button type="button">
        ✕<VisuallyHidden>Supprimer le bouquet</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole("button", { name: "✕Supprimer le bouquet" })).toBeInTheDocument();
    expect(screen.getByText("Supprimer le bouquet")).toHaveClass("sr-only");
  });
});
