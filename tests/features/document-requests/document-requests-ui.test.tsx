// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { DOCUMENT_REQUEST_PROOF_HEADER } from "@/domain/document-requests";
import { DocumentRequestView } from "@/features/document-requests/document-request-view";
import { DocumentRequestsPanel } from "@/features/document-requests/document-requests-panel";

const TOKEN = "A".repeat(43);
const LABELS = { identity_card: "Carte nationale d'identité", power_of_attorney: "Procuration" };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
const renderFr = (node: ReactNode) => render(<NextIntlClientProvider locale="fr" messages={messagesFr}>{node}</NextIntlClientProvider>);

const PREVIEW = { recipient_firstname: "Sophie", sender_firstname: "Claire", documents_count: 2, expires_at: "2026-12-01T10:00:00Z", locale: "fr", locked: false, attempts_left: 5, verified: false };
const ITEMS = [
  { id: 1, document_type: "identity_card", action: "provide", status: "pending", received_at: null, already_on_file: false },
  { id: 2, document_type: "power_of_attorney", action: "sign", status: "pending", received_at: null, already_on_file: true },
];

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the SMS documents page", () => {
  it("shows first names only, keeps a wrong code on screen with the attempts left, then lists the documents with the proof", async () => {
    let verified = false;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      if (url.endsWith("/verify")) {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        if (code !== "482913") return json({ error: "Unprocessable Entity", errors: ["document_request__code__invalid"] }, 422);
        verified = true;
        return json({ data: { proof_token: "p".repeat(43), expires_at: new Date(Date.now() + 60_000).toISOString() } });
      }
      const proved = verified && headers.get(DOCUMENT_REQUEST_PROOF_HEADER) === "p".repeat(43);
      return json({ data: proved ? { ...PREVIEW, verified: true, message: "Merci !", items: ITEMS } : PREVIEW });
    });
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderFr(<DocumentRequestView token={TOKEN} locale="fr" typeLabels={LABELS} />);

    expect(await screen.findByRole("heading", { level: 1, name: "Bonjour Sophie," })).toBeTruthy();
    expect(screen.getByText("Claire vous demande 2 documents pour le dossier de la famille.")).toBeTruthy();
    expect(screen.queryByText("Procuration")).toBeNull();

    const code = screen.getByLabelText(/^Code à 6 chiffres reçu par SMS/, { selector: "input" });
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: "Voir les documents" }));
    expect(await screen.findByText("Saisissez les 6 chiffres du code, sans espace.")).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/verify"))).toHaveLength(0);

    await user.clear(code);
    await user.type(code, "111 111");
    await user.click(screen.getByRole("button", { name: "Voir les documents" }));
    expect(await screen.findByText(/Ce code ne correspond pas\. .*4 essais restants/)).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe("111 111");
    expect(document.activeElement).toBe(code);

    await user.clear(code);
    await user.type(code, "482 913");
    await user.click(screen.getByRole("button", { name: "Voir les documents" }));
    const list = await screen.findByRole("region", { name: "Documents demandés" });
    expect(within(list).getByRole("heading", { name: "Carte nationale d'identité" })).toBeTruthy();
    expect(within(list).getByText("À signer et renvoyer")).toBeTruthy();
    expect(within(list).getByText(/déjà au dossier/)).toBeTruthy();
    expect(screen.getByText("Merci !")).toBeTruthy();
    // The verify call sent the digits only.
    const verifyCall = fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/verify")).at(-1)!;
    expect(JSON.parse(String(verifyCall[1]?.body))).toEqual({ code: "482913" });
  });

  it.each([
    [404, "Lien introuvable"],
    [410, "Ce lien a expiré"],
    [429, "Trop de tentatives"],
  ])("says in words what a %i means", async (status, title) => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => json({ error: "Not Found", message: "x" }, status)));
    renderFr(<DocumentRequestView token={TOKEN} locale="fr" typeLabels={LABELS} />);
    expect(await screen.findByText(title)).toBeTruthy();
  });
});

describe("the sender's panel", () => {
  it("refuses an incomplete request in words, keeps what was typed, then sends and lists it", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (_input, init) => {
        if (init?.method === "POST") {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          sent.push(body);
          return json({ data: { id: 9, administrative_procedure_id: 4, recipient_firstname: body.recipient_firstname, phone: "0612345678", message: null, locale: "fr", expires_at: "2026-12-01T10:00:00Z", sent_at: null, verified_at: null, locked: false, items: ITEMS.slice(0, 1), created_at: "2026-11-24T10:00:00Z" } }, 201);
        }
        return json({ data: [] });
      }),
    );
    const user = userEvent.setup();
    renderFr(<DocumentRequestsPanel procedureId={4} locale="fr" typeLabels={LABELS} canSend />);
    expect(await screen.findByText("Aucune demande envoyée pour le moment.")).toBeTruthy();

    await user.type(screen.getByLabelText(/^Prénom du proche/, { selector: "input" }), "Sophie");
    await user.type(screen.getByLabelText(/^Numéro de téléphone portable/, { selector: "input" }), "12");
    await user.click(screen.getByRole("button", { name: "Envoyer le SMS" }));
    // Said under the field and in the summary that takes the focus.
    expect((await screen.findAllByText(/Ce numéro de téléphone n'est pas valide\./)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Choisissez au moins un document/).length).toBeGreaterThan(0);
    expect((screen.getByLabelText(/^Prénom du proche/, { selector: "input" }) as HTMLInputElement).value).toBe("Sophie");
    expect(sent).toHaveLength(0);

    const phone = screen.getByLabelText(/^Numéro de téléphone portable/, { selector: "input" });
    await user.clear(phone);
    await user.type(phone, "06 12 34 56 78");
    await user.click(screen.getByLabelText("Carte nationale d'identité"));
    await user.click(screen.getByRole("button", { name: "Envoyer le SMS" }));
    expect(await screen.findByText("SMS envoyé à Sophie.")).toBeTruthy();
    expect(sent[0]).toEqual({ recipient_firstname: "Sophie", phone: "0612345678", message: null, locale: "fr", items: [{ document_type: "identity_card", action: "provide" }] });
    await waitFor(() => expect(screen.getByText("Sophie (0612345678)")).toBeTruthy());
  });

  it("shows only the list to someone who may not send", async () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => json({ data: [] })));
    renderFr(<DocumentRequestsPanel procedureId={4} locale="fr" typeLabels={LABELS} canSend={false} />);
    expect(await screen.findByText("Aucune demande envoyée pour le moment.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Envoyer le SMS" })).toBeNull();
  });
});
