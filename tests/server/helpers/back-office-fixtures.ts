import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import { deals } from "@/server/db/schema/deals";
import { businessUsers } from "@/server/db/schema/users";
import type { TestContext } from "./app";
import { LYON_CREMATION } from "./funnel-fixtures";

/** A deal a family submitted through the funeral funnel, as the back-office finds it. */
export interface BackOfficeDeal {
  id: number;
  uuid: string;
  defunctId: number | null;
  ownerEmail: string;
}

export async function submittedDeal(ctx: TestContext, email: string, options: { firstname?: string; lastname?: string; answers?: Record<string, unknown>; locale?: string } = {}): Promise<BackOfficeDeal> {
  const body = {
    ...(options.locale ? { locale: options.locale } : {}),
    answers: options.answers ?? LYON_CREMATION,
    client: { firstname: options.firstname ?? "Lucie", lastname: options.lastname ?? "Bernard", email, phone: "0611223344", contact_channel: "phone", consent: true },
    defunct: { firstname: "Henri", lastname: "Bernard" },
    submit: true,
  };
  const response = await ctx.app.request("/api/v1/funeral_funnel/deals", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  const view = (await response.json()) as FunnelDealView;
  const [row] = await ctx.db.select({ id: deals.id, defunctId: deals.defunctId }).from(deals).where(eq(deals.uuid, view.uuid));
  return { id: row!.id, uuid: view.uuid, defunctId: row!.defunctId, ownerEmail: email };
}

export async function businessUserId(ctx: TestContext, email: string): Promise<number> {
  const [row] = await ctx.db.select({ id: businessUsers.id }).from(businessUsers).where(eq(businessUsers.email, email));
  return row!.id;
}

/** Gives the deal to a business user (the partner professional's own deal). */
export async function assignDeal(ctx: TestContext, dealId: number, userId: number | null): Promise<void> {
  await ctx.db.update(deals).set({ advisorId: userId }).where(eq(deals.id, dealId));
}

/** A JSON call with headers. */
export async function call<T = unknown>(ctx: TestContext, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await ctx.app.request(path, { method, headers: body === undefined ? headers : { ...headers, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
