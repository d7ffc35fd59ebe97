import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { serverEnv } from "@/config/env";
import { BRAND } from "@/config/brand";
import { MAX_DOCUMENT_BYTES } from "@/domain/supporting-documents";
import type { Db } from "@/server/db/client";
import { actingCompany } from "@/server/http/acting-company";
import { authenticate } from "@/server/http/auth";
import { allowedOrigins, corsMiddleware } from "@/server/http/cors";
import type { AppEnv } from "@/server/http/env";
import { errorResponse, handleError, handleNotFound } from "@/server/http/errors";
import { FIXED_SECURITY_HEADERS, NON_DOCUMENT_CSP } from "@/server/http/security-headers.mjs";
import { validationHook } from "@/server/http/validation";
import { configuredFileStorage } from "@/server/integrations/storage/configured-storage";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { registerAuthRoutes } from "@/server/routes/auth";
import { registerAdministrativeProcedureRoutes } from "@/server/routes/administrative-procedures";
import { registerAutocompleteRoutes } from "@/server/routes/autocompletes";
import { registerClientRoutes } from "@/server/routes/clients";
import { registerCompanyRoutes } from "@/server/routes/companies";
import { registerDealRoutes } from "@/server/routes/deals";
import { registerDirectoryRoutes } from "@/server/routes/directory";
import { MAX_IMPORT_BYTES } from "@/server/routes/directory-import-body";
import { registerDealDocumentRoutes } from "@/server/routes/deal-documents";
import { registerDocumentEditionRoutes } from "@/server/routes/document-editions";
import { registerDealExtraRoutes } from "@/server/routes/deal-extras";
import { registerBookingTransactionRoutes } from "@/server/routes/booking-transactions";
import { registerSignatureRequestRoutes } from "@/server/routes/signature-requests";
import { registerDealPeopleRoutes } from "@/server/routes/deal-people";
import { registerDealWorkRoutes } from "@/server/routes/deal-work";
import { registerEntityInvoiceRoutes } from "@/server/routes/entity-invoices";
import { registerNotificationRoutes } from "@/server/routes/notifications";
import { registerStatisticsRoutes } from "@/server/routes/statistics";
import { registerFamilyRoutes } from "@/server/routes/family";
import { registerDevSmsOutboxRoutes } from "@/server/routes/dev-sms-outbox";
import { registerDocumentRequestRoutes } from "@/server/routes/document-requests";
import { registerFuneralFunnelRoutes } from "@/server/routes/funeral-quote";
import { registerFlowerFunnelRoutes } from "@/server/routes/flower-funnel";
import { registerDealV2Routes } from "@/server/routes/deals-v2";
import { registerProductRoutes } from "@/server/routes/products";
import { registerMarbleFunnelRoutes } from "@/server/routes/marble-funnel";
import { registerMemorialRoutes } from "@/server/routes/memorials";
import { registerFundingAgencyRoutes } from "@/server/routes/funding-agencies";
import { registerHealthRoutes } from "@/server/routes/health";
import { registerJobRoutes } from "@/server/routes/jobs";
import { registerLeadRoutes } from "@/server/routes/leads";
import { registerSupportingDocumentRoutes } from "@/server/routes/supporting-documents";
import { registerPaymentRoutes } from "@/server/routes/payments";
import { registerWebsiteRoutes } from "@/server/routes/website";
import { AutocompleteCache, DEFAULT_AUTOCOMPLETE_CACHE, type AutocompleteCacheOptions } from "@/server/services/autocompletes/cache";
import { NO_PAGE_CACHE, type DirectoryCachePort } from "@/server/services/directory/cache-port";

export interface AppOptions {
  /** The database handle, or how to get it (the process-wide one opens lazily on the first request). */
  db: Db | (() => Promise<Db>);
  /** Front-end origin of the French site; every locale host is derived from it. Defaults to SITE_URL. */
  siteUrl?: string;
  /** Extra allowed origins. Defaults to CORS_ORIGINS. */
  corsOrigins?: readonly string[];
  /** Largest body accepted, in bytes (multipart uploads excepted). */
  maxBodyBytes?: number;
  /** Largest multipart/form-data body (file uploads), in bytes. */
  maxUploadBytes?: number;
  /** Storage of uploaded files; defaults to the configured one (S3 when S3_BUCKET is set, else DATA_DIR/files). */
  fileStorage?: FileStorage;
  /** Reference-data autocomplete cache; `{ maxEntries: 0 }` turns it off. */
  autocompleteCache?: Partial<AutocompleteCacheOptions>;
  /** The framework's page cache, told of directory changes (Next.js: revalidatePath); none by default. */
  pageCache?: DirectoryCachePort;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** A 20 MiB document plus room for the form's other fields and the multipart framing; the file's own limit is exact (receive-multipart.ts). */
export const DEFAULT_MAX_UPLOAD_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

/** The whole API: /api/v1, /api/v2 and /api/next (SPEC §7), plus its OpenAPI document at /api/docs. */
export function createApp(options: AppOptions) {
  const env = serverEnv();
  const origins = allowedOrigins(options.siteUrl ?? env.SITE_URL, options.corsOrigins ?? env.CORS_ORIGINS);
  const resolveDb = typeof options.db === "function" ? options.db : () => Promise.resolve(options.db as Db);
  const cache = new AutocompleteCache({ ...DEFAULT_AUTOCOMPLETE_CACHE, ...options.autocompleteCache });

  const pageCache = options.pageCache ?? NO_PAGE_CACHE;
  const directoryCache: DirectoryCachePort = {
    changed: async (change) => {
      // Pickers of places read live data, but a cached reference answer must not outlive a change either.
      cache.invalidate(change.type);
      // countries/flight_estimation lists the countries a flight reaches.
      if (change.repatriationPages) cache.invalidate("countries");
      await pageCache.changed(change);
    },
  };

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use("*", requestId({ headerName: "x-request-id", limitLength: 128 }));
  // Every API answer, errors included (Next.js keeps its own copy of the fixed ones from next.config.ts).
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(FIXED_SECURITY_HEADERS)) if (!c.res.headers.has(name)) c.header(name, value);
    if (!c.res.headers.has("content-security-policy")) c.header("Content-Security-Policy", NON_DOCUMENT_CSP);
  });
  app.use("*", corsMiddleware(origins));
  // JSON bodies are small; file uploads (multipart) get room for a scanned document or two.
  const tooLarge = (c: Context) => errorResponse(c, 413, "payload_too_large");
  const jsonLimit = bodyLimit({ maxSize: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES, onError: tooLarge });
  // A directory import's CSV (sent as text/csv) is larger than any JSON body.
  const csvLimit = bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: tooLarge });
  app.use("*", (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (type.startsWith("multipart/form-data")) return uploadLimit(c, next);
    if (type.startsWith("text/csv") && c.req.method === "POST" && c.req.path.endsWith("/import")) return csvLimit(c, next);
    return jsonLimit(c, next);
  });
  app.use("/api/*", async (c, next) => {
    // Health answers without the database or the session: it is the benchmark's baseline
    // and must say "up" even while the database is unreachable.
    if (c.req.path === "/api/v1/health") return next();
    c.set("db", await resolveDb());
    c.set("autocompleteCache", cache);
    c.set("fileStorage", options.fileStorage ?? configuredFileStorage());
    c.set("directoryCache", directoryCache);
    return authenticate()(c, next);
  });
  app.use("/api/*", (c, next) => (c.req.path === "/api/v1/health" ? next() : actingCompany()(c, next)));

  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerAutocompleteRoutes(app);
  registerCompanyRoutes(app);
  registerWebsiteRoutes(app);
  registerFundingAgencyRoutes(app);
  registerLeadRoutes(app);
  registerFuneralFunnelRoutes(app);
  registerFlowerFunnelRoutes(app);
  registerProductRoutes(app);
  registerMarbleFunnelRoutes(app);
  registerDealRoutes(app);
  registerDirectoryRoutes(app);
  registerDealV2Routes(app);
  registerDealWorkRoutes(app);
  registerDealDocumentRoutes(app);
  registerDocumentEditionRoutes(app);
  registerSignatureRequestRoutes(app);
  registerBookingTransactionRoutes(app);
  registerDealExtraRoutes(app);
  registerDealPeopleRoutes(app);
  registerNotificationRoutes(app);
  registerEntityInvoiceRoutes(app);
  registerStatisticsRoutes(app);
  registerFamilyRoutes(app);
  registerMemorialRoutes(app);
  registerJobRoutes(app);
  registerClientRoutes(app);
  registerAdministrativeProcedureRoutes(app);
  registerDocumentRequestRoutes(app);
  registerDevSmsOutboxRoutes(app);
  registerSupportingDocumentRoutes(app);
  registerPaymentRoutes(app);

  // GET /api/docs – the OpenAPI document generated from the route schemas
  app.doc31("/api/docs", {
    openapi: "3.1.0",
    info: {
      title: `${BRAND} API`,
      version: "1.0.0",
      description:
        "Errors: 422 answers { error: \"Unprocessable Entity\", errors: [codes] }; every other failure " +
        "{ error: \"<status text>\", message: \"<code>\" }. Business endpoints take the access-token, client and uid headers.",
    },
    servers: [{ url: "/" }],
  });

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
