import * as auth from "@/server/db/schema/auth";
import * as catalog from "@/server/db/schema/catalog";
import * as content from "@/server/db/schema/content";
import * as deals from "@/server/db/schema/deals";
import * as directory from "@/server/db/schema/directory";
import * as documents from "@/server/db/schema/documents";
import * as geo from "@/server/db/schema/geo";
import * as invoices from "@/server/db/schema/invoices";
import * as jobs from "@/server/db/schema/jobs";
import * as memorials from "@/server/db/schema/memorials";
import * as partners from "@/server/db/schema/partners";
import * as paymentSandbox from "@/server/db/schema/payment-sandbox";
import * as payments from "@/server/db/schema/payments";
import * as procedures from "@/server/db/schema/procedures";
import * as suppliers from "@/server/db/schema/suppliers";
import * as travel from "@/server/db/schema/travel";
import * as users from "@/server/db/schema/users";

/** Every table, for Drizzle's typed `db.query` API; code imports tables from their domain file. */
export const schema = {
  ...auth,
  ...catalog,
  ...content,
  ...deals,
  ...directory,
  ...documents,
  ...geo,
  ...invoices,
  ...jobs,
  ...memorials,
  ...partners,
  ...paymentSandbox,
  ...payments,
  ...procedures,
  ...suppliers,
  ...travel,
  ...users,
};
export type Schema = typeof schema;
