// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEAL_STEP_TYPES } from "@/domain/deal-steps";
import { ROLES } from "@/domain/roles";
import { StepsSection } from "@/features/pro-deal/steps-section";
import type { DealStep } from "@/features/pro-deal/pro-deal-api";
import { DEAL_ID, P, json, renderFr, stubApi, unprocessable } from "./pro-deal-fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const S = P.steps;
const step = (id: number, type: DealStep["step_type"], at: string | null, extra: Partial<DealStep> = {}): DealStep => ({
  id,
  step_type: type,
  position: id,
  scheduled_at: at ? Math.floor(new Date(at).getTime() / 1000) : null,
  location_type: null,
  location_id: null,
  place_kind: null,
  mode: "auto",
  transport: null,
  address: null,
  comment: null,
  done_at: null,
  ...extra,
});

const STEPS = [
  step(1, "cremation", "2026-11-28T14:00:00", { location_type: "Crematorium", location_id: 5 }),
  step(2, "ceremony", "2026-11-27T10:30:00"),
  step(3, "urn_pickup", null),
];
const rowTypes = () => within(screen.getByTestId("steps-table")).getAllByRole("rowheader").map((cell) => cell.textContent);

describe("StepsSection", () => {
  it("lists the steps by date (unscheduled last), names the partner, and sorts by another column", async () => {
    stubApi({
      "GET /api/v1/deals/7/deal_steps": () => json({ data: STEPS }),
      "GET /api/v1/deals/7/entities": () => json({ data: [{ location_type: "Crematorium", id: 5, name: "Crématorium de Lyon", address: null, postal_code: null, city: "Lyon", phone: null, email: null, demo: true, step_types: ["cremation"] }] }),
    });
    renderFr(<StepsSection dealId={DEAL_ID} role={ROLES.FUNERAL_ADVISOR} />);
    await screen.findByTestId("steps-table");
    expect(rowTypes()).toEqual([S.types.ceremony, S.types.cremation, S.types.urn_pickup]);
    expect(await screen.findByText(/Crématorium · Crématorium de Lyon/)).toBeInTheDocument();
    expect(screen.getByTestId("step-3")).toHaveTextContent(S.statuses.toPlan);
    await userEvent.click(screen.getByRole("button", { name: new RegExp(`^${S.type}`) }));
    expect(rowTypes()).toEqual([S.types.ceremony, S.types.cremation, S.types.urn_pickup].sort((a, b) => a.localeCompare(b)));
    expect(screen.getByRole("columnheader", { name: new RegExp(`^${S.type}`) })).toHaveAttribute("aria-sort", "ascending");
  });

  it("adds a step from SPEC §3's types only, with its date, time, partner and address", async () => {
    const { calls } = stubApi({
      "GET /api/v1/deals/7/deal_steps": () => json({ data: [] }),
      "GET /api/v1/deals/7/entities": () => json({ data: [] }),
      "GET /api/v1/autocompletes/crematoriums": () => json([{ id: 9, name: "Crématorium du Père-Lachaise", city: "Paris" }]),
      "POST /api/v1/deals/7/deal_steps": (body) => json({ data: { ...step(40, "cremation", "2026-12-02T09:15:00", { location_type: "Crematorium", location_id: 9 }), mode: "manual", ...(body as object), scheduled_at: 1_764_663_300 } }, 201),
    });
    renderFr(<StepsSection dealId={DEAL_ID} role={ROLES.FUNERAL_ADVISOR} />);
    expect(await screen.findByText(S.empty)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: S.add }));
    const dialog = await screen.findByRole("dialog", { name: S.addTitle });
    const typeOptions = within(within(dialog).getByLabelText(new RegExp(`^${S.type}`))).getAllByRole("option").slice(1);
    expect(typeOptions.map((o) => o.getAttribute("value"))).toEqual([...DEAL_STEP_TYPES]);
    await userEvent.selectOptions(within(dialog).getByLabelText(new RegExp(`^${S.type}`)), "cremation");
    await userEvent.type(within(dialog).getByLabelText(S.date), "2026-12-02");
    await userEvent.type(within(dialog).getByLabelText(S.time), "09:15");
    await userEvent.selectOptions(within(dialog).getByLabelText(S.place), "Crematorium");
    await userEvent.type(within(dialog).getByRole("combobox", { name: S.partner }), "Père");
    await userEvent.click(await screen.findByRole("option", { name: /Père-Lachaise/ }));
    await userEvent.type(within(dialog).getByLabelText(S.address), "71 rue des Rondeaux");
    await userEvent.click(within(dialog).getByRole("button", { name: S.save }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const body = calls.find((c) => c.method === "POST")!.body as Record<string, unknown>;
    expect(body).toMatchObject({ step_type: "cremation", location_type: "Crematorium", location_id: 9, place_kind: null, address: "71 rue des Rondeaux", comment: null });
    expect(new Date(body.scheduled_at as string).getTime()).toBe(new Date("2026-12-02T09:15:00").getTime());
    expect(screen.getByRole("status")).toHaveTextContent("Étape « Crémation » ajoutée.");
    expect(screen.getByTestId("step-40")).toHaveTextContent("Crématorium du Père-Lachaise");
  });

  it("keeps the draft in the dialog when the server refuses it, and removes a step after a confirmation", async () => {
    const { calls } = stubApi({
      "GET /api/v1/deals/7/deal_steps": () => json({ data: STEPS }),
      "GET /api/v1/deals/7/entities": () => json({ data: [] }),
      "PUT /api/v1/deals/7/deal_steps/2": () => unprocessable("deal_step__location_type__blank"),
      "DELETE /api/v1/deals/7/deal_steps/3": () => json(null, 204),
    });
    renderFr(<StepsSection dealId={DEAL_ID} role={ROLES.FUNERAL_ADVISOR} />);
    await userEvent.click(await screen.findByRole("button", { name: `Modifier l'étape ${S.types.ceremony}` }));
    const dialog = await screen.findByRole("dialog", { name: S.editTitle });
    expect(within(dialog).getByLabelText(S.time)).toHaveValue("10:30");
    await userEvent.type(within(dialog).getByLabelText(S.comment), "Salle de la Paix");
    await userEvent.click(within(dialog).getByLabelText(S.done));
    await userEvent.click(within(dialog).getByRole("button", { name: S.save }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Précisez le type de lieu");
    expect(within(dialog).getByLabelText(S.comment)).toHaveValue("Salle de la Paix");
    expect((calls.find((c) => c.method === "PUT")!.body as { done: boolean }).done).toBe(true);
    await userEvent.click(within(dialog).getByRole("button", { name: P.cancel }));

    await userEvent.click(screen.getByRole("button", { name: `Supprimer l'étape ${S.types.urn_pickup}` }));
    const confirm = await screen.findByRole("dialog", { name: S.removeTitle });
    await userEvent.click(within(confirm).getByRole("button", { name: S.confirmRemove }));
    await waitFor(() => expect(screen.queryByTestId("step-3")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE" && c.path.endsWith("/deal_steps/3"))).toBe(true);
  });

  it("does not ask a partner professional's deal for its entities (a route they may not read)", async () => {
    const { calls } = stubApi({ "GET /api/v1/deals/7/deal_steps": () => json({ data: STEPS }) });
    renderFr(<StepsSection dealId={DEAL_ID} role={ROLES.PRO} />);
    await screen.findByTestId("steps-table");
    expect(calls.map((c) => c.path)).toEqual(["/api/v1/deals/7/deal_steps"]);
  });
});
