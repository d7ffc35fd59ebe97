// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Container } from "@/ui/container";

afterEach(cleanup);

describe("Container", () => {
  it("can be the main landmark of a page", () => {
    render(
      <Container as="main" width="prose">
        Guide des démarches
      </Container>,
    );
    expect(screen.getByRole("main")).toHaveTextContent("Guide des démarches");
  });
});
