// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { InvitationAccept } from "@/features/family-members/invitation-accept";
import { pickMessages, type Messages } from "@/i18n/pick-messages";
import { StoreProvider } from "@/store/store-provider";

const messages = pickMessages(messagesFr as unknown as Messages, ["Errors", "Family"]);
const A = messagesFr.Family.accept;
const TOKEN = "tok_ABCDEFGHIJKLMNOPQRSTUV";

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

const VIEW = { target_type: "administrative_procedure", role: "reader", inviter_firstname: "Claire", defunct_firstname: "Jean", email_hint: "s•••@example.org", has_account: false, expires_at: 1_900_000_000 };

function renderPage() {
  return render(
    <NextIntlClientProvider locale="fr" messages={messages}>
      <StoreProvider>
        <InvitationAccept />
      </StoreProvider>
    </NextIntlClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", `/invitation#invitation=${TOKEN}`);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("InvitationAccept", () => {
  it("reads the token from the fragment, removes it from the address, and shows first names only", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ data: VIEW }));
    vi.stubGlobal("fetch", fetchMock);
    renderPage();
    expect(await screen.findByText(A.intro.administrative_procedure.replace("{inviter}", "Claire").replace("{defunct}", "Jean"))).toBeInTheDocument();
    expect(window.location.hash).toBe("");
    expect(String(fetchMock.mock.calls[0]![0])).toContain(`/api/v1/invitations/${TOKEN}`);
    // A new address: the account form comes first.
    const headings = screen.getAllByRole("heading").map((h) => h.textContent);
    expect(headings.indexOf(A.createTitle)).toBeLessThan(headings.indexOf(A.signInTitle));
  });

  it("explains a link without a token, and an expired invitation", async () => {
    window.history.replaceState(null, "", "/invitation");
    vi.stubGlobal("fetch", vi.fn<typeof fetch>());
    renderPage();
    expect(await screen.findByText(A.noToken)).toBeInTheDocument();
    cleanup();
    window.history.replaceState(null, "", `/invitation#invitation=${TOKEN}`);
    sessionStorage.clear();
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => json({ error: "Unprocessable Entity", errors: ["invitation__expired"] }, 422)));
    renderPage();
    expect(await screen.findByText(messagesFr.Errors.invitation__expired)).toBeInTheDocument();
  });

  it("creates the account, keeps typed values on a refusal, then welcomes the new member", async () => {
    let accepts = 0;
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.endsWith("/accept")) {
        accepts += 1;
        if (accepts === 1) return json({ error: "Unprocessable Entity", errors: ["password_too_common"] }, 422);
        return json(
          { data: { target_type: "administrative_procedure", target_id: 4, role: "reader", ability_id: 9 }, account_created: true, user: { id: 12, email: "sister@example.org", firstname: "Anne" } },
          200,
          { "access-token": "t", client: "c", uid: "sister@example.org", expiry: "1" },
        );
      }
      if (url.endsWith("/auth/cookie")) return json({ success: true, expiry: 1 });
      void init;
      return json({ data: VIEW });
    });
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(A.createTitle);
    await user.type(screen.getByLabelText(new RegExp(`^${A.firstname}`)), "Anne");
    await user.type(screen.getByLabelText(new RegExp(`^${A.lastname}`)), "Martin");
    await user.type(screen.getByLabelText(new RegExp(`^${A.newPassword}`)), "Motdepasse-2026");
    await user.type(screen.getByLabelText(new RegExp(`^${A.passwordConfirmation}`)), "Motdepasse-2026");
    await user.click(screen.getByRole("button", { name: A.createSubmit }));
    expect(await screen.findByText(messagesFr.Errors.password_too_common)).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${A.firstname}`))).toHaveValue("Anne");
    await user.click(screen.getByRole("button", { name: A.createSubmit }));
    expect(await screen.findByText(A.acceptedTitle)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: A.open })).toHaveAttribute("href", "/app/demarches/4");
    const body = JSON.parse(String(fetchMock.mock.calls.find((c) => String(c[0]).endsWith("/accept"))![1]!.body));
    expect(body).toEqual({ firstname: "Anne", lastname: "Martin", password: "Motdepasse-2026", password_confirmation: "Motdepasse-2026" });
    await waitFor(() => expect(JSON.parse(localStorage.getItem("paisible.user") ?? "{}").user?.id).toBe(12));
  });
});
