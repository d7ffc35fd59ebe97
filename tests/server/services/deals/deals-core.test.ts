import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealAbilities, dealSettings, dealSteps, deals } from "@/server/db/schema/deals";
import { jobs } from "@/server/db/schema/jobs";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import { createDeal, type NewDeal } from "@/server/services/deals/create-deal";
import { dealAccess } from "@/server/services/deals/deal-access";
import type { AutoStepRow } from "@/server/services/deals/deal-steps";
import { newResumeToken } from "@/server/services/deals/resume-tokens";
import { updateDeal, type DealUpdate } from "@/server/services/deals/update-deal";
import { createTestDatabase, type TestDatabase } from "../../helpers/template";

/**
 * The deals core the funnels share (funeral today, flowers and tombstones next): one
 * statement creates a deal of any kind with its owner, defunct, setting, steps, resume
 * token and jobs; a save rewrites them, keeping an advisor's own steps.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const now = new Date("2026-04-01T09:00:00Z");
const step = (stepType: AutoStepRow["stepType"], position: number, comment: string | null = null): AutoStepRow => ({
  stepType,
  position,
  scheduledAt: null,
  locationType: null,
  locationId: null,
  placeKind: null,
  transport: null,
  comment,
});
const noDefunct = { civility: null, firstname: "Jean", lastname: "Dupont", deathDate: "2026-03-30", deathCityhallId: null };

function newDeal(overrides: Partial<NewDeal>): NewDeal {
  return {
    kind: "item",
    state: "draft",
    quote: { lines: [] },
    totalCents: 12_000,
    demo: true,
    newOwner: null,
    existingOwnerId: null,
    defunct: noDefunct,
    setting: { key: "flowers", value: { bouquet: "white-roses" } },
    tracking: null,
    steps: [step("ceremony", 0)],
    resumeTokenHash: newResumeToken().hash,
    jobs: null,
    now,
    ...overrides,
  };
}

describe("createDeal", () => {
  it("writes a deal of another kind with its owner, defunct, setting, steps, resume token and jobs", async () => {
    const token = newResumeToken();
    const owner = { civility: "Mme", firstname: "Claire", lastname: "Martin", phone: null, email: "core-owner@example.org" };
    const created = await createDeal(database.db, newDeal({ newOwner: owner, resumeTokenHash: token.hash, jobs: { kinds: ["flowers.mail", "flowers.notify"], payload: { order: 7 }, keySuffix: "first" } }));

    const [deal] = await database.db.select().from(deals).where(eq(deals.id, created.id));
    expect(deal).toMatchObject({ kind: "item", state: "draft", totalCents: 12_000, demo: true, uuid: created.uuid });
    const [client] = await database.db.select().from(clients).where(eq(clients.email, owner.email));
    expect(created.ownerId).toBe(client!.id);
    const abilities = await database.db.select().from(dealAbilities).where(eq(dealAbilities.dealId, created.id));
    expect(abilities.map((a) => [a.clientId, a.role])).toEqual([[client!.id, "owner"]]);
    const [defunct] = await database.db.select().from(defuncts).where(eq(defuncts.id, deal!.defunctId!));
    expect(defunct).toMatchObject({ firstname: "Jean", lastname: "Dupont", deathDate: "2026-03-30", clientId: client!.id });
    const [setting] = await database.db.select().from(dealSettings).where(and(eq(dealSettings.dealId, created.id), eq(dealSettings.key, "flowers")));
    expect(setting!.value).toEqual({ bouquet: "white-roses" });
    const steps = await database.db.select().from(dealSteps).where(eq(dealSteps.dealId, created.id));
    expect(steps.map((s) => [s.stepType, s.mode])).toEqual([["ceremony", "auto"]]);
    const queued = await database.db.select().from(jobs).where(eq(jobs.payload, { deal_id: created.id, order: 7 }));
    expect(queued.map((j) => j.idempotencyKey).sort()).toEqual([`flowers.mail:${created.uuid}:first`, `flowers.notify:${created.uuid}:first`]);

    // The token opens the deal; the uuid alone, or another token, does not.
    expect(await dealAccess(database.db, created.id, { auth: null, resumeToken: token.token }, now)).toBe("token");
    expect(await dealAccess(database.db, created.id, { auth: null, resumeToken: newResumeToken().token }, now)).toBeNull();
    expect(await dealAccess(database.db, created.id, { auth: null }, now)).toBeNull();
  });

  it("stores nothing when the new owner's address is already taken", async () => {
    const owner = { civility: null, firstname: "Paul", lastname: "Roux", phone: null, email: "core-taken@example.org" };
    await createDeal(database.db, newDeal({ newOwner: owner }));
    const before = await database.db.$count(deals);
    const error = await createDeal(database.db, newDeal({ newOwner: owner })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(await database.db.$count(deals)).toBe(before);
  });
});

describe("updateDeal", () => {
  it("derives the automatic steps again and keeps an advisor's own; owner jobs wait for an owner", async () => {
    const created = await createDeal(database.db, newDeal({ steps: [step("ceremony", 0), step("transport", 1)] }));
    await database.db.insert(dealSteps).values({ dealId: created.id, stepType: "death", position: 9, mode: "manual", comment: "advisor" });
    const [deal] = await database.db.select().from(deals).where(eq(deals.id, created.id));
    const save = (overrides: Partial<DealUpdate>): DealUpdate => ({
      deal: { id: created.id, defunctId: deal!.defunctId },
      ownerId: null,
      owner: { kind: "none" },
      defunct: { ...noDefunct, firstname: "Jeanne" },
      named: false,
      state: "draft",
      quote: { lines: ["vase"] },
      totalCents: 15_000,
      demo: false,
      setting: { key: "flowers", value: { bouquet: "lilies" } },
      steps: [step("cremation", 0)],
      ownerJobs: [{ kind: "flowers.mail", payload: { deal_id: created.id }, idempotencyKey: `flowers.mail:${created.uuid}:second` }],
      now,
      ...overrides,
    });

    // No owner yet: nothing is queued for them.
    expect(await updateDeal(database.db, save({}))).toEqual({ ownerId: null, enqueued: false });
    const steps = await database.db.select().from(dealSteps).where(eq(dealSteps.dealId, created.id));
    expect(steps.map((s) => [s.stepType, s.mode]).sort()).toEqual([["cremation", "auto"], ["death", "manual"]]);
    const [saved] = await database.db.select().from(deals).where(eq(deals.id, created.id));
    expect(saved).toMatchObject({ totalCents: 15_000, demo: false, quote: { lines: ["vase"] } });
    const [defunct] = await database.db.select().from(defuncts).where(eq(defuncts.id, deal!.defunctId!));
    expect(defunct!.firstname).toBe("Jean"); // not named in this save

    const owner = { civility: null, firstname: "Lucie", lastname: "Bernard", phone: "0612345678", email: "core-update@example.org" };
    const result = await updateDeal(database.db, save({ owner: { kind: "create", details: owner }, named: true }));
    const [client] = await database.db.select().from(clients).where(eq(clients.email, owner.email));
    expect(result).toEqual({ ownerId: client!.id, enqueued: true });
    const [named] = await database.db.select().from(defuncts).where(eq(defuncts.id, deal!.defunctId!));
    expect(named).toMatchObject({ firstname: "Jeanne", clientId: client!.id });
    expect(await database.db.$count(jobs, eq(jobs.idempotencyKey, `flowers.mail:${created.uuid}:second`))).toBe(1);
  });
});
