// npm run bench (uploads part): 50 concurrent uploads of a 2 MB PDF through the real HTTP server
// (node:http, the Hono app, busboy, the checks, the local disk storage, PGlite), several rounds.
// Reports p50/p95 of the acknowledged uploads, loss (every acknowledged file is downloaded
// back and must have the SHA-256 that was sent) and the server's resident memory: its peak
// (VmHWM) against its size before the load, which stays bounded because uploads are streamed
// to disk, never held whole in memory.
// A second run with 8 MB files on a fresh server shows the growth does not follow the file size.
//   tsx bench/uploads.ts [--concurrency 50] [--rounds 4] [--size-mb 2] [--compare-mb 8] [--port 3997]
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { arg, percentile, stopProcessGroup } from "./bench-kit";

const root = join(import.meta.dirname, "..");
const concurrency = Number(arg("concurrency", "50"));
const rounds = Number(arg("rounds", "4"));
const sizeMb = Number(arg("size-mb", "2"));
const port = Number(arg("port", "3997"));
const compareMb = Number(arg("compare-mb", "8"));

/** A valid one-page PDF padded to `bytes` with a stream of random data (so every file, and its hash, differs). */
function pdfOf(bytes: number): Buffer {
  const head = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n", "latin1");
  const tail = Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1");
  const padding = Math.max(0, bytes - head.length - tail.length - 40);
  const streamHead = Buffer.from(`3 0 obj\n<< /Length ${padding} >>\nstream\n`, "latin1");
  return Buffer.concat([head, streamHead, randomBytes(padding), tail]);
}
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

function kib(line: string | undefined): number {
  return Number(/(\d+)\s*kB/.exec(line ?? "")?.[1] ?? Number.NaN);
}
/** Resident set size now and at its peak (VmRSS, VmHWM), in MiB, of a Linux process. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8").split("\n");
  return { rss: kib(status.find((l) => l.startsWith("VmRSS"))) / 1024, peak: kib(status.find((l) => l.startsWith("VmHWM"))) / 1024 };
}

interface Started {
  child: ChildProcess;
  procedureId: number;
  devices: Array<Record<string, string>>;
}
function startServer(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "bench/upload-server.ts", "--port", String(port), "--uploaders", String(concurrency)], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("server did not start within 180 s")), 180_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.includes('"event":"listening"'));
      if (line) {
        clearTimeout(timer);
        const parsed = JSON.parse(line) as { procedureId: number; devices: Array<Record<string, string>> };
        resolve({ child, procedureId: parsed.procedureId, devices: parsed.devices });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with code ${code}`)));
  });
}

interface Measure {
  sizeMb: number;
  rounds: number;
  acknowledged: number;
  errors: number;
  mismatched: number;
  lost: number;
  seconds: number;
  p50: number;
  p95: number;
  max: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

/** One server, `rounds` rounds of `concurrency` uploads of `sizeMb` MB, then every file read back. */
async function measure(sizeMb: number, rounds: number): Promise<Measure> {
  const dataDir = mkdtempSync(join(tmpdir(), "paisible-bench-uploads-"));
  const server = await startServer(dataDir);
  const pid = server.child.pid!;
  const base = `http://127.0.0.1:${port}`;
  const devices = server.devices;
  const uploadPath = `/api/v1/administrative_procedures/${server.procedureId}/supporting_documents`;

  /** A device's request: sends its headers and keeps the rotated token the answer hands back. */
  const request = async (device: number, path: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...devices[device], ...(init.headers as Record<string, string>) } });
    const token = response.headers.get("access-token");
    if (token) devices[device] = { ...devices[device]!, "access-token": token, client: response.headers.get("client") ?? devices[device]!.client! };
    return response;
  };

  const latencies: number[] = [];
  const acknowledged: Array<{ id: number; sha: string; device: number }> = [];
  let errors = 0;
  let mismatched = 0;
  const bytes = Math.round(sizeMb * 1024 * 1024);
  try {
    // Warm-up: the first sharp/file-type loads, the first token rotations.
    await Promise.all(
      devices.slice(0, 5).map(async (_d, device) => {
        const form = new FormData();
        form.append("document_type", "other");
        form.append("file", new Blob([new Uint8Array(pdfOf(100_000))], { type: "application/pdf" }), "warm-up.pdf");
        await (await request(device, uploadPath, { method: "POST", body: form })).arrayBuffer();
      }),
    );
    const before = memoryOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(pid).peak);
      } catch {
        // the server is gone; the errors say so
      }
    }, 20);

    console.log(`▶ ${rounds} round(s) of ${concurrency} concurrent uploads of a ${sizeMb} MB PDF (PGlite, local disk storage)…`);
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      const files = devices.map(() => pdfOf(bytes));
      await Promise.all(
        files.map(async (file, device) => {
          const form = new FormData();
          form.append("document_type", "death_certificate");
          form.append("file", new Blob([new Uint8Array(file)], { type: "application/pdf" }), `acte-${round}-${device}.pdf`);
          const t0 = performance.now();
          try {
            const response = await request(device, uploadPath, { method: "POST", body: form });
            const json = (await response.json()) as { data?: { id: number; sha256: string } };
            if (response.status === 201 && json.data) {
              latencies.push(performance.now() - t0);
              if (json.data.sha256 !== sha256(file)) mismatched += 1;
              acknowledged.push({ id: json.data.id, sha: sha256(file), device });
            } else errors += 1;
          } catch {
            errors += 1;
          }
        }),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);

    // Zero loss: every acknowledged document read back through the authorised download, hash compared.
    let lost = 0;
    for (let i = 0; i < acknowledged.length; i += 10) {
      await Promise.all(
        acknowledged.slice(i, i + 10).map(async ({ id, sha, device }) => {
          const response = await request(device, `/api/v1/supporting_documents/${id}/file`);
          const body = Buffer.from(await response.arrayBuffer());
          if (response.status !== 200 || sha256(body) !== sha) lost += 1;
        }),
      );
    }
    const sorted = latencies.sort((a, b) => a - b);
    return {
      sizeMb,
      rounds,
      acknowledged: acknowledged.length,
      errors,
      mismatched,
      lost,
      seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? Number.NaN,
      rssBefore: before.rss,
      rssPeak: Math.max(peak, after.peak),
      rssAfter: after.rss,
    };
  } finally {
    await stopProcessGroup(server.child, 10_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [await measure(sizeMb, rounds)];
// The same load with files four times larger, on a fresh server: if uploads were buffered whole,
// the memory growth would follow the file size.
if (compareMb > 0) results.push(await measure(compareMb, 1));

console.log(`\nLoad average at the end (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);
console.log(`\nUploads, POST /api/v1/administrative_procedures/{id}/supporting_documents, ${concurrency} at once, then every file downloaded back and hashed:`);
console.log(`${"size".padStart(6)} ${"rounds".padStart(6)} ${"acked".padStart(6)} ${"errors".padStart(6)} ${"lost".padStart(5)} ${"MB/s".padStart(6)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"max ms".padStart(7)} ${"RSS before".padStart(10)} ${"peak".padStart(6)} ${"growth".padStart(7)} ${"in flight".padStart(9)}`);
let ok = true;
for (const r of results) {
  const inFlight = (concurrency * r.sizeMb).toFixed(0);
  const mbps = (r.acknowledged * r.sizeMb) / r.seconds;
  console.log(
    `${`${r.sizeMb} MB`.padStart(6)} ${String(r.rounds).padStart(6)} ${String(r.acknowledged).padStart(6)} ${String(r.errors + r.mismatched).padStart(6)} ${String(r.lost).padStart(5)} ${mbps.toFixed(1).padStart(6)} ` +
      `${r.p50.toFixed(0).padStart(7)} ${r.p95.toFixed(0).padStart(7)} ${r.max.toFixed(0).padStart(7)} ${`${r.rssBefore.toFixed(0)} MiB`.padStart(10)} ${r.rssPeak.toFixed(0).padStart(6)} ${`+${(r.rssPeak - r.rssBefore).toFixed(0)}`.padStart(7)} ${`${inFlight} MiB`.padStart(9)}`,
  );
  if (r.errors > 0 || r.lost > 0 || r.mismatched > 0) ok = false;
}
console.log("Goal (issue 11): zero errors, zero lost files, and a memory growth that does not follow the size of the files in flight (streamed to disk, never held whole).");
if (!ok) {
  console.error("\n✘ upload errors, hash mismatches or lost files");
  process.exit(1);
}
