// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { FormalityCard } from "@/features/client-space/formality-card";
import { UploadForm } from "@/features/client-space/documents-panel";
import type { OngoingFormality } from "@/features/client-space/space-calls";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderFr(node: ReactNode) {
  return render(
    <NextIntlClientProvider locale="fr" messages={messagesFr}>
      {node}
    </NextIntlClientProvider>,
  );
}

const FORMALITY: OngoingFormality = {
  id: 7,
  administrative_procedure_id: 3,
  state: "to_do",
  fields: { account_number: null },
  missing_fields: ["account_number"],
  company: { id: 1, name: "La Banque Postale", category: "banks", address: null, email: null, phone: null, form_url: null, website: null },
  formality: {
    id: 11,
    name: "Déclarer le décès et bloquer les comptes",
    kind: "close",
    requires_letter: true,
    fields: [
      { name: "account_number", label: "Companies.fields.account_number", type: "text", required: true },
      { name: "contract_number", label: "Companies.fields.contract_number", type: "text", required: false },
    ],
    document_types: ["death_certificate"],
  },
  documents_count: 0,
  letter_generated_at: null,
  sent_at: null,
  sent_to: null,
  answered_at: null,
  closed_at: null,
  created_at: 1_790_000_000,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let puts: unknown[];

beforeEach(() => {
  localStorage.clear();
  puts = [];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith("/supporting_documents") && (init?.method ?? "GET") === "GET") return json({ data: [] });
    if (url.endsWith("/api/v1/ongoing_formalities/7") && init?.method === "PUT") {
      puts.push(JSON.parse(String(init.body)));
      return json({ data: FORMALITY });
    }
    return json({ error: "Not Found", message: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a formality card", () => {
  it("asks for the company's required fields by their translated labels, keeps what was typed and saves them", async () => {
    const user = userEvent.setup();
    const changed = vi.fn(async () => {});
    renderFr(<FormalityCard formality={FORMALITY} canWrite onChanged={changed} />);
    expect(screen.getByRole("heading", { name: "La Banque Postale" })).toBeTruthy();
    expect(screen.getByText("Clôturer ou résilier")).toBeTruthy();
    await user.type(screen.getByLabelText(/^Numéro de contrat/), "C-778");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Ce renseignement est demandé par l'organisme.")).toBeTruthy();
    expect((screen.getByLabelText(/^Numéro de contrat/) as HTMLInputElement).value).toBe("C-778");
    expect(puts).toEqual([]);

    await user.type(screen.getByLabelText(/^Numéro de compte/), "12345678901");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(puts).toEqual([{ formality: { fields: { account_number: "12345678901", contract_number: "C-778" } } }]));
    expect(changed).toHaveBeenCalled();
  });

  it("shows a reader the answers and the letter, never a control that changes the formality", () => {
    renderFr(<FormalityCard formality={{ ...FORMALITY, fields: { account_number: "999" } }} canWrite={false} onChanged={async () => {}} />);
    expect(screen.getByText("999")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Télécharger le courrier/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Envoyer par e-mail/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Retirer cet organisme/ })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Où en est cette démarche ?" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});

describe("the upload form", () => {
  it("asks for a file, then shows the server's refusal by the file field and keeps the choices", async () => {
    fetchMock.mockImplementation(async () => json({ error: "Unprocessable Entity", errors: ["supporting_document__file__type_invalid"] }, 422));
    const user = userEvent.setup();
    const uploaded = vi.fn(async () => {});
    renderFr(<UploadForm owner="administrative_procedures" ownerId={3} onUploaded={uploaded} />);
    await user.selectOptions(screen.getByLabelText(/Type de document/), "identity_card");
    await user.click(screen.getByRole("button", { name: "Ajouter le document" }));
    expect(await screen.findByText("Prenez une photo ou choisissez un fichier.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Date de fin de validité"), "2031-05-02");
    await user.upload(screen.getByTestId("document-file"), new File(["not really"], "carte.exe", { type: "application/pdf" }));
    await user.click(screen.getByRole("button", { name: "Ajouter le document" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = fetchMock.mock.calls[0]![1]!.body as FormData;
    expect(body.get("document_type")).toBe("identity_card");
    expect(body.get("expiry_date")).toBe("2031-05-02");
    expect(uploaded).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Type de document/) as HTMLSelectElement).value).toBe("identity_card");
    expect((screen.getByLabelText("Date de fin de validité") as HTMLInputElement).value).toBe("2031-05-02");
    expect(screen.getByText(/carte\.exe/)).toBeTruthy();
  });

  it("offers the phone's camera and a file picker, both limited to the accepted kinds", () => {
    renderFr(<UploadForm owner="ongoing_formalities" ownerId={7} suggestedTypes={["death_certificate"]} onUploaded={async () => {}} />);
    const camera = screen.getByLabelText("Prendre une photo") as HTMLInputElement;
    expect(camera.getAttribute("capture")).toBe("environment");
    expect(camera.accept).toBe("image/*");
    expect((screen.getByLabelText("Choisir un fichier") as HTMLInputElement).accept).toContain("application/pdf");
    expect((screen.getByLabelText(/Type de document/) as HTMLSelectElement).value).toBe("death_certificate");
  });
});
