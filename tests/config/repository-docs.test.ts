import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The repository documents itself: no reader is sent to a file outside it.
const root = process.cwd();
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("repository documentation", () => {
  it("README links the architecture page, which exists", () => {
    expect(read("README.md")).toContain("](docs/architecture.md)");
    expect(existsSync(join(root, "docs", "architecture.md"))).toBe(true);
  });

  it("README and the architecture page only point inside the repository", () => {
    for (const file of ["README.md", "docs/architecture.md"]) {
      const text = read(file);
      const targets = [...text.matchAll(/\]\(([^)]+)\)|`(\.\.\/[^`]*)`/g)].map((m) => (m[1] ?? m[2])!).filter((t) => !/^https?:|^#/.test(t));
      for (const target of targets) {
        const path = resolve(root, file.includes("/") ? "docs" : ".", target.split("#")[0]!);
        expect(path.startsWith(root + "/"), `${file} → ${target}`).toBe(true);
        expect(existsSync(path), `${file} → ${target}`).toBe(true);
      }
      expect(text, file).not.toMatch(/\.\.\/shared\//);
    }
  });

  it("the architecture page covers what a newcomer needs", () => {
    const text = read("docs/architecture.md");
    for (const heading of ["## The request path", "## The layout", "## One-way imports", "## Adding a domain", "## Embedded defaults and their production counterparts", "## Scaling out"]) {
      expect(text).toContain(heading);
    }
  });
});
