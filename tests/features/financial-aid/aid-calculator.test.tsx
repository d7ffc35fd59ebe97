// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import fr from "@messages/fr.json";
import en from "@messages/en.json";
import { AID_IDS, AID_REASONS, DEADLINE_KINDS, FINANCIAL_AID_ERROR_CODES, todayInFrance } from "@/domain/financial-aid";
import { AidCalculator } from "@/features/financial-aid/aid-calculator";

afterEach(cleanup);

function renderCalculator(locale: "fr" | "en" = "fr") {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === "fr" ? fr : en} timeZone="Europe/Paris">
      <AidCalculator />
    </NextIntlClientProvider>,
  );
}

/** A date of death a week ago, so every deadline is still open. */
function aWeekAgo(): string {
  const date = new Date(`${todayInFrance()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 7);
  return date.toISOString().slice(0, 10);
}

describe("AidCalculator", () => {
  it("gives the capital décès to the spouse of an employee, with its amount and deadlines", async () => {
    const user = userEvent.setup();
    renderCalculator();
    await user.type(screen.getByLabelText(/Date du décès/), aWeekAgo());
    await user.click(screen.getByRole("radio", { name: "travaillait comme salarié" }));
    await user.click(within(screen.getByRole("group", { name: /compte bancaire/ })).getByRole("radio", { name: "Oui" }));
    await user.click(within(screen.getByRole("group", { name: /mutuelle/ })).getByRole("radio", { name: "Non" }));
    await user.selectOptions(screen.getByLabelText(/Votre lien avec le défunt/), "spouse");
    await user.click(within(screen.getByRole("group", { name: /à la charge du défunt/ })).getByRole("radio", { name: "Oui" }));
    await user.click(screen.getByRole("button", { name: "Voir les aides" }));

    const results = screen.getByRole("region", { name: "Les aides pour votre situation" });
    expect(within(results).getByRole("heading", { level: 2 })).toHaveFocus();
    const capital = within(results).getByRole("heading", { name: "Capital décès de l'Assurance maladie" }).closest("li")!;
    expect(capital).toHaveTextContent("Vous pouvez en bénéficier");
    expect(capital).toHaveTextContent(/3\s909,94\s€/);
    expect(capital).toHaveTextContent("Demande prioritaire à faire avant le");
    expect(capital).toHaveTextContent("CPAM");
    const account = within(results).getByRole("heading", { name: "Paiement des obsèques par le compte du défunt" }).closest("li")!;
    expect(account).toHaveTextContent(/5\s910,00\s€/);
  });

  it("keeps what was typed and explains each missing answer when the form is incomplete", async () => {
    const user = userEvent.setup();
    renderCalculator();
    const date = screen.getByLabelText(/Date du décès/);
    await user.type(date, aWeekAgo());
    await user.click(screen.getByRole("radio", { name: "était à la retraite" }));
    await user.click(screen.getByRole("button", { name: "Voir les aides" }));

    const summary = screen.getByRole("alert");
    expect(summary.parentElement).toHaveFocus();
    expect(summary).toHaveTextContent("Quelques réponses manquent ou sont à corriger");
    expect(within(summary).getByRole("link", { name: "Dites si le défunt a travaillé dans le secteur privé." })).toHaveAttribute("href", "#aid-privateSector");
    expect(within(summary).getByRole("link", { name: "Choisissez votre lien avec le défunt." })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Les aides pour votre situation" })).not.toBeInTheDocument();
    // What was typed is still there.
    expect(date).toHaveValue(aWeekAgo());
    expect(screen.getByRole("radio", { name: "était à la retraite" })).toBeChecked();
    expect(screen.getByLabelText(/Votre lien avec le défunt/)).toHaveAccessibleDescription("Choisissez votre lien avec le défunt.");
  });

  it("refuses a date of death in the future, in the visitor's language", async () => {
    const user = userEvent.setup();
    renderCalculator("en");
    await user.type(screen.getByLabelText(/Date of death/), "2999-01-01");
    await user.click(screen.getByRole("button", { name: "Show the aid" }));
    expect(screen.getByLabelText(/Date of death/)).toHaveAccessibleDescription(/The date of death cannot be in the future\./);
  });
});

describe("FinancialAid messages", () => {
  it("have a sentence for every aid, reason, deadline and error code", () => {
    const messages = fr.FinancialAid as unknown as Record<string, Record<string, Record<string, unknown>>>;
    for (const id of AID_IDS) expect(messages.aids?.[id]?.name, id).toBeTruthy();
    for (const reason of AID_REASONS) expect(messages.results?.reasons?.[reason], reason).toBeTruthy();
    for (const kind of DEADLINE_KINDS) expect(messages.results?.deadline?.[kind], kind).toBeTruthy();
    for (const code of FINANCIAL_AID_ERROR_CODES) expect(messages.errors?.[code], code).toBeTruthy();
  });
});
