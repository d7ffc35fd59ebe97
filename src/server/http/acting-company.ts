import type { MiddlewareHandler } from "hono";
import { COMPANY_ID_HEADER } from "@/domain/schemas/client";
import type { AppEnv } from "@/server/http/env";
import { errorResponse } from "@/server/http/errors";
import { actsFor } from "@/server/services/clients/client-companies";

/**
 * The company-id header of SPEC §7 (src/api-client/client.ts sends the stored company's id
 * on every call). For a signed-in client it must name a company the client acts for
 * (PUT /clients/{id}/companies): a malformed id is 422 company_id__invalid, another company
 * 403 company__not_acting_for, before any route runs. The admitted id is `companyId` on the
 * context. Visitors and business users act for no company: the header is ignored for them.
 */
export function actingCompany(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("companyId", null);
    const raw = c.req.header(COMPANY_ID_HEADER);
    const auth = c.get("auth");
    if (raw === undefined || raw.trim() === "" || auth?.realm !== "client") return next();
    const id = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return errorResponse(c, 422, "company_id__invalid");
    if (!(await actsFor(c.get("db"), auth.userId, id))) return errorResponse(c, 403, "company__not_acting_for");
    c.set("companyId", id);
    return next();
  };
}
