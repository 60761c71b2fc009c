/**
 * Search over what is indexed so far, while the first analysis of a large corpus runs: the analysis
 * thread indexes the abstracts in chunks right after parsing (buildSearchChunk) and hands each over as
 * plain data; PartialSearch restores them (cheap: typed arrays and the chunk's term list) and answers
 * queries over all chunks received, best hits first. The abstracts travel as UTF-8 bytes and are
 * decoded only for the hits shown: as strings, every abstract of a chunk would be copied into the receiving
 * thread one by one; as bytes they are one moved buffer. There are no titles, keywords or themes yet: a
 * result shows the paper's source title or the first words of its abstract, and `theme:` is refused.
 */
import { decodeLatex } from '../common';
import { ParsedPaper } from '../papers';
import { PaperSearch, parseQuery, RankedHit, SearchDoc, SearchHit, SearchOptions } from './paperSearch';
import { SerializedIndex } from './termIndex';

/** One chunk of papers with its index, as plain data (what the analysis worker posts). */
export interface SearchChunk {
  ids: string[];
  /** The abstracts in UTF-8, one after the other. */
  text: Uint8Array;
  /** Where each abstract ends in `text` (bytes). */
  ends: Uint32Array;
  /** The title the file gave, or null (Daily Papers has none). */
  sourceTitles: (string | null)[];
  /** Per paper, the collections it is in (for `collection:`). */
  collections: string[][];
  index: SerializedIndex;
}

export interface PartialHit extends SearchHit {
  /** The source title, or the first words of the abstract. */
  title: string;
}

export interface PartialResult {
  hits: PartialHit[];
  /** Filter words of the query that need the full analysis (`theme`): when any, there are no hits. */
  refused: string[];
}

/** Filter words that read what only the full analysis computes. */
export const PENDING_FILTERS: ReadonlySet<string> = new Set(['theme']);

/** About what a quick pick row shows beside a short description. */
const TITLE_CHARS = 64;

/** A title to show before the analysis made one: the file's title, else the abstract's first words (cut at a word). */
export function titleBeforeAnalysis(abstract: string, sourceTitle?: string | null): string {
  if (sourceTitle && sourceTitle.trim() !== '') return sourceTitle.trim();
  const text = decodeLatex(abstract).replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_CHARS) return text;
  const space = text.lastIndexOf(' ', TITLE_CHARS);
  const cut = space > TITLE_CHARS / 2 ? space : TITLE_CHARS;
  return `${text.slice(0, cut).replace(/[\s,;:.\-–—]+$/, '')}…`;
}

const decoder = new TextDecoder();

/** A paper of a chunk as the search sees it; the abstract is decoded when read (snippets of hits). */
function chunkDoc(chunk: Omit<SearchChunk, 'index'>, i: number): SearchDoc {
  let abstract: string | undefined;
  return {
    id: chunk.ids[i],
    // the source title is searchable as a title; there is no computed title yet
    title: chunk.sourceTitles[i] ?? '',
    method: null,
    keywords: [],
    get abstract() {
      return (abstract ??= decoder.decode(chunk.text.subarray(i === 0 ? 0 : chunk.ends[i - 1], chunk.ends[i])));
    },
    themeId: '',
    themeLabel: '',
    collections: chunk.collections[i],
  };
}

/** The abstracts as UTF-8, one after the other, and where each ends. */
function encodeAbstracts(abstracts: readonly string[]): { text: Uint8Array; ends: Uint32Array } {
  const encoder = new TextEncoder();
  // at most 3 bytes per UTF-16 unit
  const buffer = new Uint8Array(abstracts.reduce((n, a) => n + a.length * 3, 0));
  const ends = new Uint32Array(abstracts.length);
  let at = 0;
  abstracts.forEach((a, i) => {
    at += encoder.encodeInto(a, buffer.subarray(at)).written;
    ends[i] = at;
  });
  return { text: buffer.slice(0, at), ends };
}

/** Indexes papers (their abstracts and source titles) as one chunk; runs on the analysis thread. */
export function buildSearchChunk(papers: readonly ParsedPaper[]): SearchChunk {
  const docs: SearchDoc[] = papers.map((p) => ({
    id: p.id,
    title: p.sourceTitle ?? '',
    method: null,
    keywords: [],
    abstract: p.abstract,
    themeId: '',
    themeLabel: '',
    collections: [],
  }));
  return {
    ids: papers.map((p) => p.id),
    ...encodeAbstracts(papers.map((p) => p.abstract)),
    sourceTitles: papers.map((p) => p.sourceTitle ?? null),
    collections: papers.map((p) => [...new Set(p.sources.map((s) => s.collection))]),
    index: new PaperSearch(docs).serialize(),
  };
}

/** The typed arrays of a chunk, to move them to another thread instead of copying them. */
export function chunkBuffers(chunk: SearchChunk): ArrayBuffer[] {
  const { index } = chunk;
  const arrays = [
    chunk.text,
    chunk.ends,
    index.alive,
    index.titleOrder,
    ...index.segments.flatMap((s) => [s.offsets, s.docs, s.weights, s.fieldMasks]),
  ];
  return [...new Set(arrays.filter((a) => a !== undefined).map((a) => a.buffer as ArrayBuffer))];
}

/** Searches the chunks received so far and merges their best hits. */
export class PartialSearch {
  private readonly chunks: PaperSearch[] = [];
  private indexedCount = 0;

  /** `total`: how many papers the corpus has (for "30,000 of 98,748"). */
  constructor(readonly total: number) {}

  /** How many papers are searchable now. */
  get indexed(): number {
    return this.indexedCount;
  }

  get chunkCount(): number {
    return this.chunks.length;
  }

  add(chunk: SearchChunk): void {
    if (chunk.ids.length === 0) return;
    this.chunks.push(
      PaperSearch.restore(
        chunk.index,
        chunk.ids.map((_, i) => chunkDoc(chunk, i)),
      ),
    );
    this.indexedCount += chunk.ids.length;
  }

  get(id: string): SearchDoc | undefined {
    for (const c of this.chunks) {
      const doc = c.get(id);
      if (doc) return doc;
    }
    return undefined;
  }

  /**
   * The best `limit` hits over all chunks, by score (ties: earlier chunk first); filter-only queries list
   * the chunks in order. Each chunk scores with its own statistics (idf, field lengths): chunks of one
   * corpus score alike, and the full analysis replaces these results anyway.
   */
  search(query: string, options: SearchOptions = {}): PartialResult {
    const refused = [
      ...new Set(
        parseQuery(query)
          .filters.map((f) => f.key)
          .filter((k) => PENDING_FILTERS.has(k)),
      ),
    ];
    if (refused.length > 0) return { hits: [], refused };
    const limit = options.limit ?? 50;
    const merged: { hit: RankedHit; chunk: number; rank: number }[] = [];
    this.chunks.forEach((c, chunk) =>
      c.rank(query, { ...options, limit }).forEach((hit, rank) => merged.push({ hit, chunk, rank })),
    );
    merged.sort((a, b) => b.hit.score - a.hit.score || a.chunk - b.chunk || a.rank - b.rank);
    // snippets (and the abstracts they decode) for the hits kept only
    const hits = merged.slice(0, limit).map(({ hit, chunk }) => {
      const doc = this.chunks[chunk].get(hit.id)!;
      return { ...this.chunks[chunk].withSnippet(hit), title: titleBeforeAnalysis(doc.abstract, doc.title) };
    });
    return { hits, refused: [] };
  }
}
