import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv } from "@/config/env";
import { dealSteps, deals } from "@/server/db/schema/deals";
import { memorialCondolences, memorialPhotos, memorials } from "@/server/db/schema/memorials";
import { worships } from "@/server/db/schema/partners";
import { jobs } from "@/server/db/schema/jobs";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";
import { LocalFileStorage } from "@/server/integrations/storage/local-storage";
import { deliverCondolenceEmail } from "@/server/services/memorial/condolence-email";
import { MEMORIAL_CONDOLENCE_EMAIL_JOB } from "@/server/services/memorial/condolences";
import { findMemorialPage, listPublicMemorials } from "@/server/services/memorial/memorial-page";
import { limitVisitor, VISITOR_LIMITS } from "@/server/services/memorial/visitor-memorial";
import { memorialJsonLd } from "@/shared/seo/memorial-seo";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { makeHeicHead, makeJpegWithGps, makePng, makePngBomb, makeZip, SVG_WITH_SCRIPT, uploadForm } from "./helpers/document-fixtures";
import { createFamily, type FamilyFixture } from "./helpers/family-fixtures";
import { pdfUnicodeTextRuns } from "./integrations/pdf/pdf-text";

/**
 * Memorial pages end to end through the API (issue 17): the family creates and edits,
 * visitors read by slug only when the family allows it, condolences are moderated and
 * notified, photos are judged by content and re-encoded without metadata, removal removes
 * the files, the calendar file is RFC 5545 and the book lists approved condolences only.
 */

let ctx: TestContext;
let family: FamilyFixture;
let storageRoot: string;
let worship: { id: number; name: string };

type Who = "owner" | "editor" | "reader" | "notary" | "stranger" | null;

beforeAll(async () => {
  storageRoot = mkdtempSync(join(tmpdir(), "paisible-memorials-"));
  ctx = await createTestApp({ fileStorage: new LocalFileStorage(storageRoot) });
  family = await createFamily(ctx.db, "memorial");
  const [place] = await ctx.db.select({ id: worships.id, name: worships.name }).from(worships).limit(1);
  worship = place!;
  await ctx.db.insert(dealSteps).values({ dealId: family.dealId, stepType: "ceremony", scheduledAt: new Date("2026-12-03T13:30:00Z"), locationType: "Worship", locationId: worship.id });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function headersOf(who: Who): Promise<Record<string, string>> {
  return who ? signInHeaders(ctx.db, "client", family.emails[who]) : {};
}

let ipCounter = 10;
/** A fresh caller address (per-address limits are tested on purpose, not tripped by accident). */
const freshIp = () => ({ [PEER_ADDRESS_HEADER]: peerStamp(`198.51.100.${ipCounter++}`) });

/** Answers are read as parsed JSON, whatever their shape (the schemas are tested through the API docs). */
type Json = ReturnType<typeof JSON.parse>;

async function call<T = Json>(method: string, path: string, who: Who, body?: unknown, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...(await headersOf(who)), ...extra };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await ctx.app.request(path, { method, headers, body: payload });
  const type = response.headers.get("content-type") ?? "";
  const json = type.includes("json") ? ((await response.json()) as T) : (undefined as T);
  return { status: response.status, body: json, headers: response.headers, response };
}

const memorialPath = () => `/api/v1/deals/${family.dealId}/memorial`;
const pagePath = (slug: string) => `/api/v1/memorial_pages/${slug}`;

function storedFiles(): string[] {
  const base = join(storageRoot, "documents");
  if (!existsSync(base)) return [];
  return readdirSync(base).flatMap((dir) => readdirSync(join(base, dir)).map((f) => `${dir}/${f}`));
}
function spoolFiles(): string[] {
  const dir = join(serverEnv().DATA_DIR, "tmp", "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
}
async function rowCount(table: typeof memorialPhotos | typeof memorialCondolences): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return Number(row!.n);
}
async function currentSlug(): Promise<string> {
  const [row] = await ctx.db.select({ slug: memorials.slug }).from(memorials).where(eq(memorials.dealId, family.dealId));
  return row!.slug;
}
const setVisibility = (visibility: "private" | "link" | "public", extra: Record<string, unknown> = {}) => call("PUT", memorialPath(), "owner", { visibility, ...extra });

describe("the family creates and edits the memorial", () => {
  it("creates it from the deal's deceased, once, with a ≥128-bit slug, private by default", async () => {
    expect((await call("GET", memorialPath(), "owner")).status).toBe(404);
    const created = await call("POST", memorialPath(), "editor", { text: "Il aimait <b>la mer</b> & les livres." });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      display_name: "Jean Martin",
      death_date: "2026-03-02",
      visibility: "private",
      moderation: "held",
      text: "Il aimait <b>la mer</b> & les livres.",
      role: "editor",
      can_edit: true,
      can_manage: false,
      public_path: null,
    });
    expect(created.body.data.slug).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created.body.data.deal_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.data.ceremonies).toEqual([
      expect.objectContaining({ step_type: "ceremony", date: "2026-12-03", time: "14:30", place_name: worship.name, place: "worship" }),
    ]);
    const again = await call("POST", memorialPath(), "owner", {});
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual(["memorial__deal__already_exists"]);
  });

  it("refuses a memorial on a deal that is not a funeral", async () => {
    const [item] = await ctx.db.insert(deals).values({ kind: "item" }).returning({ id: deals.id });
    const { dealAbilities } = await import("@/server/db/schema/deals");
    await ctx.db.insert(dealAbilities).values({ dealId: item!.id, clientId: family.clientIds.owner, role: "owner", link: "child" });
    const refused = await call("POST", `/api/v1/deals/${item!.id}/memorial`, "owner", {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["memorial__deal__not_funeral"]);
  });

  it("answers each field's code and keeps the owner's decisions to the owner", async () => {
    const bad = await call("PUT", memorialPath(), "owner", { display_name: " ", text: "x".repeat(5001), birth_date: "2026-02-30" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(expect.arrayContaining(["memorial__display_name__blank", "memorial__text__too_long", "memorial__birth_date__invalid"]));
    const order = await call("PUT", memorialPath(), "owner", { birth_date: "2030-01-01" });
    expect(order.body.errors).toEqual(["memorial__death_date__before_birth"]);
    expect((await call("PUT", memorialPath(), "editor", { visibility: "public" })).status).toBe(403);
    expect((await call("PUT", memorialPath(), "reader", { text: "…" })).status).toBe(403);
    expect((await call("GET", memorialPath(), "notary")).status).toBe(404);
    const edited = await call("PUT", memorialPath(), "editor", { birth_date: "1941-06-12", display_name: "Jean « Jeannot » Martin" });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ birth_date: "1941-06-12", display_name: "Jean « Jeannot » Martin" });
  });
});

describe("visibility", () => {
  it("a private memorial is unreachable by slug, exactly as an unknown one", async () => {
    const slug = await currentSlug();
    const hidden = await call("GET", pagePath(slug), null);
    const unknown = await call("GET", pagePath("A".repeat(24)), null);
    const malformed = await call("GET", pagePath("short"), null);
    expect([hidden.status, unknown.status, malformed.status]).toEqual([404, 404, 404]);
    expect(hidden.body).toEqual(unknown.body);
    // The family's own session does not open the visitors' side of a private page either.
    expect((await call("GET", pagePath(slug), "owner")).status).toBe(404);
    expect(await findMemorialPage(ctx.db, slug)).toBeNull();
  });

  it("link: reachable with the slug only, noindex, never in the sitemap; public: indexable and listed", async () => {
    expect((await setVisibility("link")).status).toBe(200);
    const slug = await currentSlug();
    const page = await call("GET", pagePath(slug), null);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.body.data).toMatchObject({ display_name: "Jean « Jeannot » Martin", visibility: "link", indexable: false });
    expect(await listPublicMemorials(ctx.db)).not.toContainEqual(expect.objectContaining({ slug }));
    expect(memorialJsonLd(page.body.data, "https://paisible.test/hommage/x", "https://paisible.test")).toEqual([]);

    expect((await setVisibility("public")).status).toBe(200);
    const open = await call("GET", pagePath(slug), null);
    expect(open.headers.get("x-robots-tag")).toBeNull();
    expect(open.body.data.indexable).toBe(true);
    expect(await listPublicMemorials(ctx.db)).toContainEqual(expect.objectContaining({ slug }));
    const nodes = memorialJsonLd(open.body.data, "https://paisible.test/hommage/x", "https://paisible.test");
    expect(nodes[0]).toMatchObject({ "@type": "Person", name: "Jean « Jeannot » Martin", birthDate: "1941-06-12", deathDate: "2026-03-02" });
    expect(nodes[1]).toMatchObject({ "@type": "Event", startDate: "2026-12-03T13:30:00.000Z", location: { "@type": "Place", name: worship.name } });
  });

  it("publishes nothing personal: no e-mail, phone, deal number or family member's name", async () => {
    const page = await call("GET", pagePath(await currentSlug()), null);
    const text = JSON.stringify(page.body);
    for (const email of Object.values(family.emails)) expect(text).not.toContain(email);
    expect(text).not.toMatch(/Claire|Paul|Inès|Maître Roux/);
    expect(text).not.toContain(`"deal_id"`);
    expect(text).not.toMatch(/\+33|phone/i);
  });

  it("a new link kills the old one at once", async () => {
    const old = await currentSlug();
    expect((await call("POST", `${memorialPath()}/slug`, "editor")).status).toBe(403);
    const renewed = await call("POST", `${memorialPath()}/slug`, "owner");
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.slug).not.toBe(old);
    expect((await call("GET", pagePath(old), null)).status).toBe(404);
    expect((await call("GET", pagePath(renewed.body.data.slug), null)).status).toBe(200);
  });
});

describe("condolences", () => {
  let held: number;
  it("held: a visitor's message waits for the family, who is told by e-mail, then approves it", async () => {
    const slug = await currentSlug();
    const sent = await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "Sophie <script>", message: "Toutes nos pensées.\nÀ bientôt." }, freshIp());
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ status: "pending", photo_id: null });
    held = sent.body.data.id;
    expect((await call("GET", pagePath(slug), null)).body.data.condolences).toEqual([]);

    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, `${MEMORIAL_CONDOLENCE_EMAIL_JOB}:${held}`));
    expect(job).toBeDefined();
    const mails: MailMessage[] = [];
    const mailer: Mailer = { send: async (message) => (mails.push(message), { id: String(mails.length), transport: "outbox" }) };
    expect(await deliverCondolenceEmail(ctx.db, job!.payload as Record<string, unknown>, "test-key", { mailer, siteUrl: "http://localhost:3140", now: new Date() })).toBe(2);
    expect(mails.map((m) => m.to).sort()).toEqual([family.emails.editor, family.emails.owner].sort());
    expect(mails[0]!.html).toContain("Sophie &lt;script&gt;");
    expect(mails[0]!.html).not.toContain("<script>");
    expect(mails[0]!.text).toContain(`/app/memoire/${family.dealId}`);
    // A retried job writes to nobody twice.
    expect(await deliverCondolenceEmail(ctx.db, job!.payload as Record<string, unknown>, "test-key", { mailer, siteUrl: "http://localhost:3140", now: new Date() })).toBe(0);

    const list = await call("GET", `${memorialPath()}/condolences?status=pending`, "reader");
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([held]);
    expect((await call("PUT", `${memorialPath()}/condolences/${held}`, "reader", { status: "published" })).status).toBe(403);
    const approved = await call("PUT", `${memorialPath()}/condolences/${held}`, "editor", { status: "published" });
    expect(approved.body.data).toMatchObject({ status: "published", author_name: "Sophie <script>" });
    const page = await call("GET", pagePath(slug), null);
    expect(page.body.data.condolences).toEqual([expect.objectContaining({ id: held, author_name: "Sophie <script>", message: "Toutes nos pensées.\nÀ bientôt." })]);
  });

  it("immediate: shown at once", async () => {
    await call("PUT", memorialPath(), "owner", { moderation: "immediate" });
    const sent = await call("POST", `${pagePath(await currentSlug())}/condolences`, null, { author_name: "Marc", message: "Avec toute notre affection." }, freshIp());
    expect(sent.body.data.status).toBe("published");
    await call("PUT", memorialPath(), "owner", { moderation: "held" });
  });

  it("refuses blank and too long fields with their codes (JSON and multipart alike)", async () => {
    const slug = await currentSlug();
    const blank = await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "", message: " " }, freshIp());
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual(expect.arrayContaining(["memorial_condolence__author_name__blank", "memorial_condolence__message__blank"]));
    const long = await call("POST", `${pagePath(slug)}/condolences`, null, uploadForm(null, { author_name: "A".repeat(81), message: "m".repeat(2001) }), freshIp());
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual(expect.arrayContaining(["memorial_condolence__author_name__too_long", "memorial_condolence__message__too_long"]));
    // A long message in a script of several bytes a letter still fits the form's field.
    const arabic = await call("POST", `${pagePath(slug)}/condolences`, null, uploadForm(null, { author_name: "ليلى", message: "رحمه الله ".repeat(190) }), freshIp());
    expect(arabic.status).toBe(201);
  });

  it("limits messages per address: 429 with Retry-After", async () => {
    const slug = await currentSlug();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "Flood", message: `n°${i}` }, ip)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "Flood", message: "encore" }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ error: "Too Many Requests", message: "rate_limited" });
    // Another address is not held back by this one.
    expect((await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "Voisin", message: "Pensées" }, freshIp())).status).toBe(201);
  });

  it("limits messages per memorial too, whatever the addresses", async () => {
    const now = new Date();
    const memorialId = 2_000_000_000;
    for (let i = 0; i < VISITOR_LIMITS.condolence.perMemorial; i += 1) await limitVisitor(ctx.db, "condolence", memorialId, `192.0.2.${i}`, now);
    await expect(limitVisitor(ctx.db, "condolence", memorialId, "192.0.2.250", now)).rejects.toMatchObject({ status: 429 });
    // Another memorial is not held back by this one.
    await expect(limitVisitor(ctx.db, "condolence", memorialId + 1, "192.0.2.251", now)).resolves.toBeUndefined();
  });

  it("a condolence on a private memorial is 404, as the page", async () => {
    await setVisibility("private");
    const refused = await call("POST", `${pagePath(await currentSlug())}/condolences`, null, { author_name: "A", message: "B" }, freshIp());
    expect(refused.status).toBe(404);
    await setVisibility("link");
  });
});

describe("photos", () => {
  it("re-encodes a JPEG upright, without EXIF or GPS, into WebP and JPEG variants never enlarged", async () => {
    const jpeg = await makeJpegWithGps(640, 480);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const added = await call("POST", `${memorialPath()}/photos`, "editor", uploadForm(jpeg, { caption: "Au bord du lac" }, "IMG_0001.jpg", "image/jpeg"));
    expect(added.status).toBe(201);
    const photo = added.body.data;
    expect(photo).toMatchObject({ source: "family", status: "published", caption: "Au bord du lac", width: 480, height: 640 });
    expect(photo.variants.map((v: { width: number; format: string }) => `${v.width}.${v.format}`)).toEqual(["480.webp", "480.jpg"]);
    for (const variant of photo.variants as Array<{ url: string; format: string }>) {
      const file = await ctx.app.request(variant.url, { headers: await headersOf("reader") });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe(variant.format === "webp" ? "image/webp" : "image/jpeg");
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([480, 640]);
    }
    expect((await ctx.app.request(photo.variants[0].url, { headers: await headersOf("notary") })).status).toBe(404);
    expect((await ctx.app.request(photo.variants[0].url)).status).toBe(401);

    const big = await call("POST", `${memorialPath()}/photos`, "owner", uploadForm(await makePng(2000, 1200), {}, "grand.png", "image/png"));
    expect(big.body.data.variants.map((v: { width: number; format: string }) => `${v.width}.${v.format}`)).toEqual(["480.webp", "480.jpg", "960.webp", "960.jpg", "1600.webp", "1600.jpg"]);
    const cover = await call("PUT", memorialPath(), "owner", { cover_photo_id: big.body.data.id });
    expect(cover.body.data.cover_photo_id).toBe(big.body.data.id);

    const page = await call("GET", pagePath(await currentSlug()), null);
    expect(page.body.data.cover_photo.id).toBe(big.body.data.id);
    const publicUrl: string = page.body.data.photos[0].variants[0].url;
    expect(publicUrl).toMatch(/^\/api\/v1\/memorial_pages\/[A-Za-z0-9_-]{24}\/photos\/\d+\/480\.webp$/);
    expect((await ctx.app.request(publicUrl)).status).toBe(200);
  });

  it("refuses bad uploads with a code and stores nothing", async () => {
    const before = { files: storedFiles().length, rows: await rowCount(memorialPhotos) };
    const cases: Array<[Buffer, string, number, string]> = [
      [SVG_WITH_SCRIPT, "image.svg", 422, "memorial_photo__file__type_invalid"],
      [makeZip(), "photo.jpg", 422, "memorial_photo__file__type_invalid"],
      [makeHeicHead(), "IMG.heic", 422, "memorial_photo__file__heic_unsupported"],
      [Buffer.alloc(0), "vide.jpg", 422, "memorial_photo__file__empty"],
      [makePngBomb(), "bomb.png", 422, "memorial_photo__file__too_many_pixels"],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), "broken.jpg", 422, "memorial_photo__file__unreadable"],
      [Buffer.alloc(15 * 1024 * 1024 + 1, 1), "huge.jpg", 413, "memorial_photo__file__too_large"],
    ];
    for (const [bytes, name, status, code] of cases) {
      const refused = await call("POST", `${memorialPath()}/photos`, "owner", uploadForm(bytes, {}, name, "image/jpeg"));
      expect([name, refused.status]).toEqual([name, status]);
      expect([name, refused.body.errors ?? [refused.body.message]]).toEqual([name, [code]]);
    }
    const missing = await call("POST", `${memorialPath()}/photos`, "owner", uploadForm(null, { caption: "x" }));
    expect(missing.body.errors).toEqual(["memorial_photo__file__missing"]);
    expect(storedFiles().length).toBe(before.files);
    expect(await rowCount(memorialPhotos)).toBe(before.rows);
    expect(spoolFiles()).toEqual([]);
  }, 60_000);

  it("visitors add photos only when the family allows, moderated like condolences", async () => {
    const slug = await currentSlug();
    const png = await makePng(300, 200);
    const closed = await call("POST", `${pagePath(slug)}/photos`, null, uploadForm(png, { author_name: "Lina" }, "p.png", "image/png"), freshIp());
    expect(closed.body.errors).toEqual(["memorial_photo__visitors__not_allowed"]);
    await call("PUT", memorialPath(), "owner", { visitors_may_add_photos: true });
    const sent = await call("POST", `${pagePath(slug)}/photos`, null, uploadForm(png, { author_name: "Lina", caption: "Souvenir" }, "p.png", "image/png"), freshIp());
    expect(sent.status).toBe(201);
    expect(sent.body.data.status).toBe("pending");
    const page = await call("GET", pagePath(slug), null);
    expect(page.body.data.photos.map((p: { id: number }) => p.id)).not.toContain(sent.body.data.id);
    expect((await ctx.app.request(`${pagePath(slug)}/photos/${sent.body.data.id}/300.webp`)).status).toBe(404);
    await call("PUT", `${memorialPath()}/photos/${sent.body.data.id}`, "editor", { status: "published" });
    expect((await ctx.app.request(`${pagePath(slug)}/photos/${sent.body.data.id}/300.webp`)).status).toBe(200);
  });

  it("orders the gallery with every id once", async () => {
    const view = await call("GET", memorialPath(), "owner");
    const ids: number[] = view.body.data.photos.map((p: { id: number }) => p.id);
    const reversed = await call("PUT", `${memorialPath()}/photo_order`, "editor", { photo_ids: [...ids].reverse() });
    expect(reversed.body.data.map((p: { id: number }) => p.id)).toEqual([...ids].reverse());
    const partial = await call("PUT", `${memorialPath()}/photo_order`, "editor", { photo_ids: ids.slice(1) });
    expect(partial.body.errors).toEqual(["memorial_photo__photo_ids__mismatch"]);
  });
});

describe("removal really removes", () => {
  it("a photo's files, a condolence's photo files, and every file of a deleted memorial", async () => {
    const photo = await call("POST", `${memorialPath()}/photos`, "owner", uploadForm(await makePng(100, 100), {}, "a.png", "image/png"));
    const keys = await variantKeys(photo.body.data.id);
    expect(keys.every((key) => existsSync(join(storageRoot, key)))).toBe(true);
    expect((await call("DELETE", `${memorialPath()}/photos/${photo.body.data.id}`, "editor")).status).toBe(204);
    expect(keys.some((key) => existsSync(join(storageRoot, key)))).toBe(false);

    const slug = await currentSlug();
    const withPhoto = await call("POST", `${pagePath(slug)}/condolences`, null, uploadForm(await makeJpegWithGps(), { author_name: "Noé", message: "Une pensée" }, "n.jpg", "image/jpeg"), freshIp());
    expect(withPhoto.status).toBe(201);
    const condolenceKeys = await variantKeys(withPhoto.body.data.photo_id);
    expect(condolenceKeys.length).toBeGreaterThan(0);
    expect((await call("DELETE", `${memorialPath()}/condolences/${withPhoto.body.data.id}`, "owner")).status).toBe(204);
    expect(condolenceKeys.some((key) => existsSync(join(storageRoot, key)))).toBe(false);
  });
});

async function variantKeys(photoId: number): Promise<string[]> {
  const [row] = await ctx.db.select({ variants: memorialPhotos.variants }).from(memorialPhotos).where(eq(memorialPhotos.id, photoId));
  return row!.variants.map((v) => v.key);
}

describe("reports", () => {
  it("a visitor reports a condolence; the family hides it and it leaves the page", async () => {
    const slug = await currentSlug();
    const page = await call("GET", pagePath(slug), null);
    const target = page.body.data.condolences[0].id as number;
    const report = await call("POST", `${pagePath(slug)}/reports`, null, { target_type: "condolence", target_id: target, reason: "Propos déplacés" }, freshIp());
    expect(report.status).toBe(201);
    const unknown = await call("POST", `${pagePath(slug)}/reports`, null, { target_type: "photo", target_id: 999999 }, freshIp());
    expect(unknown.body.errors).toEqual(["memorial_report__target__unknown"]);
    expect((await call("GET", `${memorialPath()}/reports`, "reader")).status).toBe(403);
    const list = await call("GET", `${memorialPath()}/reports`, "editor");
    expect(list.body.data[0]).toMatchObject({ id: report.body.data.id, target_type: "condolence", target_id: target, target_status: "published", reason: "Propos déplacés", resolution: null });
    const hidden = await call("PUT", `${memorialPath()}/reports/${report.body.data.id}`, "editor", { action: "hide" });
    expect(hidden.body.data).toMatchObject({ resolution: "hidden", target_status: "rejected" });
    expect((await call("GET", pagePath(slug), null)).body.data.condolences.map((c: { id: number }) => c.id)).not.toContain(target);
  });

  it("limits reports per address", async () => {
    const slug = await currentSlug();
    const page = await call("GET", pagePath(slug), null);
    const target = page.body.data.condolences[0].id as number;
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await call("POST", `${pagePath(slug)}/reports`, null, { target_type: "condolence", target_id: target }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("ceremony calendar (.ics)", () => {
  it("is a valid RFC 5545 calendar with the place, for visitors and for the family", async () => {
    const visitor = await ctx.app.request(`${pagePath(await currentSlug())}/ceremony.ics`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = await visitor.text();
    assertValidIcs(ics);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("DTSTART:20261203T133000Z");
    expect(unfolded).toContain("SUMMARY:Cérémonie – Jean « Jeannot » Martin");
    expect(unfolded).toMatch(new RegExp(`LOCATION:${escapeRegExp(worship.name.replace(/,/g, "\\,"))}`));
    expect(unfolded).toMatch(/URL:http:\/\/[^/]+\/hommage\/[A-Za-z0-9_-]{24}/);
    const familyIcs = await ctx.app.request(`${memorialPath()}/ceremony.ics?locale=en`, { headers: await headersOf("reader") });
    expect(familyIcs.status).toBe(200);
    expect((await familyIcs.text()).replace(/\r\n /g, "")).toContain("SUMMARY:Ceremony – Jean « Jeannot » Martin");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The RFC 5545 rules a calendar client relies on. */
function assertValidIcs(ics: string): void {
  expect(ics.endsWith("\r\n")).toBe(true);
  const physical = ics.slice(0, -2).split("\r\n");
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  for (const line of physical) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  const lines = ics.replace(/\r\n[ \t]/g, "").slice(0, -2).split("\r\n");
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  expect(lines).toContain("VERSION:2.0");
  expect(lines.some((l) => l.startsWith("PRODID:"))).toBe(true);
  const events = lines.filter((l) => l === "BEGIN:VEVENT").length;
  expect(events).toBeGreaterThan(0);
  expect(lines.filter((l) => l === "END:VEVENT").length).toBe(events);
  for (const name of ["UID", "DTSTAMP", "DTSTART"]) expect(lines.filter((l) => l.startsWith(`${name}:`)).length).toBe(events);
  for (const line of lines) expect(line).toMatch(/^[A-Z-]+[:;]/);
  for (const line of lines.filter((l) => /^(DTSTAMP|DTSTART):/.test(l))) expect(line).toMatch(/:\d{8}T\d{6}Z$/);
}

describe("the condolence book", () => {
  it("lists approved condolences only, with names, dates, texts and photos", async () => {
    const slug = await currentSlug();
    await call("PUT", memorialPath(), "owner", { moderation: "held" });
    const pending = await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "Attente Dupuis", message: "Message en attente" }, freshIp());
    const withPhoto = await call("POST", `${pagePath(slug)}/condolences`, null, uploadForm(await makeJpegWithGps(), { author_name: "Élise Photo", message: "Avec une photo de lui" }, "e.jpg", "image/jpeg"), freshIp());
    await call("PUT", `${memorialPath()}/condolences/${withPhoto.body.data.id}`, "owner", { status: "published" });
    const hiddenOne = await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "Caché Leroy", message: "Message masqué" }, freshIp());
    await call("PUT", `${memorialPath()}/condolences/${hiddenOne.body.data.id}`, "owner", { status: "rejected" });
    expect(pending.body.data.status).toBe("pending");
    const [arabic] = await ctx.db.select({ id: memorialCondolences.id }).from(memorialCondolences).where(eq(memorialCondolences.authorName, "ليلى"));
    await call("PUT", `${memorialPath()}/condolences/${arabic!.id}`, "owner", { status: "published" });
    const chinese = await call("POST", `${pagePath(slug)}/condolences`, null, { author_name: "王芳", message: "愿他安息" }, freshIp());
    await call("PUT", `${memorialPath()}/condolences/${chinese.body.data.id}`, "owner", { status: "published" });

    const response = await ctx.app.request(`${memorialPath()}/condolence_book.pdf`, { headers: await headersOf("reader") });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = pdfUnicodeTextRuns(pdf).join("").replace(/\s+/g, "");
    expect(text).toContain("ÉlisePhoto");
    expect(text).toContain("Avecunephotodelui");
    expect(text).toContain("Sophie<script>");
    // Right-to-left runs are drawn (and read back) in visual order: the letters are there, shaped.
    expect(text).toContain("همحر");
    // DejaVu Sans has no Chinese: the letters print as □ and the message says it reads in full on the page.
    expect(text).toContain("□□□□");
    expect(text).toContain("nepeuventpasêtreimprimésici");
    expect(text).not.toContain("AttenteDupuis");
    expect(text).not.toContain("CachéLeroy");
    expect(text).toContain("Livredecondoléances");
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    expect((await ctx.app.request(`${memorialPath()}/condolence_book.pdf`, { headers: await headersOf("notary") })).status).toBe(404);
  }, 60_000);
});

describe("deleting the memorial", () => {
  it("is the owner's, and leaves no file behind", async () => {
    const [row] = await ctx.db.select({ id: memorials.id }).from(memorials).where(eq(memorials.dealId, family.dealId));
    const photos = await ctx.db.select({ variants: memorialPhotos.variants }).from(memorialPhotos).where(eq(memorialPhotos.memorialId, row!.id));
    const keys = photos.flatMap((p) => p.variants.map((v) => v.key));
    expect(keys.length).toBeGreaterThan(0);
    expect((await call("DELETE", memorialPath(), "editor")).status).toBe(403);
    const slug = await currentSlug();
    expect((await call("DELETE", memorialPath(), "owner")).status).toBe(204);
    expect(keys.filter((key) => existsSync(join(storageRoot, key)))).toEqual([]);
    expect((await call("GET", memorialPath(), "owner")).status).toBe(404);
    expect((await call("GET", pagePath(slug), null)).status).toBe(404);
    expect(await rowCount(memorialCondolences)).toBe(0);
  });
});

describe("GET /api/docs", () => {
  it("documents every memorial route with its schemas", async () => {
    const docs = await call("GET", "/api/docs", null);
    const paths = Object.keys(docs.body.paths as Record<string, unknown>).filter((path) => path.includes("memorial"));
    expect(paths.length).toBe(18);
    expect(docs.body.components.schemas).toHaveProperty("Memorial");
    expect(docs.body.components.schemas).toHaveProperty("MemorialPage");
    expect(Object.keys(docs.body.paths["/api/v1/memorial_pages/{slug}/condolences"].post.requestBody.content)).toEqual(["application/json", "multipart/form-data"]);
  });
});
