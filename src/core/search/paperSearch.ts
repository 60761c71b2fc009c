import { forEachWord } from './segment';
import { SerializedIndex, TermIndex } from './termIndex';
import { STOPWORDS } from '../common';

/** What the index knows of a paper. Filters use the plain fields; text search uses the indexed ones. */
export interface SearchDoc {
  id: string;
  title: string;
  method: string | null;
  keywords: string[];
  abstract: string;
  themeId: string;
  themeLabel: string;
  /** The broad theme of a paper whose theme is a subtheme: `theme:` matches either. */
  parentThemeId?: string;
  parentThemeLabel?: string;
  collections: string[];
  /** The user's notes and annotations, when any: searchable too. */
  notes?: string;
  tags?: string[];
  /** Authors' names, when the file gave them. */
  authors?: string[];
}

export interface Snippet {
  /** Which field the snippet is from. */
  field: 'title' | 'method' | 'keywords' | 'abstract' | 'notes';
  text: string;
  /** [start, end) ranges of matched words in `text`. */
  highlights: [number, number][];
}

export interface SearchHit {
  id: string;
  score: number;
  snippet: Snippet | null;
}

/** A hit before its snippet: which terms and fields matched (null terms: a filter-only hit, no snippet). */
export interface RankedHit {
  id: string;
  score: number;
  terms: string[] | null;
  fields: number;
}

export interface QueryFilter {
  key: string;
  value: string;
  negated: boolean;
}

export interface ParsedQuery {
  text: string;
  filters: QueryFilter[];
}

/** Decides whether a document passes a filter word such as `theme:offline`. */
export type FilterPredicate = (doc: SearchDoc, value: string) => boolean;

export interface SearchOptions {
  limit?: number;
  /** Extra filter words (`is:`, `has:`, `tag:`...) on top of `theme:` and `collection:`. */
  filters?: Record<string, FilterPredicate>;
}

const FIELDS = ['title', 'method', 'keywords', 'abstract', 'notes', 'tags', 'authors'] as const;
const BOOST = { method: 4, title: 3, tags: 3, keywords: 2, abstract: 1, notes: 1.5, authors: 2 };

const looseCache = new Map<string, string>();
/** Lower case, `-`/`_`/spaces as one space; remembered, as filters compare the same few labels for every paper. */
function loose(s: string): string {
  let out = looseCache.get(s);
  if (out === undefined) {
    if (looseCache.size > 10_000) looseCache.clear();
    out = s
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ')
      .trim();
    looseCache.set(s, out);
  }
  return out;
}

/** The filters every index understands: theme (or broad theme) label or id and collection name (a part of the name), tag (whole). */
export const BUILTIN_FILTERS: Record<string, FilterPredicate> = {
  theme: (doc, value) =>
    loose(doc.themeLabel).includes(loose(value)) ||
    doc.themeId === value ||
    (doc.parentThemeLabel !== undefined && loose(doc.parentThemeLabel).includes(loose(value))) ||
    (doc.parentThemeId !== undefined && doc.parentThemeId === value),
  collection: (doc, value) => doc.collections.some((c) => loose(c).includes(loose(value))),
  tag: (doc, value) => (doc.tags ?? []).some((t) => loose(t) === loose(value)),
};

/** Splits a query into free text and `key:value` filter words (`key:"two words"`, `-key:value` negates). */
export function parseQuery(query: string): ParsedQuery {
  const filters: QueryFilter[] = [];
  const text = query.replace(
    /(^|\s)(-?)([a-z]+):(?:"([^"]*)"?|(\S*))/gi,
    (_m, lead: string, neg: string, key: string, quoted?: string, bare?: string) => {
      filters.push({ key: key.toLowerCase(), value: quoted ?? bare ?? '', negated: neg === '-' });
      return lead;
    },
  );
  return { text: text.replace(/\s+/g, ' ').trim(), filters };
}

function wordRanges(text: string, terms: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  const lower = text.toLowerCase();
  for (const term of terms) {
    let from = 0;
    for (;;) {
      const at = lower.indexOf(term, from);
      if (at < 0) break;
      const before = at === 0 ? ' ' : lower[at - 1];
      if (!/[\p{L}\p{N}]/u.test(before)) {
        let end = at + term.length;
        while (end < lower.length && /[\p{L}\p{N}]/u.test(lower[end])) end++;
        ranges.push([at, end]);
      }
      from = at + term.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return ranges;
}

/** A window of about `width` characters around the first match, cut at word boundaries. */
export function makeSnippet(field: Snippet['field'], text: string, terms: string[], width = 160): Snippet | null {
  const ranges = wordRanges(text, terms);
  if (ranges.length === 0) return null;
  const first = ranges[0][0];
  let start = Math.max(0, first - Math.floor(width / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > first ? space : end;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const highlights = ranges
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]) => [s - start + prefix.length, e - start + prefix.length] as [number, number]);
  return { field, text: prefix + text.slice(start, end) + suffix, highlights };
}

/** Field boost and position: the position is the bit of the field in a hit's field mask. */
const INDEXED_FIELDS = FIELDS.map((name) => ({ name, boost: BOOST[name] }));
const ABSTRACT_BIT = 1 << FIELDS.indexOf('abstract');
const NOTES_BIT = 1 << FIELDS.indexOf('notes');

/** Lower case; drops one-letter words (unless a digit) and short stopwords ("the", "of"; "model" stays). */
function processTerm(word: string): string | null {
  const t = word.toLowerCase();
  return t.length < 2 && !/\d/.test(t) ? null : STOPWORDS.has(t) && t.length < 5 ? null : t;
}

function fieldTexts(doc: SearchDoc): string[] {
  return FIELDS.map((field) => {
    const value = doc[field];
    return Array.isArray(value) ? value.join(' ') : (value ?? '');
  });
}

/**
 * No word of any language is this long: a longer query word (a pasted blob) is looked up as typed only, since
 * the fuzzy walk's work and memory grow with the word's length.
 */
const LONGEST_FUZZY_WORD = 64;

/** Edits a misspelled word may be off by: none under 5 letters, then one per 5 letters, at most 2. */
function fuzziness(term: string): number {
  if (term.length > LONGEST_FUZZY_WORD) return 0;
  return term.length < 5 ? 0 : Math.min(2, Math.round(term.length * 0.2));
}

/** How titles sort: without accents, case folded ("Élan" next to "elan"). */
function titleKey(title: string): string {
  if (/^[\x00-\x7f]*$/.test(title)) return title.toLowerCase();
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Full-text search over papers: field boosts (method > title > tags > keywords > abstract), prefix
 * matching on the word being typed, fuzzy matching of longer words when the words as typed find
 * nothing, filter words, snippets. The index is termIndex.ts (typed arrays, a bounded top-k).
 */
export class PaperSearch {
  private termIndex!: TermIndex;
  private readonly docMap = new Map<string, SearchDoc>();
  /** Ids sorted by title, for filter-only queries; made with the index (not on a keystroke), redone when titles change. */
  private byTitle: string[] | undefined;
  /** A restored index is set up on first use (see restore): a second activation shows the tree without waiting for it. */
  private restoring: (() => void) | undefined;

  constructor(docs: Iterable<SearchDoc> = [], index?: TermIndex, titleOrder?: Uint32Array) {
    this.adopt(docs, index, titleOrder);
  }

  private adopt(docs: Iterable<SearchDoc>, index?: TermIndex, titleOrder?: Uint32Array): void {
    this.byTitle = undefined;
    this.termIndex = index ?? new TermIndex(INDEXED_FIELDS, processTerm);
    if (index) for (const doc of docs) this.docMap.set(doc.id, doc);
    else this.addAll(docs);
    if (index && titleOrder && titleOrder.length === this.docMap.size)
      this.byTitle = Array.from(titleOrder, (n) => index.idOf(n));
    this.titleOrder();
  }

  private get index(): TermIndex {
    this.finishRestore();
    return this.termIndex;
  }

  private get docs(): Map<string, SearchDoc> {
    this.finishRestore();
    return this.docMap;
  }

  private finishRestore(): void {
    const restoring = this.restoring;
    this.restoring = undefined;
    restoring?.();
  }

  /**
   * Runs `change` now, or after the restore when the index is not set up yet: a grown analysis that is never
   * searched (`papers analyze --state`) never sets up its index.
   */
  private whenRestored(change: () => void): void {
    const restoring = this.restoring;
    if (!restoring) return change();
    this.restoring = () => {
      restoring();
      change();
    };
  }

  /** The index as plain data (typed arrays), for a cache or to move it between threads. */
  serialize(): SerializedIndex {
    const order = this.titleOrder();
    const numbers = new Uint32Array(order.length);
    order.forEach((id, i) => (numbers[i] = this.index.numberOf(id)!));
    return { ...this.index.serialize(), titleOrder: numbers };
  }

  /**
   * An index of `docs` built when it is first used (a search, a serialize, a change applied after it): a run that
   * never searches never pays for it. Changes made before are queued and applied in order.
   */
  static builtOnFirstUse(docs: () => Iterable<SearchDoc>): PaperSearch {
    const search = new PaperSearch();
    search.restoring = () => search.adopt(docs());
    return search;
  }

  /**
   * Loads an index saved by serialize(), for the same documents (their text is not in it; given as a function,
   * they are made with the index, on first use); anything else is rebuilt.
   */
  static restore(data: unknown, docs: Iterable<SearchDoc> | (() => Iterable<SearchDoc>)): PaperSearch {
    const listOf = () => [...(typeof docs === 'function' ? docs() : docs)];
    // without a saved index (none was kept, or it is not one) the index is built, also on first use: `papers
    // analyze --state` keeps none and never searches
    if (!isSerializedIndex(data)) return PaperSearch.builtOnFirstUse(listOf);
    const search = new PaperSearch();
    search.restoring = () => {
      const list = listOf();
      let byId: Map<string, SearchDoc> | undefined; // only needed when the user had annotated papers
      const index = TermIndex.restore(data, INDEXED_FIELDS, processTerm, (id) => {
        byId ??= new Map(list.map((d) => [d.id, d]));
        const doc = byId.get(id);
        return doc ? fieldTexts(doc) : undefined;
      });
      search.adopt(list, index, data.titleOrder);
    };
    return search;
  }

  /** Replaces what filters read (theme, collections) without re-indexing: those fields are not searched as text. */
  updateMeta(
    id: string,
    meta: Pick<SearchDoc, 'themeId' | 'themeLabel' | 'parentThemeId' | 'parentThemeLabel' | 'collections'>,
  ): void {
    this.whenRestored(() => {
      const doc = this.docs.get(id);
      // in place: a copy by spreading would lose a doc's abstract getter (see toSearchDoc)
      if (doc) Object.assign(doc, meta);
    });
  }

  get size(): number {
    return this.docs.size;
  }

  addAll(docs: Iterable<SearchDoc>): void {
    if (this.restoring) {
      const later = [...docs];
      return this.whenRestored(() => this.addAll(later));
    }
    const fresh: SearchDoc[] = [];
    let reorder = false;
    for (const doc of docs) {
      // notes and tags do not move a paper in the title order; a new paper or a new title does
      reorder ||= this.docs.get(doc.id)?.title !== doc.title;
      this.docs.set(doc.id, doc);
      fresh.push(doc);
    }
    this.index.add(fresh.map((doc) => ({ id: doc.id, fields: fieldTexts(doc) })));
    if (reorder) this.byTitle = undefined;
  }

  /** Forgets papers that left the library. */
  remove(ids: readonly string[]): void {
    if (ids.length === 0) return;
    if (this.restoring) {
      const later = [...ids];
      return this.whenRestored(() => this.remove(later));
    }
    for (const id of ids) this.docs.delete(id);
    this.index.remove(ids);
    this.byTitle = undefined;
  }

  /** Replaces one document (after its notes, tags or theme changed). */
  update(doc: SearchDoc): void {
    this.addAll([doc]);
  }

  /** Forgets what speeds up repeated queries (benchmarks measure every round from cold). */
  clearCaches(): void {
    this.index.clearCaches();
  }

  /**
   * What the first query would otherwise do, in steps (the index set up, each of its large arrays read, the
   * fuzzy dictionary built; each a few hundred ms at most at 100k papers): the extension host runs one step at
   * a time between other work.
   */
  *preparation(): Generator<void, void, void> {
    this.finishRestore();
    yield;
    for (const step of this.termIndex.preparationSteps()) {
      step();
      yield;
    }
  }

  get(id: string): SearchDoc | undefined {
    return this.docs.get(id);
  }

  search(query: string, options: SearchOptions = {}): SearchHit[] {
    return this.rank(query, options).map((h) => this.withSnippet(h));
  }

  /** The hits without their snippets: to merge the hits of several indexes, then make snippets for the few kept. */
  rank(query: string, options: SearchOptions = {}): RankedHit[] {
    const { text, filters } = parseQuery(query);
    const predicates = new Map(Object.entries({ ...BUILTIN_FILTERS, ...options.filters }));
    // a Map: a filter word typed as `constructor:` or `toString:` is an unknown key, not Object.prototype's
    const active = filters.filter((f) => predicates.has(f.key) && f.value !== '');
    const passes = (doc: SearchDoc) => active.every((f) => predicates.get(f.key)!(doc, f.value) !== f.negated);
    const limit = options.limit ?? 50;
    if (text === '') return this.filterOnly(passes, limit);
    const words: string[] = [];
    forEachWord(text, (w) => {
      const term = processTerm(w);
      if (term !== null) words.push(term);
    });
    if (words.length === 0) return [];
    const accept = active.length ? (n: number) => passes(this.docs.get(this.index.idOf(n))!) : undefined;
    const run = (fuzzy: boolean, and: boolean) =>
      this.index.query(
        words.map((term, i) => ({ term, prefix: i === words.length - 1, fuzzy: fuzzy ? fuzziness(term) : 0 })),
        and,
        limit,
        accept,
      );
    // fuzzy matching only when the words as typed find nothing: it is the costly part, and a word
    // that matches as typed is rarely a misspelling
    let hits = run(false, true);
    if (hits.length === 0 && words.some((w) => fuzziness(w) > 0)) hits = run(true, true);
    if (hits.length === 0) hits = run(true, false);
    return hits.map((h) => ({ id: this.index.idOf(h.doc), score: h.score, terms: h.terms, fields: h.fields }));
  }

  withSnippet(hit: RankedHit): SearchHit {
    return { id: hit.id, score: hit.score, snippet: hit.terms ? this.snippetFor(hit.id, hit.terms, hit.fields) : null };
  }

  /** Papers passing the filters, by title. */
  private filterOnly(passes: (doc: SearchDoc) => boolean, limit: number): RankedHit[] {
    const out: RankedHit[] = [];
    for (const id of this.titleOrder()) {
      if (out.length >= limit) break;
      if (passes(this.docs.get(id)!)) out.push({ id, score: 0, terms: null, fields: 0 });
    }
    return out;
  }

  private titleOrder(): string[] {
    this.finishRestore();
    if (!this.byTitle) {
      // a plain comparison of accent-free lower-case keys: a locale collator is far slower over many titles
      const keyed = [...this.docs.values()].map((d) => ({ id: d.id, key: titleKey(d.title) }));
      keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
      this.byTitle = keyed.map((d) => d.id);
    }
    return this.byTitle;
  }

  private snippetFor(id: string, terms: string[], fieldsHit: number): Snippet | null {
    const doc = this.docs.get(id);
    if (!doc) return null;
    for (const [field, bit] of [
      ['notes', NOTES_BIT],
      ['abstract', ABSTRACT_BIT],
    ] as const) {
      const text = doc[field];
      if (text && fieldsHit & bit) {
        const s = makeSnippet(field, text, terms);
        if (s) return s;
      }
    }
    // matched in the title, method or keywords only: show how the abstract begins
    const cut = doc.abstract.length > 160 ? doc.abstract.lastIndexOf(' ', 160) : -1;
    return (
      makeSnippet('abstract', doc.abstract, terms) ?? {
        field: 'abstract',
        text: cut > 0 ? `${doc.abstract.slice(0, cut)}…` : doc.abstract,
        highlights: [],
      }
    );
  }
}

function isSerializedIndex(data: unknown): data is SerializedIndex {
  const d = data as SerializedIndex | undefined;
  return (
    !!d &&
    typeof d === 'object' &&
    d.format === 1 &&
    Array.isArray(d.ids) &&
    d.alive instanceof Uint8Array &&
    Array.isArray(d.segments)
  );
}
