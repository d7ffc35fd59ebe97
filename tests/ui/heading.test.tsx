// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Heading } from "@/ui/heading";

afterEach(cleanup);

describe("Heading", () => {
  it("keeps the document level independent of the visual size", () => {
    render(
      <Heading level={2} size="2xl">
        Votre devis
      </Heading>,
    );
    const heading = screen.getByRole("heading", { level: 2, name: "Votre devis" });
    expect(heading.className).toContain("text-3xl");
  });
});
