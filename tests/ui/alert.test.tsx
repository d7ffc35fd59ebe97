// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Alert } from "@/ui/alert";

afterEach(cleanup);

describe("Alert", () => {
  it("announces errors at once", () => {
    render(
      <Alert tone="error" title="Le formulaire contient 2 erreurs">
        Corrigez les champs signalés.
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Le formulaire contient 2 erreurs");
    expect(alert).toHaveTextContent("Corrigez les champs signalés.");
  });

  it("announces other tones politely", () => {
    render(<Alert tone="success">Paiement reçu.</Alert>);
    expect(screen.getByRole("status")).toHaveTextContent("Paiement reçu.");
  });

  it("can be a plain banner without a live role", () => {
    render(
      <Alert tone="warning" announce={false}>
        Démonstration : les prestataires affichés sont fictifs.
      </Alert>,
    );
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("Démonstration : les prestataires affichés sont fictifs.")).toBeVisible();
  });
});
