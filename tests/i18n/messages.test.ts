import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/domain/locales";

type Tree = { [key: string]: string | Tree };

function load(locale: string): Tree {
  return JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

const french = flatten(load("fr"));

describe.each(LOCALES.filter((l) => l !== "fr"))("messages/%s.json", (locale) => {
  const messages = flatten(load(locale));

  it("has every French key and no other", () => {
    expect([...messages.keys()].filter((k) => !french.has(k))).toEqual([]);
    expect([...french.keys()].filter((k) => !messages.has(k))).toEqual([]);
  });

  it("keeps the placeholders of each French message", () => {
    const wrong = [...french].filter(([key, text]) => JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(messages.get(key) ?? "")));
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it("is really translated, not a copy of the French", () => {
    // Short labels (brand, numbers, language names) may legitimately match.
    const copied = [...french].filter(([key, text]) => text.length > 25 && messages.get(key) === text);
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it("has no empty message", () => {
    expect([...messages].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });
});
