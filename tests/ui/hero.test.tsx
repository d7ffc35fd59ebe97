// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { Hero } from "@/ui/hero";

afterEach(cleanup);

describe("Hero", () => {
  it("opens the page with its only h1, the lead and the two ways forward", () => {
    render(
      <Hero title="Des obsèques dignes" lead="Un devis clair en 5 minutes." action={{ href: "/devis-obseques", label: "Obtenir mon devis" }} call={{ ariaLabel: `Appeler un conseiller au ${ADVISOR_PHONE}` }} />,
    );
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Des obsèques dignes");
    expect(screen.getByText("Un devis clair en 5 minutes.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Obtenir mon devis" })).toHaveAttribute("href", "/devis-obseques");
    const call = screen.getByRole("link", { name: `Appeler un conseiller au ${ADVISOR_PHONE}` });
    expect(call).toHaveAttribute("href", `tel:${ADVISOR_PHONE_E164}`);
    // The number reads left to right inside Arabic and Hebrew pages too.
    expect(call.querySelector('[dir="ltr"]')).toHaveTextContent(ADVISOR_PHONE);
  });

  it("names the call link by its visible label and number when no aria-label is given", () => {
    render(<Hero title="Devis" lead="Gratuit." call={{ label: "Appeler un conseiller" }} />);
    expect(screen.getByRole("link", { name: `Appeler un conseiller ${ADVISOR_PHONE}` })).toBeInTheDocument();
  });

  it("puts extra content between the lead and the buttons, the footer after them", () => {
    render(
      <Hero title="Titre" lead="Chapeau" action={{ href: "/devis-obseques", label: "Commencer" }} footer={<p>Note de bas</p>}>
        <p>Réassurance</p>
      </Hero>,
    );
    const order = [screen.getByText("Chapeau"), screen.getByText("Réassurance"), screen.getByRole("link", { name: "Commencer" }), screen.getByText("Note de bas")];
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it("shows no button row without an action or a call", () => {
    render(<Hero title="Titre" lead="Chapeau" />);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("spans the page width on a band when prominent", () => {
    const { container } = render(<Hero prominent title="Titre" lead="Chapeau" />);
    expect(container.querySelector("header")).toHaveClass("bg-sand-50");
    expect(screen.getByRole("heading", { level: 1 })).toHaveClass("text-4xl");
  });
});
