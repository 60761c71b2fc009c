import MiniSearch, { Options, SearchResult } from 'minisearch';
import { STOPWORDS } from './text';

/** What the index knows of a paper. Filters use the plain fields; text search uses the indexed ones. */
export interface SearchDoc {
  id: string;
  title: string;
  method: string | null;
  keywords: string[];
  abstract: string;
  themeId: string;
  themeLabel: string;
  collections: string[];
  /** The user's notes and annotations, when any: searchable too. */
  notes?: string;
  tags?: string[];
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

const FIELDS = ['title', 'method', 'keywords', 'abstract', 'notes', 'tags'] as const;
const BOOST = { method: 4, title: 3, tags: 3, keywords: 2, abstract: 1, notes: 1.5 };

const loose = (s: string) => s.toLowerCase().replace(/[\s_\-]+/g, ' ').trim();

/** The filters every index understands: theme label or id and collection name (a part of the name), tag (whole). */
export const BUILTIN_FILTERS: Record<string, FilterPredicate> = {
  theme: (doc, value) => loose(doc.themeLabel).includes(loose(value)) || doc.themeId === value,
  collection: (doc, value) => doc.collections.some((c) => loose(c).includes(loose(value))),
  tag: (doc, value) => (doc.tags ?? []).some((t) => loose(t) === loose(value)),
};

/** Splits a query into free text and `key:value` filter words (`key:"two words"`, `-key:value` negates). */
export function parseQuery(query: string): ParsedQuery {
  const filters: QueryFilter[] = [];
  const text = query.replace(/(^|\s)(-?)([a-z]+):(?:"([^"]*)"?|(\S*))/gi, (_m, lead: string, neg: string, key: string, quoted?: string, bare?: string) => {
    filters.push({ key: key.toLowerCase(), value: quoted ?? bare ?? '', negated: neg === '-' });
    return lead;
  });
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

/**
 * Full-text search over papers with MiniSearch: field boosts (method > title > keywords > abstract),
 * prefix matching on the word being typed, fuzzy matching for longer words, filter words, snippets.
 */
export class PaperSearch {
  private readonly index: MiniSearch<SearchDoc>;
  private readonly docs = new Map<string, SearchDoc>();

  constructor(docs: Iterable<SearchDoc> = [], index?: MiniSearch<SearchDoc>) {
    this.index = index ?? new MiniSearch<SearchDoc>(PaperSearch.indexOptions());
    if (index) for (const doc of docs) this.docs.set(doc.id, doc);
    else this.addAll(docs);
  }

  /** The MiniSearch options; the same for building and for loading a saved index. */
  private static indexOptions(): Options<SearchDoc> {
    return {
      fields: [...FIELDS],
      storeFields: [],
      extractField: (doc, field) => {
        const value = (doc as unknown as Record<string, unknown>)[field];
        return Array.isArray(value) ? value.join(' ') : ((value as string | null | undefined) ?? '');
      },
      processTerm: (term) => {
        const t = term.toLowerCase();
        return t.length < 2 && !/\d/.test(t) ? null : STOPWORDS.has(t) && t.length < 5 ? null : t;
      },
    };
  }

  /** The index as JSON text, for a cache or to move it between threads. */
  serialize(): string {
    return JSON.stringify(this.index);
  }

  /** Loads an index saved by serialize(), for the same documents (their text is not in the JSON). */
  static restore(json: string, docs: Iterable<SearchDoc>): PaperSearch {
    return new PaperSearch(docs, MiniSearch.loadJSON<SearchDoc>(json, PaperSearch.indexOptions()));
  }

  /** Replaces what filters read (theme, collections) without re-indexing: those fields are not searched as text. */
  updateMeta(id: string, meta: Pick<SearchDoc, 'themeId' | 'themeLabel' | 'collections'>): void {
    const doc = this.docs.get(id);
    if (doc) this.docs.set(id, { ...doc, ...meta });
  }

  get size(): number {
    return this.docs.size;
  }

  addAll(docs: Iterable<SearchDoc>): void {
    const fresh: SearchDoc[] = [];
    for (const doc of docs) {
      if (this.docs.has(doc.id)) this.index.discard(doc.id);
      this.docs.set(doc.id, doc);
      fresh.push(doc);
    }
    this.index.addAll(fresh);
  }

  /** Replaces one document (after its notes, tags or theme changed). */
  update(doc: SearchDoc): void {
    this.addAll([doc]);
  }

  get(id: string): SearchDoc | undefined {
    return this.docs.get(id);
  }

  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const { text, filters } = parseQuery(query);
    const predicates = { ...BUILTIN_FILTERS, ...options.filters };
    const active = filters.filter((f) => predicates[f.key] && f.value !== '');
    const passes = (doc: SearchDoc) => active.every((f) => predicates[f.key](doc, f.value) !== f.negated);
    const limit = options.limit ?? 50;
    if (text === '') {
      const all = [...this.docs.values()].filter(passes);
      all.sort((a, b) => a.title.localeCompare(b.title) || (a.id < b.id ? -1 : 1));
      return all.slice(0, limit).map((doc) => ({ id: doc.id, score: 0, snippet: null }));
    }
    const run = (combineWith: 'AND' | 'OR') =>
      this.index.search(text, {
        boost: BOOST,
        combineWith,
        prefix: (_term, i, terms) => i === terms.length - 1,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        filter: active.length ? (r) => passes(this.docs.get(r.id as string)!) : undefined,
      });
    let results = run('AND');
    if (results.length === 0) results = run('OR');
    return results.slice(0, limit).map((r) => ({ id: r.id as string, score: r.score, snippet: this.snippetFor(r) }));
  }

  private snippetFor(result: SearchResult): Snippet | null {
    const doc = this.docs.get(result.id as string);
    if (!doc) return null;
    const terms = result.terms;
    const fieldsHit = new Set(Object.values(result.match).flat());
    for (const field of ['notes', 'abstract'] as const) {
      const text = doc[field];
      if (text && fieldsHit.has(field)) {
        const s = makeSnippet(field, text, terms);
        if (s) return s;
      }
    }
    // matched in the title, method or keywords only: show how the abstract begins
    const cut = doc.abstract.length > 160 ? doc.abstract.lastIndexOf(' ', 160) : -1;
    return makeSnippet('abstract', doc.abstract, terms) ?? { field: 'abstract', text: cut > 0 ? `${doc.abstract.slice(0, cut)}…` : doc.abstract, highlights: [] };
  }
}
