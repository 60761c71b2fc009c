/**
 * Papers as columns of a snapshot (format.ts): per text field a string number per paper, per list
 * field (keywords, authors, collections) offsets and string numbers into a vocabulary (the same keyword
 * is stored once), sources as collection numbers and lines. Decoding builds plain Paper objects again,
 * with the same fields present or absent as in the papers stored; a value that does not fit its column
 * (a field a newer format added, a source with more than a collection and a line) is kept as JSON.
 */
import { SnapshotError, SnapshotReader, SnapshotWriter } from './format';
import { runSteps, Steps } from '../common';
import { Paper, PAPER_METADATA_FIELDS, PaperSource } from '../papers';

/** Text fields in the order a parsed and analyzed paper has them (sources comes after `abstract`). */
const TEXT_FIELDS = [
  'id',
  'abstract',
  'sourceTitle',
  'year',
  'url',
  'doi',
  'sourceKey',
  'arxivId',
  'date',
  'title',
  'method',
  'theme',
] as const;
const LIST_FIELDS = ['authors', 'categories', 'keywords', 'collections'] as const;
/** Text fields whose values repeat across papers: stored once each. */
const SHARED = new Set<string>(['year', 'date', 'theme', 'method']);
/**
 * Optional fields with a column (a paper's metadata, in the order a parsed paper has them; a rare one, as
 * `sourceTitleMath` is, goes with the extras); and the fields a paper always has.
 */
const OPTIONAL = PAPER_METADATA_FIELDS.filter(
  (f): f is Extract<(typeof PAPER_METADATA_FIELDS)[number], TextField | ListField> =>
    (TEXT_FIELDS as readonly string[]).includes(f) || (LIST_FIELDS as readonly string[]).includes(f),
);
const REQUIRED = ['id', 'abstract', 'title', 'method', 'keywords', 'theme', 'collections'];
const ABSENT = 0xffffffff;
const NULL = 0xfffffffe;

type TextField = (typeof TEXT_FIELDS)[number];
type ListField = (typeof LIST_FIELDS)[number];

export interface PaperColumns {
  count: number;
  text: Record<TextField, number>;
  lists: Record<ListField, { present: number; offsets: number; items: number }>;
  sources: { offsets: number; collections: number; lines: number };
  /** Per paper number, the fields stored as JSON. */
  extras: Record<number, Record<string, unknown>>;
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isPlainSource = (s: PaperSource): boolean => {
  if (!s || typeof s.collection !== 'string' || !Number.isInteger(s.line) || s.line < 0 || s.line >= NULL) return false;
  const keys = Object.keys(s);
  return keys.length === 2 && 'collection' in s && 'line' in s;
};

export function encodePapers(w: SnapshotWriter, papers: readonly Paper[]): PaperColumns {
  const n = papers.length;
  const shared = new Map<string, number>();
  const sharedString = (s: string) => {
    let k = shared.get(s);
    if (k === undefined) shared.set(s, (k = w.string(s)));
    return k;
  };
  const extras: PaperColumns['extras'] = {};
  const extra = (i: number, field: string, value: unknown) => ((extras[i] ??= {})[field] = value);
  const known = new Set<string>([...TEXT_FIELDS, ...LIST_FIELDS, 'sources']);

  const text = {} as PaperColumns['text'];
  for (const field of TEXT_FIELDS) {
    const column = new Uint32Array(n);
    papers.forEach((p, i) => {
      const record = p as unknown as Record<string, unknown>;
      const v = record[field];
      if (typeof v === 'string') column[i] = SHARED.has(field) ? sharedString(v) : w.string(v);
      else if (v === null) column[i] = NULL;
      else {
        column[i] = ABSENT;
        if (field in record) extra(i, field, v); // present but not a string: as it is
      }
    });
    text[field] = w.array(column);
  }

  const lists = {} as PaperColumns['lists'];
  for (const field of LIST_FIELDS) {
    const present = new Uint8Array(n);
    const offsets = new Uint32Array(n + 1);
    const items: number[] = [];
    papers.forEach((p, i) => {
      const v = (p as unknown as Record<string, unknown>)[field];
      if (isStringList(v)) {
        present[i] = 1;
        for (const s of v) items.push(sharedString(s));
      } else if (field in p) extra(i, field, v);
      offsets[i + 1] = items.length;
    });
    lists[field] = { present: w.array(present), offsets: w.array(offsets), items: w.array(Uint32Array.from(items)) };
  }

  const offsets = new Uint32Array(n + 1);
  const collections: number[] = [];
  const lines: number[] = [];
  papers.forEach((p, i) => {
    if (Array.isArray(p.sources) && p.sources.every(isPlainSource)) {
      for (const s of p.sources) {
        collections.push(sharedString(s.collection));
        lines.push(s.line);
      }
    } else {
      extra(i, 'sources', p.sources);
      collections.push(NULL); // marks the paper's sources as stored in extras
      lines.push(0);
    }
    offsets[i + 1] = lines.length;
    for (const key of Object.keys(p))
      if (!known.has(key)) extra(i, key, (p as unknown as Record<string, unknown>)[key]);
  });
  const sources = {
    offsets: w.array(offsets),
    collections: w.array(Uint32Array.from(collections)),
    lines: w.array(Uint32Array.from(lines)),
  };
  return { count: n, text, lists, sources, extras };
}

/**
 * The string numbers of the papers' abstracts when they are one run (as encodePapers stores them), so that
 * a reader can leave them in the file (SnapshotReader.stringsExcept); undefined otherwise.
 */
export function abstractRange(r: SnapshotReader, c: PaperColumns): { from: number; to: number } | undefined {
  if (!c?.text || !Number.isInteger(c.count) || c.count === 0) return undefined;
  const a = r.array<Uint32Array>(c.text.abstract, 'u32');
  if (a.length !== c.count || a[0] >= NULL) return undefined;
  for (let i = 1; i < a.length; i++) if (a[i] !== a[0] + i) return undefined;
  return { from: a[0], to: a[0] + a.length };
}

/**
 * Builds the papers. `deferred` reads a string the reader left in the file (stringsExcept): a paper's abstract
 * is then read when used and its lists made on first use (storedPaperClass; assigning a field stores it).
 */
export function decodePapers(
  r: SnapshotReader,
  strings: readonly string[],
  c: PaperColumns,
  deferred?: (n: number) => string,
): Paper[] {
  return runSteps(decodePapersInSteps(r, strings, c, deferred));
}

/** Papers decoded between two pauses of decodePapersInSteps: few enough that the extension host stays responsive. */
export const PAPERS_PER_STEP = 10_000;

/** The columns of the papers, checked against each other and against the strings. */
interface CheckedColumns {
  n: number;
  text: Record<TextField, Uint32Array>;
  lists: Record<ListField, { present: Uint8Array; offsets: Uint32Array; items: Uint32Array }>;
  srcOffsets: Uint32Array;
  srcCollections: Uint32Array;
  srcLines: Uint32Array;
}

/** Reads the papers' columns; throws SnapshotError when a length, an offset or a string number does not fit. */
function checkedColumns(r: SnapshotReader, strings: readonly string[], c: PaperColumns): CheckedColumns {
  const n = c.count;
  if (!Number.isInteger(n) || n < 0 || !c.text || !c.lists || !c.sources)
    throw new SnapshotError('snapshot papers damaged');
  const column = (section: number, length: number): Uint32Array => {
    const a = r.array<Uint32Array>(section, 'u32');
    if (a.length !== length) throw new SnapshotError('snapshot papers damaged');
    return a;
  };
  const checkStrings = (a: Uint32Array, allowMarks: boolean) => {
    for (let i = 0; i < a.length; i++) {
      if (a[i] >= strings.length && !(allowMarks && a[i] >= NULL)) throw new SnapshotError('snapshot papers damaged');
    }
  };
  const checkOffsets = (a: Uint32Array, items: number) => {
    for (let i = 0; i < a.length; i++)
      if ((i > 0 && a[i] < a[i - 1]) || a[i] > items) throw new SnapshotError('snapshot papers damaged');
    if (a[0] !== 0 || a[a.length - 1] !== items) throw new SnapshotError('snapshot papers damaged');
  };
  const text = {} as Record<TextField, Uint32Array>;
  for (const field of TEXT_FIELDS) checkStrings((text[field] = column(c.text[field], n)), true);
  const lists = {} as CheckedColumns['lists'];
  for (const field of LIST_FIELDS) {
    const ref = c.lists[field];
    const present = r.array<Uint8Array>(ref.present, 'u8');
    const offsets = column(ref.offsets, n + 1);
    const items = r.array<Uint32Array>(ref.items, 'u32');
    if (present.length !== n) throw new SnapshotError('snapshot papers damaged');
    checkOffsets(offsets, items.length);
    checkStrings(items, false);
    lists[field] = { present, offsets, items };
  }
  const srcOffsets = column(c.sources.offsets, n + 1);
  const srcCollections = r.array<Uint32Array>(c.sources.collections, 'u32');
  const srcLines = column(c.sources.lines, srcCollections.length);
  checkOffsets(srcOffsets, srcCollections.length);
  checkStrings(srcCollections, true);
  return { n, text, lists, srcOffsets, srcCollections, srcLines };
}

/** The fields of paper i as the columns hold them. */
function fieldReaders(strings: readonly string[], cols: CheckedColumns) {
  const { lists, srcOffsets, srcCollections, srcLines } = cols;
  const value = (a: Uint32Array, i: number): string | null | undefined =>
    a[i] === ABSENT ? undefined : a[i] === NULL ? null : strings[a[i]];
  const list = (field: ListField, i: number): string[] | undefined => {
    const l = lists[field];
    if (!l.present[i]) return undefined;
    const out: string[] = [];
    for (let k = l.offsets[i]; k < l.offsets[i + 1]; k++) out.push(strings[l.items[k]]);
    return out;
  };
  const sourcesOf = (i: number): PaperSource[] => {
    const sources: PaperSource[] = [];
    for (let k = srcOffsets[i]; k < srcOffsets[i + 1]; k++) {
      if (srcCollections[k] !== NULL) sources.push({ collection: strings[srcCollections[k]], line: srcLines[k] });
    }
    return sources;
  };
  /** No source of the paper is a placeholder (NULL collection). */
  const plainSources = (i: number): boolean => {
    for (let k = srcOffsets[i]; k < srcOffsets[i + 1]; k++) if (srcCollections[k] === NULL) return false;
    return true;
  };
  return { value, list, sourcesOf, plainSources };
}

/** decodePapers in steps of PAPERS_PER_STEP papers (see steps.ts). */
export function* decodePapersInSteps(
  r: SnapshotReader,
  strings: readonly string[],
  c: PaperColumns,
  deferred?: (n: number) => string,
): Steps<Paper[]> {
  const cols = checkedColumns(r, strings, c);
  const { n, text, lists } = cols;
  const { value, list, sourcesOf, plainSources } = fieldReaders(strings, cols);
  const Stored =
    deferred &&
    storedPaperClass({
      abstract: (i) => deferred(text.abstract[i]),
      keywords: (i) => list('keywords', i)!,
      collections: (i) => list('collections', i)!,
      sources: sourcesOf,
    });
  const papers = new Array<Paper>(n);
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % PAPERS_PER_STEP === 0) yield;
    const more = c.extras?.[i];
    let p: Record<string, unknown>;
    // deferred: the abstract read from the file, the lists made, when first used (a paper with fields of
    // its own in extras, or without a list, is built whole)
    const isStored =
      Stored !== undefined &&
      !more &&
      text.abstract[i] < NULL &&
      lists.keywords.present[i] === 1 &&
      lists.collections.present[i] === 1 &&
      plainSources(i);
    if (isStored) {
      p = new Stored!(i);
      p.id = value(text.id, i);
    } else {
      // built whole, its abstract too: from the file when the abstracts were left there (a deferred decode)
      const n = text.abstract[i];
      const abstract = deferred && n < NULL && strings[n] === undefined ? deferred(n) : value(text.abstract, i);
      p = { id: value(text.id, i), abstract, sources: sourcesOf(i) };
    }
    // the optional fields only when the stored paper had them: a restored paper equals the stored one
    for (const field of OPTIONAL) {
      const v = field === 'authors' || field === 'categories' ? list(field, i) : value(text[field], i);
      if (v !== undefined) p[field] = v;
    }
    p.title = value(text.title, i);
    p.method = value(text.method, i);
    if (!isStored) p.keywords = list('keywords', i);
    p.theme = value(text.theme, i);
    if (!isStored) {
      p.collections = list('collections', i);
      if (more) Object.assign(p, more);
      for (const key of REQUIRED) if (p[key] === undefined && !(more && key in more)) delete p[key];
    }
    papers[i] = p as unknown as Paper;
  }
  return papers;
}

/** A stored paper's number in its snapshot (not enumerable: not part of the paper's data). */
const PAPER_NUMBER = Symbol('paper number');
/** The fields a stored paper reads from its snapshot when first used. */
const DEFERRED_FIELDS = ['abstract', 'keywords', 'collections', 'sources'] as const;
type DeferredField = (typeof DEFERRED_FIELDS)[number];

/**
 * Papers built lazily: the abstract is read from the snapshot file each time it is used (the abstracts are
 * most of a snapshot), the lists (keywords, collections, sources) are made on first use and then kept on the paper.
 * They are getters on the prototype (one class per decode), so the 100k objects keep one shape and a restore
 * creates one object per paper instead of five. JSON and the encoder see every field; assigning one stores
 * it on the paper itself.
 */
function storedPaperClass(
  read: Record<DeferredField, (i: number) => unknown>,
): new (i: number) => Record<string | symbol, unknown> {
  const own = (paper: object, key: string, value: unknown) =>
    Object.defineProperty(paper, key, { value, enumerable: true, configurable: true, writable: true });
  class StoredPaper {
    constructor(i: number) {
      Object.defineProperty(this, PAPER_NUMBER, { value: i });
    }
    toJSON(): Record<string, unknown> {
      const out: Record<string, unknown> = { ...(this as object) };
      for (const key of DEFERRED_FIELDS) out[key] = (this as unknown as Record<string, unknown>)[key];
      return out;
    }
  }
  for (const key of DEFERRED_FIELDS) {
    Object.defineProperty(StoredPaper.prototype, key, {
      enumerable: true,
      configurable: true,
      get(this: Record<symbol, number>) {
        const value = read[key](this[PAPER_NUMBER]);
        if (key !== 'abstract') own(this, key, value);
        return value;
      },
      set(this: object, value: unknown) {
        own(this, key, value);
      },
    });
  }
  return StoredPaper as unknown as new (i: number) => Record<string | symbol, unknown>;
}
