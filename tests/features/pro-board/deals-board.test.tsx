// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { ROLES } from "@/domain/roles";
import type { BoardDeal, BoardPage } from "@/features/pro-board/board-calls";
import { DealsBoard } from "@/features/pro-board/deals-board";
import { pickMessages, type Messages } from "@/i18n/pick-messages";
import { patchHistory, useTestSearchParams } from "./navigation-mock";

const push = vi.hoisted(() => vi.fn());
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, refresh: vi.fn(), replace: vi.fn() }),
  usePathname: () => "/pro/dossiers",
  useSearchParams: () => useTestSearchParams(),
}));

const deal = (id: number, state: string, lastname: string): BoardDeal => ({
  id,
  uuid: `00000000-0000-4000-8000-0000000000${String(id).padStart(2, "0")}`,
  kind: "funeral",
  state,
  total_cents: 400_000,
  demo: false,
  client: { id: id + 100, civility: null, firstname: "Lucie", lastname: "Martin", email: "lucie@example.org", phone: null },
  defunct: { id: id + 200, firstname: "Henri", lastname, death_date: null },
  contact_channel: null,
  death_city: { name: "Lyon" },
  advisor: null,
  ceremony_at: null,
  submitted_at: null,
  created_at: 1_790_000_000 - id,
  updated_at: 1_790_000_000,
});

function page(deals: BoardDeal[]): BoardPage {
  return { data: deals, meta: { page: 1, per_page: 25, total_count: deals.length, total_pages: 1 } };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const calls: string[] = [];
let answer: (url: URL, init?: RequestInit) => Response | Promise<Response>;

beforeEach(() => {
  patchHistory();
  window.history.replaceState(null, "", "/pro/dossiers");
  calls.length = 0;
  answer = () => json(page([deal(12, "quote_sent", "Bernard"), deal(11, "signed", "Durand")]));
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), "http://localhost");
      calls.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
      return answer(url, init);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  push.mockClear();
});

function renderBoard(initial: BoardPage | null = page([deal(12, "quote_sent", "Bernard"), deal(11, "signed", "Durand")]), role: 0 | 1 | 2 | 4 = ROLES.FUNERAL_ADVISOR) {
  return render(
    <NextIntlClientProvider locale="fr" messages={pickMessages(messagesFr as unknown as Messages, ["ProBoard", "Errors"])}>
      <DealsBoard initial={initial} initialKey={window.location.search} team={[{ id: 7, firstname: "Nadia", lastname: "Conseil" }]} role={role} />
    </NextIntlClientProvider>,
  );
}

const dealCalls = () => calls.filter((call) => call.startsWith("GET /api/v1/deals"));

describe("the deals board", () => {
  it("shows the first page without asking again, each row leading to its deal", () => {
    renderBoard();
    expect(dealCalls()).toEqual([]);
    const link = screen.getByRole("link", { name: "Ouvrir le dossier n° 12" });
    expect(link.getAttribute("href")).toBe("/pro/dossiers/12");
    expect(screen.getByRole("status")).toHaveTextContent("2 dossiers");
  });

  it("puts every filter in the URL and asks the API for it; back brings the previous list", async () => {
    renderBoard();
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "funeral" } });
    await waitFor(() => expect(window.location.search).toBe("?type=funeral"));
    fireEvent.change(screen.getByLabelText("État"), { target: { value: "signed" } });
    fireEvent.change(screen.getByLabelText("Conseiller"), { target: { value: "7" } });
    fireEvent.change(screen.getByLabelText("Créé à partir du"), { target: { value: "2026-01-01" } });
    await waitFor(() => expect(window.location.search).toBe("?type=funeral&etat=signed&conseiller=7&du=2026-01-01"));
    await waitFor(() => expect(dealCalls().at(-1)).toBe("GET /api/v1/deals?kind=funeral&state=signed&advisor_id=7&created_from=2026-01-01&page=1&per_page=25"));
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(window.location.search).toBe("?type=funeral&etat=signed&conseiller=7"));
    await waitFor(() => expect(dealCalls().at(-1)).toBe("GET /api/v1/deals?kind=funeral&state=signed&advisor_id=7&page=1&per_page=25"));
  });

  it("sorts on the server from the column headers", async () => {
    renderBoard();
    fireEvent.click(screen.getByRole("button", { name: /^Défunt/ }));
    await waitFor(() => expect(window.location.search).toBe("?tri=defunct&ordre=asc"));
    await waitFor(() => expect(dealCalls().at(-1)).toContain("sort=defunct&direction=asc"));
    await waitFor(() => expect(screen.getByRole("columnheader", { name: /Défunt/ }).getAttribute("aria-sort")).toBe("ascending"));
    fireEvent.click(screen.getByRole("button", { name: /^Défunt/ }));
    await waitFor(() => expect(window.location.search).toBe("?tri=defunct&ordre=desc"));
  });

  it("searches after a pause in typing, and keeps what was typed when the call fails, with a retry", async () => {
    renderBoard();
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    fireEvent.change(screen.getByLabelText("Rechercher"), { target: { value: "Bern" } });
    expect(dealCalls()).toEqual([]);
    await waitFor(() => expect(window.location.search).toBe("?q=Bern"));
    expect(await screen.findByText("La liste n'a pas pu être mise à jour")).toBeTruthy();
    expect(screen.getByLabelText("Rechercher")).toHaveValue("Bern");
    // The last good list stays on screen.
    expect(screen.getByRole("link", { name: "Ouvrir le dossier n° 12" })).toBeTruthy();
    answer = () => json(page([deal(12, "quote_sent", "Bernard")]));
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Ouvrir le dossier n° 11" })).toBeNull());
    expect(dealCalls().at(-1)).toBe("GET /api/v1/deals?q=Bern&page=1&per_page=25");
    expect(screen.getByLabelText("Rechercher")).toHaveValue("Bern");
  });

  it("keeps a letter typed while the URL catches up with the previous search", async () => {
    renderBoard();
    const box = screen.getByLabelText("Rechercher");
    fireEvent.change(box, { target: { value: "Durv" } });
    // The debounce sends "Durv"; the letter is erased at the moment the URL changes.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 320));
      fireEvent.change(box, { target: { value: "Dur" } });
    });
    expect(box).toHaveValue("Dur");
    await waitFor(() => expect(window.location.search).toBe("?q=Dur"));
    expect(box).toHaveValue("Dur");
  });

  it("says where deals come from when there is none, and offers to clear filters when nothing matches", async () => {
    renderBoard(page([]));
    expect(screen.getByText("Aucun dossier pour l'instant")).toBeTruthy();
    cleanup();
    window.history.replaceState(null, "", "/pro/dossiers?q=zzz");
    answer = () => json(page([]));
    renderBoard(page([]));
    expect(screen.getByText("Aucun dossier ne correspond")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Effacer les filtres" })[0]!);
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(screen.getByLabelText("Rechercher")).toHaveValue("");
  });
});

describe("the board's keyboard shortcuts", () => {
  it("focus the search with /, move with j and k, open with Enter, list them with ?", async () => {
    renderBoard();
    fireEvent.keyDown(document.body, { key: "/" });
    expect(document.activeElement).toBe(screen.getByLabelText("Rechercher"));
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: "j" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Ouvrir le dossier n° 12" }));
    fireEvent.keyDown(document.body, { key: "j" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Ouvrir le dossier n° 11" }));
    fireEvent.keyDown(document.body, { key: "k" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Ouvrir le dossier n° 12" }));
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: "Enter" });
    expect(push).toHaveBeenCalledWith("/pro/dossiers/12");
    fireEvent.keyDown(document.body, { key: "?" });
    expect(await screen.findByRole("dialog", { name: "Raccourcis clavier" })).toBeTruthy();
  });

  it("never fire while typing in a field", async () => {
    renderBoard();
    const search = screen.getByLabelText("Rechercher");
    search.focus();
    for (const key of ["v", "n", "j", "?", "/"]) fireEvent.keyDown(search, { key });
    fireEvent.keyDown(screen.getByLabelText("Type"), { key: "v" });
    expect(window.location.search).toBe("");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(search);
  });

  it("keep a view switched while the search typed just before is still waiting to be sent", async () => {
    renderBoard();
    fireEvent.change(screen.getByLabelText("Rechercher"), { target: { value: "Dur" } });
    fireEvent.keyDown(document.body, { key: "v" });
    await waitFor(() => expect(window.location.search).toBe("?q=Dur&vue=kanban"));
  });

  it("switch to the kanban with v and show the new requests with n", async () => {
    renderBoard();
    fireEvent.keyDown(document.body, { key: "v" });
    await waitFor(() => expect(window.location.search).toBe("?vue=kanban"));
    await waitFor(() => expect(dealCalls().at(-1)).toBe("GET /api/v1/deals?kind=funeral&page=1&per_page=100"));
    fireEvent.keyDown(document.body, { key: "n" });
    await waitFor(() => expect(window.location.search).toBe("?etat=quote_sent"));
  });
});

describe("the kanban", () => {
  beforeEach(() => window.history.replaceState(null, "", "/pro/dossiers?vue=kanban"));

  it("moves a card after confirmation, through PUT …/state", async () => {
    answer = (url, init) => (init?.method === "PUT" ? json({ data: { id: 12, state: "signed", next_states: [], events: [] } }) : json(page([])));
    renderBoard();
    const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });
    expect(within(column("Devis envoyé")).getByRole("link", { name: /N° 12/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Déplacer le n° 12 vers"), { target: { value: "signed" } });
    fireEvent.click(screen.getByRole("button", { name: "Déplacer le dossier n° 12" }));
    const dialog = await screen.findByRole("dialog", { name: "Changer l'état du dossier" });
    expect(dialog).toHaveTextContent("Faire passer le dossier n° 12 de « Devis envoyé » à « Signé » ?");
    expect(calls.some((call) => call.startsWith("PUT"))).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmer" }));
    await waitFor(() => expect(within(column("Signé")).getByRole("link", { name: /N° 12/ })).toBeTruthy());
    expect(calls).toContain("PUT /api/v1/deals/12/state");
    expect(screen.getByText("Le dossier n° 12 est passé à l'état « Signé ».")).toBeTruthy();
  });

  it("shows a refused move's translated reason, and the card stays", async () => {
    answer = (url, init) =>
      init?.method === "PUT" ? json({ error: "Unprocessable Entity", errors: ["deal__state__transition_invalid"] }, 422) : json(page([]));
    renderBoard();
    fireEvent.change(screen.getByLabelText("Déplacer le n° 12 vers"), { target: { value: "lost" } });
    fireEvent.click(screen.getByRole("button", { name: "Déplacer le dossier n° 12" }));
    const dialog = await screen.findByRole("dialog", { name: "Changer l'état du dossier" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmer" }));
    expect(await within(dialog).findByText(messagesFr.Errors.deal__state__transition_invalid)).toBeTruthy();
    expect(within(screen.getByRole("region", { name: /^Devis envoyé/ })).getByRole("link", { name: /N° 12/ })).toBeTruthy();
  });

  it("offers no move to a partner professional", () => {
    renderBoard(undefined, ROLES.PRO);
    expect(screen.queryByLabelText("Déplacer le n° 12 vers")).toBeNull();
  });
});
