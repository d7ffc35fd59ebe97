// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Spinner } from "@/ui/spinner";

afterEach(cleanup);

describe("Spinner", () => {
  it("is hidden from assistive technology without a label", () => {
    const { container } = render(<Spinner />);
    expect(container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("announces its label as a status", () => {
    render(<Spinner label="Chargement des pompes funèbres…" />);
    expect(screen.getByRole("status")).toHaveTextContent("Chargement des pompes funèbres…");
  });
});
