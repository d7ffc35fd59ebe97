// Development aid: screenshot a page in Debian Chromium on a phone or desktop viewport.
// Usage: node scripts/screenshot.mjs <url> <out.png> [phone|desktop] [full]
import { chromium, devices } from "@playwright/test";
const [,, url, out, kind = "desktop"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--no-first-run"] });
const ctx = await browser.newContext(kind === "phone" ? devices["Pixel 7"] : { viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
const r = await page.goto(url, { waitUntil: "networkidle" });
console.log(r.status(), await page.title());
await page.screenshot({ path: out, fullPage: process.argv[5] === "full" });
await browser.close();
