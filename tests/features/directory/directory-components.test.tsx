// @vitest-environment jsdom
import { useReducer } from "react";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { crematoriumsDescriptor } from "@/domain/directory/partner-types";
import { ChangeHistory } from "@/features/directory/change-history";
import { CsvImportDialog } from "@/features/directory/csv-import-dialog";
import { DataTable, Pagination } from "@/features/directory/data-table";
import { rowsFromServer, subRowsReducer } from "@/features/directory/sub-item-state";
import { SubItemEditor } from "@/features/directory/sub-item-editor";
import { D, json, renderFr } from "./render";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rooms = crematoriumsDescriptor.subItems.find((s) => s.key === "rooms")!;

describe("DataTable", () => {
  const rows = [
    { id: 1, name: "Crématorium de Lyon", city: "Lyon" },
    { id: 2, name: "Crématorium de Bron", city: "Bron" },
  ];
  const columns = [
    { key: "name", header: "Nom", sortable: true, rowHeader: true, cell: (r: (typeof rows)[number]) => r.name },
    { key: "city", header: "Ville", sortable: true, cell: (r: (typeof rows)[number]) => r.city },
    { key: "phone", header: "Téléphone", cell: () => "–" },
  ];

  it("says how each column is sorted and asks the caller to sort by keyboard or click", async () => {
    const onSort = vi.fn();
    renderFr(<DataTable caption="Crématoriums" columns={columns} rows={rows} rowKey={(r) => r.id} sort={{ key: "name", direction: "asc" }} onSort={onSort} emptyText="vide" />);
    const headers = screen.getAllByRole("columnheader");
    expect(headers[0]).toHaveAttribute("aria-sort", "ascending");
    expect(headers[1]).toHaveAttribute("aria-sort", "none");
    expect(headers[2]).not.toHaveAttribute("aria-sort");
    await userEvent.click(within(headers[0]!).getByRole("button"));
    expect(onSort).toHaveBeenLastCalledWith("name", "desc");
    within(headers[1]!).getByRole("button").focus();
    await userEvent.keyboard("{Enter}");
    expect(onSort).toHaveBeenLastCalledWith("city", "asc");
    expect(screen.getByRole("rowheader", { name: "Crématorium de Lyon" })).toBeInTheDocument();
  });

  it("shows its empty state, and pagination stops at either end", async () => {
    const onPage = vi.fn();
    renderFr(<DataTable caption="Crématoriums" columns={columns} rows={[]} rowKey={(r) => r.id} emptyText="Aucune fiche." footer={<Pagination page={1} pageCount={3} total={60} onPage={onPage} />} />);
    expect(screen.getByText("Aucune fiche.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Précédente/ })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: /Suivante/ }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(screen.getByText("Page 1 sur 3 · 60 fiches")).toBeInTheDocument();
  });
});

function RoomsHarness() {
  const [rows, dispatch] = useReducer(
    subRowsReducer,
    rowsFromServer(rooms, [
      { id: 7, name: "Salle de cérémonie", capacity: 120, price_cents: 15_000 },
      { id: 8, name: "Salon des familles", capacity: 20, price_cents: 6_000 },
    ]),
  );
  return <SubItemEditor sub={rooms} rows={rows} dispatch={dispatch} cellErrors={{}} errors={[]} />;
}

describe("SubItemEditor", () => {
  it("edits a price in euros, marks a removed row with an undo, and adds a row", async () => {
    renderFr(<RoomsHarness />);
    const price = screen.getByLabelText(/^Prix, Salle de cérémonie \(€\)/);
    expect(price).toHaveValue("150,00");
    await userEvent.clear(price);
    await userEvent.type(price, "180");
    expect(screen.getByText(D.subEditor.willChange)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Retirer Salon des familles" }));
    expect(screen.getByText(D.subEditor.willBeRemoved)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nom, Salon des familles/)).toHaveAttribute("readonly");
    await userEvent.click(screen.getByRole("button", { name: "Annuler le retrait de Salon des familles" }));
    expect(screen.queryByText(D.subEditor.willBeRemoved)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Ajouter une ligne : Salles" }));
    expect(screen.getByText(D.subEditor.willBeAdded)).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(4);
  });
});

describe("ChangeHistory", () => {
  it("lists who changed what, fields and sub-items, before and after", () => {
    renderFr(
      <ChangeHistory
        descriptor={crematoriumsDescriptor}
        changes={[
          {
            id: 1,
            action: "update",
            actor: { id: 3, name: "Camille Conseil" },
            at: 1_764_000_000,
            before: { name: "Crématorium", rooms: [{ id: 7, name: "Salle", price_cents: 15_000 }], age_ranges: [{ id: 1, min_age: 0, max_age: 0, price_cents: 0 }] },
            after: { name: "Crématorium de Lyon", rooms: [{ id: 7, name: "Salle", price_cents: 18_000 }], age_ranges: [] },
          },
        ]}
      />,
    );
    const item = screen.getAllByRole("listitem")[0]!;
    expect(item).toHaveTextContent("Modification");
    expect(item).toHaveTextContent("Camille Conseil");
    expect(item).toHaveTextContent(/Nom: Crématorium.*Crématorium de Lyon/);
    expect(item).toHaveTextContent(/Salles – Salle – Prix: 150,00\s€.*180,00\s€/);
    expect(item).toHaveTextContent(/Tranches d.âge – Âge minimum 0: .*\(vide\)/);
  });
});

describe("CsvImportDialog", () => {
  const file = new File(["id,name\n,Crématorium\n"], "crematoriums.csv", { type: "text/csv" });

  it("lists the rejected lines of the check and offers no import while any remains", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json({ error: "Unprocessable Entity", errors: ["directory_import__lines__rejected"], report: { dry_run: true, total: 3, created: 0, updated: 0, rejected: [{ line: 3, column: "name", code: "crematorium__name__blank" }] } }, 422),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderFr(<CsvImportDialog descriptor={crematoriumsDescriptor} open onClose={() => {}} onImported={() => {}} />);
    await userEvent.upload(screen.getByLabelText(D.import.file), file);
    await userEvent.click(screen.getByRole("button", { name: D.import.check }));
    expect(await screen.findByText("1 ligne refusée sur 3")).toBeInTheDocument();
    expect(screen.getByText(D.import.nothingImported)).toBeInTheDocument();
    const row = screen.getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("3");
    expect(row).toHaveTextContent("name");
    expect(row).toHaveTextContent("Nom : à renseigner.");
    expect(screen.queryByRole("button", { name: /^Importer/ })).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain("dry_run=true");
  });

  it("imports a clean file after the check", async () => {
    const onImported = vi.fn();
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const dryRun = String(input).includes("dry_run=true");
      return json({ data: { dry_run: dryRun, total: 2, created: 1, updated: 1, rejected: [] } });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderFr(<CsvImportDialog descriptor={crematoriumsDescriptor} open onClose={() => {}} onImported={onImported} />);
    await userEvent.upload(screen.getByLabelText(D.import.file), file);
    await userEvent.click(screen.getByRole("button", { name: D.import.check }));
    await userEvent.click(await screen.findByRole("button", { name: "Importer 2 lignes" }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(screen.getByText("Import terminé : 1 fiches créées, 1 mises à jour.")).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[1]![0])).toContain("dry_run=false");
  });
});
