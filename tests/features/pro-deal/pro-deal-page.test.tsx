// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { ROLES } from "@/domain/roles";
import { ProDealPage } from "@/features/pro-deal/pro-deal-page";
import { DEAL_ID, P, dealDetail, json, renderFr, stubApi } from "./pro-deal-fixtures";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BALANCE = { deal_id: DEAL_ID, due_cents: 345_000, captured_cents: 100_000, refunded_cents: 0, paid_cents: 100_000, pending_cents: 50_000, remaining_cents: 245_000, payers: [], payments: [], shares: [] };

function advisorApi(overrides: Record<string, () => Response> = {}) {
  return stubApi({
    "GET /api/v1/deals/7": () => json({ data: dealDetail() }),
    "GET /api/v1/deals/7/state": () => json({ data: { id: DEAL_ID, state: "quote_sent", next_states: ["signed", "lost"], events: [] } }),
    "GET /api/v1/users/funeral_team": () => json({ data: [{ id: 3, firstname: "Nadia", lastname: "Benali", email: "conseiller@demo.test", role: 2 }, { id: 2, firstname: "Philippe", lastname: "Moreau", email: "directeur@demo.test", role: 1 }] }),
    "GET /api/v1/payments/deals/7": () => json({ data: BALANCE }),
    "GET /api/v1/deals/7/deal_steps": () => json({ data: [] }),
    "GET /api/v1/deals/7/entities": () => json({ data: [] }),
    "GET /api/v1/deals/7/todo_items": () => json({ data: [] }),
    "GET /api/v1/deals/7/communications": () => json({ data: [] }),
    ...overrides,
  });
}

describe("ProDealPage", () => {
  it("shows an advisor every section in order, with the section navigation, slots and h2 headings", async () => {
    advisorApi();
    renderFr(<ProDealPage dealId={DEAL_ID} role={ROLES.FUNERAL_ADVISOR} documents={<section aria-label="docs">Documents du dossier</section>} members={<p>Membres</p>} extras={<p>Avis</p>} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Dossier n° 7");
    expect(await screen.findByTestId("deal-summary")).toHaveTextContent("Obsèques · Henri Bernard · suivi par Nadia Benali");
    const nav = screen.getByRole("navigation", { name: P.sectionsNav });
    expect(within(nav).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["#conduite", "#etat", "#famille", "#devis", "#paiements", "#etapes", "#taches", "#documents", "#communications", "#commentaire"]);
    expect(await screen.findByTestId("quote-total")).toHaveTextContent(/3\s?450,00\s?€/);
    expect(screen.getByRole("link", { name: P.quote.pdf })).toHaveAttribute("href", "/api/v1/deals/7/quote.pdf");
    expect(await screen.findByTestId("payments-summary")).toHaveTextContent(/2\s?450,00\s?€/);
    expect(screen.getByRole("link", { name: P.payments.details })).toHaveAttribute("href", "/pro/paiements/7");
    expect(screen.getByText("Documents du dossier")).toBeInTheDocument();
    expect(screen.getByText("Membres")).toBeInTheDocument();
    expect(screen.getByText("Avis")).toBeInTheDocument();
    // An advisor (2) has neither the brand nor the duplicate.
    expect(screen.queryByLabelText(P.manage.brand)).toBeNull();
    expect(screen.queryByRole("button", { name: P.manage.duplicate })).toBeNull();
    const levels = screen.getAllByRole("heading").map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
  });

  it("lets a director change the brand and duplicate, then go to the copy", async () => {
    const { calls } = advisorApi({
      "PUT /api/v1/deals/7/brand": () => json({ data: { id: DEAL_ID, advisor: null, owner_client_id: 11, empowered_client_id: null, defunct_id: 21, brand: "Pompes funèbres Bernard", welcome_sent_at: null } }),
      "POST /api/v1/deals/7/duplicate": () => json({ data: { id: 99, uuid: "x", state: "draft" } }, 201),
    });
    renderFr(<ProDealPage dealId={DEAL_ID} role={ROLES.FUNERAL_DIRECTOR} />);
    await userEvent.type(await screen.findByLabelText(P.manage.brand), "Pompes funèbres Bernard");
    await userEvent.click(screen.getByRole("button", { name: P.manage.saveBrand }));
    expect(await screen.findByText(P.manage.brandSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/brand"))?.body).toEqual({ brand: "Pompes funèbres Bernard" });
    await userEvent.click(screen.getByRole("button", { name: P.manage.duplicate }));
    await vi.waitFor(() => expect(push).toHaveBeenCalledWith("/pro/dossiers/99"));
  });

  it("assigns the advisor in charge from the funeral team", async () => {
    let advisor = dealDetail().advisor;
    const { calls } = advisorApi({
      "GET /api/v1/deals/7": () => json({ data: dealDetail({ advisor }) }),
      "PUT /api/v1/deals/7/user": () => ((advisor = { id: 2, firstname: "Philippe", lastname: "Moreau", role: 1 }), json({ data: { id: DEAL_ID, advisor: { id: 2, firstname: "Philippe", lastname: "Moreau", role: 1 }, owner_client_id: 11, empowered_client_id: null, defunct_id: 21, brand: null, welcome_sent_at: null } })),
    });
    renderFr(<ProDealPage dealId={DEAL_ID} role={ROLES.FUNERAL_ADVISOR} />);
    const select = await screen.findByLabelText(P.manage.advisor);
    await within(select).findByRole("option", { name: "Philippe Moreau" });
    await userEvent.selectOptions(select, "2");
    await userEvent.click(screen.getByRole("button", { name: P.manage.assign }));
    expect(await screen.findByText(P.manage.assigned)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/user"))?.body).toEqual({ user_id: 2 });
    expect(screen.getByTestId("deal-summary")).toHaveTextContent("suivi par Philippe Moreau");
  });

  it("keeps the other sections when one call fails, each with its own retry", async () => {
    advisorApi({ "GET /api/v1/deals/7/communications": () => json({ error: "Internal Server Error", message: "unhandled" }, 500) });
    renderFr(<ProDealPage dealId={DEAL_ID} role={ROLES.FUNERAL_ADVISOR} />);
    const communications = await screen.findByTestId("section-communications");
    expect(await within(communications).findByText(messagesFr.Errors.unhandled)).toBeInTheDocument();
    expect(within(communications).getByRole("button", { name: P.retry })).toBeInTheDocument();
    expect(await screen.findByText(P.todos.empty)).toBeInTheDocument();
    expect(screen.getByTestId("deal-state")).toBeInTheDocument();
  });

  it("shows a partner professional only the steps, todos and documents, without reading the family's deal", async () => {
    const { calls } = stubApi({
      "GET /api/v1/deals/7/deal_steps": () => json({ data: [] }),
      "GET /api/v1/deals/7/todo_items": () => json({ data: [] }),
    });
    renderFr(<ProDealPage dealId={DEAL_ID} role={ROLES.PRO} documents={<p>Documents du dossier</p>} members={<p>Membres</p>} />);
    expect(await screen.findByText(P.todos.empty)).toBeInTheDocument();
    expect(screen.getByText(P.partnerIntro)).toBeInTheDocument();
    expect(within(screen.getByRole("navigation")).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["#etapes", "#taches", "#documents"]);
    expect(screen.queryByText("Membres")).toBeNull();
    expect(screen.queryByTestId("section-communications")).toBeNull();
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(["/api/v1/deals/7/deal_steps", "/api/v1/deals/7/todo_items"]));
  });
});
