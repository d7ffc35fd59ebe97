// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { ApiError } from "@/api-client/api-error";
import type { MarbleDealView } from "@/domain/schemas/marble-funnel";
import type { MonumentApi } from "@/features/monuments/monument-api";
import { MonumentConfigurator } from "@/features/monuments/monument-configurator";
import { MONUMENT_STORAGE_KEY } from "@/features/monuments/monument-draft";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn() }) }));

const m = messagesFr.MonumentFunnel;
const UUID = "0b7f3a52-5d1e-4c59-9a43-6d2b1f0e8c11";

function deal(ttc: number): MarbleDealView {
  return {
    uuid: UUID,
    demo: true,
    quote: { size: "single", lines: [], totals: { ht_cents: Math.round(ttc / 1.2), vat_cents: ttc - Math.round(ttc / 1.2), ttc_cents: ttc, vat_by_rate: [] } },
  } as unknown as MarbleDealView;
}

function fakeApi(overrides: Partial<MonumentApi> = {}) {
  let total = 250_000;
  return {
    filters: vi.fn(() => new Promise(() => {})),
    products: vi.fn(() => new Promise(() => {})),
    warehouses: vi.fn().mockResolvedValue([
      { product_code: "MON-CRO-LATINE", available: true, stock: 2, lead_time_days: 21, supplier_name: "Granits du Sidobre", city: "Castres", warehouse_name: "Castres" },
    ]),
    graveyards: vi.fn().mockResolvedValue([]),
    create: vi.fn(async () => ({ ...deal(total), resume_token: "k".repeat(40) })),
    update: vi.fn(async () => deal((total += 10_000))),
    get: vi.fn(async () => deal(total)),
    ...overrides,
  } as unknown as MonumentApi & { create: ReturnType<typeof vi.fn>; update: ReturnType<typeof vi.fn> };
}

const ui = (api: MonumentApi) => (
  <NextIntlClientProvider locale="fr" timeZone="Europe/Paris" messages={messagesFr}>
    <MonumentConfigurator api={api} />
  </NextIntlClientProvider>
);
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  localStorage.clear();
  push.mockReset();
});
afterEach(cleanup);

describe("MonumentConfigurator", () => {
  it("renders the model grid with every drawing on the server, before any script or request", () => {
    const html = renderToString(ui(fakeApi()));
    expect(html).toContain(m.questions.model);
    expect(html.match(/\/catalogue\/monuments\/MON-[A-Z-]+\.svg/g)?.length).toBeGreaterThanOrEqual(30);
  });

  it("draws the chosen model, shows the server's total only, and saves as the family goes", async () => {
    const api = fakeApi();
    render(ui(api));
    await wait(0);
    fireEvent.click(screen.getByRole("button", { name: /^Croix latine(?! double)/ }));
    expect(screen.getByTestId("monument-preview").innerHTML).toContain("<svg");
    // no server answer yet: no total shown as the quote
    expect(screen.queryByTestId("monument-ttc")).toBeNull();
    await wait(700);
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create.mock.calls[0]![0]).toMatchObject({ configuration: { model_code: "MON-CRO-LATINE" }, current_step: "model" });
    expect(screen.getByTestId("monument-ttc").textContent).toMatch(/2\s?500,00/);
    expect(screen.getByTestId("monument-stock").textContent).toContain("Castres");
    expect(JSON.parse(localStorage.getItem(MONUMENT_STORAGE_KEY)!).uuid).toBe(UUID);
  });

  it("refuses to leave the model step without a model, with the reason next to the grid", async () => {
    render(ui(fakeApi()));
    await wait(0);
    fireEvent.click(screen.getByRole("button", { name: m.next }));
    expect(screen.getByRole("alert").textContent).toBe(m.errors.monument__model__missing);
  });

  it("lays the engraving typed on the drawing, escaped, and keeps it through a reload", async () => {
    const api = fakeApi();
    const { unmount } = render(ui(api));
    await wait(0);
    fireEvent.click(screen.getByRole("button", { name: /Tendresse/ }));
    fireEvent.click(screen.getByRole("button", { name: m.next }));
    fireEvent.click(screen.getByRole("radio", { name: /Impala/ }));
    fireEvent.click(screen.getByRole("button", { name: m.next }));
    fireEvent.click(screen.getByRole("button", { name: m.next }));
    fireEvent.change(screen.getByLabelText("Ligne 1"), { target: { value: "Léa <3 & Paul" } });
    expect(screen.getByTestId("monument-preview").innerHTML).toContain("Léa &lt;3 &amp; Paul");
    await wait(700);
    // the first save creates the deal with everything chosen so far
    expect(api.create.mock.calls.at(-1)![0].configuration.engraving.lines).toEqual(["Léa <3 & Paul"]);
    unmount();
    render(ui(fakeApi()));
    await wait(0);
    expect(screen.getByRole("heading", { level: 2, name: m.questions.engraving })).toBeTruthy();
    expect((screen.getByLabelText("Ligne 1") as HTMLInputElement).value).toBe("Léa <3 & Paul");
  });

  it("shows a server refusal next to its field, translated, and keeps what was typed", async () => {
    const refusal = new ApiError(422, { error: "Unprocessable Entity", errors: ["client__email__invalid"] });
    const api = fakeApi({ update: vi.fn().mockRejectedValue(refusal) as unknown as MonumentApi["update"] });
    const draft = JSON.parse(JSON.stringify({ version: 1, uuid: UUID, token: "k".repeat(40), step: "contact", submitted: false }));
    localStorage.setItem(
      MONUMENT_STORAGE_KEY,
      JSON.stringify({
        ...draft,
        configuration: { model_code: "MON-TRA-SOBRIETE", granite_code: "GRA-IMPALA", finish_code: "FIN-POLI", engraving: { font: "roman", gilded: true, lines: [""] }, accessories: [], options: [] },
        graveyard: null,
        concession: { concession_type_id: null, plot_reference: "" },
        client: { civility: null, firstname: "Léa", lastname: "Martin", email: "lea@", phone: "", contact_channel: "email", consent: true },
        commentary: "",
      }),
    );
    render(ui(api));
    await wait(0);
    fireEvent.click(screen.getByRole("button", { name: m.send }));
    await wait(10);
    const email = screen.getByLabelText(new RegExp(m.contact.email)) as HTMLInputElement;
    expect(email.value).toBe("lea@");
    expect(within(email.closest("div")!.parentElement!).getByText(m.errors.client__email__invalid)).toBeTruthy();
    expect(push).not.toHaveBeenCalled();
  });
});
