// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { DocumentsWorkspace } from "@/features/deal-documents/documents-workspace";

const T = messagesFr.DealDocuments;
const E = messagesFr.Errors;
const DEAL = 41;
const BASE = `/api/v1/deals/${DEAL}`;

type Json = Record<string, unknown>;
function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
const refuse = (...codes: string[]) => json({ error: "Unprocessable Entity", errors: codes }, 422);

const doc = (id: number, name: string, extra: Json = {}) => ({
  id,
  deal_id: DEAL,
  name,
  document_type: null,
  content_type: "application/pdf",
  byte_size: 2048 * id,
  sha256: null,
  sent_at: null,
  created_at: 1_760_000_000 + id * 60,
  uploaded_by: "Camille Martin",
  download_url: `${BASE}/documents/${id}/file`,
  ...extra,
});

/** A small in-memory back office: the panel's calls change it, the next GET reads it back. */
function fakeApi() {
  const state = {
    documents: [doc(1, "Acte de décès.pdf", { document_type: "death_certificate" }), doc(2, "Pouvoir.pdf")],
    batches: [] as Json[],
    requests: [] as Json[],
    editions: [] as Json[],
  };
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const overrides = new Map<string, () => Response>();
  const handler = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input).replace(/^https?:\/\/[^/]+/, "");
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, url, body });
    const key = `${method} ${url.split("?")[0]}`;
    const override = overrides.get(key);
    if (override) return override();
    const path = url.split("?")[0]!;
    if (method === "GET" && path === `${BASE}/documents`) return json({ data: state.documents });
    if (method === "GET" && path === `${BASE}/documents/batches`) return json({ data: state.batches });
    if (method === "GET" && path === "/api/v1/signature_requests") return json({ data: state.requests });
    if (method === "GET" && path === "/api/v1/document_editions") return json({ data: state.editions });
    if (method === "GET" && path === "/api/v1/editable_documents")
      return json({ data: [{ id: 7, name: "Demande d'autorisation de crémation", deal_type: "funeral", generation_type: "markdown", rule_tag: null, owners: [], placeholders: [], template: null }] });
    if (method === "GET" && path === `${BASE}/entities`)
      return json({ data: [{ location_type: "crematorium", id: 3, name: "Crématorium de Lyon", address: null, postal_code: null, city: "Lyon", phone: null, email: "accueil@crematorium.example", demo: true, step_types: ["cremation"] }] });
    if (method === "GET" && path === `${BASE}/abilities`)
      return json({ data: [{ id: 1, client_id: 55, firstname: "Élise", lastname: "Bernard", email: "elise@example.org", role: "owner", link: null, self: false, created_at: 0 }], invitations: [], meta: { role: null, actions: {} } });
    if (method === "POST" && path === `${BASE}/documents`) {
      const created = doc(3, ((body as FormData).get("name") as string) || "scan.pdf");
      state.documents = [created, ...state.documents];
      return json({ data: created }, 201);
    }
    const deleted = /^\/api\/v1\/deals\/41\/documents\/(\d+)$/.exec(path);
    if (method === "DELETE" && deleted) {
      state.documents = state.documents.filter((d) => d.id !== Number(deleted[1]));
      return json({ data: { id: Number(deleted[1]), deleted: true } });
    }
    if (method === "POST" && path === "/api/v1/document_editions") {
      const edition = { id: 9, deal_id: DEAL, editable_document_id: 7, name: "Demande d'autorisation de crémation", content: "Je soussigné(e) [à compléter : lien de parenté]", missing: [{ key: "relationship", label: "Lien de parenté" }], created_at: 1_760_000_000, updated_at: 1_760_000_000 };
      state.editions = [edition];
      return json({ data: edition }, 201);
    }
    if (method === "PUT" && path === "/api/v1/document_editions/9") {
      const content = (body as { content: string }).content;
      const edition = { ...(state.editions[0] as Json), content, missing: content.includes("[à compléter") ? (state.editions[0] as Json).missing : [], updated_at: 1_760_000_100 };
      state.editions = [edition];
      return json({ data: edition });
    }
    if (method === "POST" && path === "/api/v1/document_editions/9/generate") {
      const created = doc(4, "Demande d'autorisation de crémation – dossier 41.pdf");
      state.documents = [created, ...state.documents];
      return json({ data: created }, 201);
    }
    if (method === "POST" && path === `${BASE}/documents/batches`) {
      const batch = { id: 5, deal_id: DEAL, name: (body as Json).name ?? null, message: null, documents: [], recipients: [], sent_at: null, created_at: 1_760_000_000 };
      state.batches = [batch];
      return json({ data: batch }, 201);
    }
    const batch = state.batches[0] as { documents: Json[]; recipients: Json[]; sent_at: number | null } | undefined;
    if (batch && method === "POST" && path === `${BASE}/documents/batches/5/documents`) {
      const d = state.documents.find((x) => x.id === (body as { document_id: number }).document_id)!;
      batch.documents = [...batch.documents, { id: d.id, name: d.name, byte_size: d.byte_size }];
      return json({ data: batch });
    }
    if (batch && method === "POST" && path === `${BASE}/documents/batches/5/recipients`) {
      const r = body as { email: string; name: string };
      if (!/^[^@\s]+@[^@\s]+\.[a-z]+$/.test(r.email)) return refuse("document_batch__email__invalid");
      batch.recipients = [...batch.recipients, { id: batch.recipients.length + 1, ...r }];
      return json({ data: batch });
    }
    if (batch && method === "POST" && path === `${BASE}/documents/batches/5/send_batch`) {
      batch.sent_at = 1_760_000_500;
      return json({ data: batch });
    }
    if (method === "POST" && path === "/api/v1/signature_requests") {
      const request = { id: 11, deal_id: DEAL, document_id: 2, signed_document_id: null, client_id: 55, signer_name: "Élise Bernard", signer_email: "elise@example.org", status: "requested", provider: "sandbox", expires_at: 1_761_000_000, signed_at: null, declined_at: null, created_at: 1_760_000_000 };
      state.requests = [request];
      return json({ data: request }, 201);
    }
    if (method === "POST" && path === "/api/v1/signature_requests/11/resend") return json({ data: state.requests[0] });
    if (method === "POST" && path === "/api/v1/signature_requests/11/cancel") {
      state.requests = [{ ...(state.requests[0] as Json), status: "cancelled" }];
      return json({ data: state.requests[0] });
    }
    return json({ error: "Not Found", message: "not_found" }, 404);
  });
  return { state, calls, overrides, handler };
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  vi.stubGlobal("fetch", api.handler);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(role = 2) {
  const user = userEvent.setup();
  render(
    <NextIntlClientProvider locale="fr" messages={messagesFr} timeZone="Europe/Paris">
      <DocumentsWorkspace dealId={DEAL} dealKind="funeral" role={role} />
    </NextIntlClientProvider>,
  );
  return user;
}
const table = async () => screen.findByTestId("deal-documents-table");
const names = (t: HTMLElement) => within(t).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]!.textContent);

describe("the deal's documents", () => {
  it("lists the documents newest first with type, size, date and who added them, and sorts on every column", async () => {
    const user = renderPanel();
    const list = await table();
    expect(names(list)).toEqual(["Pouvoir.pdf", "Acte de décès.pdf"]);
    expect(within(list).getByText("Acte de décès")).toBeTruthy();
    expect(within(list).getAllByText("Camille Martin")).toHaveLength(2);
    expect(within(list).getByRole("link", { name: "Télécharger Pouvoir.pdf" }).getAttribute("href")).toBe(`${BASE}/documents/2/file`);
    const byName = within(list).getByRole("button", { name: /^Nom/ });
    await user.click(byName);
    expect(names(list)).toEqual(["Acte de décès.pdf", "Pouvoir.pdf"]);
    expect(byName.closest("th")!.getAttribute("aria-sort")).toBe("ascending");
    await user.click(byName);
    expect(names(list)).toEqual(["Pouvoir.pdf", "Acte de décès.pdf"]);
    await user.click(within(list).getByRole("button", { name: /^Taille/ }));
    expect(names(list)).toEqual(["Acte de décès.pdf", "Pouvoir.pdf"]);
  });

  it("uploads a file with its type and name, then shows it", async () => {
    const user = renderPanel();
    await table();
    const file = new File([new Uint8Array([37, 80, 68, 70])], "scan.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText(T.upload.chooseFile), file);
    await user.selectOptions(screen.getByLabelText(T.upload.type), "power_of_attorney");
    await user.type(screen.getByLabelText(T.upload.name), "Pouvoir signé");
    await user.click(screen.getByRole("button", { name: T.upload.submit }));
    expect(await screen.findByText("« Pouvoir signé » a été ajouté au dossier.")).toBeTruthy();
    const sent = api.calls.find((c) => c.method === "POST" && c.url === `${BASE}/documents`)!.body as FormData;
    expect(sent.get("document_type")).toBe("power_of_attorney");
    expect((sent.get("file") as File).name).toBe("scan.pdf");
    await waitFor(() => expect(names(screen.getByTestId("deal-documents-table"))).toContain("Pouvoir signé"));
  });

  it("says why a file is refused and keeps the type and name typed", async () => {
    api.overrides.set(`POST ${BASE}/documents`, () => refuse("supporting_document__file__polyglot"));
    const user = renderPanel();
    await table();
    await user.click(screen.getByRole("button", { name: T.upload.submit }));
    expect(screen.getByText(T.upload.missingFile)).toBeTruthy();
    await user.upload(screen.getByLabelText(T.upload.chooseFile), new File(["x"], "piege.pdf", { type: "application/pdf" }));
    await user.type(screen.getByLabelText(T.upload.name), "Mon scan");
    await user.click(screen.getByRole("button", { name: T.upload.submit }));
    expect(await screen.findByText(E.supporting_document__file__polyglot)).toBeTruthy();
    expect((screen.getByLabelText(T.upload.name) as HTMLInputElement).value).toBe("Mon scan");
  });

  it("refuses a file over 20 MB before sending anything", async () => {
    const user = renderPanel();
    await table();
    const big = new File(["x"], "gros.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 21 * 1024 * 1024 });
    await user.upload(screen.getByLabelText(T.upload.chooseFile), big);
    expect(screen.getByText(E.supporting_document__file__too_large)).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("deletes a document only after confirmation, and says why when it cannot", async () => {
    const user = renderPanel();
    await table();
    await user.click(screen.getByRole("button", { name: "Supprimer Pouvoir.pdf" }));
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: T.documents.deleteConfirm }));
    await waitFor(() => expect(names(screen.getByTestId("deal-documents-table"))).toEqual(["Acte de décès.pdf"]));

    api.overrides.set(`DELETE ${BASE}/documents/1`, () => refuse("document__id__sent"));
    await user.click(screen.getByRole("button", { name: "Supprimer Acte de décès.pdf" }));
    await user.click(screen.getByRole("button", { name: T.documents.deleteConfirm }));
    expect(await screen.findByText(E.document__id__sent)).toBeTruthy();
    expect(names(screen.getByTestId("deal-documents-table"))).toEqual(["Acte de décès.pdf"]);
  });

  it("keeps the table and offers a retry when reading the documents again fails", async () => {
    const user = renderPanel();
    await table();
    api.overrides.set(`GET ${BASE}/documents`, () => {
      throw new TypeError("Failed to fetch");
    });
    await user.click(screen.getByRole("button", { name: "Supprimer Pouvoir.pdf" }));
    await user.click(screen.getByRole("button", { name: T.documents.deleteConfirm }));
    expect(await screen.findByText(T.loadError)).toBeTruthy();
    expect(screen.getByTestId("deal-documents-table")).toBeTruthy();
    api.overrides.delete(`GET ${BASE}/documents`);
    await user.click(screen.getByRole("button", { name: T.retry }));
    await waitFor(() => expect(names(screen.getByTestId("deal-documents-table"))).toEqual(["Acte de décès.pdf"]));
    expect(screen.queryByText(T.loadError)).toBeNull();
  });

  it("offers a retry when the documents cannot be loaded", async () => {
    api.overrides.set(`GET ${BASE}/documents`, () => {
      throw new TypeError("Failed to fetch");
    });
    const user = renderPanel();
    expect(await screen.findByText(T.loadError)).toBeTruthy();
    expect(screen.getByText(E.no_network)).toBeTruthy();
    api.overrides.delete(`GET ${BASE}/documents`);
    await user.click(screen.getByRole("button", { name: T.retry }));
    expect(await table()).toBeTruthy();
  });
});

describe("documents from a template", () => {
  it("fills the template with the deal's data, lists what is missing, keeps the text on a refusal, saves and produces the PDF", async () => {
    const user = renderPanel();
    await table();
    await user.selectOptions(await screen.findByLabelText(T.editions.template), "7");
    await user.click(screen.getByRole("button", { name: T.editions.create }));
    expect(within(await screen.findByTestId("edition-missing")).getByText("Lien de parenté")).toBeTruthy();
    const editor = screen.getByLabelText("Texte de « Demande d'autorisation de crémation »") as HTMLTextAreaElement;
    expect(editor.value).toContain("[à compléter : lien de parenté]");

    api.overrides.set("POST /api/v1/document_editions/9/generate", () => refuse("document_edition__content__incomplete"));
    await user.click(screen.getByRole("button", { name: T.editions.generate }));
    expect(await screen.findByText(E.document_edition__content__incomplete)).toBeTruthy();

    await user.clear(editor);
    await user.type(editor, "Je soussignée Élise Bernard, fille du défunt");
    api.overrides.delete("POST /api/v1/document_editions/9/generate");
    await user.click(screen.getByRole("button", { name: T.editions.generate }));
    expect(await screen.findByText("« Demande d'autorisation de crémation – dossier 41.pdf » a été ajouté aux documents du dossier.")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "PUT")!.body).toEqual({ content: "Je soussignée Élise Bernard, fille du défunt" });
    expect(screen.getByText(T.editions.complete)).toBeTruthy();
    await waitFor(() => expect(names(screen.getByTestId("deal-documents-table"))[0]).toBe("Demande d'autorisation de crémation – dossier 41.pdf"));

    await user.click(screen.getByRole("button", { name: T.editions.closeEditor }));
    expect(screen.queryByLabelText(/^Texte de/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Rouvrir Demande d'autorisation de crémation" }));
    expect((screen.getByLabelText(/^Texte de/) as HTMLTextAreaElement).value).toBe("Je soussignée Élise Bernard, fille du défunt");
  });
});

describe("document batches", () => {
  it("creates a batch, adds a document, a partner and a typed address, refuses a bad address keeping it, and sends after confirmation", async () => {
    const user = renderPanel();
    await table();
    await user.type(screen.getByLabelText(T.batches.name), "Crémation de jeudi");
    await user.click(screen.getByRole("button", { name: T.batches.create }));
    const card = await screen.findByTestId("document-batch");
    expect(within(card).getByRole("heading", { name: /Crémation de jeudi/ })).toBeTruthy();

    await user.selectOptions(within(card).getByLabelText(T.batches.addDocument), "2");
    await user.click(within(card).getByRole("button", { name: T.batches.attach }));
    await waitFor(() => expect(within(card).getByText("Pouvoir.pdf")).toBeTruthy());

    const contact = within(card).getByLabelText(T.batches.contact);
    expect(within(contact).getByRole("option", { name: "Crématorium de Lyon – accueil@crematorium.example" })).toBeTruthy();
    expect(within(contact).getByRole("option", { name: "Élise Bernard – elise@example.org" })).toBeTruthy();
    await user.selectOptions(contact, "partner-crematorium-3");
    await user.click(within(card).getByRole("button", { name: T.batches.add }));
    await waitFor(() => expect(within(card).getByText("Crématorium de Lyon")).toBeTruthy());

    await user.type(within(card).getByLabelText(T.batches.recipientName), "Mairie");
    await user.type(within(card).getByLabelText(T.batches.recipientEmail), "etat-civil@mairie");
    await user.click(within(card).getByRole("button", { name: T.batches.addTyped }));
    expect(await within(card).findByText(E.document_batch__email__invalid)).toBeTruthy();
    expect((within(card).getByLabelText(T.batches.recipientEmail) as HTMLInputElement).value).toBe("etat-civil@mairie");
    await user.type(within(card).getByLabelText(T.batches.recipientEmail), ".fr");
    await user.click(within(card).getByRole("button", { name: T.batches.addTyped }));
    await waitFor(() => expect(within(card).getByText("Mairie")).toBeTruthy());

    await user.click(within(card).getByRole("button", { name: T.batches.send }));
    expect(api.calls.some((c) => c.url.endsWith("/send_batch"))).toBe(false);
    const dialog = screen.getByRole("dialog", { name: "Envoyer « Crémation de jeudi » ?" });
    expect(within(dialog).getByText(/Documents joints : 1\. Ils partiront par e-mail à : Crématorium de Lyon <accueil@crematorium\.example>, Mairie <etat-civil@mairie\.fr>/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: T.batches.sendConfirm }));
    expect(await within(card).findByText(T.batches.sent)).toBeTruthy();
    expect(within(card).getByText(T.batches.sentTo)).toBeTruthy();
    expect(within(card).queryByRole("button", { name: T.batches.send })).toBeNull();
    expect(within(card).queryByRole("button", { name: /^Retirer/ })).toBeNull();
    expect(within(card).queryByLabelText(T.batches.recipientEmail)).toBeNull();
  });
});

describe("signature requests", () => {
  it("sends a PDF to a family member, shows its status, and cancels it after confirmation", async () => {
    const user = renderPanel();
    await table();
    expect(screen.getByText(T.signatures.empty)).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText(T.signatures.document), "2");
    await waitFor(() => expect(within(screen.getByLabelText(T.signatures.signer)).getByRole("option", { name: "Élise Bernard" })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText(T.signatures.signer), "55");
    await user.click(screen.getByRole("button", { name: T.signatures.send }));
    expect(await screen.findByText("La demande de signature a été envoyée à Élise Bernard.")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST" && c.url === "/api/v1/signature_requests")!.body).toEqual({ deal_id: DEAL, document_id: 2, client_id: 55 });
    expect(await screen.findByTestId("signature-status")).toHaveProperty("textContent", T.signatures.status.requested);

    await user.click(screen.getByRole("button", { name: T.signatures.resend }));
    expect(await screen.findByText("Un nouveau lien a été envoyé à Élise Bernard ; le précédent ne fonctionnera plus.")).toBeTruthy();
    api.overrides.set("POST /api/v1/signature_requests/11/resend", () => refuse("signature_request__status__closed"));
    await user.click(screen.getByRole("button", { name: T.signatures.resend }));
    expect(await screen.findByText(E.signature_request__status__closed)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: T.signatures.cancel }));
    await user.click(within(screen.getByRole("dialog", { name: T.signatures.cancelTitle })).getByRole("button", { name: T.signatures.cancelConfirm }));
    await waitFor(() => expect(screen.getByTestId("signature-status").textContent).toBe(T.signatures.status.cancelled));
  });

  it("shows a signed request with its signed copy", async () => {
    api.state.requests = [{ id: 12, deal_id: DEAL, document_id: 2, signed_document_id: 6, client_id: 55, signer_name: "Élise Bernard", signer_email: "e@example.org", status: "signed", provider: "sandbox", expires_at: 1_761_000_000, signed_at: 1_760_100_000, declined_at: null, created_at: 1_760_000_000 }];
    renderPanel();
    expect((await screen.findByTestId("signature-status")).textContent).toBe(T.signatures.status.signed);
    expect(screen.getByRole("link", { name: T.signatures.openSigned }).getAttribute("href")).toBe(`${BASE}/documents/6/file`);
    expect(screen.queryByRole("button", { name: T.signatures.cancel })).toBeNull();
  });

  it("lets a partner professional work on files and batches without reading the family or the partners", async () => {
    renderPanel(4);
    await table();
    expect(await screen.findByText(T.signatures.agencyOnly)).toBeTruthy();
    expect(api.calls.some((c) => c.url.includes("/abilities") || c.url.includes("/entities"))).toBe(false);
    expect(screen.getByRole("button", { name: T.upload.submit })).toBeTruthy();
  });
});
