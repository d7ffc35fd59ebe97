// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { Provider } from "react-redux";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import messagesAr from "@messages/ar.json";
import { makeStore } from "@/store/make-store";
import { SignInForm } from "@/features/auth/sign-in-form";
import { ChangePasswordForm } from "@/features/auth/change-password-form";

const search = { value: new URLSearchParams() };
vi.mock("next/navigation", () => ({
  useSearchParams: () => search.value,
  usePathname: () => "/me-connecter",
}));

const assign = vi.fn();

/** A control by its label (required labels end with a visual star). */
function field(label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return screen.getByLabelText(new RegExp(`^${escaped}\\*?$`), { selector: "input" });
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

function renderWith(node: ReactNode, locale: "fr" | "ar" = "fr") {
  const store = makeStore();
  render(
    <NextIntlClientProvider locale={locale} messages={locale === "fr" ? messagesFr : messagesAr}>
      <Provider store={store}>{node}</Provider>
    </NextIntlClientProvider>,
  );
  return store;
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  localStorage.clear();
  search.value = new URLSearchParams();
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.endsWith("/providers")) return json({ providers: [] });
    return json({ error: "Not Found", message: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(window, "location", { configurable: true, value: { ...window.location, assign, origin: "http://localhost:3000", pathname: "/me-connecter", search: "" } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe("SignInForm", () => {
  it("checks the fields before calling, with sentences from the error codes", async () => {
    renderWith(<SignInForm realm="client" />);
    await userEvent.type(field("Adresse e-mail"), "marie");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText(/Cette adresse e-mail ne semble pas valide/)).toBeInTheDocument();
    expect(screen.getByText("Indiquez votre mot de passe.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes("sign_in"))).toHaveLength(0);
  });

  it("shows the server's refusal in the visitor's language and keeps what was typed", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes("sign_in") ? json({ error: "Unauthorized", message: "invalid_credentials" }, 401) : json({ providers: [] }),
    );
    renderWith(<SignInForm realm="client" />);
    await userEvent.type(field("Adresse e-mail"), "marie@exemple.fr");
    await userEvent.type(field("Mot de passe"), "secret-secret");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText(/Adresse e-mail ou mot de passe incorrect/)).toBeInTheDocument();
    expect(field("Adresse e-mail")).toHaveValue("marie@exemple.fr");
    expect(field("Mot de passe")).toHaveValue("secret-secret");
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'too many attempts' on a 429", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes("sign_in") ? json({ error: "Too Many Requests", message: "rate_limited" }, 429, { "retry-after": "30" }) : json({ providers: [] }),
    );
    renderWith(<SignInForm realm="business_user" />);
    await userEvent.type(field("Adresse e-mail"), "pro@exemple.fr");
    await userEvent.type(field("Mot de passe"), "secret-secret");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText(/Trop de tentatives/)).toBeInTheDocument();
  });

  it("signs in, opens the cookie session and goes back to the page that asked", async () => {
    search.value = new URLSearchParams("retour=/app/changer-mot-de-passe");
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes("sign_in")) {
        return json({ data: { id: 1, email: "client@demo.test", firstname: "Marie" } }, 200, {
          "access-token": "tok",
          client: "cli",
          uid: "client@demo.test",
          expiry: "1999999999",
        });
      }
      if (url.endsWith("/cookie")) return json({ success: true, expiry: 1999999999 });
      return json({ providers: [] });
    });
    const store = renderWith(<SignInForm realm="client" />);
    expect(screen.getByText(/Connectez-vous pour accéder à cette page/)).toBeInTheDocument();
    await userEvent.type(field("Adresse e-mail"), " Client@Demo.test");
    await userEvent.type(field("Mot de passe"), "Demo-password-2026");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app/changer-mot-de-passe"));
    const signInCall = fetchMock.mock.calls.find(([u]) => String(u).includes("sign_in"))!;
    expect(JSON.parse(String(signInCall[1]!.body))).toEqual({ email: "client@demo.test", password: "Demo-password-2026" });
    expect(fetchMock.mock.calls.some(([u, init]) => String(u) === "/api/v1/auth/cookie" && init?.method === "POST")).toBe(true);
    expect(store.getState().auth.user).toMatchObject({ firstname: "Marie" });
    expect(JSON.parse(localStorage.getItem("paisible.auth-tokens")!)).toMatchObject({ "access-token": "tok", client: "cli" });
  });

  it("never sends the visitor to another site after sign-in", async () => {
    search.value = new URLSearchParams("retour=//evil.example.com/");
    fetchMock.mockImplementation(async (input) =>
      String(input).includes("sign_in")
        ? json({ data: { id: 1, email: "client@demo.test" } }, 200, { "access-token": "tok", client: "cli", uid: "client@demo.test" })
        : json({ success: true, providers: [] }),
    );
    renderWith(<SignInForm realm="client" />);
    await userEvent.type(field("Adresse e-mail"), "client@demo.test");
    await userEvent.type(field("Mot de passe"), "Demo-password-2026");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app"));
  });

  it("explains an expired session and offers the social sign-in when the server has one", async () => {
    search.value = new URLSearchParams("motif=session_expired&retour=/app/mon-compte");
    fetchMock.mockImplementation(async () => json({ providers: ["oidc"] }));
    renderWith(<SignInForm realm="client" />);
    expect(screen.getByText("Session expirée")).toBeInTheDocument();
    const social = await screen.findByRole("link", { name: "Se connecter avec votre identité numérique" });
    expect(social).toHaveAttribute("href", "/omniauth/oidc?retour=%2Fapp%2Fmon-compte");
  });

  it("shows and hides the password on request", async () => {
    renderWith(<SignInForm realm="client" />);
    const input = field("Mot de passe");
    expect(input).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Afficher le mot de passe" }));
    expect(input).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Masquer le mot de passe" })).toHaveAttribute("aria-pressed", "true");
  });

  it("speaks Arabic on the Arabic site", async () => {
    renderWith(<SignInForm realm="client" />, "ar");
    await userEvent.click(screen.getByRole("button", { name: "تسجيل الدخول" }));
    expect(await screen.findByText("يُرجى إدخال كلمة المرور.")).toBeInTheDocument();
  });
});

describe("ChangePasswordForm", () => {
  it("shows the strength of the new password and puts a wrong current password next to its field", async () => {
    fetchMock.mockImplementation(async () => json({ error: "Unprocessable Entity", errors: ["current_password_invalid"] }, 422));
    renderWith(<ChangePasswordForm realm="client" />);
    await userEvent.type(field("Mot de passe actuel"), "old-password");
    await userEvent.type(field("Nouveau mot de passe"), "Le lilas fleurit en avril 2026 !");
    expect(screen.getByText(/^Solidité du mot de passe\s*:\s*\S+/)).toBeInTheDocument();
    await userEvent.type(field("Confirmez le nouveau mot de passe"), "Le lilas fleurit en avril 2026 !");
    await userEvent.click(screen.getByRole("button", { name: "Changer le mot de passe" }));
    const current = field("Mot de passe actuel");
    await waitFor(() => expect(current).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("Le mot de passe actuel saisi n'est pas le bon.")).toBeInTheDocument();
  });

  it("refuses a common password before sending anything", async () => {
    renderWith(<ChangePasswordForm realm="business_user" />);
    await userEvent.type(field("Mot de passe actuel"), "old-password");
    await userEvent.type(field("Nouveau mot de passe"), "azerty123");
    await userEvent.type(field("Confirmez le nouveau mot de passe"), "azerty12");
    await userEvent.click(screen.getByRole("button", { name: "Changer le mot de passe" }));
    expect(await screen.findByText(/fait partie des plus utilisés/)).toBeInTheDocument();
    expect(screen.getByText("Les deux mots de passe ne sont pas identiques.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
