import { asc, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { DIRECTORY_DESCRIPTORS } from "@/domain/directory/registry";
import { DEMO_PRO_ORGANISATION_NAME } from "@/server/db/seed/demo/accounts";
import { concessionTypes, crematoriums } from "@/server/db/schema/partners";
import { bindingOf } from "@/server/services/directory/bindings";
import { createTestApp, type TestContext } from "../helpers/app";
import { describeAuthorizationMatrix, type MatrixRow } from "../helpers/authorization-matrix";

/**
 * Every directory route of every type against every caller (issue 15): visitors, clients
 * and broken credentials 401; analytics guests 403 everywhere; advisors, directors and
 * admins everything; the pro (4), who works for the Lyon crematorium, reads and changes
 * that entry only (404 on any other entry, an empty list elsewhere), reads the reference
 * lists, and creates, deletes, imports and exports nothing (403). Bodies are chosen so
 * every admitted caller gets the same answer: an empty change, the current flag, an
 * invalid creation, a missing entry to delete, a dry-run import.
 */
let ctx: TestContext;
const ids: Record<string, number> = {};
let ownCrematorium = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const [own] = await ctx.db.select({ id: crematoriums.id }).from(crematoriums).where(eq(crematoriums.name, DEMO_PRO_ORGANISATION_NAME));
  ownCrematorium = own!.id;
  for (const d of DIRECTORY_DESCRIPTORS as readonly DirectoryDescriptor[]) {
    const binding = bindingOf(d.type as never);
    const idColumn = (binding.table as unknown as { id: never }).id;
    // Another entry than the pro's own (for crematoriums), in the type's own scope.
    const where = d.type === "crematoriums" ? ne(crematoriums.id, ownCrematorium) : d.type === "concession_types" ? isNull(concessionTypes.graveyardId) : undefined;
    const [row] = (await ctx.db.select({ id: idColumn }).from(binding.table).where(where).orderBy(asc(idColumn)).limit(1)) as { id: number }[];
    ids[d.type] = row!.id;
  }
}, 60_000);
afterAll(async () => ctx?.close());

const NONE = { visitor: 401, client: 401, forged: 401, borrowed: 401 } as const;
const STAFF = (status: number) => ({ admin: status, director: status, advisor: status });

function rows(d: DirectoryDescriptor): MatrixRow[] {
  const base = `/api/v1/${d.segment}`;
  const other = `:${d.type}`;
  const reference = d.group === "reference";
  const out: MatrixRow[] = [
    { request: `GET ${base}`, expect: { ...NONE, ...STAFF(200), guest: 403, pro: 200 } },
    { request: `GET ${base}/${other}`, expect: { ...NONE, ...STAFF(200), guest: 403, pro: reference ? 200 : 404 } },
    { request: `GET ${base}/${other}/dependents`, expect: { ...NONE, ...STAFF(200), guest: 403, pro: reference ? 200 : 404 } },
    { request: `GET ${base}/${other}/changes`, expect: { ...NONE, ...STAFF(200), guest: 403, pro: reference ? 200 : 404 } },
    { request: `PUT ${base}/${other}`, body: {}, expect: { ...NONE, ...STAFF(200), guest: 403, pro: reference ? 403 : 404 } },
    { request: `POST ${base}`, body: {}, expect: { ...NONE, ...STAFF(422), guest: 403, pro: 403 } },
    { request: `DELETE ${base}/999999`, expect: { ...NONE, ...STAFF(404), guest: 403, pro: 403 } },
    { request: `GET ${base}/export.csv`, expect: { ...NONE, ...STAFF(200), guest: 403, pro: 403 } },
    // Without a CSV body: 415 for whoever may import.
    { request: `POST ${base}/import?dry_run=true`, expect: { ...NONE, ...STAFF(415), guest: 403, pro: 403 } },
  ];
  if (d.disableable) out.push({ request: `PUT ${base}/${other}/disabled`, body: { value: false }, expect: { ...NONE, ...STAFF(200), guest: 403, pro: 404 } });
  return out;
}

const own: MatrixRow[] = [
  // The pro's own organisation: read, change, disable; never create, delete or import.
  { request: "GET /api/v1/crematoriums/:own", expect: { pro: 200, advisor: 200, guest: 403, visitor: 401 } },
  { request: "GET /api/v1/crematoriums/:own/dependents", expect: { pro: 200, advisor: 200, guest: 403 } },
  { request: "GET /api/v1/crematoriums/:own/changes", expect: { pro: 200, advisor: 200, guest: 403 } },
  { request: "PUT /api/v1/crematoriums/:own", body: {}, expect: { pro: 200, advisor: 200, guest: 403, client: 401 } },
  { request: "PUT /api/v1/crematoriums/:own/disabled", body: { value: false }, expect: { pro: 200, advisor: 200, guest: 403, client: 401 } },
  { request: "DELETE /api/v1/crematoriums/:own", expect: { pro: 403, guest: 403, client: 401 } },
  // Autocompletes: disabled entries only for the directory staff.
  { request: "GET /api/v1/autocompletes/funeral_parlors?disabled=true", expect: { ...STAFF(200), guest: 403, pro: 403, visitor: 401, client: 401 } },
  { request: "GET /api/v1/autocompletes/graveyards?disabled=true", expect: { ...STAFF(200), guest: 403, pro: 403, visitor: 401 } },
  { request: "GET /api/v1/autocompletes/graveyards", expect: { ...STAFF(200), visitor: 200 } },
];

describeAuthorizationMatrix(
  "directory",
  () => ctx,
  [...(DIRECTORY_DESCRIPTORS as readonly DirectoryDescriptor[]).flatMap(rows), ...own],
  { params: () => ({ ...ids, own: ownCrematorium }) },
);
