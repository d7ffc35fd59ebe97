// Pieces every benchmark script uses: options from the command line, percentiles, and
// stopping a server started in its own process group.
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

/** `--name value` from the command line, or `fallback`. */
export function arg(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

/** The p-th percentile of an ascending list (nearest rank); NaN for an empty one. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Debian's PostgreSQL server binaries are on this machine. */
export function postgresInstalled(): boolean {
  return existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").some((v) => existsSync(join("/usr/lib/postgresql", v, "bin", "initdb")));
}

/**
 * Stops a server started with `detached: true` (its own process group, so whatever it
 * started goes too): SIGTERM, then SIGKILL after `killAfterMs`; resolves once it exited.
 */
export function stopProcessGroup(child: ChildProcess, killAfterMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name);
      } catch {
        child.kill(name);
      }
    };
    signal("SIGTERM");
    setTimeout(() => signal("SIGKILL"), killAfterMs).unref();
  });
}

/** A database of its own on the given PostgreSQL server, dropped (connections and all) by `drop`. */
export async function throwAwayDatabase(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
