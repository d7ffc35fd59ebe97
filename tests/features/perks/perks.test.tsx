// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import type { FamilyPerks as FamilyPerksAnswer, FamilyPerkView, PerkCategoryView, PerkView } from "@/domain/schemas/perk";
import { FamilyPerks } from "@/features/perks/family-perks";
import { fieldOfCode, formValuesOf, perkInputOf } from "@/features/perks/perk-form";
import { groupByCategory } from "@/features/perks/perk-groups";
import { ProPerks } from "@/features/perks/pro-perks";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

const messages = pickMessages(messagesFr as unknown as Messages, ["Errors", "Perks"]);
const P = messagesFr.Perks;
const E = messagesFr.Errors;

function json(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
const wrap = (node: ReactNode) => render(<NextIntlClientProvider locale="fr" timeZone="Europe/Paris" messages={messages}>{node}</NextIntlClientProvider>);
const path = (input: unknown) => new URL(String(input), "http://localhost").pathname;

const flowers = { id: 1, name: "Fleurs", kind: "perks" as const };
const papers = { id: 2, name: "Démarches", kind: "paperworks" as const };
const perk = (over: Partial<FamilyPerkView>): FamilyPerkView => ({
  id: 10,
  category: flowers,
  name: "Réduction fleurs",
  partner_name: "Fleuriste (exemple)",
  benefit: "-15 %",
  description: "Sur une gerbe.",
  how_to_use: "Donnez le code.",
  conditions: null,
  valid_until: "2030-12-31",
  department_code: null,
  demo: true,
  used_at: null,
  url: null,
  phone: null,
  code: null,
  ...over,
});
const DEAL = { id: 7, kind: "funeral", defunct: { firstname: "Henri", lastname: "Martin" }, created_at: 1_770_000_000 };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("groupByCategory", () => {
  it("keeps the API's order of categories and of perks within each", () => {
    const groups = groupByCategory([perk({ id: 1 }), perk({ id: 2, category: papers }), perk({ id: 3 })]);
    expect(groups.map((g) => [g.category.id, g.perks.map((p) => p.id)])).toEqual([
      [1, [1, 3]],
      [2, [2]],
    ]);
  });
});

describe("the family's perks", () => {
  function family(answer: FamilyPerksAnswer, onUse: () => Response) {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        calls.push(`${init?.method ?? "GET"} ${path(input)}`);
        if (path(input) === "/api/v1/deals") return json({ data: [DEAL] });
        if (init?.method === "POST") return onUse();
        return json({ data: answer });
      }),
    );
    return calls;
  }

  it("groups the perks, says an example is an example, and shows the code only once used after a confirmation", async () => {
    const user = userEvent.setup();
    const calls = family({ deal_id: 7, can_use: true, perks: [perk({}), perk({ id: 11, name: "Notaire", category: papers, demo: false })] }, () =>
      json({ data: perk({ used_at: 1_770_100_000, code: "FLEURS15", phone: "01 02 03 04 05", url: "https://example.org" }) }, 201),
    );
    wrap(<FamilyPerks initialDealId={null} />);
    expect(await screen.findByRole("heading", { level: 2, name: /Fleurs/ })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Démarches" })).toBeTruthy();
    expect(screen.getAllByTestId("perk-demo")).toHaveLength(1);
    expect(screen.queryByTestId("perk-code")).toBeNull();

    const card = screen.getByTestId("perk-10");
    await user.click(within(card).getByRole("button", { name: P.family.use }));
    // Nothing recorded until the family confirms; cancelling records nothing.
    await user.click(screen.getByRole("button", { name: P.family.cancel }));
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
    await user.click(within(card).getByRole("button", { name: P.family.use }));
    // A double tap sends one request.
    await user.dblClick(screen.getByRole("button", { name: P.family.confirm }));
    expect((await within(card).findByTestId("perk-code")).textContent).toBe("FLEURS15");
    expect(within(card).getByText(/Utilisé le/)).toBeTruthy();
    expect(within(card).getByRole("link", { name: /Site du partenaire/ }).getAttribute("href")).toBe("https://example.org");
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual(["POST /api/v1/perks/10/usages"]);
    expect(within(card).queryByRole("button", { name: P.family.use })).toBeNull();
  });

  it("shows the perk used when a relative used it meanwhile, without an error", async () => {
    const user = userEvent.setup();
    let used = false;
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        if (path(input) === "/api/v1/deals") return json({ data: [DEAL] });
        if (init?.method === "POST") {
          used = true;
          return json({ error: "Unprocessable Entity", errors: ["perk_usage__already_recorded"] }, 422);
        }
        return json({ data: { deal_id: 7, can_use: true, perks: [used ? perk({ used_at: 1_770_100_000, code: "FLEURS15" }) : perk({})] } });
      }),
    );
    wrap(<FamilyPerks initialDealId={7} />);
    await user.click(await screen.findByRole("button", { name: P.family.use }));
    await user.click(screen.getByRole("button", { name: P.family.confirm }));
    expect((await screen.findByTestId("perk-code")).textContent).toBe("FLEURS15");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says a refusal in words and keeps the perk to try again", async () => {
    const user = userEvent.setup();
    family({ deal_id: 7, can_use: true, perks: [perk({})] }, () => json({ error: "Unprocessable Entity", errors: ["perk_usage__perk__unavailable"] }, 422));
    wrap(<FamilyPerks initialDealId={7} />);
    await user.click(await screen.findByRole("button", { name: P.family.use }));
    await user.click(screen.getByRole("button", { name: P.family.confirm }));
    expect(await screen.findByText(E.perk_usage__perk__unavailable)).toBeTruthy();
    expect(screen.getByRole("button", { name: P.family.confirm })).toBeTruthy();
  });

  it("tells a reader the offers are read-only, and says when there is none", async () => {
    family({ deal_id: 7, can_use: false, perks: [perk({})] }, () => json({}, 500));
    wrap(<FamilyPerks initialDealId={7} />);
    expect(await screen.findByText(P.family.readOnly)).toBeTruthy();
    expect(screen.queryByRole("button", { name: P.family.use })).toBeNull();
    cleanup();
    family({ deal_id: 7, can_use: true, perks: [] }, () => json({}, 500));
    wrap(<FamilyPerks initialDealId={7} />);
    expect(await screen.findByText(P.family.empty)).toBeTruthy();
  });
});

describe("the perk form's values", () => {
  it("sends empty optional fields as null, names as typed, the category as a number", () => {
    const values = { ...formValuesOf(null, [{ id: 3, name: "A", kind: "perks", position: 0, perks_count: 0 }]), name: "Offre", partner_name: " ", url: "" };
    expect(perkInputOf(values)).toMatchObject({ perk_category_id: 3, name: "Offre", partner_name: "", url: null, benefit: null, enabled: true, demo: false });
    const stored = { id: 4, category: { id: 3, name: "A", kind: "perks" }, name: "N", partner_name: "P", benefit: null, description: "D", how_to_use: null, conditions: null, valid_from: "2026-01-01", valid_until: null, department_code: "69", url: null, phone: "01", code: null, enabled: false, demo: true, usages_count: 0, created_at: 1, updated_at: 1 } satisfies PerkView;
    expect(formValuesOf(stored, [])).toMatchObject({ perk_category_id: "3", name: "N", benefit: "", description: "D", valid_from: "2026-01-01", department_code: "69", enabled: false, demo: true });
    expect(fieldOfCode("perk__valid_until__before_valid_from")).toBe("valid_until");
    expect(fieldOfCode("perk_usage__already_recorded")).toBeNull();
  });
});

describe("the back-office perks", () => {
  const category: PerkCategoryView = { id: 1, name: "Fleurs", kind: "perks", position: 0, perks_count: 1 };
  const row: PerkView = {
    id: 5,
    category: { id: 1, name: "Fleurs", kind: "perks" },
    name: "Réduction fleurs",
    partner_name: "Fleuriste",
    benefit: null,
    description: null,
    how_to_use: null,
    conditions: null,
    valid_from: null,
    valid_until: null,
    department_code: "69",
    url: null,
    phone: null,
    code: "X",
    enabled: true,
    demo: false,
    usages_count: 2,
    created_at: 1,
    updated_at: 1,
  };

  function api(onWrite: (method: string, url: string, body: unknown) => Response) {
    const writes: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = path(input);
        if (init?.method && init.method !== "GET") {
          writes.push(`${init.method} ${url}`);
          return onWrite(init.method, url, init.body ? JSON.parse(String(init.body)) : null);
        }
        if (url === "/api/v1/perk_categories") return json({ data: [category] });
        if (url === "/api/v1/perks") return json({ data: [row] });
        return json({ data: [] });
      }),
    );
    return writes;
  }

  it("lets a director create a perk; a refusal goes next to its field and what was typed stays", async () => {
    const user = userEvent.setup();
    const writes = api(() => json({ error: "Unprocessable Entity", errors: ["perk__department_code__unknown"] }, 422));
    wrap(<ProPerks canEdit />);
    await user.click(await screen.findByRole("button", { name: P.pro.newPerk }));
    const form = screen.getByTestId("perk-form");
    await user.click(within(form).getByRole("button", { name: P.pro.form.save }));
    // Checked by the shared schema before anything is sent.
    expect(writes).toEqual([]);
    expect(within(form).getAllByText(P.pro.problems.blank).length).toBeGreaterThanOrEqual(2);
    await user.type(within(form).getByLabelText(P.pro.form.name, { exact: false }), "Réduction");
    await user.type(within(form).getByLabelText(P.pro.form.partner, { exact: false }), "Fleuriste");
    await user.type(within(form).getByLabelText(P.pro.form.area, { exact: false }), "98");
    await user.click(within(form).getByRole("button", { name: P.pro.form.save }));
    expect(await within(form).findByText(E.perk__department_code__unknown)).toBeTruthy();
    expect(writes).toEqual(["POST /api/v1/perks"]);
    expect((within(form).getByLabelText(P.pro.form.name, { exact: false }) as HTMLInputElement).value).toBe("Réduction");
  });

  it("disables a perk, and says why a category with perks is kept", async () => {
    const user = userEvent.setup();
    const writes = api((method) => (method === "DELETE" ? json({ error: "Unprocessable Entity", errors: ["perk_category__perks__present"] }, 422) : json({ data: row })));
    wrap(<ProPerks canEdit />);
    await user.click(await screen.findByRole("button", { name: `Désactiver ${row.name}` }));
    await waitFor(() => expect(writes).toEqual(["PUT /api/v1/perks/5"]));
    expect(screen.getByText(/Département 69/)).toBeTruthy();
    // A category holding perks offers no delete button at all.
    expect(screen.queryByRole("button", { name: `Supprimer ${category.name}` })).toBeNull();
  });

  it("deletes an unused perk only once confirmed", async () => {
    const user = userEvent.setup();
    const unused = { ...row, id: 6, name: "Offre inutilisée", usages_count: 0 };
    const writes: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = path(input);
        if (init?.method === "DELETE") {
          writes.push(`DELETE ${url}`);
          return json(null, 204);
        }
        if (url === "/api/v1/perk_categories") return json({ data: [category] });
        return json({ data: url === "/api/v1/perks" ? [row, unused] : [] });
      }),
    );
    wrap(<ProPerks canEdit />);
    // A used perk offers no delete at all (the API would refuse: it is disabled instead).
    await screen.findByRole("button", { name: `Désactiver ${unused.name}` });
    expect(screen.queryByRole("button", { name: `Supprimer ${row.name}` })).toBeNull();
    await user.click(screen.getByRole("button", { name: `Supprimer ${unused.name}` }));
    expect(writes).toEqual([]);
    await user.click(screen.getByRole("button", { name: P.pro.delete }));
    await waitFor(() => expect(writes).toEqual(["DELETE /api/v1/perks/6"]));
  });

  it("gives an advisor the list without any control", async () => {
    api(() => json({}, 500));
    wrap(<ProPerks canEdit={false} />);
    expect(await screen.findByText(P.pro.readOnly)).toBeTruthy();
    expect(screen.queryByRole("button", { name: P.pro.newPerk })).toBeNull();
    expect(screen.queryByRole("button", { name: /Modifier/ })).toBeNull();
  });
});
