// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import type { BillablePrestation, EntityInvoiceView } from "@/domain/schemas/entity-invoice";
import { groupText, parseEuros } from "@/features/pro-invoices/invoice-format";
import { invoiceListParams, invoiceListSearch, parseInvoiceListQuery } from "@/features/pro-invoices/invoice-query";
import { readPrestation } from "@/features/pro-invoices/prestation-form";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

const push = vi.hoisted(() => vi.fn());
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: vi.fn(), replace: vi.fn() }), usePathname: () => "/pro/factures" }));
const calls = vi.hoisted(() => ({ searchPartners: vi.fn(), fetchBillable: vi.fn(), createInvoice: vi.fn(), validateInvoice: vi.fn(), creditNote: vi.fn(), recordTransfer: vi.fn(), resetPayments: vi.fn() }));
vi.mock("@/features/pro-invoices/invoice-calls", async (original) => ({ ...(await original<object>()), ...calls }));

const { NewInvoice } = await import("@/features/pro-invoices/new-invoice");
const { InvoiceDetail } = await import("@/features/pro-invoices/invoice-detail");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function wrap(node: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="fr" messages={pickMessages(messagesFr as Messages, ["Errors", "ProInvoices"])} timeZone="Europe/Paris">
      {node}
    </NextIntlClientProvider>,
  );
}

describe("the invoices list's address", () => {
  it("reads filters, keeps what it understands and writes them back", () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const q = parseInvoiceListQuery(new URLSearchParams("type=Crematorium&partenaire=4&nom=Lyon&periode=quarter&annee=2026&numero=9&etat=paid&tri=total&ordre=asc&page=2"), now);
    expect(q).toMatchObject({ entityType: "Crematorium", entityId: 4, period: "quarter", year: 2026, index: 4, state: "paid", sort: "total", direction: "asc", page: 2 });
    expect(invoiceListParams(q, 25)).toMatchObject({ entity_type: "Crematorium", entity_id: 4, group_type: "quarter", group_id: 4, group_year: 2026, state: "paid", sort: "total", direction: "asc", page: 2 });
    expect(parseInvoiceListQuery(new URLSearchParams(invoiceListSearch(q)), now)).toEqual(q);
    const junk = parseInvoiceListQuery(new URLSearchParams("type=Bank&partenaire=x&periode=decade&etat=lost&tri=drop&page=-1"), now);
    expect(junk).toMatchObject({ entityType: null, entityId: null, period: null, state: null, sort: null, page: 1 });
    expect(invoiceListSearch(junk)).toBe("");
    expect(invoiceListParams({ ...q, period: "year" }, 25)).toMatchObject({ group_type: undefined, group_id: undefined, group_year: 2026 });
  });

  it("shows month and quarter groups as periods, whatever the ×1000 of SPEC §5", () => {
    const t = (key: string, v?: Record<string, string>) => `${key}:${JSON.stringify(v)}`;
    expect(groupText({ type: "month", id: 11000, year: 2026 }, "fr", t)).toBe("novembre 2026");
    expect(groupText({ type: "quarter", id: 2000, year: 2026 }, "fr", t)).toBe('group.quarter:{"quarter":"2","year":"2026"}');
    expect(groupText({ type: "deal", id: 42000, year: 2026 }, "fr", t)).toContain('"id":"42000"');
  });

  it("reads euros as typed and refuses anything else, keeping the text", () => {
    expect(parseEuros("1 234,5")).toBe(123_450);
    expect(parseEuros("-35.10 €")).toBe(-3_510);
    expect(parseEuros("12,345")).toBeNull();
    expect(parseEuros("abc")).toBeNull();
    expect(readPrestation({ description: "Urne", costHt: "100", vatRateBp: 2000, dealId: "" })).toEqual({ body: { description: "Urne", cost_ht: 10_000, cost_ttc: 12_000, vat_rate_bp: 2000, deal_id: null } });
    expect(readPrestation({ description: " ", costHt: "dix", vatRateBp: 2000, dealId: "x1" })).toEqual({ problems: { description: "description", costHt: "costHt", dealId: "dealId" } });
  });
});

const line = (deal: number, code: string, ht: number): BillablePrestation => ({ deal_id: deal, deal_label: "Henri Bernard", source_code: code, description: `Crémation ${deal}`, cost_ht: ht, cost_ttc: ht, vat_rate_bp: 0, date: "2026-11-03", demo: true });

describe("a new invoice", () => {
  it("lists the partner's billable prestations, all ticked, and creates the draft with the ticked ones and a typed one", async () => {
    calls.searchPartners.mockResolvedValue([{ id: 7, label: "Crématorium de Lyon (démo)" }]);
    calls.fetchBillable.mockResolvedValue([line(11, "CREMATORIUM-7", 48_500), line(12, "CREMATORIUM-7", 50_000)]);
    calls.createInvoice.mockResolvedValue({ id: 99 });
    wrap(<NewInvoice />);
    fireEvent.change(screen.getByLabelText(/^Type de partenaire/), { target: { value: "Crematorium" } });
    fireEvent.change(screen.getByRole("combobox", { name: /^Partenaire/ }), { target: { value: "Lyon" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: /Crématorium de Lyon/ }));
    fireEvent.click(screen.getByRole("button", { name: "Afficher les prestations à facturer" }));
    const first = await screen.findByRole("checkbox", { name: /Dossier n° 11 —/ });
    expect(first).toBeChecked();
    expect(screen.getAllByText("tarif de démonstration")).toHaveLength(2);
    expect(calls.fetchBillable.mock.calls[0]![0]).toMatchObject({ type: "Crematorium", id: 7 });
    fireEvent.click(screen.getByRole("checkbox", { name: /Dossier n° 12 —/ }));

    fireEvent.click(screen.getByRole("button", { name: "Ajouter une prestation à la main" }));
    const typed = screen.getByRole("group", { name: "Prestation saisie 1" });
    fireEvent.change(within(typed).getByLabelText(/^Description/), { target: { value: "Frais de dossier" } });
    fireEvent.change(within(typed).getByLabelText(/^Montant HT/), { target: { value: "dix euros" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer le brouillon de facture" }));
    expect(await screen.findByText("Une prestation saisie est incomplète : corrigez les champs signalés.")).toBeTruthy();
    expect(within(typed).getByLabelText(/^Montant HT/)).toHaveProperty("value", "dix euros");
    expect(calls.createInvoice).not.toHaveBeenCalled();

    fireEvent.change(within(typed).getByLabelText(/^Montant HT/), { target: { value: "10" } });
    expect(within(typed).getByText(/Montant TTC : 12,00/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Créer le brouillon de facture" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/pro/factures/99"));
    const body = calls.createInvoice.mock.calls[0]![0];
    expect(body.entity).toEqual({ type: "Crematorium", id: 7 });
    expect(body.group).toMatchObject({ type: "month" });
    expect(body.billable).toEqual([{ deal_id: 11, source_code: "CREMATORIUM-7" }]);
    expect(body.prestations).toEqual([{ description: "Frais de dossier", cost_ht: 1000, cost_ttc: 1200, vat_rate_bp: 2000, deal_id: null }]);
  });
});

const invoice = (over: Partial<EntityInvoiceView> = {}): EntityInvoiceView => ({
  id: 5,
  number: null,
  state: "draft",
  credit_note_of: null,
  entity: { type: "Crematorium", id: 7, name: "Crématorium de Lyon (démo)" },
  group: { type: "month", id: 11000, year: 2026 },
  bank_transfer_label: null,
  payee_iban: null,
  payee_bic: null,
  cost_tax_excl: 48_500,
  cost_tax_incl: 48_500,
  vat: [{ rate_bp: 0, base: 48_500, tax: 0 }],
  prestations: [{ id: 1, description: "Crémation", cost_ht: 48_500, cost_ttc: 48_500, vat_rate_bp: 0, deal_id: 11 }],
  validated_at: null,
  paid_at: null,
  created_at: 1_790_000_000,
  ...over,
});

describe("an invoice's page", () => {
  it("validates a draft only after the dialog says it becomes immutable and numbered", async () => {
    calls.validateInvoice.mockResolvedValue(invoice({ state: "validated", number: "2026-00001", validated_at: 1_790_000_100 }));
    wrap(<InvoiceDetail initial={invoice()} canWrite creditNoteId={null} />);
    expect(screen.getByRole("link", { name: "Dossier n° 11" }).getAttribute("href")).toBe("/pro/dossiers/11");
    fireEvent.click(screen.getByRole("button", { name: "Valider la facture" }));
    expect(calls.validateInvoice).not.toHaveBeenCalled();
    expect(screen.getByText(/ne peut plus être modifiée/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Valider et numéroter" }));
    await screen.findByText("Facture validée et numérotée. Vous pouvez télécharger sa Factur-X.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("2026-00001");
    expect(screen.queryByRole("button", { name: "Ajouter une prestation" })).toBeNull();
    expect(screen.getByRole("link", { name: "Télécharger la facture Factur-X (PDF)" }).getAttribute("href")).toBe("/api/v1/entity_invoices/5/facturx.pdf");
    expect(screen.getByRole("button", { name: "Établir un avoir" })).toBeTruthy();
  });

  it("shows an advisor no write button", () => {
    wrap(<InvoiceDetail initial={invoice()} canWrite={false} creditNoteId={null} />);
    expect(screen.queryByRole("button", { name: "Valider la facture" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ajouter une prestation" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Modifier/ })).toBeNull();
    expect(screen.getByText("Vous consultez cette facture ; la direction la modifie et la valide.")).toBeTruthy();
  });
});

const { PendingPayments } = await import("@/features/pro-invoices/pending-payments");

describe("pending payments", () => {
  it("offers the transfer file only when every pending invoice names the partner's account", () => {
    const ready = invoice({ id: 6, state: "validated", number: "2026-00001", validated_at: 1_790_000_100, payee_iban: "FR7630006000011234567890189" });
    const missing = invoice({ id: 7, state: "validated", number: "2026-00002", validated_at: 1_790_000_100 });
    wrap(<PendingPayments from="2026-01-01" to="2026-11-30" pending={[ready]} paid={[]} />);
    expect(screen.getByRole("link", { name: "Télécharger le fichier de virement (SEPA pain.001)" }).getAttribute("href")).toBe(
      "/api/v1/entity_invoices/pending_payments/transfer.xml?from=2026-01-01&to=2026-11-30",
    );
    cleanup();
    wrap(<PendingPayments from="2026-01-01" to="2026-11-30" pending={[ready, missing]} paid={[]} />);
    expect(screen.queryByRole("link", { name: /fichier de virement/ })).toBeNull();
    const warning = screen.getByText("Une facture à payer sur cette période n'a pas d'IBAN : ajoutez celui du partenaire avant de préparer les virements.").closest("[role=status]") as HTMLElement;
    expect(within(warning).getByRole("link", { name: "Ouvrir la facture 2026-00002" }).getAttribute("href")).toBe("/pro/factures/7");
    expect(within(warning).queryByRole("link", { name: "Ouvrir la facture 2026-00001" })).toBeNull();
  });
});

describe("recording and resetting transfers", () => {
  it("asks for the label, records the ticked pending invoices, and puts ticked paid ones back", async () => {
    const pending = invoice({ id: 6, state: "validated", number: "2026-00001", validated_at: 1_790_000_100, payee_iban: "FR7630006000011234567890189" });
    const paid = invoice({ id: 8, state: "paid", number: "2026-00003", validated_at: 1_790_000_100, paid_at: 1_790_000_200, bank_transfer_label: "VIR OCT" });
    calls.recordTransfer.mockResolvedValue([]);
    calls.resetPayments.mockResolvedValue([]);
    wrap(<PendingPayments from="2026-01-01" to="2026-11-30" pending={[pending]} paid={[paid]} />);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer le virement des factures cochées (1)" }));
    expect(screen.getByText("Indiquez le libellé du virement.")).toBeTruthy();
    expect(calls.recordTransfer).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Libellé du virement/), { target: { value: "VIR NOV" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer le virement des factures cochées (1)" }));
    await waitFor(() => expect(calls.recordTransfer).toHaveBeenCalledWith([6], "VIR NOV"));
    expect(await screen.findByText("Virement enregistré : les factures cochées sont payées.")).toBeTruthy();
    const reset = screen.getByRole("button", { name: "Remettre en attente les factures cochées (0)" });
    expect(reset).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("checkbox", { name: /2026-00003/ }));
    fireEvent.click(screen.getByRole("button", { name: "Remettre en attente les factures cochées (1)" }));
    await waitFor(() => expect(calls.resetPayments).toHaveBeenCalledWith([8]));
  });
});

describe("a draft's title", () => {
  it("names a draft by its draft number and a validated invoice by its number", () => {
    wrap(<InvoiceDetail initial={invoice()} canWrite creditNoteId={null} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Brouillon de facture n° 5");
  });
});
