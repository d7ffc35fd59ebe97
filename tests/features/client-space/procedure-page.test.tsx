// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { actionsOf } from "@/domain/family-roles";
import type { DealAbilityRole } from "@/domain/roles";
import { ProcedurePage } from "@/features/client-space/procedure-view";
import type { ProcedureView } from "@/features/client-space/space-calls";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function view(role: DealAbilityRole): ProcedureView {
  return {
    id: 5,
    role,
    actions: actionsOf(role),
    full_view: role !== "notary",
    defunct: { id: 1, civility: null, firstname: "Pierre", lastname: "Martin", birth_name: null, birth_date: null, death_date: "2026-11-20", birth_location: "Lyon", birth_postal_code: "69001", birth_insee_code: "69123", birth_country_code: "fr" },
    defunct_family_link: "child",
    defunct_death_city: { id: 2, name: "Lyon", insee_code: "69123" },
    situation: null,
    checklist: [
      { id: "death_declaration", timing: { kind: "date", due: "2026-11-21", delay: { amount: 24, unit: "hours" } }, status: "overdue", formality_ids: [], legal_reference: "CGCT", source_url: "https://www.service-public.fr/particuliers/vosdroits/F1444", checked_on: "2026-11-24" },
    ],
    formalities: [
      {
        id: 7,
        administrative_procedure_id: 5,
        state: "sent",
        fields: { account_number: "123" },
        missing_fields: [],
        company: { id: 1, name: "La Banque Postale", category: "bank", address: null, email: null, phone: null, form_url: null, website: null },
        formality: { id: 11, name: "Clôturer les comptes", kind: "close", requires_letter: true, fields: [{ name: "account_number", label: "Companies.fields.account_number", type: "text", required: true }], document_types: [] },
        documents_count: 0,
        letter_generated_at: null,
        sent_at: 1_790_000_000,
        sent_to: null,
        answered_at: null,
        closed_at: null,
        created_at: 1_790_000_000,
      },
    ],
    archived_at: null,
    created_at: 1_790_000_000,
    updated_at: 1_790_000_000,
  };
}

function renderAs(role: DealAbilityRole) {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.endsWith("/api/v1/administrative_procedures/5")) return json({ data: view(role) });
      if (url.endsWith("/supporting_documents")) return json({ data: [] });
      return json({ error: "Not Found", message: "not_found" }, 404);
    }),
  );
  render(
    <NextIntlClientProvider locale="fr" messages={messagesFr}>
      <ProcedurePage id={5} members={({ actions }) => <p>membres: {actions.join(",")}</p>} documentRequests={<p>demandes par SMS</p>} />
    </NextIntlClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the procedure page follows the caller's family role", () => {
  it("gives the owner every control, the checklist in words and the members slot with its actions", async () => {
    renderAs("owner");
    expect(await screen.findByRole("heading", { level: 1, name: "Démarches pour Pierre Martin" })).toBeTruthy();
    expect(screen.getByText("Déclarer le décès à la mairie")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Marquer comme fait/ })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: /Ajouter un organisme/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Envoyer par e-mail/ })).toBeTruthy();
    expect(screen.getAllByText("Ajouter un document")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Archiver le dossier" })).toBeTruthy();
    expect(screen.getByText("demandes par SMS")).toBeTruthy();
    expect(screen.getByText(/membres: .*members:manage/)).toBeTruthy();
    expect(screen.getByText(/Vous : Enfant/)).toBeTruthy();
  });

  it("shows a reader the file, its letter and its answers, and no control that changes it", async () => {
    renderAs("reader");
    expect(await screen.findByText(/Vous consultez ce dossier sans pouvoir le modifier/)).toBeTruthy();
    expect(screen.getByText("Déclarer le décès à la mairie")).toBeTruthy();
    expect(screen.getByText("123")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Télécharger le courrier/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Marquer comme fait/ })).toBeNull();
    expect(screen.queryByRole("combobox", { name: /Ajouter un organisme/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Envoyer par e-mail/ })).toBeNull();
    expect(screen.queryByText("Ajouter un document")).toBeNull();
    expect(screen.queryByRole("button", { name: "Archiver le dossier" })).toBeNull();
    expect(screen.queryByText("demandes par SMS")).toBeNull();
    expect(screen.queryByRole("form", { name: "La situation de la personne décédée" })).toBeNull();
    // The file's family link is the owner's, not the reader's.
    expect(screen.queryByText(/Vous : Enfant/)).toBeNull();
  });

  it("shows the notary the companies and documents, without the checklist", async () => {
    renderAs("notary");
    expect(await screen.findByRole("heading", { name: "La Banque Postale" })).toBeTruthy();
    expect(screen.queryByText("Ma liste de démarches")).toBeNull();
    expect(screen.getByText("Documents du dossier")).toBeTruthy();
    expect(screen.queryByText("Ajouter un document")).toBeNull();
  });
});
