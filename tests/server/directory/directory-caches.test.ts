import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCommunePageData } from "@/server/services/places-page";
import { getPricingData } from "@/server/services/quote-pricing";
import { createTestApp, getJson, type TestContext } from "../helpers/app";
import { call, staffHeaders } from "../helpers/directory-fixtures";

/**
 * A directory change reaches what families see at once: the commune page's data, the
 * quote's partner choice (read through the pricing cache) and the framework's page cache
 * (told through the port), and the pickers; disabled entries leave them all.
 */
let ctx: TestContext;
let advisor: Record<string, string>;
const told: { type: string; ids: readonly number[]; communePages: boolean }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ pageCache: { changed: (change) => void told.push(change) } });
  advisor = await staffHeaders(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

type Entry = { id: number; name: string; stays: { id: number; price_per_day_cents: number }[] };

async function lyonParlor(): Promise<Entry> {
  const list = await call(ctx, "GET", "/api/v1/funeral_parlors?q=chambre%20funeraire%20lyon%20centre", advisor);
  const id = (list.body.data as unknown as Entry[])[0]!.id;
  return (await call(ctx, "GET", `/api/v1/funeral_parlors/${id}`, advisor)).body.data as unknown as Entry;
}

describe("caches follow the directory", () => {
  it("a disabled parlour leaves the commune page data, the quote's choice and the pickers, and comes back when enabled", async () => {
    const parlor = await lyonParlor();
    const pageIds = async () => (await getCommunePageData(ctx.db, "69123"))!.partners.filter((p) => p.kind === "funeralParlor").map((p) => p.id);
    const quoteIds = async () => (await getPricingData(ctx.db, { commune: "69123" })).partners.funeralParlors.map((p) => Number(p.id));
    const pickerIds = async (extra = "") => ((await call(ctx, "GET", `/api/v1/autocompletes/funeral_parlors?q=Chambre%20FUNERAIRE%20lyon${extra}`, advisor)).body as unknown as { id: number; disabled?: boolean }[]).map((p) => p.id);
    expect(await pageIds()).toContain(parlor.id);
    // Read once so the quote's pricing cache holds the parlour before the change.
    expect(await quoteIds()).toContain(parlor.id);
    expect(await pickerIds()).toContain(parlor.id);

    told.length = 0;
    expect((await call(ctx, "PUT", `/api/v1/funeral_parlors/${parlor.id}/disabled`, advisor, { value: true })).status).toBe(200);
    expect(told).toEqual([{ type: "funeral_parlors", ids: [parlor.id], communePages: true }]);
    expect(await pageIds()).not.toContain(parlor.id);
    expect(await quoteIds()).not.toContain(parlor.id);
    expect(await pickerIds()).not.toContain(parlor.id);
    // The directory's own pickers may still ask for it, marked.
    const all = (await call(ctx, "GET", "/api/v1/autocompletes/funeral_parlors?q=chambre%20funeraire%20lyon&disabled=true", advisor)).body as unknown as { id: number; disabled: boolean }[];
    expect(all.find((p) => p.id === parlor.id)).toMatchObject({ disabled: true });

    await call(ctx, "PUT", `/api/v1/funeral_parlors/${parlor.id}/disabled`, advisor, { value: false });
    expect(await pageIds()).toContain(parlor.id);
    expect(await quoteIds()).toContain(parlor.id);
  });

  it("a changed stay price is the quote's price at once", async () => {
    const parlor = await lyonParlor();
    const before = (await getPricingData(ctx.db, { commune: "69123" })).partners.funeralParlors.find((p) => Number(p.id) === parlor.id)!;
    const stay = parlor.stays[0]!;
    const price = stay.price_per_day_cents + 1_000;
    expect((await call(ctx, "PUT", `/api/v1/funeral_parlors/${parlor.id}`, advisor, { stays: [{ id: stay.id, price_per_day_cents: price }] })).status).toBe(200);
    const after = (await getPricingData(ctx.db, { commune: "69123" })).partners.funeralParlors.find((p) => Number(p.id) === parlor.id)!;
    expect(after.pricePerDayHtCents).toBe(price);
    expect(after.pricePerDayHtCents).not.toBe(before.pricePerDayHtCents);
  });

  it("a refused change tells no cache", async () => {
    const parlor = await lyonParlor();
    told.length = 0;
    expect((await call(ctx, "PUT", `/api/v1/funeral_parlors/${parlor.id}`, advisor, { name: "" })).status).toBe(422);
    expect((await call(ctx, "PUT", `/api/v1/funeral_parlors/${parlor.id}`, advisor, {})).status).toBe(200);
    expect(told).toEqual([]);
  });

  it("places not on commune pages do not refresh them", async () => {
    const police = (await call(ctx, "GET", "/api/v1/polices?q=lyon", advisor)).body.data as unknown as Entry[];
    told.length = 0;
    await call(ctx, "PUT", `/api/v1/polices/${police[0]!.id}`, advisor, { phone: "04 78 00 00 00" });
    expect(told).toEqual([{ type: "polices", ids: [police[0]!.id], communePages: false }]);
  });
});

describe("autocompletes of every partner kind answer live data", () => {
  const kinds = [
    ["consulates", "consulates", "consulat"],
    ["crematoriums", "crematoriums", "crématorium de lyon"],
    ["funeral_parlors", "funeral_parlors", "chambre funeraire"],
    ["graveyards", "graveyards", "cimetiere communal"],
    ["hospitals", "hospitals", "centre hospitalier"],
    ["polices", "polices", "commissariat"],
    ["prefectures", "prefectures", "prefecture"],
    ["rha", "rha", "agence regionale"],
    ["worships", "worships", "eglise saint martin"],
  ] as const;

  it.each(kinds)("%s: accents and case ignored, a new entry found, a disabled one gone unless asked", async (kind, segment, q) => {
    const shout = q.toUpperCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    const found = (await call(ctx, "GET", `/api/v1/autocompletes/${kind}?q=${encodeURIComponent(shout)}`, advisor)).body as unknown as { id: number }[];
    expect(found.length).toBeGreaterThan(0);
    const created = await call(ctx, "POST", `/api/v1/${segment}`, advisor, { name: `Zéphyrine ${kind} Ærø`, city: "Lyon" });
    expect(created.status).toBe(201);
    const id = (created.body.data as { id: number }).id;
    const search = async (extra = "") => ((await call(ctx, "GET", `/api/v1/autocompletes/${kind}?q=zephyrine${extra}`, advisor)).body as unknown as { id: number }[]).map((r) => r.id);
    expect(await search()).toContain(id);
    await call(ctx, "PUT", `/api/v1/${segment}/${id}/disabled`, advisor, { value: true });
    expect(await search()).not.toContain(id);
    expect(await search("&disabled=true")).toContain(id);
  });

  it("visitors' public graveyard picker never shows a disabled graveyard", async () => {
    const created = await call(ctx, "POST", "/api/v1/graveyards", advisor, { name: "Cimetière Xanthippe", disabled: true });
    expect((created.body.data as { disabled: boolean }).disabled).toBe(true);
    const { body } = await getJson<{ id: number }[]>(ctx.app, "/api/v1/autocompletes/graveyards?q=xanthippe");
    expect(body).toEqual([]);
    expect((await getJson(ctx.app, "/api/v1/autocompletes/graveyards?q=xanthippe&disabled=true")).status).toBe(401);
  });
});
