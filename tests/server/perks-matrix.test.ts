import { afterAll, beforeAll } from "vitest";
import { perkCategories, perks } from "@/server/db/schema/content";
import { createTestApp, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix, type ExtraCaller } from "./helpers/authorization-matrix";
import { createFamily, familyCallers, type FamilyFixture } from "./helpers/family-fixtures";

/**
 * Perks against every caller (issue 16): admins and funeral directors (0-1) manage perks and
 * categories and list usages; advisors (2) read perks and categories only; analytics guests
 * and partner pros (3-4) 403; clients (the deal's family too) and visitors 401 on the
 * back-office routes. The family's routes: every family role but the notary reads the perks
 * open to its deal; owner and editors use one (once per deal: the owner, tried after the
 * editor, finds it used: 422); the notary and readers 403 to using; a stranger client 404;
 * business users 401. Rows that create or delete run on targets of their own.
 */
type Member = "owner" | "editor" | "reader" | "notary" | "stranger";

let ctx: TestContext;
let family: FamilyFixture;
const params: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  family = await createFamily(ctx.db, "perks-matrix");
  const [category] = await ctx.db.insert(perkCategories).values({ name: "Matrice", kind: "perks", position: 9 }).returning({ id: perkCategories.id });
  const [empty] = await ctx.db.insert(perkCategories).values({ name: "Vide", kind: "paperworks", position: 10 }).returning({ id: perkCategories.id });
  const [perk, spare, usable] = await ctx.db
    .insert(perks)
    .values([
      { perkCategoryId: category!.id, name: "Offre ouverte", partnerName: "Partenaire", code: "CODE-1" },
      { perkCategoryId: category!.id, name: "Offre à supprimer", partnerName: "Partenaire" },
      { perkCategoryId: category!.id, name: "Offre à utiliser par l'éditeur", partnerName: "Partenaire" },
    ])
    .returning({ id: perks.id });
  Object.assign(params, { deal: family.dealId, category: category!.id, empty: empty!.id, perk: perk!.id, spare: spare!.id, usable: usable!.id });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const callers = (): Record<Member, ExtraCaller> => familyCallers(family);

const CLIENTS_OUT = { visitor: 401, client: 401, owner: 401, editor: 401, reader: 401, notary: 401, stranger: 401, forged: 401, borrowed: 401 } as const;
const STAFF_READ = { ...CLIENTS_OUT, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } as const;
const MANAGE = (status: number) => ({ ...CLIENTS_OUT, admin: status, director: status, advisor: 403, guest: 403, pro: 403 }) as const;
const BUSINESS_OUT = { visitor: 401, admin: 401, director: 401, advisor: 401, guest: 401, pro: 401, forged: 401, borrowed: 401 } as const;

describeAuthorizationMatrix<Member>(
  "perks",
  () => ctx,
  [
    // Categories
    { request: "GET /api/v1/perk_categories", expect: STAFF_READ },
    { request: "GET /api/v1/perk_categories/:category", expect: STAFF_READ },
    { request: "GET /api/v1/perk_categories/999999", expect: { admin: 404, advisor: 404, guest: 403, owner: 401 } },
    { request: "POST /api/v1/perk_categories", body: { name: "Nouvelle", kind: "paperworks" }, expect: MANAGE(201) },
    { request: "PUT /api/v1/perk_categories/:category", body: { name: "Matrice (renommée)" }, expect: MANAGE(200) },
    { request: "DELETE /api/v1/perk_categories/:category", expect: MANAGE(422) },
    { request: "DELETE /api/v1/perk_categories/:empty", expect: { ...MANAGE(404), admin: 204 } },
    // Perks
    { request: "GET /api/v1/perks", expect: STAFF_READ },
    { request: "GET /api/v1/perks/:perk", expect: STAFF_READ },
    { request: "POST /api/v1/perks", body: () => ({ perk_category_id: params.category, name: "Nouvelle offre", partner_name: "Partenaire" }), expect: MANAGE(201) },
    { request: "PUT /api/v1/perks/:perk", body: { benefit: "-10 %" }, expect: MANAGE(200) },
    { request: "DELETE /api/v1/perks/:spare", expect: { ...MANAGE(404), admin: 204 } },
    { request: "GET /api/v1/perks/:perk/usages", expect: MANAGE(200) },
    { request: "GET /api/v1/perks/999999/usages", expect: { admin: 404, director: 404, advisor: 403, owner: 401 } },
    // The family's side
    { request: "GET /api/v1/deals/:deal/perks", expect: { ...BUSINESS_OUT, owner: 200, editor: 200, reader: 200, notary: 403, stranger: 404, client: 404 } },
    { request: "GET /api/v1/deals/999999/perks", expect: { owner: 404, stranger: 404, admin: 401 } },
    {
      request: "POST /api/v1/perks/:perk/usages",
      body: () => ({ deal_id: params.deal }),
      expect: { ...BUSINESS_OUT, stranger: 404, client: 404, notary: 403, reader: 403, editor: 201, owner: 422 },
    },
    { request: "POST /api/v1/perks/:usable/usages", body: () => ({ deal_id: params.deal }), expect: { owner: 201, editor: 422 } },
    { request: "POST /api/v1/perks/999999/usages", body: () => ({ deal_id: params.deal }), expect: { owner: 404, stranger: 404, admin: 401 } },
  ],
  { callers, params: () => params },
);
