/**
 * Draws the flowers catalogue's pictures (public/catalogue/fleurs/<code>.svg) from the demo
 * arrangements. Run after changing the catalogue or the drawing: `npx tsx scripts/draw-flowers.ts`.
 * tests/domain/flowers/illustration.test.ts fails when the committed files differ.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { DEMO_ARRANGEMENTS } from "@/domain/flowers/arrangements";
import { drawArrangement, illustrationFile } from "@/domain/flowers/illustration";

mkdirSync("public/catalogue/fleurs", { recursive: true });
for (const arrangement of DEMO_ARRANGEMENTS) writeFileSync(illustrationFile(arrangement.code), drawArrangement(arrangement));
console.log(`${DEMO_ARRANGEMENTS.length} pictures drawn`);
