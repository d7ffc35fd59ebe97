// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { actionsOf } from "@/domain/family-roles";
import type { FamilyMembers } from "@/domain/schemas/family";
import { MembersPanel } from "@/features/family-members/members-panel";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

const messages = pickMessages(messagesFr as unknown as Messages, ["Errors", "Family"]);
const F = messagesFr.Family;

function json(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function members(role: "owner" | "reader"): FamilyMembers {
  const self = (r: string) => r === role;
  return {
    data: [
      { id: 1, client_id: 10, firstname: "Claire", lastname: "Martin", email: role === "owner" ? "claire@example.org" : null, role: "owner", link: "child", self: self("owner"), created_at: 1 },
      { id: 2, client_id: 11, firstname: "Inès", lastname: "Martin", email: role === "owner" || role === "reader" ? "ines@example.org" : null, role: "reader", link: "sibling", self: self("reader"), created_at: 2 },
    ],
    invitations: role === "owner" ? [{ id: 5, email: "cousin@example.org", role: "editor", link: null, expires_at: 1_900_000_000, created_at: 1 }] : [],
    meta: { role, actions: actionsOf(role) },
  };
}

type Call = { method: string; url: string; body: unknown };

function server(role: "owner" | "reader", answers: Record<string, { status: number; body: unknown }> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${new URL(url, "http://localhost").pathname}`;
    const answer = answers[key];
    if (answer) return json(answer.body, answer.status);
    if (method === "GET") return json(members(role));
    return json({ data: {} }, method === "DELETE" ? 204 : 200);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function renderPanel(role: "owner" | "reader") {
  return render(
    <NextIntlClientProvider locale="fr" messages={messages}>
      <MembersPanel targetType="administrative_procedure" targetId={42} actions={actionsOf(role)} />
    </NextIntlClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MembersPanel", () => {
  it("shows the owner every member, the pending invitation and the invite form", async () => {
    server("owner");
    renderPanel("owner");
    expect(await screen.findByText("claire@example.org")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: F.panel.title })).toBeInTheDocument();
    expect(screen.getByText("cousin@example.org")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: F.panel.withdraw.replace("{email}", "cousin@example.org") })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: F.panel.send })).toBeInTheDocument();
    // The owner's own role cannot be changed: no role choice for Claire, one for Inès.
    expect(screen.queryByLabelText(F.panel.roleOf.replace("{name}", "Claire Martin"))).toBeNull();
    expect(screen.getByLabelText(F.panel.roleOf.replace("{name}", "Inès Martin"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: F.panel.remove.replace("{name}", "Claire Martin") })).toBeNull();
  });

  it("gives a reader the list, their own link and leaving, but no invite form nor others' controls", async () => {
    server("reader");
    renderPanel("reader");
    expect(await screen.findByText("ines@example.org")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: F.panel.send })).toBeNull();
    expect(screen.queryByLabelText(F.panel.roleOf.replace("{name}", "Inès Martin"))).toBeNull();
    expect(screen.getByLabelText(F.panel.linkOf.replace("{name}", "Inès Martin"))).toBeInTheDocument();
    expect(screen.queryByLabelText(F.panel.linkOf.replace("{name}", "Claire Martin"))).toBeNull();
    expect(screen.getByRole("button", { name: F.panel.leave })).toBeInTheDocument();
    expect(screen.getByText(F.panel.ownerOnly)).toBeInTheDocument();
  });

  it("draws nothing for the notary, who does not see the members", async () => {
    const calls = server("owner");
    const { container } = render(
      <NextIntlClientProvider locale="fr" messages={messages}>
        <MembersPanel targetType="deal" targetId={7} actions={actionsOf("notary")} />
      </NextIntlClientProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });

  it("invites by e-mail with a role and a link, then announces it", async () => {
    const calls = server("owner");
    const user = userEvent.setup();
    renderPanel("owner");
    await screen.findByText("claire@example.org");
    await user.type(screen.getByLabelText(new RegExp(F.panel.email)), "Notaire@Example.org");
    await user.selectOptions(screen.getByLabelText(new RegExp(`^${F.panel.role}\\s*\\*?$`)), "notary");
    await user.selectOptions(screen.getByLabelText(F.panel.link), "notary");
    await user.click(screen.getByRole("button", { name: F.panel.send }));
    expect(await screen.findByText(F.panel.sent.replace("{email}", "notaire@example.org"))).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toContain("/api/v1/administrative_procedures/42/abilities");
    expect(post.body).toEqual({ email: "notaire@example.org", role: "notary", link: "notary" });
  });

  it("keeps what was typed and says why when the invitation is refused", async () => {
    server("owner", { "POST /api/v1/administrative_procedures/42/abilities": { status: 422, body: { error: "Unprocessable Entity", errors: ["invitation__email__already_member"] } } });
    const user = userEvent.setup();
    renderPanel("owner");
    await screen.findByText("claire@example.org");
    const email = screen.getByLabelText(new RegExp(F.panel.email));
    await user.type(email, "ines@example.org");
    await user.click(screen.getByRole("button", { name: F.panel.send }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(messagesFr.Errors.invitation__email__already_member)).toBeInTheDocument();
    expect(email).toHaveValue("ines@example.org");
  });

  it("shows a translated error under the e-mail field before calling the server", async () => {
    const calls = server("owner");
    const user = userEvent.setup();
    renderPanel("owner");
    await screen.findByText("claire@example.org");
    await user.type(screen.getByLabelText(new RegExp(F.panel.email)), "pas-une-adresse");
    await user.click(screen.getByRole("button", { name: F.panel.send }));
    expect(await screen.findByText(messagesFr.Errors.email_invalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("changes a member's role, and removes a member after confirmation", async () => {
    const calls = server("owner");
    const user = userEvent.setup();
    renderPanel("owner");
    await screen.findByText("claire@example.org");
    await user.selectOptions(screen.getByLabelText(F.panel.roleOf.replace("{name}", "Inès Martin")), "editor");
    const item = screen.getByText("ines@example.org").closest("li")!;
    await user.click(within(item).getByRole("button", { name: F.panel.save }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({ url: expect.stringContaining("/abilities/2"), body: { role: "editor", link: "sibling" } });

    await user.click(within(item).getByRole("button", { name: F.panel.remove.replace("{name}", "Inès Martin") }));
    await user.click(within(item).getByRole("button", { name: F.panel.confirm }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.url.endsWith("/abilities/2"))).toBe(true));
    expect(await screen.findByText(F.panel.removed.replace("{name}", "Inès Martin"))).toBeInTheDocument();
  });
});
