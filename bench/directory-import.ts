// npm run bench (directory part, issue 15): POST /api/v1/crematoriums/import of a CSV of
// 5,000 crematoriums (each with 3 age ranges, 2 ceremonies and 2 rooms, a commune and a
// reduced-price commune list), as an advisor, through the whole API (parsing, the zod
// schemas of every line, bulk reference checks, one transaction, the history). Then the
// export of everything and its import back (nothing to write), the export with every line
// changed (a price of each room, the e-mail: 5,000 updates), and the same file
// with one broken line at the end (refused, nothing written). Goal: each import < 30 s.
// In process, on PGlite (or on DATABASE_URL's PostgreSQL when set, e.g. through
// node scripts/with-postgres.mjs).
//   tsx bench/directory-import.ts [--partners 5000]
import { count } from "drizzle-orm";
import { csvLine } from "@/domain/directory/csv";
import { cityhalls } from "@/server/db/schema/geo";
import { crematoriums } from "@/server/db/schema/partners";
import { arg } from "./bench-kit";
import { openImportBench } from "./import-kit";

const total = Number(arg("partners", "5000"));
const { db, engine, close, exportCsv, timed } = await openImportBench();
const communes = await db.select({ id: cityhalls.id, name: cityhalls.name, department: cityhalls.departmentCode, postal: cityhalls.postalCodes }).from(cityhalls).limit(2000);

function csv(lines: number, broken = false): string {
  const header = ["name", "address", "postal_code", "city", "cityhall_id", "department_code", "phone", "email", "reduced_price_cityhall_ids", "age_ranges", "ceremonies", "rooms"];
  const out = [csvLine(header)];
  for (let i = 0; i < lines; i++) {
    const c = communes[i % communes.length]!;
    const price = 50_000 + (i % 40) * 1_000;
    out.push(
      csvLine([
        `Crématorium bench ${i} de ${c.name}`,
        `${1 + (i % 200)} avenue des Tilleuls`,
        c.postal[0] ?? "",
        c.name,
        String(c.id),
        c.department,
        "04 72 00 00 00",
        `contact${i}@bench.example.org`,
        `${c.id};${communes[(i + 1) % communes.length]!.id}`,
        JSON.stringify([{ min_age: 0, max_age: 0, price_cents: 0 }, { min_age: 1, max_age: 17, price_cents: Math.round(price * 0.4) }, { min_age: 18, price_cents: price, reduced_price_cents: price - 5_000 }]),
        JSON.stringify([{ name: "Cérémonie de 30 minutes", duration_minutes: 30, price_cents: 12_000 }, { name: "Cérémonie d'une heure", duration_minutes: 60, price_cents: 22_000 }]),
        JSON.stringify([{ name: "Salle de cérémonie", capacity: 120, price_cents: 18_000 }, { name: "Salon des familles", capacity: 30, price_cents: 8_000 }]),
      ]),
    );
  }
  if (broken) out.push(csvLine(["", "", "", "", "", "ZZ", "", "pas un e-mail", "", "[", "", ""]));
  return out.join("\n");
}

const countCrematoriums = async () => (await db.select({ n: count() }).from(crematoriums))[0]!.n;
console.log(`directory import (${engine}): ${total} crematoriums with 7 sub-items each`);
const file = csv(total);
console.log(`  CSV: ${(file.length / 1024 / 1024).toFixed(2)} MiB`);
const before = await countCrematoriums();
await timed(`import ${total} new`, "/api/v1/crematoriums/import", file, 200);
if ((await countCrematoriums()) !== before + total) throw new Error("not every line was written");

const t = performance.now();
const text = await exportCsv("/api/v1/crematoriums/export.csv");
console.log(`  ${"export all".padEnd(42)} ${((performance.now() - t) / 1000).toFixed(1)} s  (${text.split("\r\n").length - 2} lines)`);
await timed(`import the export back (${before + total} updates)`, "/api/v1/crematoriums/import", text, 200);

// Every line changed: each room's price and each crematorium's e-mail.
const changed = text.replace(/"price_cents"":(\d+)/g, (_, cents: string) => `"price_cents"":${Number(cents) + 100}`).replace(/@bench\.example\.org/g, "@bench2.example.org");
await timed(`import with every line changed`, "/api/v1/crematoriums/import", changed, 200);

const beforeBroken = await countCrematoriums();
await timed(`import ${total} new + 1 broken line`, "/api/v1/crematoriums/import", csv(total, true).replace(/bench /g, "bench2 "), 422);
if ((await countCrematoriums()) !== beforeBroken) throw new Error("a refused import wrote lines");
await close();
