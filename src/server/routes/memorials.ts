import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { publicAccess, signedIn } from "@/domain/access";
import { idSchema, localeSchema } from "@/domain/schemas/common";
import {
  MEMORIAL_LIMITS,
  memorialCondolenceDecisionSchema,
  memorialCondolenceListQuerySchema,
  memorialCondolenceSchema,
  memorialCreateSchema,
  memorialPhotoOrderSchema,
  memorialPhotoSchema,
  memorialPhotoUpdateSchema,
  memorialReportDecisionSchema,
  memorialReportSchema,
  memorialSchema,
  memorialUpdateSchema,
} from "@/domain/schemas/memorial";
import { memorialCondolenceCreateSchema, memorialCondolenceReceiptSchema, memorialPageSchema, memorialReportCreateSchema, memorialSlugSchema, memorialVisitorPhotoFieldsSchema } from "@/domain/schemas/memorial-page";
import { serverEnv } from "@/config/env";
import { guard, sessionOf } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { ApiError, notFoundError } from "@/server/http/errors";
import { requestLocale } from "@/server/http/locale";
import { issueCodes } from "@/server/http/validation";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { condolenceBookPdf } from "@/server/services/memorial/condolence-book";
import { decideCondolence, deleteCondolence, leaveCondolence, listFamilyCondolences } from "@/server/services/memorial/condolences";
import { familyCeremonyIcs, visitorCeremonyIcs } from "@/server/services/memorial/memorial-ics";
import { addVisitorPhoto, getMemorialPage, visitorPhotoFile } from "@/server/services/memorial/memorial-page";
import { requireMemorial } from "@/server/services/memorial/memorial-access";
import { parseVariantFile } from "@/server/services/memorial/memorial-views";
import { createMemorial, deleteMemorial, getFamilyMemorial, regenerateMemorialSlug, updateMemorial } from "@/server/services/memorial/memorials";
import { receivePhotoUpload } from "@/server/services/memorial/photo-files";
import { addFamilyPhoto, deleteFamilyPhoto, familyPhotoFile, reorderFamilyPhotos, updateFamilyPhoto, type PhotoFile } from "@/server/services/memorial/photos";
import { decideReport, listReports, reportItem } from "@/server/services/memorial/reports";
import { admitVisitor } from "@/server/services/memorial/visitor-memorial";
import type { ReceivedUpload } from "@/server/services/supporting-documents/receive-multipart";

/**
 * Memorial pages (issue 17; docs/architecture.md "Memorials"). The family's routes take the
 * deal's id and are for clients only (the ability is checked in the use case: 404 to a
 * notary or a stranger, 403 to a role that does not reach the action); the visitors'
 * routes are public and take the slug, the only key to a link or public memorial.
 */
const FAMILY = signedIn({ clients: true });
const VISITORS = publicAccess("the memorial's random slug (≥128 bits) is the key, and a private memorial answers 404 as an unknown slug does");
const NO_STORE = { "cache-control": "private, no-store" } as const;
const tooMany = { description: "Too many messages from this address or to this memorial; Retry-After says when to try again" };
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const dealParam = z.object({ id: idSchema });
const slugParam = z.object({ slug: memorialSlugSchema });
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const data = <T extends z.ZodType>(schema: T, description: string) => jsonResponse(z.object({ data: schema }), description);
const localeQuery = z.object({ locale: localeSchema.optional() });
const fileParam = z.string().meta({ description: "{width}.{webp|jpg}, one of the photo's variants", example: "960.webp" });
const binary = (type: string, description: string) => ({ description, content: { [type]: { schema: z.string().meta({ format: "binary" }) } } });
const imageResponse = { description: "The variant", content: { "image/webp": { schema: z.string().meta({ format: "binary" }) }, "image/jpeg": { schema: z.string().meta({ format: "binary" }) } } };

function photoBody(withAuthor: boolean) {
  const properties: Record<string, object> = {
    file: { type: "string", format: "binary", description: `JPEG, PNG or WebP (HEIC when the server's image library reads it), at most ${MEMORIAL_LIMITS.photoBytes} bytes; recognised by content` },
    caption: { type: "string", maxLength: MEMORIAL_LIMITS.caption },
  };
  if (withAuthor) properties.author_name = { type: "string", maxLength: MEMORIAL_LIMITS.condolenceAuthor };
  return { required: true, content: { "multipart/form-data": { schema: { type: "object" as const, required: withAuthor ? ["file", "author_name"] : ["file"], properties } } } };
}

// Not "required": the framework would then validate every body as JSON, multipart ones included.
const condolenceBody = {
  required: false,
  content: {
    "application/json": { schema: memorialCondolenceCreateSchema },
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        required: ["author_name", "message"],
        properties: { author_name: { type: "string" }, message: { type: "string" }, file: { type: "string", format: "binary", description: "An optional photo" } } as Record<string, object>,
      },
    },
  },
};

const family = <M extends "get" | "post" | "put" | "delete", P extends string>(method: M, path: P, summary: string) => ({
  method,
  path: `/api/v1/deals/{id}/memorial${path}` as `/api/v1/deals/{id}/memorial${P}`,
  tags: ["Memorials"],
  summary,
  middleware: [guard(FAMILY)],
});
const visitor = <M extends "get" | "post", P extends string>(method: M, path: P, summary: string) => ({
  method,
  path: `/api/v1/memorial_pages/{slug}${path}` as `/api/v1/memorial_pages/{slug}${P}`,
  tags: ["Memorial pages"],
  summary,
  middleware: [guard(VISITORS)],
});

const routes = {
  read: createRoute({ ...family("get", "", "The deal's memorial as the family sees it (owner, editor, reader)"), request: { params: dealParam }, responses: { 200: data(memorialSchema, "The memorial"), ...refusals } }),
  create: createRoute({
    ...family("post", "", "Create the deal's memorial (owner or editor; a funeral deal; one per deal)"),
    description: "422 memorial__deal__not_funeral, memorial__deal__already_exists, memorial__display_name__blank (no name given and none known for the deceased) and the fields' codes. A visibility other than private is the owner's (403).",
    request: { params: dealParam, body: { content: { "application/json": { schema: memorialCreateSchema } }, required: false } },
    responses: { 201: data(memorialSchema, "The memorial"), 400: errorResponses[400], ...refusals },
  }),
  update: createRoute({
    ...family("put", "", "Change the memorial (owner or editor; visibility: owner)"),
    request: { params: dealParam, ...json(memorialUpdateSchema) },
    responses: { 200: data(memorialSchema, "The memorial"), 400: errorResponses[400], ...refusals },
  }),
  remove: createRoute({ ...family("delete", "", "Delete the memorial, its condolences, photos and their files (owner)"), request: { params: dealParam }, responses: { 204: { description: "Deleted" }, ...refusals } }),
  slug: createRoute({ ...family("post", "/slug", "A new visitors' link: the old one answers 404 from now on (owner)"), request: { params: dealParam }, responses: { 200: data(memorialSchema, "The memorial"), ...refusals } }),
  addPhoto: createRoute({
    ...family("post", "/photos", "Add a photo to the gallery (owner or editor): re-encoded, EXIF removed, resized"),
    description: "413 memorial_photo__file__too_large; 422 memorial_photo__file__missing, __empty, __type_invalid, __heic_unsupported, __unreadable, __too_many_pixels, memorial_photo__memorial__too_many. A refused file leaves nothing stored.",
    request: { params: dealParam, body: photoBody(false) },
    responses: { 201: data(memorialPhotoSchema, "The photo"), 413: errorResponses[413], ...refusals },
  }),
  updatePhoto: createRoute({
    ...family("put", "/photos/{photo_id}", "A photo's caption, or the family's decision on a visitor's photo (owner or editor)"),
    request: { params: z.object({ id: idSchema, photo_id: idSchema }), ...json(memorialPhotoUpdateSchema) },
    responses: { 200: data(memorialPhotoSchema, "The photo"), 400: errorResponses[400], ...refusals },
  }),
  deletePhoto: createRoute({
    ...family("delete", "/photos/{photo_id}", "Delete a photo and its files (owner or editor)"),
    request: { params: z.object({ id: idSchema, photo_id: idSchema }) },
    responses: { 204: { description: "Deleted" }, ...refusals },
  }),
  photoOrder: createRoute({
    ...family("put", "/photo_order", "Order the gallery: every gallery photo's id once (owner or editor)"),
    description: "422 memorial_photo__photo_ids__mismatch when the list is not exactly the gallery.",
    request: { params: dealParam, ...json(memorialPhotoOrderSchema) },
    responses: { 200: data(z.array(memorialPhotoSchema), "The gallery in its new order"), 400: errorResponses[400], ...refusals },
  }),
  photoFile: createRoute({
    ...family("get", "/photos/{photo_id}/{file}", "A photo's variant, any state (owner, editor, reader; the session cookie works)"),
    request: { params: z.object({ id: idSchema, photo_id: idSchema, file: fileParam }) },
    responses: { 200: imageResponse, ...refusals },
  }),
  condolences: createRoute({
    ...family("get", "/condolences", "Every condolence, held ones included (owner, editor, reader)"),
    request: { params: dealParam, query: memorialCondolenceListQuerySchema },
    responses: { 200: data(z.array(memorialCondolenceSchema), "Newest first"), ...refusals },
  }),
  decideCondolence: createRoute({
    ...family("put", "/condolences/{condolence_id}", "Approve (published) or hide (rejected) a condolence (owner or editor)"),
    request: { params: z.object({ id: idSchema, condolence_id: idSchema }), ...json(memorialCondolenceDecisionSchema) },
    responses: { 200: data(memorialCondolenceSchema, "The condolence"), 400: errorResponses[400], ...refusals },
  }),
  deleteCondolence: createRoute({
    ...family("delete", "/condolences/{condolence_id}", "Delete a condolence and its photo's files (owner or editor)"),
    request: { params: z.object({ id: idSchema, condolence_id: idSchema }) },
    responses: { 204: { description: "Deleted" }, ...refusals },
  }),
  reports: createRoute({ ...family("get", "/reports", "Visitors' reports, open ones first (owner or editor)"), request: { params: dealParam }, responses: { 200: data(z.array(memorialReportSchema), "The reports"), ...refusals } }),
  decideReport: createRoute({
    ...family("put", "/reports/{report_id}", "Hide the reported item or dismiss the report (owner or editor)"),
    request: { params: z.object({ id: idSchema, report_id: idSchema }), ...json(memorialReportDecisionSchema) },
    responses: { 200: data(memorialReportSchema, "The report"), 400: errorResponses[400], ...refusals },
  }),
  book: createRoute({
    ...family("get", "/condolence_book.pdf", "The condolence book: approved condolences with names, dates, texts and photos (owner, editor, reader)"),
    request: { params: dealParam, query: localeQuery },
    responses: { 200: binary("application/pdf", "The book"), ...refusals },
  }),
  familyIcs: createRoute({
    ...family("get", "/ceremony.ics", "The ceremonies as a calendar file (owner, editor, reader); 404 without a dated ceremony"),
    request: { params: dealParam, query: localeQuery },
    responses: { 200: binary("text/calendar", "RFC 5545"), ...refusals },
  }),
  page: createRoute({ ...visitor("get", "", "A link or public memorial's page data (published items only)"), request: { params: slugParam }, responses: { 200: data(memorialPageSchema, "The page"), 404: errorResponses[404] } }),
  condolence: createRoute({
    ...visitor("post", "/condolences", "Leave a condolence (JSON, or multipart with an optional photo)"),
    description: "422 memorial_condolence__author_name__blank/__too_long, memorial_condolence__message__blank/__too_long and the photo's codes; 429 rate_limited.",
    request: { params: slugParam, body: condolenceBody },
    responses: { 201: data(memorialCondolenceReceiptSchema, "Received (pending when the family moderates first)"), 400: errorResponses[400], 404: errorResponses[404], 413: errorResponses[413], 422: errorResponses[422], 429: tooMany },
  }),
  visitorPhoto: createRoute({
    ...visitor("post", "/photos", "Add a photo when the family allows visitors to (multipart)"),
    description: "422 memorial_photo__visitors__not_allowed, memorial_photo__author_name__blank and the file's codes; 429 rate_limited.",
    request: { params: slugParam, body: photoBody(true) },
    responses: { 201: data(memorialCondolenceReceiptSchema, "Received"), 404: errorResponses[404], 413: errorResponses[413], 422: errorResponses[422], 429: tooMany },
  }),
  report: createRoute({
    ...visitor("post", "/reports", "Report a condolence or a photo to the family"),
    request: { params: slugParam, ...json(memorialReportCreateSchema) },
    responses: { 201: data(z.object({ id: z.number().int() }), "Reported"), 400: errorResponses[400], 404: errorResponses[404], 422: errorResponses[422], 429: tooMany },
  }),
  visitorIcs: createRoute({
    ...visitor("get", "/ceremony.ics", "The ceremonies as a calendar file"),
    request: { params: slugParam, query: localeQuery },
    responses: { 200: binary("text/calendar", "RFC 5545"), 404: errorResponses[404] },
  }),
  visitorPhotoFile: createRoute({
    ...visitor("get", "/photos/{photo_id}/{file}", "A published photo's variant"),
    request: { params: z.object({ slug: memorialSlugSchema, photo_id: idSchema, file: fileParam }) },
    responses: { 200: imageResponse, 404: errorResponses[404] },
  }),
};

const ipOf = (c: Context<AppEnv>) => clientIp(c);

/**
 * Headers of a visitors' answer: never stored (a hidden or deleted item leaves at once); a
 * link memorial is never indexed nor leaks its slug through Referer.
 */
function visitorHeaders(indexable: boolean): Record<string, string> {
  return indexable ? { ...NO_STORE } : { ...NO_STORE, "x-robots-tag": "noindex, nofollow", "referrer-policy": "no-referrer" };
}

function parseWith<T extends z.ZodType>(schema: T, input: Record<string, unknown>, problems: string[]): z.infer<T> | null {
  const result = schema.safeParse(input);
  if (!result.success) problems.push(...issueCodes(result.error.issues, input));
  return result.success ? result.data : null;
}

function fileOf(raw: string): { width: number; format: "webp" | "jpg" } {
  const parsed = parseVariantFile(raw);
  if (!parsed) throw notFoundError();
  return parsed;
}

function sendImage(c: Context<AppEnv>, file: PhotoFile, cache: Record<string, string>): Response {
  return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, { "content-type": file.contentType, "content-length": String(file.byteSize), ...cache });
}

/** A multipart body's spool is always removed, whatever the answer. */
async function withUpload<T>(c: Context<AppEnv>, run: (upload: ReceivedUpload) => Promise<T>, resource: "memorial_photo" | "memorial_condolence" = "memorial_photo"): Promise<T> {
  const upload = await receivePhotoUpload(c.req.raw, resource);
  try {
    return await run(upload);
  } finally {
    await upload.discard();
  }
}

export function registerMemorialRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/deals/{id}/memorial – the family's view
  app.openapi(routes.read, async (c) => c.json({ data: await getFamilyMemorial(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE));

  // POST /api/v1/deals/{id}/memorial – create it
  app.openapi(routes.create, async (c) => {
    const body = memorialCreateSchema.parse((c.req.valid("json") as unknown) ?? {});
    return c.json({ data: await createMemorial(c.get("db"), sessionOf(c), c.req.valid("param").id, body, new Date()) }, 201, NO_STORE);
  });

  // PUT /api/v1/deals/{id}/memorial – change it
  app.openapi(routes.update, async (c) => c.json({ data: await updateMemorial(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 200, NO_STORE));

  // DELETE /api/v1/deals/{id}/memorial – delete it with its files
  app.openapi(routes.remove, async (c) => {
    await deleteMemorial(c.get("db"), c.get("fileStorage"), sessionOf(c), c.req.valid("param").id, new Date());
    return c.body(null, 204);
  });

  // POST /api/v1/deals/{id}/memorial/slug – a new visitors' link
  app.openapi(routes.slug, async (c) => c.json({ data: await regenerateMemorialSlug(c.get("db"), sessionOf(c), c.req.valid("param").id, new Date()) }, 200, NO_STORE));

  // POST /api/v1/deals/{id}/memorial/photos – add a gallery photo
  app.openapi(routes.addPhoto, async (c) => {
    const db = c.get("db");
    const dealId = c.req.valid("param").id;
    // Who may write is known before a byte of the file is read.
    await requireMemorial(db, sessionOf(c), dealId, "edit");
    return withUpload(c, async (upload) => {
      const problems: string[] = [];
      const fields = parseWith(memorialPhotoUpdateSchema.pick({ caption: true }), Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== "")), problems);
      if (!upload.file) problems.push("memorial_photo__file__missing");
      if (problems.length > 0 || !fields || !upload.file) throw new ApiError(422, [...new Set(problems)]);
      const photo = await addFamilyPhoto(db, c.get("fileStorage"), sessionOf(c), dealId, upload.file, fields.caption ?? null, new Date());
      return c.json({ data: photo }, 201, NO_STORE);
    });
  });

  // PUT /api/v1/deals/{id}/memorial/photos/{photo_id} – caption or decision
  app.openapi(routes.updatePhoto, async (c) => {
    const { id, photo_id } = c.req.valid("param");
    return c.json({ data: await updateFamilyPhoto(c.get("db"), sessionOf(c), id, photo_id, c.req.valid("json"), new Date()) }, 200, NO_STORE);
  });

  // DELETE /api/v1/deals/{id}/memorial/photos/{photo_id} – delete a photo and its files
  app.openapi(routes.deletePhoto, async (c) => {
    const { id, photo_id } = c.req.valid("param");
    await deleteFamilyPhoto(c.get("db"), c.get("fileStorage"), sessionOf(c), id, photo_id, new Date());
    return c.body(null, 204);
  });

  // PUT /api/v1/deals/{id}/memorial/photo_order – order the gallery
  app.openapi(routes.photoOrder, async (c) => c.json({ data: await reorderFamilyPhotos(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 200, NO_STORE));

  // GET /api/v1/deals/{id}/memorial/photos/{photo_id}/{file} – a variant for the family
  app.openapi(routes.photoFile, async (c) => {
    const { id, photo_id, file } = c.req.valid("param");
    const variant = fileOf(file);
    const image = await familyPhotoFile(c.get("db"), c.get("fileStorage"), sessionOf(c), id, photo_id, variant.width, variant.format);
    return sendImage(c, image, { "cache-control": "private, max-age=300" });
  });

  // GET /api/v1/deals/{id}/memorial/condolences – every condolence
  app.openapi(routes.condolences, async (c) => c.json({ data: await listFamilyCondolences(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("query").status) }, 200, NO_STORE));

  // PUT /api/v1/deals/{id}/memorial/condolences/{condolence_id} – approve or hide
  app.openapi(routes.decideCondolence, async (c) => {
    const { id, condolence_id } = c.req.valid("param");
    return c.json({ data: await decideCondolence(c.get("db"), sessionOf(c), id, condolence_id, c.req.valid("json"), new Date()) }, 200, NO_STORE);
  });

  // DELETE /api/v1/deals/{id}/memorial/condolences/{condolence_id} – delete with its photo's files
  app.openapi(routes.deleteCondolence, async (c) => {
    const { id, condolence_id } = c.req.valid("param");
    await deleteCondolence(c.get("db"), c.get("fileStorage"), sessionOf(c), id, condolence_id, new Date());
    return c.body(null, 204);
  });

  // GET /api/v1/deals/{id}/memorial/reports – the moderation list
  app.openapi(routes.reports, async (c) => c.json({ data: await listReports(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE));

  // PUT /api/v1/deals/{id}/memorial/reports/{report_id} – hide the item or dismiss
  app.openapi(routes.decideReport, async (c) => {
    const { id, report_id } = c.req.valid("param");
    return c.json({ data: await decideReport(c.get("db"), sessionOf(c), id, report_id, c.req.valid("json"), new Date()) }, 200, NO_STORE);
  });

  // GET /api/v1/deals/{id}/memorial/condolence_book.pdf – the condolence book
  app.openapi(routes.book, async (c) => {
    const { pdf, filename } = await condolenceBookPdf(c.get("db"), c.get("fileStorage"), sessionOf(c), c.req.valid("param").id, requestLocale(c, c.req.valid("query").locale));
    return c.body(new Uint8Array(pdf), 200, { "content-type": "application/pdf", "content-disposition": `inline; filename="${filename}"`, ...NO_STORE });
  });

  // GET /api/v1/deals/{id}/memorial/ceremony.ics – the family's calendar file
  app.openapi(routes.familyIcs, async (c) => {
    const ics = await familyCeremonyIcs(c.get("db"), sessionOf(c), c.req.valid("param").id, serverEnv().SITE_URL, requestLocale(c, c.req.valid("query").locale), new Date());
    return c.body(ics, 200, { "content-type": "text/calendar; charset=utf-8", "content-disposition": 'attachment; filename="ceremonie.ics"', ...NO_STORE });
  });

  // GET /api/v1/memorial_pages/{slug} – the visitors' page data
  app.openapi(routes.page, async (c) => {
    const page = await getMemorialPage(c.get("db"), c.req.valid("param").slug);
    return c.json({ data: page }, 200, visitorHeaders(page.indexable));
  });

  // POST /api/v1/memorial_pages/{slug}/condolences – a visitor's condolence
  app.openapi(routes.condolence, async (c) => {
    const db = c.get("db");
    const now = new Date();
    const locale = requestLocale(c, undefined);
    // Visible and within the limits before a byte of the body is read.
    const memorial = await admitVisitor(db, c.req.valid("param").slug, "condolence", ipOf(c), now);
    const isMultipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    const run = async (fields: Record<string, unknown>, upload: ReceivedUpload | null) => {
      const problems: string[] = [];
      const body = parseWith(memorialCondolenceCreateSchema, fields, problems);
      if (problems.length > 0 || !body) throw new ApiError(422, [...new Set(problems)]);
      const receipt = await leaveCondolence(db, c.get("fileStorage"), { memorial, body, spool: upload?.file ?? null, locale, now });
      return c.json({ data: receipt }, 201, NO_STORE);
    };
    if (isMultipart) return withUpload(c, (upload) => run(upload.fields, upload), "memorial_condolence");
    const fields = await c.req.json().catch(() => {
      throw new ApiError(400, "invalid_json");
    });
    if (typeof fields !== "object" || fields === null || Array.isArray(fields)) throw new ApiError(400, "invalid_json");
    return run(fields as Record<string, unknown>, null);
  });

  // POST /api/v1/memorial_pages/{slug}/photos – a visitor's photo
  app.openapi(routes.visitorPhoto, async (c) => {
    const db = c.get("db");
    const now = new Date();
    const memorial = await admitVisitor(db, c.req.valid("param").slug, "photo", ipOf(c), now);
    return withUpload(c, async (upload) => {
      const problems: string[] = [];
      const fields = parseWith(memorialVisitorPhotoFieldsSchema, Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== "")), problems);
      if (!upload.file) problems.push("memorial_photo__file__missing");
      if (problems.length > 0 || !fields || !upload.file) throw new ApiError(422, [...new Set(problems)]);
      const receipt = await addVisitorPhoto(db, c.get("fileStorage"), { memorial, spool: upload.file, authorName: fields.author_name, caption: fields.caption ?? null, now });
      return c.json({ data: receipt }, 201, NO_STORE);
    });
  });

  // POST /api/v1/memorial_pages/{slug}/reports – a visitor's report
  app.openapi(routes.report, async (c) =>
    c.json({ data: await reportItem(c.get("db"), c.req.valid("param").slug, c.req.valid("json"), ipOf(c), new Date()) }, 201, NO_STORE),
  );

  // GET /api/v1/memorial_pages/{slug}/ceremony.ics – the visitors' calendar file
  app.openapi(routes.visitorIcs, async (c) => {
    const ics = await visitorCeremonyIcs(c.get("db"), c.req.valid("param").slug, serverEnv().SITE_URL, requestLocale(c, c.req.valid("query").locale), new Date());
    return c.body(ics, 200, { "content-type": "text/calendar; charset=utf-8", "content-disposition": 'attachment; filename="ceremonie.ics"', ...NO_STORE, "x-robots-tag": "noindex", "referrer-policy": "no-referrer" });
  });

  // GET /api/v1/memorial_pages/{slug}/photos/{photo_id}/{file} – a published photo's variant
  app.openapi(routes.visitorPhotoFile, async (c) => {
    const { slug, photo_id, file } = c.req.valid("param");
    const variant = fileOf(file);
    const { file: image, indexable } = await visitorPhotoFile(c.get("db"), c.get("fileStorage"), slug, photo_id, variant.width, variant.format);
    // A shared cache may keep a public photo a minute after the family removes it, never longer.
    return sendImage(c, image, indexable ? { "cache-control": "public, max-age=60" } : { "cache-control": "private, max-age=60", "x-robots-tag": "noindex", "referrer-policy": "no-referrer" });
  });
}
