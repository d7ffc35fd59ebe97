// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FamilySection } from "@/features/pro-deal/family-section";
import { P, dealDetail, json, renderFr, stubApi, unprocessable } from "./pro-deal-fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const F = P.family;
const people = (extra: object = {}) => ({ id: 7, advisor: null, owner_client_id: 11, empowered_client_id: null, defunct_id: 21, brand: null, welcome_sent_at: null, ...extra });

describe("FamilySection", () => {
  it("shows the client's contact and the deceased, and sends the welcome message once", async () => {
    const onPeople = vi.fn();
    const { calls } = stubApi({ "POST /api/v1/deals/7/welcome": () => json({ data: { welcome_sent_at: 1_763_700_000, already_sent: false } }, 202) });
    renderFr(<FamilySection deal={dealDetail()} onPeople={onPeople} members={<p>Membres</p>} />);
    expect(screen.getByTestId("deal-client-name")).toHaveTextContent("Mme Lucie Bernard");
    expect(screen.getByRole("link", { name: "lucie@example.org" })).toHaveAttribute("href", "mailto:lucie@example.org");
    expect(screen.getByRole("link", { name: "06 11 22 33 44" })).toHaveAttribute("href", "tel:0611223344");
    expect(screen.getByTestId("deal-defunct")).toHaveTextContent("M. Henri Bernard · décès le 20 novembre 2026 · Lyon");
    expect(screen.queryByTestId("client-incomplete")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: F.welcome }));
    expect(await screen.findByText(F.welcomeQueued)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(onPeople).toHaveBeenCalledWith(expect.objectContaining({ welcome_sent_at: 1_763_700_000 }));
  });

  it("says plainly that the client is incomplete (SPEC §5), and words the server's refusal for the advisor", async () => {
    stubApi({
      "GET /api/v1/autocompletes/defuncts": () => json([{ id: 30, name: "Henri Bernard", death_date: "2026-11-20" }]),
      "PUT /api/v1/deals/7/defunct": () => unprocessable("client__incomplete"),
    });
    renderFr(<FamilySection deal={dealDetail({ client: { id: 11, civility: null, firstname: "Lucie", lastname: null, email: "lucie@example.org", phone: null }, defunct: null, welcome_sent_at: 1_763_600_000 })} onPeople={vi.fn()} />);
    expect(screen.getByTestId("client-incomplete")).toHaveTextContent("Client incomplet");
    expect(screen.getByText(F.noDefunct)).toBeInTheDocument();
    expect(screen.getByTestId("welcome-sent")).toHaveTextContent("Message de bienvenue envoyé le");
    await userEvent.type(screen.getByRole("combobox", { name: F.linkDefunct }), "Henri");
    await userEvent.click(await screen.findByRole("option", { name: /Henri Bernard/ }));
    await userEvent.click(screen.getByRole("button", { name: F.saveDefunct }));
    expect(await screen.findByRole("alert")).toHaveTextContent(P.errors.client__incomplete);
    expect(screen.getByRole("combobox", { name: F.linkDefunct })).toHaveValue("Henri Bernard");
  });

  it("changes the owner and the person entitled to arrange the funeral among the members", async () => {
    const deal = dealDetail({
      abilities: [
        { id: 1, client_id: 11, role: "owner", link: "child", client: { firstname: "Lucie", lastname: "Bernard", email: "lucie@example.org" } },
        { id: 2, client_id: 12, role: "editor", link: "child", client: { firstname: "Paul", lastname: "Bernard", email: "paul@example.org" } },
      ],
    });
    const onPeople = vi.fn();
    const { calls } = stubApi({
      "PUT /api/v1/deals/7/owner": () => json({ data: people({ owner_client_id: 12 }) }),
      "PUT /api/v1/deals/7/empowered_client": () => json({ data: people({ empowered_client_id: 12 }) }),
    });
    renderFr(<FamilySection deal={deal} onPeople={onPeople} />);
    await userEvent.selectOptions(screen.getByLabelText(F.owner), "12");
    await userEvent.click(screen.getByRole("button", { name: F.saveOwner }));
    expect(await screen.findByText(F.ownerSaved)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(F.empowered), "12");
    await userEvent.click(screen.getByRole("button", { name: F.saveEmpowered }));
    expect(await screen.findByText(F.empoweredSaved)).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ client_id: 12 }, { client_id: 12 }]);
    expect(onPeople).toHaveBeenLastCalledWith(expect.objectContaining({ empowered_client_id: 12 }));
  });
});
