import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { idSchema } from "@/domain/schemas/common";
import { DEAL_KINDS, dealCommentarySchema, type DealKind } from "@/domain/schemas/deal";
import { storableText } from "@/domain/text";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { authNow } from "@/server/services/auth/clock";
import { updateDealCommentary } from "@/server/services/deals/deal-commentary";

/** Clients holding the deal (checked by the use case: owner and editors write) and the advisors running cases. */
const COMMENTATORS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });

const bodySchema = z
  .object({
    deal: z.object({
      commentary: storableText(dealCommentarySchema.shape.deal.shape.commentary, "deal__commentary__invalid_characters"),
    }),
  })
  .meta({ id: "DealCommentaryUpdate" });

const answerSchema = z
  .object({
    data: z.object({
      id: z.number().int(),
      kind: z.enum(DEAL_KINDS),
      client_commentary: z.string().nullable().meta({ description: "The family's comment" }),
      commentary: z.string().nullable().optional().meta({ description: "The advisors' internal note; only in an advisor's answer" }),
    }),
  })
  .meta({ id: "DealCommentary" });

function commentaryRoute(kind: DealKind) {
  return createRoute({
    method: "put",
    path: `/api/v2/deals/${kind}/{id}`,
    middleware: [guard(COMMENTATORS)] as const,
    tags: ["Deals"],
    summary: `Comment on a ${kind} deal: a family member writes the family's comment (client_commentary), an advisor the internal note (commentary)`,
    description: "The owner and editors of the deal write client_commentary; advisors (roles 0-2) write commentary. A reader or notary gets 403; a deal not held, or of another kind, 404.",
    request: { params: z.object({ id: idSchema }), body: { content: { "application/json": { schema: bodySchema } }, required: true } },
    responses: {
      200: jsonResponse(answerSchema, "The deal's comments"),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  });
}

const funeralRoute = commentaryRoute("funeral");
const itemRoute = commentaryRoute("item");
const marbleRoute = commentaryRoute("marble");

export function registerDealV2Routes(app: OpenAPIHono<AppEnv>) {
  // PUT /api/v2/deals/funeral/{id} – the family's comment or the advisors' note on a funeral deal
  app.openapi(funeralRoute, async (c) =>
    c.json({ data: await updateDealCommentary(c.get("db"), sessionOf(c), "funeral", c.req.valid("param").id, c.req.valid("json").deal.commentary, authNow()) }, 200),
  );

  // PUT /api/v2/deals/item/{id} – the same on an item deal (a flowers order)
  app.openapi(itemRoute, async (c) =>
    c.json({ data: await updateDealCommentary(c.get("db"), sessionOf(c), "item", c.req.valid("param").id, c.req.valid("json").deal.commentary, authNow()) }, 200),
  );

  // PUT /api/v2/deals/marble/{id} – the same on a monument deal
  app.openapi(marbleRoute, async (c) =>
    c.json({ data: await updateDealCommentary(c.get("db"), sessionOf(c), "marble", c.req.valid("param").id, c.req.valid("json").deal.commentary, authNow()) }, 200),
  );
}
