// The durability test of the job queue, shared by the test suite (bounded) and
// `npm run bench` (full): funnel deals are written at a given concurrency while the API
// server (bench/server.ts with its in-process worker) is killed with SIGKILL, several
// times; after a last restart every acknowledged deal must have exactly one quote e-mail
// in the outbox: none lost, none duplicated.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, stopProcessGroup, throwAwayDatabase } from "./bench-kit";

const root = join(import.meta.dirname, "..");

export interface DurabilityOptions {
  engine: "pglite" | "postgres";
  /** postgres://… of a server where a throw-away database may be created (engine postgres). */
  databaseUrl?: string;
  kills: number;
  concurrency: number;
  port: number;
  /** Writing time before each kill, after a first wave was acknowledged, in ms: a random time between these. */
  writeMs?: [number, number];
  log?: (line: string) => void;
}

export interface DurabilityResult {
  engine: string;
  kills: number;
  concurrency: number;
  acknowledged: number;
  /** Acknowledged deals without their quote e-mail. */
  lost: number;
  /** Deals with more than one quote e-mail. */
  duplicated: number;
  mails: number;
  /** From the last restart to the last e-mail of an acknowledged deal. */
  catchUpMs: number;
  writeP50: number;
  writeP95: number;
}

interface Server {
  child: ChildProcess;
}

function startServer(options: DurabilityOptions, dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dataDir, "data"), JOBS_LOCK_SECONDS: "2", NODE_ENV: "production" };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(join(root, "node_modules", ".bin", "tsx"), ["bench/server.ts", "--port", String(options.port), "--data-dir", join(dataDir, "pglite"), "--worker", "inline"], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err.slice(-2000)}`)), 120_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"event":"listening"')) {
        clearTimeout(timer);
        resolve({ child });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      if (err.length > 100_000) err = err.slice(-20_000);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening: ${err.slice(-2000)}`));
    });
  });
}

function kill(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.removeAllListeners("exit");
    server.child.once("exit", () => resolve());
    try {
      process.kill(-server.child.pid!, "SIGKILL");
    } catch {
      server.child.kill("SIGKILL");
    }
  });
}

/** A Lyon cremation: the funnel answers every bench and durability run submits. */
export const ANSWERS = {
  situation: "death-occurred",
  placeOfDeath: "hospital",
  deathCommuneInsee: "69123",
  deathDate: "2026-03-02",
  disposition: "cremation",
  ceremony: { type: "civil", place: "crematorium" },
  finalRestingPlace: "scattering",
  scatteringPlace: "memorial-garden",
  coffinRange: "essential",
};

/** Quote e-mails in the outbox, counted by deal uuid. */
function quoteMailsByDeal(outbox: string): Map<string, number> {
  const counts = new Map<string, number>();
  let names: string[] = [];
  try {
    names = readdirSync(outbox).filter((n) => n.endsWith(".json"));
  } catch {
    return counts;
  }
  for (const name of names) {
    const mail = JSON.parse(readFileSync(join(outbox, name), "utf8")) as { tag?: string; text: string };
    if (mail.tag !== "funeral_quote") continue;
    const uuid = /devis=([0-9a-f-]{36})/.exec(mail.text)?.[1];
    if (uuid) counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
  }
  return counts;
}


export async function runDurability(options: DurabilityOptions): Promise<DurabilityResult> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), `paisible-durability-${options.engine}-`));
  const database = options.engine === "postgres" ? await throwAwayDatabase(options.databaseUrl!, "paisible_durability") : null;
  const acknowledged = new Set<string>();
  const latencies: number[] = [];
  let counter = 0;
  const statuses = new Map<number, number>();
  const [minWrite, maxWrite] = options.writeMs ?? [100, 1000];
  try {
    for (let round = 1; round <= options.kills; round += 1) {
      const server = await startServer(options, dir, database?.url);
      let writing = true;
      const writer = async () => {
        while (writing) {
          counter += 1;
          const email = `durable.${round}.${counter}.${process.pid}@example.org`;
          const started = performance.now();
          try {
            const response = await fetch(`http://127.0.0.1:${options.port}/api/v1/funeral_funnel/deals`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ answers: ANSWERS, submit: true, client: { firstname: "Jeanne", lastname: "Durable", phone: "06 12 34 56 78", email, contact_channel: "email", consent: true } }),
              signal: AbortSignal.timeout(15_000),
            });
            if (response.status === 201) {
              const body = (await response.json()) as { uuid: string };
              acknowledged.add(body.uuid);
              latencies.push(performance.now() - started);
            } else {
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              if (statuses.get(response.status) === 1) log(`${options.engine}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
            }
          } catch {
            // The server was killed under this request: not acknowledged.
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      };
      const before = acknowledged.size;
      const writers = Array.from({ length: options.concurrency }, writer);
      // Kill in full flow: once the restarted server has acknowledged a first wave, at a random moment after.
      for (let waited = 0; acknowledged.size - before < options.concurrency && waited < 30_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, minWrite + Math.random() * (maxWrite - minWrite)));
      await kill(server);
      writing = false;
      await Promise.all(writers);
      log(`${options.engine}: kill ${round}/${options.kills}, ${acknowledged.size} deals acknowledged so far`);
    }
    // The last restart: the worker picks up what the killed processes left.
    const restarted = performance.now();
    const server = await startServer(options, dir, database?.url);
    const outbox = join(dir, "data", "outbox");
    let counts = quoteMailsByDeal(outbox);
    let catchUpMs = 0;
    for (let waited = 0; waited < 120_000; waited += 250) {
      counts = quoteMailsByDeal(outbox);
      if ([...acknowledged].every((uuid) => counts.has(uuid))) {
        catchUpMs = Math.round(performance.now() - restarted);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A little longer: a duplicate would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    counts = quoteMailsByDeal(outbox);
    await stopProcessGroup(server.child, 10_000);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      engine: options.engine,
      kills: options.kills,
      concurrency: options.concurrency,
      acknowledged: acknowledged.size,
      lost: [...acknowledged].filter((uuid) => !counts.has(uuid)).length,
      duplicated: [...counts.values()].filter((n) => n > 1).length,
      mails: [...counts.values()].reduce((a, b) => a + b, 0),
      catchUpMs,
      writeP50: Math.round(percentile(sorted, 50)),
      writeP95: Math.round(percentile(sorted, 95)),
    };
  } finally {
    await database?.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
