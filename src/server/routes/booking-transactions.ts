import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import { bookingTransactionUpdateSchema, bookingTransactionViewSchema } from "@/domain/schemas/booking-transaction";
import { idSchema } from "@/domain/schemas/common";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { listBookingTransactions, updateBookingTransaction } from "@/server/services/deals/booking-transactions";

/** Booking transactions of a deal (SPEC §7 "Deals (v1)"): "work" of business-deal-access.ts. */
const WORKERS = signedIn({ business: rolesFor("work") });
const NO_STORE = { "cache-control": "private, no-store" } as const;
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}/booking_transactions",
  tags: ["Deals"],
  summary: "The deal's bookings with partners and their answers",
  middleware: [guard(WORKERS)] as const,
  request: { params: z.object({ id: idSchema }) },
  responses: { 200: jsonResponse(z.object({ data: z.array(bookingTransactionViewSchema) }), "The bookings"), ...refusals },
});

const updateRoute = createRoute({
  method: "put",
  path: "/api/v1/deals/{id}/booking_transactions/{booking_id}",
  tags: ["Deals"],
  summary: "Record a partner's answer: status booking_accepted | booking_rejected (422 booking_transaction__status__invalid), comment",
  middleware: [guard(WORKERS)] as const,
  request: { params: z.object({ id: idSchema, booking_id: idSchema }), body: { content: { "application/json": { schema: bookingTransactionUpdateSchema } }, required: true } },
  responses: { 200: jsonResponse(z.object({ data: bookingTransactionViewSchema }), "The booking"), 400: errorResponses[400], ...refusals },
});

export function registerBookingTransactionRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/deals/{id}/booking_transactions – the deal's bookings
  app.openapi(listRoute, async (c) => {
    return c.json({ data: await listBookingTransactions(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE);
  });

  // PUT /api/v1/deals/{id}/booking_transactions/{booking_id} – record the partner's answer
  app.openapi(updateRoute, async (c) => {
    const { id, booking_id } = c.req.valid("param");
    return c.json({ data: await updateBookingTransaction(c.get("db"), sessionOf(c), id, booking_id, c.req.valid("json"), new Date()) }, 200, NO_STORE);
  });
}
