import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "@/server/db/schema/users";
import { findValidResetToken, resetPassword } from "@/server/services/auth/password-reset";
import { issueSetPasswordLink } from "@/server/services/auth/set-password-link";
import { createTestDatabase, type TestDatabase } from "../../helpers/template";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const DAY = 24 * 3600 * 1000;
const EDIT = "https://api.example.org/api/v1/auth/password/edit";
const PAGE = "https://en.example.org/reinitialiser-mot-de-passe";

async function newClient(email: string): Promise<number> {
  const [row] = await database.db.insert(clients).values({ firstname: "Claire", lastname: "Martin", email }).returning({ id: clients.id });
  return row!.id;
}

function issue(userId: number, now: Date) {
  return issueSetPasswordLink(database.db, { realm: "client", userId, redirectUrl: PAGE, editUrl: EDIT, lifetimeMs: 7 * DAY, now });
}

describe("set-password link of an account created for someone", () => {
  it("is the auth service's …/password/edit link, valid for the lifetime asked, then sets the password once", async () => {
    const userId = await newClient("set-password-link@example.org");
    const now = new Date("2026-03-02T10:00:00Z");
    const link = new URL(await issue(userId, now));
    expect(`${link.origin}${link.pathname}`).toBe(EDIT);
    expect(link.searchParams.get("redirect_url")).toBe(PAGE);
    const token = link.searchParams.get("reset_password_token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Far longer than a forgotten-password link (2 hours), and not a second more than asked.
    expect(await findValidResetToken(database.db, { realm: "client", token, now: new Date(now.getTime() + 7 * DAY - 1000) })).toEqual({ userId, redirectUrl: PAGE });
    expect(await findValidResetToken(database.db, { realm: "client", token, now: new Date(now.getTime() + 7 * DAY + 1000) })).toBeNull();

    const later = new Date(now.getTime() + 3 * DAY);
    const result = await resetPassword(database.db, { realm: "client", token, password: "Lilas-au-jardin-2026", now: later });
    expect(result.ok).toBe(true);
    const again = await resetPassword(database.db, { realm: "client", token, password: "Autre-mot-de-passe-2026", now: later });
    expect(again).toEqual({ ok: false, code: "reset_token_invalid" });
  });

  it("replaces the account's older links: only the newest works", async () => {
    const userId = await newClient("set-password-twice@example.org");
    const now = new Date("2026-03-02T10:00:00Z");
    const first = new URL(await issue(userId, now)).searchParams.get("reset_password_token")!;
    const second = new URL(await issue(userId, now)).searchParams.get("reset_password_token")!;
    expect(second).not.toBe(first);
    expect(await findValidResetToken(database.db, { realm: "client", token: first, now })).toBeNull();
    expect(await findValidResetToken(database.db, { realm: "client", token: second, now })).not.toBeNull();
  });
});
