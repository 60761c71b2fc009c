/**
 * Re-anchoring: finds where a stored TextQuoteSelector + TextPositionSelector pair sits in a text that may
 * have changed since (whitespace fixes, corrected typos, sentences added or removed). Candidates come from
 * the stored position, exact and whitespace-insensitive searches of the quote, and approximate searches
 * (approx-string-match, Myers' bit-parallel algorithm) of the quote alone and of the quote with its
 * context; each is scored by how well its quote, prefix, suffix and position agree with what was stored.
 */
import search from 'approx-string-match';
import { Anchor, TextPositionSelector, TextQuoteSelector } from './types';

/** Characters of context kept on each side of a quote. */
export const CONTEXT_LENGTH = 32;
/** At most this share of a quote's characters may differ for an approximate match to count. */
export const MAX_ERROR_RATE = 0.15;
/** A changed passage must keep at least this much of one side's context (similarity 0..1). */
const MIN_FUZZY_CONTEXT = 0.5;
/** Bounds the work on texts where the quote occurs very often. */
const MAX_CANDIDATES = 200;

const WEIGHT = { quote: 50, prefix: 20, suffix: 20, position: 4, edge: 5 };

interface Candidate {
  start: number;
  end: number;
  /** Edits between the stored quote and the text here. */
  errors: number;
  /** The same words with other whitespace. */
  respaced: boolean;
}

type Quote = Pick<TextQuoteSelector, 'exact' | 'prefix' | 'suffix'>;
type Position = Pick<TextPositionSelector, 'start' | 'end'>;

/** The edit budget of an approximate match of a quote of this length. */
export function maxErrorsFor(quoteLength: number): number {
  return Math.floor(quoteLength * MAX_ERROR_RATE);
}

/** Runs of whitespace as one space, with the offset in `text` of each character kept. */
function collapseSpaces(text: string): { text: string; offsets: number[] } {
  let out = '';
  const offsets: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (/\s/.test(c)) {
      if (inSpace) continue;
      inSpace = true;
      out += ' ';
    } else {
      inSpace = false;
      out += c;
    }
    offsets.push(i);
  }
  return { text: out, offsets };
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ');

/** Levenshtein distance; the strings compared here are context windows of a few dozen characters. */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [prev, row] = [row, prev];
  }
  return prev[b.length];
}

/** 1 for equal strings, 0 for nothing in common. */
function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/** How well the text before `start` agrees with the stored prefix, spacing ignored. */
function prefixSimilarity(text: string, start: number, prefix: string): number {
  const want = squeeze(prefix);
  if (!want) return text.slice(0, start).trim() ? 0 : 1; // stored at the very start of the text
  const have = squeeze(text.slice(Math.max(0, start - 2 * prefix.length - 1), start)).slice(-want.length);
  return similarity(want, have);
}

/** How well the text after `end` agrees with the stored suffix, spacing ignored. */
function suffixSimilarity(text: string, end: number, suffix: string): number {
  const want = squeeze(suffix);
  if (!want) return text.slice(end).trim() ? 0 : 1; // stored at the very end of the text
  const have = squeeze(text.slice(end, end + 2 * suffix.length + 1)).slice(0, want.length);
  return similarity(want, have);
}

/** What is next to a quote's edge: a letter or digit, something else, or the end of the text. */
function edgeKind(c: string | undefined): 'word' | 'other' | 'end' {
  if (c === undefined) return 'end';
  return /[\p{L}\p{N}_]/u.test(c) ? 'word' : 'other';
}

/**
 * 0..2: how many of the candidate's two edges have the same kind of neighbour as when it was stored. The
 * context similarities alone cannot tell text inserted right before the quote from text inserted right
 * after an earlier copy of its words (both lose as much context): "identify a hidden" edited into
 * "identify an a hidden" scores the "a" of "an" as well as the highlighted "a", and the old position
 * then wins. A word is not cut in the middle by an insertion next to it, so the edges decide.
 */
function edgeAgreement(text: string, start: number, end: number, prefix: string, suffix: string): number {
  const before =
    edgeKind(start > 0 ? text[start - 1] : undefined) === edgeKind(prefix ? prefix[prefix.length - 1] : undefined);
  const after = edgeKind(end < text.length ? text[end] : undefined) === edgeKind(suffix ? suffix[0] : undefined);
  return Number(before) + Number(after);
}

function addCandidate(found: Map<string, Candidate>, c: Candidate): void {
  if (c.end <= c.start || found.size >= MAX_CANDIDATES) return;
  const key = `${c.start}:${c.end}`;
  const known = found.get(key);
  if (!known || c.errors < known.errors || (c.errors === known.errors && known.respaced && !c.respaced))
    found.set(key, c);
}

function exactOccurrences(text: string, exact: string, found: Map<string, Candidate>): void {
  for (let at = text.indexOf(exact); at !== -1 && found.size < MAX_CANDIDATES; at = text.indexOf(exact, at + 1)) {
    addCandidate(found, { start: at, end: at + exact.length, errors: 0, respaced: false });
  }
}

function respacedOccurrences(text: string, exact: string, found: Map<string, Candidate>): void {
  const quote = squeeze(exact).trim();
  if (!quote) return;
  const collapsed = collapseSpaces(text);
  for (
    let at = collapsed.text.indexOf(quote);
    at !== -1 && found.size < MAX_CANDIDATES;
    at = collapsed.text.indexOf(quote, at + 1)
  ) {
    const start = collapsed.offsets[at];
    const end = collapsed.offsets[at + quote.length - 1] + 1;
    const same = text.slice(start, end) === exact;
    addCandidate(found, { start, end, errors: 0, respaced: !same });
  }
}

function approximateOccurrences(text: string, quote: Quote, budget: number, found: Map<string, Candidate>): void {
  if (budget <= 0) return;
  const { exact, prefix, suffix } = quote;
  for (const m of search(text, exact, budget).slice(0, MAX_CANDIDATES)) {
    addCandidate(found, { start: m.start, end: m.end, errors: m.errors, respaced: false });
  }
  // The best matches of the quote alone may all be elsewhere (an untouched copy of the words): the quote
  // with its context finds the changed passage where it was, then the quote is looked up inside it.
  if (!prefix && !suffix) return;
  const contextBudget = budget + Math.floor((prefix.length + suffix.length) / 2);
  for (const m of search(text, prefix + exact + suffix, contextBudget).slice(0, 20)) {
    const from = Math.max(0, m.start - budget);
    const region = text.slice(from, Math.min(text.length, m.end + budget));
    for (const inner of search(region, exact, budget).slice(0, 20)) {
      addCandidate(found, { start: from + inner.start, end: from + inner.end, errors: inner.errors, respaced: false });
    }
  }
}

/**
 * Where a quote (with its context and, when known, its old position) is in `text`. Tries, in one scoring:
 * the old position, exact and whitespace-insensitive occurrences, then approximate matches with at most
 * `MAX_ERROR_RATE` of the quote's length in edits. A changed passage (approximate match) must keep part
 * of its context; nothing good enough gives `detached`, with the old position clamped to the text.
 */
export function anchorQuote(quote: Quote, position: Position | undefined, text: string): Anchor {
  const clamp = (n: number) => Math.min(Math.max(0, Math.floor(Number.isFinite(n) ? n : 0)), text.length);
  const detached: Anchor = { start: clamp(position?.start ?? 0), end: clamp(position?.end ?? 0), status: 'detached' };
  const exact = quote.exact;
  if (!exact || !text) return detached;
  const prefix = quote.prefix ?? '';
  const suffix = quote.suffix ?? '';

  const found = new Map<string, Candidate>();
  exactOccurrences(text, exact, found);
  respacedOccurrences(text, exact, found);
  const budget = maxErrorsFor(exact.length);
  approximateOccurrences(text, { exact, prefix, suffix }, budget, found);

  let best: { candidate: Candidate; score: number } | undefined;
  for (const c of found.values()) {
    if (c.errors > budget) continue;
    const before = prefixSimilarity(text, c.start, prefix);
    const after = suffixSimilarity(text, c.end, suffix);
    if (c.errors > 0 && Math.max(before, after) < MIN_FUZZY_CONTEXT) continue;
    const quoteScore = 1 - c.errors / exact.length - (c.respaced ? 0.001 : 0);
    const distance = position ? Math.abs(c.start - position.start) / Math.max(1, text.length) : 1;
    const edges = edgeAgreement(text, c.start, c.end, prefix, suffix);
    const score =
      WEIGHT.quote * quoteScore +
      WEIGHT.prefix * before +
      WEIGHT.suffix * after +
      WEIGHT.position * (1 - Math.min(1, distance)) +
      WEIGHT.edge * edges;
    if (!best || score > best.score) best = { candidate: c, score };
  }
  if (!best) return detached;
  const { start, end, errors, respaced } = best.candidate;
  const inPlace = position !== undefined && start === position.start && end === position.end;
  const status = errors > 0 ? 'fuzzy' : inPlace && !respaced ? 'exact' : 'moved';
  return { start, end, status };
}
