import MiniSearch, { type SearchResult } from "minisearch";
import type { Locale } from "@/domain/locales";
import type { AiAgentSlug, ChatSource, ChatSourceKind } from "@/domain/schemas/chat";
import { passagesIn, type Passage } from "@/server/services/assistant/corpus";

/**
 * Full-text retrieval over the corpus (minisearch, BM25+). One index per language, holding
 * that language's passages and the French ones (the source language covers what is not
 * translated), built once per process on first use and kept.
 *
 * Words are folded (case, accents), stop words dropped, plural endings removed and cut to
 * seven letters: a crude stemmer that makes "rapatrier", "rapatriement" and "repatriate"'s
 * relatives meet ("rapatri", "repatri") without a language model. Chinese and Japanese,
 * written without spaces, are indexed by pairs of characters.
 */

const STOP_WORDS = new Set(
  (
    "a à au aux avec ce ces cet cette comme comment dans de des du d elle en est et etre être faire faut il ils je la le les leur leurs l lui ma mais me mes moi mon ne ni nos notre nous on ou où par pas pour qu que quel quelle quelles quels qui quoi sa se ses si son sont sur ta te tes toi ton tu un une vos votre vous y combien quand dois doit peut peux puis-je " +
    "إلى في من على عن ما هل كيف أن أو مع هذا هذه " +
    "של את על אל עם איך מה כמה האם לא זה או גם " +
    "the an of to for in on and or is are am was be been how what which when where who why do does did can could should would i my me we our you your it its with from at by about as this that these those there their they them not no any some have has had get need"
  )
    .split(/\s+/)
    .map((w) => fold(w)),
);

function fold(word: string): string {
  return word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .toLowerCase();
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
const ARABIC = /[\u0600-\u06ff]/u;
const STEM_LENGTH = 7;
/** Endings of French and English verbs and nouns, the longest first; one is removed. */
const SUFFIXES = ["ement", "ing", "ed", "er", "ez", "e"] as const;

/** One search term from one word, or null for a stop word. */
export function analyzeTerm(word: string): string | null {
  const folded = fold(word);
  if (!folded || STOP_WORDS.has(folded)) return null;
  if (CJK.test(folded)) return folded;
  // Arabic writes the article on the word: "المغرب" and "مغرب" are one word.
  if (ARABIC.test(folded)) return folded.length > 4 ? folded.replace(/^(?:وال|بال|لل|ال)/u, "") : folded;
  if (/^\d+$/.test(folded)) return folded;
  if (folded.length < 2) return null;
  let stem = folded.length > 4 && /[sx]$/.test(folded) && !/ss$/.test(folded) ? folded.slice(0, -1) : folded;
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 4) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  return stem.length > STEM_LENGTH ? stem.slice(0, STEM_LENGTH) : stem;
}

/** Words of a text; runs of Chinese or Japanese characters become overlapping pairs. */
export function tokenize(text: string): string[] {
  // Apostrophes separate too: "d'obsèques" gives "d" (dropped) and "obsèques".
  const words = text.split(/[^\p{L}\p{N}]+/u);
  const out: string[] = [];
  for (const word of words) {
    if (!word) continue;
    if (!CJK.test(word)) {
      out.push(word);
      continue;
    }
    const chars = [...word];
    if (chars.length === 1) out.push(word);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/**
 * Words families use that the pages say otherwise (after analyzeTerm): a question's term also
 * finds these, and a page holding one of them counts as holding the term.
 */
const SYNONYMS: Record<string, readonly string[]> = {
  deadlin: ["limit"],
  delai: ["limit"],
  organiz: ["organis"],
  arrang: ["organis"],
  enterr: ["inhumat"],
  bury: ["burial"],
  buri: ["burial"],
  inciner: ["cremati"],
};

/** The distinct terms of a question, as the index sees them. */
export function queryTerms(question: string): string[] {
  return [...new Set(tokenize(question).map(analyzeTerm).filter((t): t is string => t !== null))];
}

interface StoredFields {
  kind: ChatSourceKind;
  locale: Locale;
}

export interface AssistantIndex {
  locale: Locale;
  search: MiniSearch<Passage>;
  passages: Map<string, Passage>;
  size: number;
  /** termWeight's memory: words are few, questions many. */
  weights: Map<string, number>;
}

export async function buildIndex(locale: Locale): Promise<AssistantIndex> {
  const passages = locale === "fr" ? await passagesIn("fr") : [...(await passagesIn(locale)), ...(await passagesIn("fr"))];
  const search = new MiniSearch<Passage>({
    idField: "id",
    fields: ["title", "heading", "text", "keywords"],
    storeFields: ["kind", "locale"],
    tokenize,
    processTerm: analyzeTerm,
    searchOptions: { boost: { title: 2, heading: 2, keywords: 2 } },
  });
  search.addAll(passages);
  return { locale, search, passages: new Map(passages.map((p) => [p.id, p])), size: passages.length, weights: new Map() };
}

const indexes = new Map<Locale, Promise<AssistantIndex>>();

/** The index of a language, built on first use and kept for the life of the process. */
export function assistantIndex(locale: Locale): Promise<AssistantIndex> {
  let index = indexes.get(locale);
  if (!index) {
    index = buildIndex(locale);
    index.catch(() => indexes.delete(locale));
    indexes.set(locale, index);
  }
  return index;
}

/** Each assistant reads its own subject first. */
const AGENT_BOOSTS: Record<AiAgentSlug, Partial<Record<ChatSourceKind, number>>> = {
  "funeral-assistant": { legal_quote: 1.3, service: 1.1 },
  "procedures-assistant": { financial_aid: 1.5, glossary: 1.1 },
  "repatriation-assistant": { repatriation: 1.5 },
};

/**
 * How much a word of the question says, from how few passages hold it (inverse document
 * frequency): "délai" tells more than "obsèques", which every page says, and a word no page
 * holds weighs the most, so a question about something else reads as unknown.
 */
function termWeight(index: AssistantIndex, variants: string[]): number {
  const key = variants.join("|");
  let weight = index.weights.get(key);
  if (weight === undefined) {
    const holders = index.search.search(variants.join(" "), { combineWith: "OR", prefix: false, fuzzy: (term) => (term.length >= 6 && !CJK.test(term) ? 0.15 : false) }).length;
    weight = Math.log(1 + index.size / (holders + 1));
    index.weights.set(key, weight);
  }
  return weight;
}

/** The weight of a word no passage holds. */
const UNHELD = (index: AssistantIndex) => Math.log(1 + index.size) - 1e-9;

export interface RetrievedPassage {
  passage: Passage;
  score: number;
  /** Share of the question's meaning the page holds: its words weighted by termWeight (0-1). */
  coverage: number;
}

export interface Retrieval {
  terms: string[];
  /** Best passage per page, best first; empty when nothing answers the question well enough. */
  hits: RetrievedPassage[];
}

/** A page answers when its best passage holds at least this share of the question's words. */
export const MIN_COVERAGE = 0.6;
/** Further pages are cited only when close to the best one. */
const RELATIVE_SCORE = 0.45;
export const MAX_SOURCES = 3;
const PASSAGES_PER_PAGE = 3;
const PASSAGE_WEIGHTS = [1, 0.5, 0.25];

export function retrieve(index: AssistantIndex, question: string, agent: AiAgentSlug): Retrieval {
  const terms = queryTerms(question);
  if (terms.length === 0) return { terms, hits: [] };
  const boosts = AGENT_BOOSTS[agent];
  const expanded = [...new Set(terms.flatMap((term) => [term, ...(SYNONYMS[term] ?? [])]))];
  const original = new Map<string, string>();
  for (const term of terms) for (const synonym of SYNONYMS[term] ?? []) if (!terms.includes(synonym)) original.set(synonym, term);
  const results: SearchResult[] = index.search.search(expanded.join(" "), {
    combineWith: "OR",
    fuzzy: (term) => (term.length >= 6 && !CJK.test(term) ? 0.15 : false),
    prefix: false,
    boostDocument: (_id, _term, stored) => {
      const fields = stored as unknown as StoredFields | undefined;
      if (!fields) return 1;
      const language = index.locale !== "fr" && fields.locale === index.locale ? 1.3 : 1;
      return language * (boosts[fields.kind] ?? 1);
    },
  });
  // A page is scored by its best passages together: an article that discusses the question in
  // several sections beats a page that mentions its words once.
  const pages = new Map<string, { passages: Array<{ id: string; score: number }>; matched: Set<string> }>();
  for (const result of results) {
    const passage = index.passages.get(String(result.id));
    if (!passage) continue;
    const page = pages.get(passage.url) ?? { passages: [], matched: new Set<string>() };
    if (page.passages.length < PASSAGES_PER_PAGE) {
      page.passages.push({ id: passage.id, score: result.score });
      for (const term of result.queryTerms) page.matched.add(original.get(term) ?? term);
    }
    pages.set(passage.url, page);
  }
  // Pairs of Chinese characters across two words ("体运" in 遗体运回) are in no page: noise of the
  // pairing, not an unknown word, so they do not count against the page. A Latin word no page
  // holds does count: it is what makes an unrelated question unknown.
  const weights = new Map(
    terms.map((term) => [term, CJK.test(term) && termWeight(index, [term]) >= UNHELD(index) ? 0 : termWeight(index, [term, ...(SYNONYMS[term] ?? [])])]),
  );
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return { terms, hits: [] };
  const ranked = [...pages.values()]
    .map((page) => ({
      passage: index.passages.get(page.passages[0]!.id)!,
      score: page.passages.reduce((sum, p, i) => sum + p.score * PASSAGE_WEIGHTS[i]!, 0),
      coverage: terms.filter((term) => page.matched.has(term)).reduce((sum, term) => sum + weights.get(term)!, 0) / total,
    }))
    .filter((page) => page.coverage >= MIN_COVERAGE)
    // A page holding every word of the question beats one holding some of them, however often.
    .map((page) => ({ ...page, score: page.score * page.coverage * page.coverage }))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  const hits = ranked.filter((page) => page.score >= best * RELATIVE_SCORE).slice(0, MAX_SOURCES);
  return { terms, hits };
}

const EXTRACT_MAX = 300;

/** The sentences of a passage that hold most of the question's terms, at most ~300 characters. */
export function extractOf(passage: Passage, terms: readonly string[]): string {
  const sentences = passage.text
    .split(/(?<=[.!?。！？])\s+|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length === 0) return "";
  const wanted = new Set(terms);
  const scoreOf = (sentence: string) => new Set(tokenize(sentence).map(analyzeTerm).filter((t): t is string => t !== null && wanted.has(t))).size;
  let start = 0;
  let top = -1;
  sentences.forEach((sentence, i) => {
    const score = scoreOf(sentence);
    if (score > top) {
      top = score;
      start = i;
    }
  });
  let extract = sentences[start]!;
  for (let i = start + 1; i < sentences.length && extract.length + sentences[i]!.length + 1 <= EXTRACT_MAX; i++) extract += ` ${sentences[i]}`;
  if (extract.length <= EXTRACT_MAX) return extract;
  const cut = extract.slice(0, EXTRACT_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), EXTRACT_MAX - 40)).trimEnd()}…`;
}

/** A retrieved passage as the answer cites it. */
export function toSource(hit: RetrievedPassage, terms: readonly string[]): ChatSource {
  const { passage } = hit;
  return { kind: passage.kind, title: passage.heading && passage.heading !== passage.title ? `${passage.title} – ${passage.heading}` : passage.title, url: passage.url, extract: extractOf(passage, terms), language: passage.locale };
}
