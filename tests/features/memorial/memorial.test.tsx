// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import type { Memorial, MemorialCondolence, MemorialPublicPhoto } from "@/domain/schemas/memorial";
import type { MemorialPage } from "@/domain/schemas/memorial-page";
import { CondolenceForm } from "@/features/memorial/condolence-form";
import { FamilyMemorial } from "@/features/memorial/family-memorial";
import { lifeDates, photoSources, visitorPreview } from "@/features/memorial/memorial-format";
import { MemorialView } from "@/features/memorial/memorial-view";
import { pickMessages, type Messages } from "@/i18n/pick-messages";

const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: vi.fn(), replace: vi.fn() }) }));

const messages = pickMessages(messagesFr as unknown as Messages, ["Errors", "Memorial"]);
const M = messagesFr.Memorial;
const E = messagesFr.Errors;
const SLUG = "V1StGXR8_Z5jdHi6B-myTqab";

function json(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
const wrap = (node: ReactNode) => render(<NextIntlClientProvider locale="fr" messages={messages}>{node}</NextIntlClientProvider>);
const pathOf = (input: unknown) => new URL(String(input), "http://localhost").pathname;

const photo = (id: number): MemorialPublicPhoto => ({
  id,
  caption: null,
  width: 1600,
  height: 1200,
  author_name: null,
  variants: [960, 480].flatMap((width) => (["jpg", "webp"] as const).map((format) => ({ width, height: (width * 3) / 4, format, url: `/p/${id}/${width}.${format}` }))),
});

function memorial(overrides: Partial<Memorial> = {}): Memorial {
  return {
    id: 3,
    deal_id: 41,
    deal_uuid: "0b7f7e2c-6a1e-4a57-9d52-3f1c1d2e4a10",
    slug: SLUG,
    display_name: "Jeanne Martin",
    birth_date: "1940-03-12",
    death_date: "2026-11-20",
    text: "Elle aimait les jardins.",
    visibility: "private",
    moderation: "held",
    visitors_may_add_photos: false,
    cover_photo_id: 5,
    photos: [
      { ...photo(5), source: "family", status: "published", position: 0, condolence_id: null, created_at: 1 },
      { ...photo(6), source: "visitor", status: "pending", position: 1, condolence_id: null, created_at: 2, author_name: "Paul" },
    ],
    ceremonies: [],
    pending_condolences: 1,
    open_reports: 0,
    role: "owner",
    can_edit: true,
    can_manage: true,
    public_path: null,
    created_at: 1,
    updated_at: 2,
    ...overrides,
  };
}

const condolence = (id: number, status: MemorialCondolence["status"], published_at: number | null = null): MemorialCondolence => ({
  id,
  author_name: `Ami ${id}`,
  message: `Message ${id}`,
  status,
  photo: null,
  open_reports: 0,
  created_at: 100 + id,
  published_at,
});

beforeEach(() => {
  localStorage.clear();
  refresh.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("memorial formatting", () => {
  it("writes the dates of a life in the reader's language", () => {
    expect(lifeDates("1940-03-12", "2026-11-20", "fr")).toBe("12 mars 1940 – 20 novembre 2026");
    expect(lifeDates(null, "2026-11-20", "en")).toBe("November 20, 2026");
    expect(lifeDates(null, null, "fr")).toBe("");
  });

  it("offers every variant to the browser, WebP first, the smallest JPEG as the plain src", () => {
    expect(photoSources(photo(1))).toEqual({ webp: "/p/1/480.webp 480w, /p/1/960.webp 960w", jpg: "/p/1/480.jpg 480w, /p/1/960.jpg 960w", src: "/p/1/480.jpg" });
    expect(photoSources({ variants: [] })).toBeNull();
  });

  it("previews only what visitors would see: published photos and condolences, never indexable", () => {
    const page = visitorPreview(memorial(), [condolence(1, "published", 500), condolence(2, "pending"), condolence(3, "published", 900)]);
    expect(page.photos.map((p) => p.id)).toEqual([5]);
    expect(page.cover_photo?.id).toBe(5);
    expect(page.condolences.map((c) => c.id)).toEqual([3, 1]);
    expect(page.condolence_count).toBe(2);
    expect(page.indexable).toBe(false);
  });
});

describe("the visitors' page", () => {
  const page: MemorialPage = {
    ...visitorPreview(memorial({ visibility: "link" }), [{ ...condolence(1, "published", 500), message: "<b>Courage</b>" }]),
    ceremonies: [{ step_type: "ceremony", date: "2026-12-03", time: "14:30", starts_at: 1_796_304_600, place_name: "Église Saint-Nizier", address: "Place Saint-Nizier, 69002 Lyon", street: "Place Saint-Nizier", postal_code: "69002", city: "Lyon", place: "worship", directions_url: "https://www.openstreetmap.org/search?query=Place%20Saint-Nizier" }],
    ics_url: `/api/v1/memorial_pages/${SLUG}/ceremony.ics`,
  };

  it("shows the ceremony with its calendar file, directions and flowers pre-filled, and never renders a visitor's HTML", () => {
    wrap(<MemorialView page={page} icsUrl={page.ics_url} />);
    expect(screen.getByRole("heading", { level: 1, name: "Jeanne Martin" })).toBeTruthy();
    expect(screen.getByText("Le 3 décembre 2026 à 14:30")).toBeTruthy();
    expect(screen.getByRole("link", { name: M.view.addToCalendar }).getAttribute("href")).toBe(page.ics_url);
    expect(screen.getByTestId("memorial-directions").getAttribute("href")).toContain("openstreetmap.org");
    const flowers = new URL(screen.getByRole("link", { name: M.view.sendFlowers }).getAttribute("href")!, "http://localhost");
    expect(flowers.pathname).toBe("/fleurs-obseques");
    expect(Object.fromEntries(flowers.searchParams)).toMatchObject({ lieu: "worship", nom_lieu: "Église Saint-Nizier", adresse: "Place Saint-Nizier", code_postal: "69002", ville: "Lyon", date: "2026-12-03", heure: "14:30", pour: "Jeanne Martin" });
    const item = screen.getByTestId("memorial-condolence");
    expect(within(item).getByText("<b>Courage</b>")).toBeTruthy();
    expect(item.querySelector("b")).toBeNull();
    expect(within(item).getByRole("button", { name: M.report.openCondolence })).toBeTruthy();
    expect(screen.getByTestId("condolence-form")).toBeTruthy();
  });

  it("sends a report about a condolence", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async () => json({ data: { id: 1 } }, 201));
    vi.stubGlobal("fetch", fetchMock);
    wrap(<MemorialView page={page} icsUrl={null} />);
    await user.click(screen.getByRole("button", { name: M.report.openCondolence }));
    await user.type(screen.getByLabelText(M.report.reason, { exact: false }), "Propos blessants");
    await user.click(screen.getByRole("button", { name: M.report.send }));
    expect(await screen.findByText(M.report.done)).toBeTruthy();
    expect(pathOf(fetchMock.mock.calls[0]![0])).toBe(`/api/v1/memorial_pages/${SLUG}/reports`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ target_type: "condolence", target_id: 1, reason: "Propos blessants" });
  });

  it("describes the forms instead of offering them in the family's preview", () => {
    wrap(<MemorialView page={page} preview icsUrl={null} />);
    expect(screen.queryByTestId("condolence-form")).toBeNull();
    expect(screen.queryByRole("button", { name: M.report.openCondolence })).toBeNull();
    expect(screen.getByText(M.view.previewForm)).toBeTruthy();
  });
});

describe("a visitor's condolence", () => {
  it("keeps what was typed on a refusal, says a rate limit plainly, then says the family reads it first", async () => {
    const user = userEvent.setup();
    const answers = [
      json({ error: "Unprocessable Entity", errors: ["memorial_condolence__message__too_long"] }, 422),
      json({ error: "Too Many Requests", message: "rate_limited" }, 429),
      json({ data: { id: 9, status: "pending", photo_id: null } }, 201),
    ];
    const fetchMock = vi.fn<typeof fetch>(async () => answers.shift()!);
    vi.stubGlobal("fetch", fetchMock);
    wrap(<CondolenceForm slug={SLUG} />);
    await user.type(screen.getByLabelText(M.condolenceForm.author, { exact: false }), "Claire");
    await user.type(screen.getByLabelText(M.condolenceForm.message, { exact: false }), "Toutes nos pensées");
    await user.click(screen.getByRole("button", { name: M.condolenceForm.send }));
    expect(await screen.findByText(E.memorial_condolence__message__too_long)).toBeTruthy();
    expect((screen.getByLabelText(M.condolenceForm.message, { exact: false }) as HTMLTextAreaElement).value).toBe("Toutes nos pensées");

    await user.click(screen.getByRole("button", { name: M.condolenceForm.send }));
    expect(await screen.findByText(E.rate_limited)).toBeTruthy();
    expect((screen.getByLabelText(M.condolenceForm.author, { exact: false }) as HTMLInputElement).value).toBe("Claire");

    await user.click(screen.getByRole("button", { name: M.condolenceForm.send }));
    expect(await screen.findByText(M.condolenceForm.sentPending)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]!.body))).toEqual({ author_name: "Claire", message: "Toutes nos pensées" });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("the family's memorial page", () => {
  it("creates the page from the funeral file's deceased, then moderates a held condolence", async () => {
    const user = userEvent.setup();
    let created: Memorial | null = null;
    const calls: Array<{ method: string; path: string; body: unknown }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const method = init?.method ?? "GET";
        const path = pathOf(input);
        calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (path === "/api/v1/deals/41" && method === "GET") return json({ data: { defunct: { firstname: "Jeanne", lastname: "Martin", death_date: "2026-11-20" } } });
        if (path === "/api/v1/deals/41/memorial" && method === "GET") return created ? json({ data: created }) : json({ error: "Not Found", message: "not_found" }, 404);
        if (path === "/api/v1/deals/41/memorial" && method === "POST") {
          created = memorial({ photos: [], cover_photo_id: null });
          return json({ data: created }, 201);
        }
        if (path === "/api/v1/deals/41/memorial/condolences") return json({ data: [condolence(7, "pending")] });
        if (path === "/api/v1/deals/41/memorial/reports") return json({ data: [] });
        if (path === "/api/v1/deals/41/memorial/condolences/7") return json({ data: condolence(7, "published", 300) });
        return json({ error: "Not Found", message: "not_found" }, 404);
      }),
    );
    wrap(<FamilyMemorial dealId={41} />);
    const name = (await screen.findByLabelText(M.details.displayName, { exact: false })) as HTMLInputElement;
    expect(name.value).toBe("Jeanne Martin");
    expect((screen.getByLabelText(M.details.deathDate, { exact: false }) as HTMLInputElement).value).toBe("2026-11-20");
    await user.type(screen.getByLabelText(M.details.text, { exact: false }), "Elle aimait les jardins.");
    await user.click(screen.getByRole("button", { name: M.family.create }));
    expect(await screen.findByTestId("memorial-name")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ display_name: "Jeanne Martin", birth_date: null, death_date: "2026-11-20", text: "Elle aimait les jardins." });

    const held = await screen.findByTestId("memorial-condolences-pending");
    await user.click(within(held).getByRole("button", { name: "Afficher le message de Ami 7" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT" && c.path === "/api/v1/deals/41/memorial/condolences/7")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ status: "published" });
  });

  it("shows a reader the page without the controls that would be refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) => {
        const path = pathOf(input);
        if (path === "/api/v1/deals/41/memorial") return json({ data: memorial({ role: "reader", can_edit: false, can_manage: false, visibility: "link", public_path: `/hommage/${SLUG}` }) });
        return json({ data: [] });
      }),
    );
    wrap(<FamilyMemorial dealId={41} />);
    expect(await screen.findByTestId("memorial-visibility-read")).toBeTruthy();
    expect(screen.queryByTestId("memorial-details-form")).toBeNull();
    expect(screen.queryByTestId("memorial-photo-upload")).toBeNull();
    expect(screen.queryByRole("button", { name: M.family.delete })).toBeNull();
    expect((screen.getByTestId("memorial-link") as HTMLInputElement).value).toBe(`${window.location.origin}/hommage/${SLUG}`);
  });
});
