import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  allArticleKeys,
  allCategorySlugs,
  articleLocales,
  contentLocaleFor,
  findArticle,
  guideLibrary,
  GUIDE_LOCALES,
  readGuideLocale,
  relatedArticles,
} from "@/features/guides/guide-content";
import { guideSitemapEntries } from "@/features/guides/guides-sitemap";
import { renderMarkdown } from "@/features/guides/markdown";

const lib = guideLibrary();

describe("the guides library (src/content/guides)", () => {
  it("has at least 6 categories and 30 French articles, all with valid front matter", () => {
    expect(lib.categories.fr.length).toBeGreaterThanOrEqual(6);
    expect(lib.articles.fr.length).toBeGreaterThanOrEqual(30);
    for (const article of lib.articles.fr) {
      expect(article.title.length, article.slug).toBeGreaterThan(10);
      expect(article.description.length, article.slug).toBeGreaterThan(30);
      expect(article.dateModified >= article.datePublished, article.slug).toBe(true);
    }
  });

  it("gives every category an introduction and at least one article", () => {
    for (const category of lib.categories.fr) {
      expect(category.intro, category.slug).not.toBe("");
      expect(lib.articles.fr.some((a) => a.category === category.slug), category.slug).toBe(true);
    }
  });

  it("has unique slugs within each category and language", () => {
    for (const locale of GUIDE_LOCALES) {
      const keys = lib.articles[locale].map((a) => `${a.category}/${a.slug}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it("only relates articles that exist in the same language", () => {
    for (const locale of GUIDE_LOCALES) {
      for (const article of lib.articles[locale]) {
        const missing = article.related.filter((ref) => {
          const [category = "", slug = ""] = ref.split("/");
          return !findArticle(locale, category, slug, lib);
        });
        expect(missing, `${locale}/${article.category}/${article.slug}`).toEqual([]);
        expect(relatedArticles(article, lib).length).toBe(article.related.length);
      }
    }
  });

  it("translates into English only articles that exist in French, under the same slugs", () => {
    for (const article of lib.articles.en) {
      expect(findArticle("fr", article.category, article.slug, lib), `${article.category}/${article.slug}`).toBeDefined();
    }
  });

  it("renders every article with a table of contents", async () => {
    for (const article of lib.articles.fr) {
      const { html, toc } = await renderMarkdown(article.body);
      expect(html.length, article.slug).toBeGreaterThan(500);
      expect(toc.length, article.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it("lists each guide URL in the sitemap on the hosts of its languages only", () => {
    const entries = guideSitemapEntries(lib);
    expect(entries.filter((e) => e.path.split("/").length === 4)).toHaveLength(allArticleKeys(lib).length);
    expect(entries.filter((e) => e.path.split("/").length === 3)).toHaveLength(allCategorySlugs(lib).length);
    const capital = entries.find((e) => e.path === "/guides-obseques/aides-financieres/capital-deces-cpam");
    expect(capital?.locales).toEqual(articleLocales("aides-financieres", "capital-deces-cpam", lib));
    expect(capital?.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("contentLocaleFor", () => {
  it("shows the host's own language when the guide exists in it", () => {
    expect(contentLocaleFor("fr", ["fr", "en"])).toBe("fr");
    expect(contentLocaleFor("en", ["fr", "en"])).toBe("en");
  });

  it("falls back to English on the other hosts, then to French", () => {
    expect(contentLocaleFor("de", ["fr", "en"])).toBe("en");
    expect(contentLocaleFor("ar", ["fr", "en"])).toBe("en");
    expect(contentLocaleFor("en", ["fr"])).toBe("fr");
    expect(contentLocaleFor("zh", ["fr"])).toBe("fr");
    expect(contentLocaleFor("fr", [])).toBeNull();
  });
});

describe("readGuideLocale", () => {
  function fixture(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), "guides-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }
  const category = '---\ntitle: "Thème"\ndescription: "Un thème."\norder: 1\n---\nIntro.';
  const article = (front: string) => `---\n${front}\n---\nTexte.`;

  it("reads valid files, unquoted YAML dates included", () => {
    const root = fixture({
      "fr/theme/_category.md": category,
      "fr/theme/article.md": article('title: "Un article"\ndescription: "Sa description."\ncategory: "theme"\nslug: "article"\ndatePublished: 2026-01-05'),
    });
    const { articles } = readGuideLocale(root, "fr");
    expect(articles[0]).toMatchObject({ slug: "article", datePublished: "2026-01-05", dateModified: "2026-01-05", related: [] });
  });

  it("names the file and the field when front matter is wrong", () => {
    const root = fixture({
      "fr/theme/_category.md": category,
      "fr/theme/article.md": article('title: "Un article"\ndescription: "Sa description."\ncategory: "theme"\nslug: "article"\ndatePublished: "05/01/2026"'),
    });
    expect(() => readGuideLocale(root, "fr")).toThrow(/guides\/fr\/theme\/article\.md: datePublished/);
  });

  it("refuses an article whose slug or category does not match its place", () => {
    const root = fixture({
      "fr/theme/_category.md": category,
      "fr/theme/article.md": article('title: "Un article"\ndescription: "Sa description."\ncategory: "autre"\nslug: "article"\ndatePublished: "2026-01-05"'),
    });
    expect(() => readGuideLocale(root, "fr")).toThrow(/does not match its folder/);
  });

  it("refuses a category without _category.md", () => {
    const root = fixture({ "fr/theme/article.md": "x" });
    expect(() => readGuideLocale(root, "fr")).toThrow(/_category\.md is missing/);
  });
});
