import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { canReadDevOutbox } from "@/server/http/dev-access";
import { outboxDir } from "@/server/integrations/mail/mailer";
import { listOutbox, readOutboxMessage, type StoredMail } from "@/server/integrations/mail/outbox";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";
import { escapeHtml } from "@/domain/escape-html";

// Answers 404 unless the outbox is readable here (development and tests, see isOutboxReadable).
const DEV_ONLY = publicAccess("development outbox, 404 wherever it is not readable");

/**
 * The development mail reader: the messages the outbox holds (DATA_DIR/outbox), as JSON
 * for tools and browser tests, or as a small page in a browser. Answers 404 unless the
 * connection comes from this machine (see canReadDevOutbox).
 */

const storedMailSchema = z
  .object({ id: z.string(), to: z.string(), from: z.string(), subject: z.string(), text: z.string(), html: z.string(), created_at: z.string() })
  .loose()
  .meta({ id: "OutboxMail" });

const listRoute = createRoute({
  method: "get",
  path: "/api/dev/outbox",
  middleware: [guard(DEV_ONLY)] as const,
  tags: ["Development"],
  summary: "E-mails written to the outbox, newest first (development only)",
  request: { query: z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }) },
  responses: {
    200: {
      description: "Messages: JSON, or a page listing them when the caller accepts text/html",
      content: { "application/json": { schema: z.object({ data: z.array(storedMailSchema) }) }, "text/html": { schema: z.string() } },
    },
    404: { description: "Not available here" },
  },
});

const oneRoute = createRoute({
  method: "get",
  path: "/api/dev/outbox/{id}",
  middleware: [guard(DEV_ONLY)] as const,
  tags: ["Development"],
  summary: "One e-mail of the outbox; its HTML body with ?format=html",
  request: { params: z.object({ id: z.string().max(64) }), query: z.object({ format: z.enum(["json", "html"]).default("json") }) },
  responses: {
    200: {
      description: "The message as JSON, or its HTML body with ?format=html",
      content: { "application/json": { schema: z.object({ data: storedMailSchema }) }, "text/html": { schema: z.string() } },
    },
    404: { description: "Unknown message" },
  },
});


/** The reader's pages and the mails shown in them: their own inline styles and embedded images, nothing that runs. */
const READER_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function listPage(mails: StoredMail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created_at)}</td><td>${escapeHtml(m.to)}</td><td><a href="/api/dev/outbox/${encodeURIComponent(m.id)}?format=html">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Outbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1f2b36}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d9d3ca;padding:.5rem;text-align:start}</style></head>
<body><h1>Outbox (development)</h1><p>E-mails the application would have sent. Set SMTP_URL to send them for real.</p>
<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No message yet.</td></tr>'}</tbody></table></body></html>`;
}

export function registerAuthOutboxRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/dev/outbox – list the outbox (JSON, or a page for a browser)
  app.openapi(listRoute, async (c) => {
    if (!canReadDevOutbox(c)) throw new ApiError(404, "not_found");
    const { to, limit } = c.req.valid("query");
    const mails = await listOutbox(outboxDir(), { to, limit });
    c.header("Cache-Control", "no-store");
    if ((c.req.header("accept") ?? "").includes("text/html")) {
      c.header("Content-Security-Policy", READER_CSP);
      return c.html(listPage(mails));
    }
    return c.json({ data: mails }, 200);
  });

  // GET /api/dev/outbox/{id} – one message
  app.openapi(oneRoute, async (c) => {
    if (!canReadDevOutbox(c)) throw new ApiError(404, "not_found");
    const { id } = c.req.valid("param");
    const mail = await readOutboxMessage(outboxDir(), id);
    if (!mail) throw new ApiError(404, "not_found");
    c.header("Cache-Control", "no-store");
    if (c.req.valid("query").format === "html") {
      c.header("Content-Security-Policy", READER_CSP);
      return c.html(mail.html);
    }
    return c.json({ data: mail }, 200);
  });
}
