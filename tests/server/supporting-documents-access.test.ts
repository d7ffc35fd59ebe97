import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileStorage } from "@/server/integrations/storage/local-storage";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { clientHeaders, createFamily, makePdf, uploadForm, type Family } from "./helpers/document-fixtures";

/**
 * Authorisation matrix of the supporting documents routes: every route against the four
 * family roles, a client holding nothing, a visitor, every business role and a forged
 * token. Reads: the family and case staff; writes: owner, editor and case staff (a reader
 * or the notary is 403: they know the procedure); a stranger 404 (no existence leak);
 * analytics guests and partner pros 403 (the guard), a visitor or a forged token 401.
 */
type Caller = "visitor" | "owner" | "editor" | "reader" | "notary" | "stranger" | "admin" | "director" | "advisor" | "guest" | "pro" | "forged";
const BUSINESS: Record<string, string> = { admin: "admin@demo.test", director: "directeur@demo.test", advisor: "conseiller@demo.test", guest: "analyste@demo.test", pro: "pro@demo.test" };

let ctx: TestContext;
let family: Family;
/** A fresh device session per request: tokens rotate (SPEC §7) and a reused one expires after the 5 s batch window. */
async function fresh(caller: Caller): Promise<Record<string, string>> {
  if (caller === "visitor") return {};
  if (caller === "forged") return { ...(await signInHeaders(ctx.db, "business_user", "admin@demo.test")), "access-token": "forged" };
  if (BUSINESS[caller]) return signInHeaders(ctx.db, "business_user", BUSINESS[caller]!);
  return clientHeaders(ctx.db, family.clients[caller as keyof Family["clients"]]);
}

beforeAll(async () => {
  ctx = await createTestApp({ fileStorage: new LocalFileStorage(mkdtempSync(join(tmpdir(), "paisible-matrix-"))) });
  family = await createFamily(ctx.db, "matrix");
});
afterAll(async () => {
  await ctx?.close();
});

/** A fresh document of an owner path, uploaded by someone allowed (so DELETE rows each remove their own). */
async function freshDocument(ownerPath: string): Promise<number> {
  const uploader = await fresh(ownerPath.startsWith("/api/v1/clients/") ? "owner" : "advisor");
  const response = await ctx.app.request(`${ownerPath}/supporting_documents`, { method: "POST", headers: uploader, body: uploadForm(makePdf(), { document_type: "other" }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

const READ_FAMILY = { owner: 200, editor: 200, reader: 200, notary: 200, stranger: 404 } as const;
const WRITE_FAMILY = { owner: 200, editor: 200, reader: 403, notary: 403, stranger: 404 } as const;
const STAFF = { admin: 200, director: 200, advisor: 200, guest: 403, pro: 403, visitor: 401, forged: 401 } as const;
const OWN_ONLY = { owner: 200, editor: 404, reader: 404, notary: 404, stranger: 404 } as const;
const created = (statuses: Record<string, number>) => Object.fromEntries(Object.entries(statuses).map(([k, v]) => [k, v === 200 ? 201 : v]));

interface Row {
  title: string;
  request: () => Promise<{ method: string; path: string; body?: FormData | string; json?: boolean }>;
  expect: Partial<Record<Caller, number>>;
}

function ownerRows(kind: string, ownerPath: () => string, family: Record<string, number>, write: Record<string, number>): Row[] {
  return [
    { title: `GET ${kind}/{id}/supporting_documents`, request: async () => ({ method: "GET", path: `${ownerPath()}/supporting_documents` }), expect: { ...family, ...STAFF } },
    {
      title: `POST ${kind}/{id}/supporting_documents`,
      request: async () => ({ method: "POST", path: `${ownerPath()}/supporting_documents`, body: uploadForm(makePdf(), { document_type: "death_certificate" }) }),
      expect: created({ ...write, ...STAFF }),
    },
    {
      title: `GET ${kind}/{id}/supporting_documents/{document_id}`,
      request: async () => ({ method: "GET", path: `${ownerPath()}/supporting_documents/${await freshDocument(ownerPath())}` }),
      expect: { ...family, ...STAFF },
    },
    {
      title: `PUT ${kind}/{id}/supporting_documents/{document_id}`,
      request: async () => ({ method: "PUT", path: `${ownerPath()}/supporting_documents/${await freshDocument(ownerPath())}`, body: JSON.stringify({ reference: "R-1" }), json: true }),
      expect: { ...write, ...STAFF },
    },
    {
      title: `DELETE ${kind}/{id}/supporting_documents/{document_id}`,
      request: async () => ({ method: "DELETE", path: `${ownerPath()}/supporting_documents/${await freshDocument(ownerPath())}` }),
      expect: { ...write, ...STAFF },
    },
    {
      title: `GET /supporting_documents/{id}/versions (${kind})`,
      request: async () => ({ method: "GET", path: `/api/v1/supporting_documents/${await freshDocument(ownerPath())}/versions` }),
      expect: { ...family, ...STAFF },
    },
    {
      title: `POST /supporting_documents/{id}/versions (${kind})`,
      request: async () => ({ method: "POST", path: `/api/v1/supporting_documents/${await freshDocument(ownerPath())}/versions`, body: uploadForm(makePdf()) }),
      expect: created({ ...write, ...STAFF }),
    },
    {
      title: `GET /supporting_documents/{id}/file (${kind})`,
      request: async () => ({ method: "GET", path: `/api/v1/supporting_documents/${await freshDocument(ownerPath())}/file` }),
      expect: { ...family, ...STAFF },
    },
  ];
}

const rows = (): Row[] => [
  ...ownerRows("/administrative_procedures", () => `/api/v1/administrative_procedures/${family.procedureId}`, READ_FAMILY, WRITE_FAMILY),
  ...ownerRows("/ongoing_formalities", () => `/api/v1/ongoing_formalities/${family.formalityId}`, READ_FAMILY, WRITE_FAMILY),
  ...ownerRows("/clients", () => `/api/v1/clients/${family.clients.owner.id}`, OWN_ONLY, OWN_ONLY),
  {
    title: "GET /supporting_documents/99999999/file (unknown)",
    request: async () => ({ method: "GET", path: "/api/v1/supporting_documents/99999999/file" }),
    expect: { owner: 404, admin: 404, visitor: 401, guest: 403 },
  },
  {
    title: "GET /administrative_procedures/99999999/supporting_documents (unknown)",
    request: async () => ({ method: "GET", path: "/api/v1/administrative_procedures/99999999/supporting_documents" }),
    expect: { owner: 404, advisor: 404, visitor: 401 },
  },
  {
    title: "GET /autocompletes/document_types",
    request: async () => ({ method: "GET", path: "/api/v1/autocompletes/document_types?q=acte" }),
    expect: { visitor: 401, owner: 200, stranger: 200, admin: 200, guest: 200, pro: 200, forged: 401 },
  },
];

describe("authorisation matrix: supporting documents", () => {
  // Rows are named now and built when run (the ids exist once the family is created); one test per row, every caller in it.
  it.each(
    [
      ...ownerRows("/administrative_procedures", () => "", READ_FAMILY, WRITE_FAMILY),
      ...ownerRows("/ongoing_formalities", () => "", READ_FAMILY, WRITE_FAMILY),
      ...ownerRows("/clients", () => "", OWN_ONLY, OWN_ONLY),
    ]
      .map((r) => r.title)
      .concat(["GET /supporting_documents/99999999/file (unknown)", "GET /administrative_procedures/99999999/supporting_documents (unknown)", "GET /autocompletes/document_types"]),
  )("%s", async (title) => {
    const row = rows().find((r) => r.title === title)!;
    const seen: Record<string, number> = {};
    for (const caller of Object.keys(row.expect) as Caller[]) {
      const { method, path, body, json } = await row.request();
      const h = { ...(await fresh(caller)), ...(json ? { "content-type": "application/json" } : {}) };
      const response = await ctx.app.request(path, { method, headers: h, body });
      seen[caller] = response.status;
      if (response.status === 401) expect(await response.json()).toEqual({ error: "Unauthorized", message: "unauthorized" });
      else if (response.status === 403) expect(await response.json()).toEqual({ error: "Forbidden", message: "forbidden" });
      else if (response.status === 404) expect(await response.json()).toEqual({ error: "Not Found", message: "not_found" });
      else await response.arrayBuffer();
    }
    expect(seen).toEqual(row.expect);
  });
});
