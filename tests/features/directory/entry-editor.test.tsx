// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EntryEditor } from "@/features/directory/entry-editor";
import { D, json, renderFr } from "./render";

const replace = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ replace, push: vi.fn(), refresh: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  replace.mockReset();
});

const PARLOR = {
  id: 12,
  label: "Chambre funéraire de Lyon Nord (démo)",
  name: "Chambre funéraire de Lyon Nord (démo)",
  city: "Lyon",
  postal_code: "69001",
  department_code: "69",
  country_code: "fr",
  disabled: false,
  demo: true,
  created_at: 1_764_000_000,
  updated_at: 1_764_000_000,
  stays: [{ id: 5, name: "Salon de présentation", included_days: 0, price_per_day_cents: 9_000, admission_price_cents: 15_000 }],
};

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function serve(handler: Handler) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => handler(String(input), init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function reads(url: string): Response | null {
  if (url.endsWith("/api/v1/funeral_parlors/12")) return json({ data: PARLOR, changes: [] });
  if (url.endsWith("/api/v1/funeral_parlors/12/changes")) return json({ data: [] });
  return null;
}

describe("EntryEditor", () => {
  it("puts a refused save's codes next to their fields and keeps what was typed", async () => {
    const fetchMock = serve((url, init) => {
      if (init?.method === "PUT") return json({ error: "Unprocessable Entity", errors: ["funeral_parlor__name__blank", "funeral_parlor_stay__price_per_day_cents__too_big"] }, 422);
      return reads(url) ?? json({ error: "Not Found", message: "not_found" }, 404);
    });
    renderFr(<EntryEditor type="funeral_parlors" id={12} canEdit />);
    const name = await screen.findByLabelText(/^Nom\*?$/);
    await userEvent.clear(name);
    await userEvent.type(screen.getByLabelText(/^Ville/), " 2e");
    await userEvent.click(screen.getByRole("button", { name: D.entry.save }));
    expect(await screen.findByText(D.entry.refusedTitle)).toBeInTheDocument();
    expect(screen.getByText("Nom : à renseigner.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Prix par jour : la valeur est trop grande.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Ville/)).toHaveValue("Lyon 2e");
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    // Only the fields: the untouched stay is not sent, and the disabled flag has its own call.
    expect(JSON.parse(String(put[1]!.body))).not.toHaveProperty("stays");
    expect(JSON.parse(String(put[1]!.body))).not.toHaveProperty("disabled");
  });

  it("keeps everything typed when the connection drops, and saves it on the next try", async () => {
    let online = false;
    const fetchMock = serve((url, init) => {
      if (init?.method === "PUT") {
        if (!online) throw new TypeError("Failed to fetch");
        const body = JSON.parse(String(init.body)) as { stays: { id: number; price_per_day_cents: number }[] };
        return json({ data: { ...PARLOR, stays: [{ ...PARLOR.stays[0], price_per_day_cents: body.stays[0]!.price_per_day_cents }] } });
      }
      return reads(url) ?? json({ error: "Not Found", message: "not_found" }, 404);
    });
    renderFr(<EntryEditor type="funeral_parlors" id={12} canEdit />);
    const price = await screen.findByLabelText(/^Prix par jour, Salon de présentation/);
    await userEvent.clear(price);
    await userEvent.type(price, "95,50");
    await userEvent.click(screen.getByRole("button", { name: D.entry.save }));
    expect(await screen.findByText(D.entry.offline)).toBeInTheDocument();
    expect(price).toHaveValue("95,50");
    online = true;
    await userEvent.click(screen.getByRole("button", { name: D.entry.save }));
    expect(await screen.findByText(D.entry.saved)).toBeInTheDocument();
    const put = fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT").at(-1)!;
    expect(JSON.parse(String(put[1]!.body)).stays).toEqual([{ id: 5, name: "Salon de présentation", included_days: 0, price_per_day_cents: 9_550, admission_price_cents: 15_000 }]);
    await waitFor(() => expect(screen.getByLabelText(/^Prix par jour, Salon de présentation/)).toHaveValue("95,50"));
  });

  it("asks before disabling, shows what depends on the entry, then says it is done", async () => {
    const fetchMock = serve((url, init) => {
      if (url.endsWith("/dependents"))
        return json({ data: { deletable: false, groups: [{ kind: "commune_pages", count: 1, items: [{ id: "69123", label: "Lyon", path: "/pompes-funebres/lyon-69123" }] }, { kind: "deals", count: 0, items: [] }] } });
      if (url.endsWith("/disabled") && init?.method === "PUT") return json({ data: { ...PARLOR, disabled: true } });
      return reads(url) ?? json({ error: "Not Found", message: "not_found" }, 404);
    });
    renderFr(<EntryEditor type="funeral_parlors" id={12} canEdit />);
    await userEvent.click(await screen.findByRole("button", { name: D.entry.disable }));
    expect(await screen.findByText("1 page de commune")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Lyon" })).toHaveAttribute("href", "/pompes-funebres/lyon-69123");
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/disabled"))).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: D.disable.confirmDisable }));
    expect(await screen.findByText("« Chambre funéraire de Lyon Nord (démo) » est désactivée.")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/disabled"))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ value: true });
    expect(screen.getByTestId("entry-state")).toHaveTextContent(D.entry.disabled);
  });

  it("shows a read-only entry without save or disable", async () => {
    serve((url) => reads(url) ?? json({ error: "Not Found", message: "not_found" }, 404));
    renderFr(<EntryEditor type="funeral_parlors" id={12} canEdit={false} />);
    expect(await screen.findByText(D.entry.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: D.entry.save })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: D.entry.disable })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Nom\*?$/)).toHaveAttribute("readonly");
  });
});
