// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import fr from "@messages/fr.json";
import en from "@messages/en.json";
import { AID_IDS, AID_REASONS, DEADLINE_KINDS, FINANCIAL_AID_ERROR_CODES } from "@/domain/financial-aid";
import { todayInFrance } from "@/domain/time";
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
    await user.click(within(screen.getByRole("group", { name: /de quoi payer ses obsèques/ })).getByRole("radio", { name: "Oui" }));
    await user.click(within(screen.getByRole("group", { name: /mutuelle/ })).getByRole("radio", { name: "Non" }));
    await user.selectOptions(screen.getByLabelText(/Votre lien avec le défunt/), "spouse");
    await user.click(within(screen.getByRole("group", { name: /marié/ })).getByRole("radio", { name: "Oui" }));
    await user.click(within(screen.getByRole("group", { name: /55 ans ou plus/ })).getByRole("radio", { name: "Oui" }));
    await user.click(within(screen.getByRole("group", { name: /ressources personnelles/ })).getByRole("radio", { name: "Je ne sais pas" }));
    await user.click(within(screen.getByRole("group", { name: /à la charge du défunt/ })).getByRole("radio", { name: "Oui" }));
    await user.click(screen.getByRole("button", { name: "Voir les aides" }));

    const results = screen.getByRole("region", { name: "Les aides pour votre situation" });
    expect(within(results).getByRole("heading", { level: 2 })).toHaveFocus();
    const capital = within(results).getByRole("heading", { name: "Capital décès de l'Assurance maladie" }).closest("li")!;
    expect(capital).toHaveTextContent("Vous pouvez en bénéficier");
    expect(capital).toHaveTextContent(/3\s977,00\s€/);
    expect(capital).toHaveTextContent("1 avril 2025");
    expect(capital).toHaveTextContent("Demande prioritaire à faire avant le");
    expect(capital).toHaveTextContent("CPAM");
    const reversion = within(results).getByRole("heading", { name: "Pension de réversion Agirc-Arrco" }).closest("li")!;
    expect(reversion).toHaveTextContent("60 % de la retraite du défunt");
    const account = within(results).getByRole("heading", { name: "Paiement des obsèques par le compte du défunt" }).closest("li")!;
    expect(account).toHaveTextContent(/5\s910,00\s€/);
  });

  it("keeps what was typed and explains each missing answer when the form is incomplete", async () => {
    const user = userEvent.setup();
    renderCalculator();
    const date = screen.getByLabelText(/Date du décès/);
    await user.type(date, aWeekAgo());
    await user.click(screen.getByRole("radio", { name: "était retraité, ancien salarié ou autre" }));
    await user.click(screen.getByRole("button", { name: "Voir les aides" }));

    const summary = screen.getByRole("alert");
    expect(summary.parentElement).toHaveFocus();
    expect(summary).toHaveTextContent("Quelques réponses manquent ou sont à corriger");
    expect(within(summary).getByRole("link", { name: "Dites si le défunt a travaillé dans le secteur privé." })).toHaveAttribute("href", "#aid-privateSector");
    expect(within(summary).getByRole("link", { name: "Choisissez votre lien avec le défunt." })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Les aides pour votre situation" })).not.toBeInTheDocument();
    // What was typed is still there.
    expect(date).toHaveValue(aWeekAgo());
    expect(screen.getByRole("radio", { name: "était retraité, ancien salarié ou autre" })).toBeChecked();
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

describe("AidCalculator, other situations", () => {
  it("gives a parent the allowance for the death of a child, with both amounts", async () => {
    const user = userEvent.setup();
    renderCalculator();
    await user.type(screen.getByLabelText(/Date du décès/), aWeekAgo());
    await user.click(screen.getByRole("radio", { name: "aucune de ces situations, ou je ne sais pas" }));
    await user.click(within(screen.getByRole("group", { name: /compte bancaire/ })).getByRole("radio", { name: "Non" }));
    await user.click(within(screen.getByRole("group", { name: /de quoi payer ses obsèques/ })).getByRole("radio", { name: "Non" }));
    await user.click(within(screen.getByRole("group", { name: /mutuelle/ })).getByRole("radio", { name: "Non" }));
    await user.selectOptions(screen.getByLabelText(/Votre lien avec le défunt/), "parent");
    await user.click(within(screen.getByRole("group", { name: /moins de 25 ans/ })).getByRole("radio", { name: "Oui" }));
    await user.click(within(screen.getByRole("group", { name: /à la charge du défunt/ })).getByRole("radio", { name: "Non" }));
    await user.click(screen.getByRole("button", { name: "Voir les aides" }));
    const results = screen.getByRole("region", { name: "Les aides pour votre situation" });
    const child = within(results).getByRole("heading", { name: "Allocation de la CAF ou de la MSA pour le décès d'un enfant" }).closest("li")!;
    expect(child).toHaveTextContent(/2\s289,43\s€ ou 1\s144,74\s€/);
    expect(child).toHaveTextContent("ne se cumule pas avec un capital décès");
    const commune = within(results).getByRole("heading", { name: "Obsèques prises en charge par la commune" }).closest("li")!;
    expect(commune).toHaveTextContent("À vérifier");
  });

  it("asks a civil servant's age and shows the employer's capital décès", async () => {
    const user = userEvent.setup();
    renderCalculator();
    await user.type(screen.getByLabelText(/Date du décès/), aWeekAgo());
    await user.click(screen.getByRole("radio", { name: "était fonctionnaire en activité" }));
    await user.click(within(screen.getByRole("group", { name: /âge légal/ })).getByRole("radio", { name: "Non" }));
    await user.click(within(screen.getByRole("group", { name: /compte bancaire/ })).getByRole("radio", { name: "Oui" }));
    await user.click(within(screen.getByRole("group", { name: /de quoi payer ses obsèques/ })).getByRole("radio", { name: "Oui" }));
    await user.click(within(screen.getByRole("group", { name: /mutuelle/ })).getByRole("radio", { name: "Non" }));
    await user.selectOptions(screen.getByLabelText(/Votre lien avec le défunt/), "child");
    await user.click(within(screen.getByRole("group", { name: /à la charge du défunt/ })).getByRole("radio", { name: "Non" }));
    await user.click(screen.getByRole("button", { name: "Voir les aides" }));
    const results = screen.getByRole("region", { name: "Les aides pour votre situation" });
    const capital = within(results).getByRole("heading", { name: "Capital décès de l'Assurance maladie" }).closest("li")!;
    expect(capital).toHaveTextContent("100 % de la dernière rémunération brute annuelle");
    expect(capital).toHaveTextContent("employeur public");
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
