import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MONUMENT_MODELS } from "@/domain/marble/products";
import { monumentThumbnailSvg } from "@/domain/marble/monument-view";

/** Writes public/catalogue/monuments/<code>.svg for every model (npm run monuments:thumbnails); the files are committed. */
const dir = join(process.cwd(), "public", "catalogue", "monuments");
mkdirSync(dir, { recursive: true });
for (const model of MONUMENT_MODELS) writeFileSync(join(dir, `${model.code}.svg`), `${monumentThumbnailSvg(model.code)}\n`);
console.log(`${MONUMENT_MODELS.length} monument thumbnails written to ${dir}`);
