import { describe, expect, it } from "vitest";
import { runDurability } from "../../bench/durability-kit";

// The job queue's durability, bounded: a real API server process with its in-process
// worker, killed with SIGKILL twice while funnel deals are written at concurrency 20;
// after a restart every acknowledged deal has exactly one quote e-mail in the outbox.
// On PGlite here, on PostgreSQL under `npm run test:pg` (DATABASE_URL); the full form
// (five kills, with figures) is in `npm run bench`.
describe("job queue durability under SIGKILL", () => {
  it("loses and duplicates no quote e-mail of an acknowledged deal", { timeout: 240_000 }, async () => {
    const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
    const result = await runDurability({
      engine,
      databaseUrl: process.env.DATABASE_URL,
      kills: 2,
      concurrency: 20,
      // Its own port, away from the other servers of the suite.
      port: 3900 + (process.pid % 90),
    });
    expect(result.acknowledged).toBeGreaterThan(40);
    expect(result.lost).toBe(0);
    expect(result.duplicated).toBe(0);
    expect(result.mails).toBeGreaterThanOrEqual(result.acknowledged);
  });
});
