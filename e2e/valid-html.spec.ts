import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { get as httpGet } from "node:http";
import { expect, test } from "@playwright/test";
import { PARAMETERLESS_PAGES } from "./public-pages";

/**
 * The W3C's Nu HTML Checker (vnu-jar, Java) over the served HTML of every parameterless
 * public page and a sample of the pages with parameters, in French and in Arabic. It sees
 * what axe does not: invalid nesting (a heading in a span), broken attribute values (the
 * skip link's href once held the text of a function), duplicate ids.
 */

const SAMPLE = [
  "/me-connecter",
  "/me-connecter/mot-de-passe-oublie",
  "/pompes-funebres/lyon-69123",
  "/pompes-funebres/marseille-13055",
  "/pompes-funebres/rhone-69",
  "/rapatriement-corps-pays/maroc",
  "/rapatriement-corps-pays/algerie",
  "/guides-obseques/rapatriement-de-corps",
  "/guides-obseques/rapatriement-de-corps/rapatrier-un-corps-a-l-etranger",
  "/guides-obseques/aides-financieres/capital-deces-cpam",
  "/guides-obseques/que-faire-apres-un-deces/premieres-demarches-apres-un-deces",
] as const;
// Not the 404 page: since Next.js 16.3, notFound() answers an error shell (<html id="__next_error__">,
// no lang, no title, the page only in the flight data; vercel/next.js#62228), which no page can fix.
const PAGES = [...PARAMETERLESS_PAGES, ...SAMPLE];

const VNU_JAR = join(createRequire(import.meta.url).resolve("vnu-jar/package.json"), "..", "build", "dist", "vnu.jar");

type Fetched = { path: string; status: number; html: string };

/** One page's raw HTML from the test server, with the Host header of the locale's host. */
function fetchPage(origin: URL, host: string, path: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ hostname: origin.hostname, port: origin.port, path, headers: { host, accept: "text/html" } }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (html += chunk));
      response.on("end", () => resolve({ path, status: response.statusCode ?? 0, html }));
    });
    request.on("error", reject);
  });
}

/**
 * The raw HTML as the server sends it, asked from Node with the locale host's Host header
 * (ar.localhost needs no resolver that way; a fetch inside a page would obey that page's CSP).
 */
async function fetchAll(origin: URL, host: string): Promise<Fetched[]> {
  const answers: Fetched[] = [];
  // A few at a time: the server renders dynamic pages on request.
  for (let i = 0; i < PAGES.length; i += 4) {
    answers.push(...(await Promise.all(PAGES.slice(i, i + 4).map((path) => fetchPage(origin, host, path)))));
  }
  return answers;
}

type VnuMessage = { type: string; subType?: string; url: string; message: string; lastLine?: number; extract?: string };

test("every public page is valid HTML for the Nu HTML Checker, in French and in Arabic", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const french = new URL(baseURL ?? "http://localhost:3100");
  const arabic = new URL(french);
  arabic.hostname = `ar.${french.hostname}`;

  const folder = mkdtempSync(join(tmpdir(), "paisible-vnu-"));
  try {
    const files = new Map<string, string>();
    for (const [locale, host] of [["fr", french.host], ["ar", arabic.host]] as const) {
      for (const { path, status, html } of await fetchAll(french, host)) {
        expect(status, `${locale} ${path}`).toBe(200);
        expect(html, `${locale} ${path}`).toContain(`<html lang="${locale}"`);
        const name = `${locale}${path === "/" ? "-home" : path.replaceAll("/", "-")}.html`;
        writeFileSync(join(folder, name), html);
        files.set(name, `${locale} ${path}`);
      }
    }

    // A page known to be invalid proves the checker really read the folder.
    writeFileSync(join(folder, "canary.html"), '<!DOCTYPE html><html lang="fr"><head><title>canary</title></head><body><a href="/"><span><h3>x</h3></span></a></body></html>');

    // One Java start for all the files keeps the whole check within seconds.
    const vnu = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", "--exit-zero-always", folder], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(vnu.error, "Java runs the checker (Debian: apt-get install default-jre-headless; npm test installs it as root)").toBeUndefined();
    expect(vnu.status, vnu.stderr).toBe(0);
    const messages = (JSON.parse(vnu.stdout) as { messages: VnuMessage[] }).messages;

    const fileOf = (m: VnuMessage) => m.url.split("/").pop() ?? "";
    expect(messages.filter((m) => fileOf(m) === "canary.html").map((m) => m.message).join("\n")).toMatch(/Element “h3” not allowed as child of element “span”/);

    // The checker lags behind modern CSS (@property, new colour functions): CSS is left to the browsers.
    // Only errors and non-document errors (an unreadable file) remain with --errors-only.
    const errors = messages
      .filter((m) => fileOf(m) !== "canary.html" && m.type !== "info")
      .filter((m) => !m.message.startsWith("CSS:"))
      .map((m) => `${files.get(fileOf(m)) ?? m.url}:${m.lastLine ?? "?"} ${m.message}${m.extract ? ` — ${m.extract.trim().slice(0, 160)}` : ""}`);
    expect(files.size).toBe(PAGES.length * 2);
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
