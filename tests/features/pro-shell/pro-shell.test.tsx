// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { ROLES, ROLE_VALUES } from "@/domain/roles";
import { NotificationsMenu } from "@/features/pro-shell/notifications-menu";
import { isProSignInPath, proNavItems, proStart } from "@/features/pro-shell/pro-nav";
import { ProShellFrame } from "@/features/pro-shell/pro-shell-frame";
import { COUNT_REFRESH_MS } from "@/features/pro-shell/use-unviewed-count";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

const navigation = vi.hoisted(() => ({ pathname: "/pro/dossiers", push: vi.fn() }));
vi.mock("next/navigation", () => ({ usePathname: () => navigation.pathname, useRouter: () => ({ push: navigation.push, refresh: vi.fn() }) }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("the workspace navigation by role", () => {
  it("gives each role its sections: the analytics guest only the statistics, the admin also the failed tasks", () => {
    const keys = (role: (typeof ROLE_VALUES)[number]) => proNavItems(role).map((item) => item.key);
    expect(keys(ROLES.ADMIN)).toEqual(["deals", "leads", "directory", "payments", "invoices", "team", "perks", "statistics", "externalReviews", "cleaning", "failedJobs"]);
    expect(keys(ROLES.FUNERAL_DIRECTOR)).toEqual(["deals", "leads", "directory", "payments", "invoices", "team", "perks", "statistics", "externalReviews"]);
    expect(keys(ROLES.FUNERAL_ADVISOR)).toEqual(["deals", "leads", "directory", "payments", "invoices", "team", "perks"]);
    expect(keys(ROLES.ANALYTICS_GUEST)).toEqual(["statistics"]);
    expect(keys(ROLES.PRO)).toEqual(["deals"]);
    expect(proStart(ROLES.ANALYTICS_GUEST).href).toBe("/pro/statistiques");
    expect(proStart(ROLES.PRO).href).toBe("/pro/dossiers");
  });

  it("leaves the sign-in pages and their password pages without the frame", () => {
    expect(isProSignInPath("/pro/connexion")).toBe(true);
    expect(isProSignInPath("/pro/connexion/mot-de-passe-oublie")).toBe(true);
    expect(isProSignInPath("/pro/connexion/nouveau-mot-de-passe")).toBe(true);
    expect(isProSignInPath("/pro/changer-mot-de-passe")).toBe(false);
    expect(isProSignInPath("/pro")).toBe(false);
  });
});

const LABELS = { product: "Espace pro Paisible", navLabel: "Navigation de l'espace professionnel", openMenu: "Ouvrir le menu", closeMenu: "Fermer le menu", signedInAs: "Connecté en tant que" };
const ITEMS = [
  { key: "deals", href: "/pro/dossiers", label: "Dossiers" },
  { key: "team", href: "/pro/equipe", label: "Équipe" },
];

function renderFrame() {
  return render(<ProShellFrame items={ITEMS} labels={LABELS} user={{ name: "Nadia Conseil", role: "Conseiller funéraire" }} notifications={null} signOut={<button type="button">Se déconnecter</button>} />);
}

describe("the workspace frame", () => {
  afterEach(cleanup);

  it("marks the current section, on a deal's page too, and names who is signed in", () => {
    navigation.pathname = "/pro/dossiers/12";
    renderFrame();
    const [desktop] = screen.getAllByRole("navigation", { name: LABELS.navLabel });
    expect(desktop!.querySelector('[aria-current="page"]')?.textContent).toBe("Dossiers");
    expect(screen.getAllByText("Nadia Conseil").length).toBeGreaterThan(0);
  });

  it("opens the phone menu from its button, and Escape closes it with focus back on the button", () => {
    navigation.pathname = "/pro/dossiers";
    renderFrame();
    const toggle = screen.getByRole("button", { name: "Ouvrir le menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)!.hidden).toBe(false);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("is not drawn on the sign-in page", () => {
    navigation.pathname = "/pro/connexion";
    const { container } = renderFrame();
    expect(container.innerHTML).toBe("");
  });
});

describe("the notifications menu", () => {
  let unviewed = 2;
  const requests: string[] = [];
  const items = () => [
    { id: 5, kind: "funnel_request", title: "Nouvelle demande de devis", body: "Obsèques à Lyon", deal_id: 12, viewed: unviewed < 2 ? true : false, viewed_at: null, created_at: 1_790_000_000 },
    { id: 4, kind: "payment_paid", title: "Paiement reçu", body: null, deal_id: null, viewed: unviewed < 1, viewed_at: null, created_at: 1_789_990_000 },
  ];

  beforeEach(() => {
    unviewed = 2;
    requests.length = 0;
    navigation.push.mockClear();
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), "http://localhost");
        requests.push(`${init?.method ?? "GET"} ${url.pathname}`);
        if (url.pathname === "/api/v1/notifications/count") return json({ data: { count: unviewed } });
        if (url.pathname === "/api/v1/notifications") return json({ data: items(), meta: { page: 1, per_page: 8, total_count: 2, total_pages: 1 } });
        if (url.pathname === "/api/v1/notifications/5/viewed") {
          unviewed = 1;
          return json({ data: items()[0] });
        }
        if (url.pathname === "/api/v1/notifications/viewed_all") {
          unviewed = 0;
          return json({ data: { updated: 1 } });
        }
        return json({ error: "Not Found", message: "not_found" }, 404);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function renderMenu() {
    return render(
      <NextIntlClientProvider locale="fr" messages={pickMessages(messagesFr as unknown as Messages, ["ProNotifications"])}>
        <NotificationsMenu />
      </NextIntlClientProvider>,
    );
  }

  it("shows the unviewed count, opens the latest, marks one viewed as it opens its deal, and announces the new count", async () => {
    renderMenu();
    const button = await screen.findByRole("button", { name: "Notifications, 2 non lues" });
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const entry = await screen.findByRole("link", { name: /Nouvelle demande de devis/ });
    expect(entry.getAttribute("href")).toBe("/pro/dossiers/12");
    fireEvent.click(entry);
    await waitFor(() => expect(navigation.push).toHaveBeenCalledWith("/pro/dossiers/12"));
    expect(requests).toContain("PUT /api/v1/notifications/5/viewed");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("1 notification non lue"));
    expect(screen.getByRole("button", { name: "Notifications, 1 non lue" })).toBeTruthy();
  });

  it("marks all viewed", async () => {
    renderMenu();
    fireEvent.click(await screen.findByRole("button", { name: /2 non lues/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Tout marquer comme lu" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("0 notification non lue"));
    expect(requests).toContain("PUT /api/v1/notifications/viewed_all");
  });

  it("closes on Escape with focus back on its button", async () => {
    renderMenu();
    const button = await screen.findByRole("button", { name: /2 non lues/ });
    fireEvent.click(button);
    await screen.findByRole("link", { name: /Nouvelle demande de devis/ });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("asks the count again every minute while the tab is shown, never while it is hidden, and on focus", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderMenu();
    await screen.findByRole("button", { name: /2 non lues/ });
    const counts = () => requests.filter((request) => request === "GET /api/v1/notifications/count").length;
    expect(counts()).toBe(1);
    await act(async () => vi.advanceTimersByTime(COUNT_REFRESH_MS));
    expect(counts()).toBe(2);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    await act(async () => document.dispatchEvent(new Event("visibilitychange")));
    await act(async () => vi.advanceTimersByTime(COUNT_REFRESH_MS * 3));
    expect(counts()).toBe(2);
    visibility.mockReturnValue("visible");
    await act(async () => document.dispatchEvent(new Event("visibilitychange")));
    expect(counts()).toBe(3);
    await act(async () => window.dispatchEvent(new Event("focus")));
    expect(counts()).toBe(4);
    visibility.mockRestore();
  });
});
