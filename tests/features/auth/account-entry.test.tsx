// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { pickMessages, type Messages } from "@/i18n/pick-messages";
import { AccountEntry } from "@/features/auth/account-entry";

vi.mock("next/navigation", () => ({ usePathname: () => "/", useRouter: () => ({ push: vi.fn() }) }));

const messages = pickMessages(messagesFr as unknown as Messages, ["Auth.menu", "Auth.signOut"]);
const signIn = messagesFr.Auth.menu.signIn;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AccountEntry", () => {
  it("is the sign-in link for a visitor, without loading the signed-in menu or calling the API", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    render(<AccountEntry kind="menu" signInLabel={signIn} locale="fr" messages={messages} />);
    expect(screen.getByRole("link", { name: signIn })).toHaveAttribute("href", "/me-connecter");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads the signed-in menu when this device holds a session, and greets the person by name", async () => {
    localStorage.setItem("paisible.auth-tokens", JSON.stringify({ "access-token": "t", client: "c", uid: "u", expiry: "1" }));
    localStorage.setItem("paisible.user", JSON.stringify({ user: { id: 7, firstname: "Marie" }, userType: "client" }));
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => json({ data: { id: 7, firstname: "Marie" } })));
    render(<AccountEntry kind="menu" signInLabel={signIn} locale="fr" messages={messages} />);
    expect(await screen.findByRole("button", { name: messagesFr.Auth.menu.open.replace("{name}", "Marie") })).toBeInTheDocument();
  });
});
