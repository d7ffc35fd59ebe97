#!/usr/bin/env node
// Runs a command against a throw-away PostgreSQL server, as CI does:
//   node scripts/with-postgres.mjs npx vitest run tests/server
// Installs Debian's postgresql package when it is missing and we are root, starts a server
// on a loopback port in a temporary folder, creates a database, runs the command with
// DATABASE_URL set, then stops the server, removes the folder and exits with the command's code.
// Node built-ins only: it runs before anything else is known to work.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: node scripts/with-postgres.mjs <command> [args...]");
  process.exit(2);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function findBinDir() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], "bin") : null;
}

let bin = findBinDir();
if (!bin) {
  if (!isRoot) {
    console.error("✖ PostgreSQL is not installed. Install it first, e.g.: sudo apt-get install -y postgresql");
    process.exit(1);
  }
  console.log("▶ installing PostgreSQL (apt-get install -y postgresql)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  const install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], { stdio: "inherit", env });
  bin = findBinDir();
  if (install.status !== 0 || !bin) {
    console.error("✖ could not install PostgreSQL with apt-get");
    process.exit(1);
  }
}

// PostgreSQL refuses to run as root: run its programs as an unprivileged user owning the folder.
function userIds(name) {
  const result = spawnSync("id", ["-u", name], { encoding: "utf8" });
  if (result.status !== 0) return null;
  const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
  return { uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
const runAs = isRoot ? (userIds("postgres") ? "postgres" : "nobody") : null;

function pgCommand(program, args) {
  const path = join(bin, program);
  if (!runAs) return [path, args];
  const hasRunuser = spawnSync("sh", ["-c", "command -v runuser"], { encoding: "utf8" }).status === 0;
  return hasRunuser ? ["runuser", ["-u", runAs, "--", path, ...args]] : ["su", [runAs, "-s", "/bin/sh", "-c", [path, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ")]];
}

function pg(program, args, options = {}) {
  const [cmd, cmdArgs] = pgCommand(program, args);
  const result = spawnSync(cmd, cmdArgs, { encoding: "utf8", cwd: tmpdir(), ...options });
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${program} failed (exit ${result.status}):\n${result.stdout ?? ""}${result.stderr ?? ""}`);
  }
  return result;
}

function freePort(preferred) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => {
      const other = createServer();
      other.listen(0, "127.0.0.1", () => {
        const { port } = other.address();
        other.close(() => resolve(port));
      });
    });
    server.listen(preferred, "127.0.0.1", () => server.close(() => resolve(preferred)));
  });
}

const folder = mkdtempSync(join(tmpdir(), "paisible-pg-"));
const dataDir = join(folder, "data");
if (runAs) {
  const ids = userIds(runAs);
  chownSync(folder, ids.uid, ids.gid);
}

let started = false;
function cleanUp() {
  if (started) {
    pg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"], { allowFailure: true });
    started = false;
  }
  rmSync(folder, { recursive: true, force: true });
}

let exitCode = 1;
try {
  const port = await freePort(55432);
  pg("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    "-c listen_addresses=127.0.0.1",
    // A disposable test server: durability is not worth its cost.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  pg("pg_ctl", ["-D", dataDir, "-o", options, "-l", join(folder, "postgres.log"), "-w", "-t", "60", "start"]);
  started = true;
  pg("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "paisible"]);
  const databaseUrl = `postgres://postgres@127.0.0.1:${port}/paisible`;
  console.log(`▶ PostgreSQL (${bin.split("/").at(-2)}) on 127.0.0.1:${port}; running: ${command.join(" ")}`);

  exitCode = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: "inherit", env: { ...process.env, DATABASE_URL: databaseUrl } });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      console.error(`✖ could not run ${command[0]}: ${error.message}`);
      resolve(127);
    });
  });
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  cleanUp();
}
process.exit(exitCode);
