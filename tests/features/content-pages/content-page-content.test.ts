import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_PAGE_KEYS, CONTENT_PAGES, loadContentPage } from "@/features/content-pages/content-page-content";
import { contentPagesSitemapSource } from "@/features/content-pages/content-pages-sitemap";
import { renderMarkdown } from "@/features/guides/markdown";
import { LEGAL_SECTIONS } from "@/domain/quote/legal-model";

describe("French content pages (src/content/pages/fr)", () => {
  it.each(CONTENT_PAGE_KEYS)("%s has a title, a description and a body with sections", async (key) => {
    const page = loadContentPage(key);
    expect(page.title.length).toBeGreaterThan(5);
    expect(page.description.length).toBeGreaterThan(30);
    expect(page.path).toBe(CONTENT_PAGES[key].path);
    const { toc } = await renderMarkdown(page.markdown);
    expect(toc.length).toBeGreaterThanOrEqual(2);
  });

  it("explains every section of the legal quote on the detailed-services page", async () => {
    const { toc } = await renderMarkdown(loadContentPage("detailedServices").markdown);
    const headings = toc.map((entry) => entry.text).join("\n");
    for (const section of LEGAL_SECTIONS) expect(headings, section.number).toContain(`Rubrique ${section.number}`);
  });

  it("lists them in the sitemap on the French host only", async () => {
    const entries = await contentPagesSitemapSource.entries();
    expect(entries).toHaveLength(CONTENT_PAGE_KEYS.length);
    for (const entry of entries) expect(entry.locales).toEqual(["fr"]);
  });

  it("names the file when its front matter is incomplete", () => {
    const root = mkdtempSync(join(tmpdir(), "pages-"));
    writeFileSync(join(root, "presse.md"), "---\ntitle: \"Presse\"\n---\nTexte.");
    expect(() => loadContentPage("press", root)).toThrow(/presse\.md: description/);
  });
});
