// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Card, CardBody, CardFooter, CardHeader, CardTitle } from "@/ui/card";

afterEach(cleanup);

describe("Card", () => {
  it("can be a landmark section with a heading at the right level", () => {
    render(
      <Card as="section" aria-labelledby="summary">
        <CardHeader>
          <CardTitle as="h3" id="summary">
            Récapitulatif
          </CardTitle>
        </CardHeader>
        <CardBody>Cercueil en chêne</CardBody>
        <CardFooter>Total : 3 450 €</CardFooter>
      </Card>,
    );
    expect(screen.getByRole("heading", { level: 3, name: "Récapitulatif" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Récapitulatif" })).toHaveTextContent("Cercueil en chêne");
  });

  it("can be a list item", () => {
    render(
      <ul>
        <Card as="li">Bouquet de roses</Card>
      </ul>,
    );
    expect(screen.getByRole("listitem")).toHaveTextContent("Bouquet de roses");
  });
});
