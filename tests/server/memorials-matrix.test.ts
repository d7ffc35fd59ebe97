import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { memorialCondolences, memorialPhotos, memorialReports, memorials } from "@/server/db/schema/memorials";
import { newStorageKey } from "@/server/integrations/storage/file-storage";
import { LocalFileStorage } from "@/server/integrations/storage/local-storage";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { makePng, uploadForm } from "./helpers/document-fixtures";
import { createFamily, type FamilyFixture } from "./helpers/family-fixtures";
import { describeFamilyMatrix } from "./helpers/family-matrix";

/**
 * Who may call each memorial route (docs/architecture.md "Memorials"): owner and editors
 * write and moderate, readers read, the owner alone decides visibility, the link and
 * deletion; a notary and a stranger get 404, a visitor and every business role 401 on
 * the family's side. The visitors' side answers everyone the same, by slug only.
 */

let ctx: TestContext;
let family: FamilyFixture;
let memorialId: number;
let slug: string;
let photoId: number;
let condolenceId: number;
let reportId: number;

const EVERY_BUSINESS = { admin: 401, director: 401, advisor: 401, guest: 401, pro: 401, forged: 401, borrowed: 401 } as const;
const READ = { owner: 200, editor: 200, reader: 200, notary: 404, stranger: 404, visitor: 401, ...EVERY_BUSINESS } as const;
const WRITE = (ok: number) => ({ owner: ok, editor: ok, reader: 403, notary: 404, stranger: 404, visitor: 401, ...EVERY_BUSINESS }) as const;
const OWNER_ONLY = (ok: number) => ({ editor: 403, reader: 403, notary: 404, stranger: 404, visitor: 401, ...EVERY_BUSINESS, owner: ok }) as const;
const EVERYONE = (status: number) =>
  ({ owner: status, editor: status, reader: status, notary: status, stranger: status, visitor: status, admin: status, director: status, advisor: status, guest: status, pro: status }) as const;

beforeAll(async () => {
  ctx = await createTestApp({ fileStorage: new LocalFileStorage(mkdtempSync(join(tmpdir(), "paisible-memorial-matrix-"))) });
  family = await createFamily(ctx.db, "memorial-matrix");
  const owner = await signInHeaders(ctx.db, "client", family.emails.owner);
  const created = await ctx.app.request(`/api/v1/deals/${family.dealId}/memorial`, {
    method: "POST",
    headers: { ...owner, "content-type": "application/json" },
    body: JSON.stringify({ visibility: "link", moderation: "immediate" }),
  });
  const memorial = ((await created.json()) as { data: { id: number; slug: string } }).data;
  memorialId = memorial.id;
  slug = memorial.slug;
  const photo = await ctx.app.request(`/api/v1/deals/${family.dealId}/memorial/photos`, {
    method: "POST",
    headers: await signInHeaders(ctx.db, "client", family.emails.owner),
    body: uploadForm(await makePng(40, 40), {}, "p.png", "image/png"),
  });
  photoId = ((await photo.json()) as { data: { id: number } }).data.id;
  condolenceId = await newCondolence();
  const [report] = await ctx.db.insert(memorialReports).values({ memorialId, targetType: "condolence", targetId: condolenceId, reason: "" }).returning({ id: memorialReports.id });
  reportId = report!.id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function newCondolence(): Promise<number> {
  const [row] = await ctx.db.insert(memorialCondolences).values({ memorialId, authorName: "Ami", message: "Pensées", status: "published", publishedAt: new Date() }).returning({ id: memorialCondolences.id });
  return row!.id;
}

/** A gallery photo whose files do not exist (deleting a missing key is not an error): a fresh target for each caller. */
async function newPhoto(): Promise<number> {
  const [row] = await ctx.db
    .insert(memorialPhotos)
    .values({ memorialId, source: "family", status: "published", width: 10, height: 10, variants: [{ width: 10, height: 10, format: "webp", key: newStorageKey(), byteSize: 1 }] })
    .returning({ id: memorialPhotos.id });
  return row!.id;
}

const base = () => `/api/v1/deals/${family.dealId}/memorial`;
const page = () => `/api/v1/memorial_pages/${slug}`;

describeFamilyMatrix("memorial, family side", () => ctx, () => family.emails, [
  { title: "GET memorial", request: () => `GET ${base()}`, expect: READ },
  { title: "POST memorial (already exists)", request: () => `POST ${base()}`, body: {}, expect: WRITE(422) },
  { title: "PUT memorial", request: () => `PUT ${base()}`, body: { text: "Texte" }, expect: WRITE(200) },
  { title: "PUT memorial visibility", request: () => `PUT ${base()}`, body: { visibility: "link" }, expect: WRITE(200) },
  { title: "PUT memorial visibility change", request: () => `PUT ${base()}`, body: { visibility: "public" }, expect: OWNER_ONLY(200) },
  { title: "POST photos (no file)", request: () => `POST ${base()}/photos`, expect: WRITE(422) },
  { title: "PUT photo", request: () => `PUT ${base()}/photos/${photoId}`, body: { caption: "Légende" }, expect: WRITE(200) },
  { title: "PUT photo_order", request: () => `PUT ${base()}/photo_order`, body: () => ({ photo_ids: [photoId] }), expect: WRITE(200) },
  { title: "GET photo file", request: () => `GET ${base()}/photos/${photoId}/40.webp`, expect: READ },
  { title: "DELETE photo", request: async () => `DELETE ${base()}/photos/${await newPhoto()}`, expect: WRITE(204) },
  { title: "GET condolences", request: () => `GET ${base()}/condolences`, expect: READ },
  { title: "PUT condolence", request: () => `PUT ${base()}/condolences/${condolenceId}`, body: { status: "published" }, expect: WRITE(200) },
  { title: "DELETE condolence", request: async () => `DELETE ${base()}/condolences/${await newCondolence()}`, expect: WRITE(204) },
  { title: "GET reports", request: () => `GET ${base()}/reports`, expect: WRITE(200) },
  { title: "PUT report", request: () => `PUT ${base()}/reports/${reportId}`, body: { action: "dismiss" }, expect: WRITE(200) },
  { title: "GET condolence book", request: () => `GET ${base()}/condolence_book.pdf`, expect: READ },
  { title: "GET ceremony.ics (no dated ceremony)", request: () => `GET ${base()}/ceremony.ics`, expect: { ...READ, owner: 404, editor: 404, reader: 404 } },
  { title: "POST slug", request: () => `POST ${base()}/slug`, expect: OWNER_ONLY(200) },
]);

describeFamilyMatrix("memorial, visitors' side", () => ctx, () => family.emails, [
  { title: "GET page", request: async () => `GET ${await currentPage()}`, expect: EVERYONE(200) },
  { title: "POST condolence", request: async () => `POST ${await currentPage()}/condolences`, body: { author_name: "Visiteur", message: "Pensées" }, expect: EVERYONE(201) },
  { title: "POST report", request: async () => `POST ${await currentPage()}/reports`, body: () => ({ target_type: "condolence", target_id: condolenceId }), expect: EVERYONE(201) },
  { title: "POST photo (not allowed)", request: async () => `POST ${await currentPage()}/photos`, expect: EVERYONE(422) },
  { title: "GET photo file", request: async () => `GET ${await currentPage()}/photos/${photoId}/40.webp`, expect: EVERYONE(200) },
  { title: "GET ceremony.ics (no dated ceremony)", request: async () => `GET ${await currentPage()}/ceremony.ics`, expect: EVERYONE(404) },
  { title: "GET unknown page", request: () => `GET /api/v1/memorial_pages/${"x".repeat(24)}`, expect: EVERYONE(404) },
]);

async function currentPage(): Promise<string> {
  const [row] = await ctx.db.select({ slug: memorials.slug }).from(memorials).where(eq(memorials.id, memorialId));
  slug = row!.slug;
  return page();
}

describeFamilyMatrix("memorial, deletion (last)", () => ctx, () => family.emails, [{ title: "DELETE memorial", request: () => `DELETE ${base()}`, expect: OWNER_ONLY(204) }]);
