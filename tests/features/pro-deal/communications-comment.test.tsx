// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommentSection } from "@/features/pro-deal/comment-section";
import { CommunicationsSection } from "@/features/pro-deal/communications-section";
import { DEAL_ID, P, dealDetail, json, renderFr, stubApi } from "./pro-deal-fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const C = P.communications;
const mail = { id: 1, channel: "email", direction: "outbound", kind: "funeral_quote", recipient: "lucie@example.org", subject: "Votre devis", body: null, by: null, occurred_at: 1_763_600_000 };
const sms = { id: 2, channel: "sms", direction: "outbound", kind: "reminder", recipient: "+33611223344", subject: null, body: "Rappel", by: null, occurred_at: 1_763_700_000 };

describe("CommunicationsSection", () => {
  it("lists the exchanges newest first, sorts by channel, and logs a call", async () => {
    const { calls } = stubApi({
      "GET /api/v1/deals/7/communications": () => json({ data: [mail, sms] }),
      "POST /api/v1/deals/7/communications": (body) => json({ data: { id: 3, channel: "call", direction: "inbound", kind: "call", recipient: "Paul", subject: null, body: (body as { note: string }).note, by: { id: 3, firstname: "Nadia", lastname: "Benali" }, occurred_at: 1_763_800_000 } }, 201),
    });
    renderFr(<CommunicationsSection dealId={DEAL_ID} />);
    const table = await screen.findByTestId("communications-table");
    const firstCells = () => within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(firstCells()).toEqual(["SMS · sortant", "E-mail · sortant"]);
    await userEvent.click(within(table).getByRole("button", { name: new RegExp(`^${C.channel}`) }));
    expect(firstCells()).toEqual(["E-mail · sortant", "SMS · sortant"]);

    await userEvent.type(screen.getByLabelText(new RegExp(`^${C.note}`)), "Le fils confirme la cérémonie à 10 h.");
    await userEvent.type(screen.getByLabelText(C.contact), "Paul");
    await userEvent.selectOptions(screen.getByLabelText(C.direction), "inbound");
    await userEvent.click(screen.getByRole("button", { name: C.log }));
    expect(await screen.findByText(C.logged)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ note: "Le fils confirme la cérémonie à 10 h.", contact: "Paul", direction: "inbound" });
    expect(screen.getByText("par Nadia Benali")).toBeInTheDocument();
  });

  it("reads the log again on demand, keeping what is typed in the call form", async () => {
    let items: unknown[] = [mail];
    stubApi({ "GET /api/v1/deals/7/communications": () => json({ data: items }) });
    renderFr(<CommunicationsSection dealId={DEAL_ID} />);
    await screen.findByTestId("communications-table");
    await userEvent.type(screen.getByLabelText(new RegExp(`^${C.note}`)), "Brouillon");
    items = [mail, sms];
    await userEvent.click(screen.getByRole("button", { name: C.refresh }));
    expect(await screen.findByText("+33611223344")).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${C.note}`))).toHaveValue("Brouillon");
  });

  it("keeps the typed note when the call cannot be saved", async () => {
    stubApi({
      "GET /api/v1/deals/7/communications": () => json({ data: [] }),
      "POST /api/v1/deals/7/communications": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    renderFr(<CommunicationsSection dealId={DEAL_ID} />);
    expect(await screen.findByText(C.empty)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: C.log }));
    expect(await screen.findByRole("alert")).toHaveTextContent(P.errors.communication__note__blank);
    await userEvent.type(screen.getByLabelText(new RegExp(`^${C.note}`)), "Appel de la mairie");
    await userEvent.click(screen.getByRole("button", { name: C.log }));
    expect(await screen.findByText(/Impossible de joindre nos services/)).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${C.note}`))).toHaveValue("Appel de la mairie");
  });
});

describe("CommentSection", () => {
  it("saves the advisors' comment through v2 and shows the family's read-only", async () => {
    const { calls } = stubApi({ "PUT /api/v2/deals/funeral/7": (body) => json({ data: { id: DEAL_ID, kind: "funeral", client_commentary: "x", commentary: (body as { deal: { commentary: string } }).deal.commentary } }) });
    renderFr(<CommentSection deal={dealDetail()} />);
    expect(screen.getByTestId("client-commentary")).toHaveTextContent("Maman aimait les roses blanches.");
    const field = screen.getByLabelText(P.comment.internal);
    expect(field).toHaveValue("Rappeler la fille après 18 h.");
    await userEvent.type(field, " Prévoir un interprète.");
    expect(screen.getByText(P.comment.unsaved)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: P.comment.save }));
    expect(await screen.findByText(P.comment.saved)).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ deal: { commentary: "Rappeler la fille après 18 h. Prévoir un interprète." } });
  });

  it("keeps the text after a failed save", async () => {
    stubApi({ "PUT /api/v2/deals/funeral/7": () => json({ error: "Unprocessable Entity", errors: ["deal__commentary__too_long"] }, 422) });
    renderFr(<CommentSection deal={dealDetail({ commentary: null })} />);
    await userEvent.type(screen.getByLabelText(P.comment.internal), "Note");
    await userEvent.click(screen.getByRole("button", { name: P.comment.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(P.errors.deal__commentary__too_long);
    expect(screen.getByLabelText(P.comment.internal)).toHaveValue("Note");
  });
});
