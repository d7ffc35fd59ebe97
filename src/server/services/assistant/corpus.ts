import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { paths } from "@/config/paths";
import { AID_IDS, aidSentenceValues } from "@/domain/financial-aid";
import type { Locale } from "@/domain/locales";
import type { ChatSourceKind } from "@/domain/schemas/chat";
import { countrySlug } from "@/domain/slug";
import { loadMessages } from "@/i18n/load-messages";
import { isoCountries } from "@/server/db/seed/reference/countries";
import { NO_REPATRIATION_PAGE } from "@/server/services/countries-page";

/**
 * What the offline assistant knows: the site's own content cut into passages, each with the
 * page it comes from. Read from the same files the pages are built from (src/content and the
 * messages), so an answer never says what the site does not.
 *
 * - guides (fr, en): one passage per section of each article, plus each article's summary;
 * - glossary (fr, en): one passage per term, linked to its anchor;
 * - content pages (fr: services, detailed services, ecological funerals, commitments...) by section;
 * - every language from the messages: the financial aids (with the figures of
 *   src/domain/financial-aid.ts), the legal time limits and the legal quote model, the
 *   tombstone guide, the repatriation page of every country (its notes when the content team
 *   wrote some), and each public page's title and summary.
 */

export interface Passage {
  id: string;
  kind: ChatSourceKind;
  locale: Locale;
  title: string;
  /** The section's heading within the page, when the passage is one section. */
  heading: string;
  url: string;
  text: string;
  /** Words the page answers to without writing them (country names in other languages, tags). */
  keywords: string;
}

const CONTENT_ROOT = join(process.cwd(), "src", "content");
type Messages = Record<string, unknown>;

/** `{name}` placeholders of simple messages (no plural nor select). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function at(messages: Messages, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Messages)[key] : undefined), messages);
}

function text(messages: Messages, path: string, values: Record<string, string | number> = {}): string {
  const value = at(messages, path);
  return typeof value === "string" ? fill(value, values) : "";
}

/** Markdown to plain text: what a reader sees, without marks, links' targets or tables' rules. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/^\s*[-*+]\s+/gm, "")
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, " ")
    .replace(/\|/g, " ")
    .replace(/[*_`]+/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** Sections of a Markdown body cut at its ## and ### headings; the text before the first is the page's introduction. */
function sections(markdown: string): Array<{ heading: string; text: string }> {
  const out: Array<{ heading: string; text: string }> = [];
  let heading = "";
  let lines: string[] = [];
  const flush = () => {
    const body = plainText(lines.join("\n"));
    if (body) out.push({ heading, text: body });
  };
  for (const line of markdown.split("\n")) {
    const match = /^#{2,3}\s+(.+?)\s*#*$/.exec(line);
    if (match) {
      flush();
      heading = plainText(match[1]!);
      lines = [];
    } else lines.push(line);
  }
  flush();
  return out;
}

/** A Markdown page: its summary (front matter's description) and one passage per section; its tags are keywords. */
function markdownPassages(file: string, page: Pick<Passage, "id" | "kind" | "locale" | "url">): Passage[] {
  const parsed = matter(readFileSync(file, "utf8"));
  const data = parsed.data as { title?: unknown; description?: unknown; tags?: unknown };
  const title = String(data.title ?? "");
  const keywords = Array.isArray(data.tags) ? data.tags.join(" ") : "";
  return [
    { ...page, id: `${page.id}#`, title, heading: "", text: String(data.description ?? ""), keywords },
    ...sections(parsed.content).map((section, index) => ({ ...page, id: `${page.id}#${index}`, title, heading: section.heading, text: section.text, keywords })),
  ];
}

const listDirs = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith(".") && statSync(join(dir, n)).isDirectory()) : []);

function guidePassages(root: string, locale: Locale): Passage[] {
  const out: Passage[] = [];
  const localeDir = join(root, "guides", locale);
  for (const category of listDirs(localeDir)) {
    const dir = join(localeDir, category);
    for (const file of readdirSync(dir).filter((n) => n.endsWith(".md"))) {
      const url = file === "_category.md" ? paths.guideCategory(category) : paths.guideArticle(category, file.replace(/\.md$/, ""));
      out.push(...markdownPassages(join(dir, file), { id: `guide:${locale}:${category}/${file}`, kind: "guide", locale, url }));
    }
  }
  return out;
}

function glossaryPassages(root: string, locale: Locale, messages: Messages): Passage[] {
  const file = join(root, "glossary", `${locale}.json`);
  if (!existsSync(file)) return [];
  const terms = JSON.parse(readFileSync(file, "utf8")) as Array<{ slug: string; term: string; definition: string }>;
  const page = text(messages, "Pages.glossary.heading");
  return terms.map((term) => ({
    id: `glossary:${locale}:${term.slug}`,
    kind: "glossary" as const,
    locale,
    title: `${term.term} – ${page}`,
    heading: term.term,
    url: `${paths.glossary()}#${term.slug}`,
    text: term.definition,
    keywords: "",
  }));
}

/** The French editorial pages (src/content/pages/fr) and the page each is published at. */
const CONTENT_PAGES: Array<{ file: string; url: string; kind: ChatSourceKind }> = [
  { file: "services", url: paths.services(), kind: "service" },
  { file: "prestations-en-details", url: paths.detailedServices(), kind: "service" },
  { file: "obseques-ecologiques", url: paths.ecological(), kind: "page" },
  { file: "engagements", url: paths.commitments(), kind: "page" },
  { file: "professionnels", url: paths.professionals(), kind: "page" },
];

function contentPagePassages(root: string): Passage[] {
  return CONTENT_PAGES.flatMap(({ file, url, kind }) => {
    const where = join(root, "pages", "fr", `${file}.md`);
    return existsSync(where) ? markdownPassages(where, { id: `page:fr:${file}`, kind, locale: "fr", url }) : [];
  });
}

/** Public pages summarised by their title, description and lead in the Pages messages. */
const SUMMARISED_PAGES: Array<{ key: string; url: string; kind: ChatSourceKind }> = [
  { key: "services", url: paths.services(), kind: "service" },
  { key: "detailedServices", url: paths.detailedServices(), kind: "service" },
  { key: "ecological", url: paths.ecological(), kind: "page" },
  { key: "commitments", url: paths.commitments(), kind: "page" },
  { key: "flowers", url: paths.flowers(), kind: "service" },
  { key: "tombstoneCatalogue", url: paths.tombstoneCatalogue(), kind: "service" },
  { key: "funeralQuote", url: paths.funeralQuote(), kind: "legal_quote" },
  { key: "funeralIndex", url: paths.funeralIndex(), kind: "page" },
  { key: "repatriation", url: paths.repatriation(), kind: "repatriation" },
  { key: "financialAid", url: paths.financialAid(), kind: "financial_aid" },
  { key: "guides", url: paths.guides(), kind: "guide" },
  { key: "glossary", url: paths.glossary(), kind: "glossary" },
];

function pageSummaries(locale: Locale, messages: Messages): Passage[] {
  return SUMMARISED_PAGES.flatMap(({ key, url, kind }) => {
    const title = text(messages, `Pages.${key}.title`);
    const body = [text(messages, `Pages.${key}.description`), text(messages, `Pages.${key}.lead`)].filter(Boolean).join(" ");
    return title && body ? [{ id: `summary:${locale}:${key}`, kind, locale, title, heading: "", url, text: body, keywords: "" }] : [];
  });
}

function financialAidPassages(locale: Locale, messages: Messages): Passage[] {
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", numberingSystem: "latn" });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC", numberingSystem: "latn" });
  const values = aidSentenceValues(
    (cents) => money.format(cents / 100),
    (iso) => day.format(new Date(`${iso}T12:00:00Z`)),
  );
  const title = text(messages, "Pages.financialAid.heading");
  const deadline = text(messages, "FinancialAid.overview.deadline");
  const where = text(messages, "FinancialAid.overview.where");
  const colon = locale === "fr" ? " : " : ": ";
  const ids = [...new Set<string>([...AID_IDS, "reversion"])];
  return ids.flatMap((id) => {
    const name = text(messages, `FinancialAid.aids.${id}.name`);
    if (!name) return [];
    const parts = [
      text(messages, `FinancialAid.aids.${id}.amount`, values),
      text(messages, `FinancialAid.aids.${id}.who`, values),
      `${deadline}${colon}${text(messages, `FinancialAid.aids.${id}.deadline`, values)}`,
      `${where}${colon}${text(messages, `FinancialAid.aids.${id}.where`, values)}`,
    ].filter((part) => part && !part.endsWith(colon));
    return [{ id: `aid:${locale}:${id}`, kind: "financial_aid" as const, locale, title, heading: name, url: `${paths.financialAid()}#aide-${id}`, text: parts.join("\n"), keywords: "" }];
  });
}

function legalQuotePassages(locale: Locale, messages: Messages): Passage[] {
  const out: Passage[] = [];
  const title = text(messages, "Pages.funeralQuote.title");
  const deadlines = at(messages, "Quote.deadlines");
  if (deadlines && typeof deadlines === "object") {
    const lines = Object.values(deadlines as Messages).filter((v): v is string => typeof v === "string");
    const abroad = text(messages, "Quote.deadlinesAbroad.funeral-latest");
    const heading = text(messages, "Quote.document.deadlinesTitle");
    const keywords = text(messages, "Quote.confirmation.deadlinesTitle");
    // The funnel's one-line summary of the rule comes first: it is the answer to "how long do we have".
    const summary = text(messages, "Quote.funnel.steps.date.lead");
    out.push({ id: `legal:${locale}:deadlines`, kind: "legal_quote", locale, title, heading, url: paths.funeralQuote(), text: [summary, ...lines, abroad].filter(Boolean).join("\n"), keywords });
  }
  const legal = [text(messages, "Quote.landing.legalTitle"), text(messages, "Quote.landing.legalText"), text(messages, "Quote.landing.legalMandatory")].filter(Boolean);
  const sectionNames = at(messages, "Quote.sections");
  const names = sectionNames && typeof sectionNames === "object" ? Object.values(sectionNames as Messages).filter((v): v is string => typeof v === "string") : [];
  if (legal.length > 0) {
    out.push({ id: `legal:${locale}:model`, kind: "legal_quote", locale, title, heading: legal[0]!, url: paths.funeralQuote(), text: [...legal.slice(1), names.join(", ")].join("\n"), keywords: "" });
  }
  return out;
}

function tombstonePassages(locale: Locale, messages: Messages): Passage[] {
  const guide = at(messages, "TombstoneGuide");
  if (!guide || typeof guide !== "object") return [];
  const title = text(messages, "TombstoneGuide.title");
  const out: Passage[] = [];
  const sectionsNode = (guide as Messages).sections;
  if (sectionsNode && typeof sectionsNode === "object") {
    for (const [key, section] of Object.entries(sectionsNode as Messages)) {
      if (!section || typeof section !== "object") continue;
      const { title: heading, ...rest } = section as Messages;
      const body = Object.values(rest).filter((v): v is string => typeof v === "string");
      out.push({ id: `tombstone:${locale}:${key}`, kind: "guide", locale, title, heading: String(heading ?? ""), url: paths.tombstone(), text: body.join("\n"), keywords: "" });
    }
  }
  const faq = (guide as Messages).faq;
  if (faq && typeof faq === "object") {
    for (const [key, item] of Object.entries(faq as Messages)) {
      const { q, a } = (item ?? {}) as { q?: unknown; a?: unknown };
      if (typeof q === "string" && typeof a === "string") out.push({ id: `tombstone:${locale}:faq:${key}`, kind: "guide", locale, title, heading: q, url: paths.tombstone(), text: a, keywords: "" });
    }
  }
  return out;
}

interface CountryNoteEntry {
  code: string;
  agreement?: string;
  notes?: string[];
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : fallback;
}

function repatriationPassages(root: string, locale: Locale, messages: Messages): Passage[] {
  const lib = isoCountries();
  const notes = new Map(readJson<CountryNoteEntry[]>(join(root, "repatriation", "countries.json"), []).map((entry) => [entry.code.toLowerCase(), entry]));
  const translated = locale === "fr" ? {} : readJson<Record<string, string[]>>(join(root, "repatriation", "notes", `${locale}.json`), {});
  const out: Passage[] = [];
  for (const alpha2 of Object.keys(lib.getAlpha2Codes())) {
    const code = alpha2.toLowerCase();
    if (NO_REPATRIATION_PAGE.has(code)) continue;
    const french = lib.getName(alpha2, "fr", { select: "official" }) ?? alpha2;
    const name = lib.getName(alpha2, locale, { select: "official" }) ?? french;
    const aliases = new Set<string>();
    for (const l of ["fr", "en", locale]) for (const alias of ([] as string[]).concat(lib.getName(alpha2, l, { select: "all" }) ?? [])) aliases.add(alias);
    const entry = notes.get(code);
    const own = translated[code];
    const lines = own && entry?.notes && own.length === entry.notes.length ? own : (entry?.notes ?? []);
    // Not the page's lead: the same sentence for 230 countries would drown its words' weight.
    const body = [
      entry?.agreement ? text(messages, `Repatriation.country.agreement.${entry.agreement}`) : "",
      ...lines,
    ].filter(Boolean);
    out.push({
      id: `country:${locale}:${code}`,
      kind: "repatriation",
      locale,
      title: text(messages, "Pages.repatriationCountry.heading", { country: name }),
      heading: "",
      url: paths.repatriationCountry(countrySlug(french)),
      text: body.join("\n"),
      keywords: [...aliases].join(" "),
    });
  }
  return out;
}

/** Languages whose guides and glossary are written (the other languages read their messages). */
const WRITTEN_LOCALES: readonly Locale[] = ["fr", "en"];

/** Every passage in one language. */
export async function passagesIn(locale: Locale, root: string = CONTENT_ROOT): Promise<Passage[]> {
  const messages = (await loadMessages(locale)) as Messages;
  const written = WRITTEN_LOCALES.includes(locale) ? [...guidePassages(root, locale), ...glossaryPassages(root, locale, messages)] : [];
  return [
    ...written,
    ...(locale === "fr" ? contentPagePassages(root) : []),
    ...pageSummaries(locale, messages),
    ...financialAidPassages(locale, messages),
    ...legalQuotePassages(locale, messages),
    ...tombstonePassages(locale, messages),
    ...repatriationPassages(root, locale, messages),
  ].filter((passage) => passage.title && (passage.text || passage.kind === "repatriation"));
}
