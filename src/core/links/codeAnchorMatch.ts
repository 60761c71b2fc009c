/**
 * The tolerant half of re-anchoring (see codeAnchor.ts): finding linked text that is no longer at its range.
 * Candidates come from an exact search, a whitespace-insensitive search and an approximate search
 * (approx-string-match, Myers' bit-parallel algorithm, as the Hypothesis client uses for quotes); each is
 * scored by how well the code around it agrees with the stored context, compared token by token so that
 * reindenting or rewrapping the neighbours costs nothing (codeAnchorScoring.ts). A candidate is accepted
 * only when the text and the context together make it credible: a short text that also occurs elsewhere,
 * with unrelated code around it, is not "the same place".
 */
import search from 'approx-string-match';
import type { AnchorMethod, CodeAnchor, TextRange } from './codeAnchorTypes';
import { choose, ContextScorer, type Candidate, type Situation } from './codeAnchorScoring';
import type { LineIndex } from './lineIndex';

export interface Found {
  start: number;
  end: number;
  method: AnchorMethod;
}

/** A text with this many non-space characters is specific enough to be trusted when it occurs once. */
const SPECIFIC_CHARS = 12;
/** Below this many non-space characters, approximate matches are not tried: too many look alike. */
const MIN_APPROX_CHARS = 10;
/** At most this share of the text may differ for an approximate match... */
const MAX_ERROR_RATE = 0.35;
/** ...and never more than this many edits (bounds the search's cost on long links). */
const MAX_ERRORS = 256;
/** Approximate matches whose edges are refined at most (per search). */
const MAX_REFINED = 12;

function significantChars(text: string): number {
  return text.replace(/\s+/g, '').length;
}

/** The text without whitespace, and where each kept character was. */
interface Squeezed {
  text: string;
  offsets: Int32Array;
}

const SPACE = /[ \t\n\r\f\v\u00a0]+/g;

function squeeze(text: string): Squeezed {
  const offsets = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 160) continue;
    offsets[n++] = i;
  }
  return { text: text.replace(SPACE, ''), offsets: offsets.subarray(0, n) };
}

/** Index of the first squeezed character at or after an original offset. */
function squeezedIndexAt(s: Squeezed, offset: number): number {
  let lo = 0;
  let hi = s.offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.offsets[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function occurrences(text: string, pattern: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(pattern); i !== -1; i = text.indexOf(pattern, i + 1)) out.push(i);
  return out;
}

/**
 * Gives a match found without whitespace the shape the link had: when the link began at the start of a line
 * (or at its first non-blank character), start there again, with the indentation only if the link held it;
 * when it ended at the end of a line, end there. For an approximate match (`loose`), a few characters added
 * at the edges of those lines are taken in too.
 */
function widen(index: LineIndex, anchor: CodeAnchor, start: number, end: number, loose: boolean): [number, number] {
  const text = index.text;
  const room = Math.max(8, Math.floor(significantChars(anchor.text) / 2));
  let s = start;
  let e = end;
  if (anchor.before === '' || /\n[ \t]*$/.test(anchor.before)) {
    const lineStart = index.lineStart(index.positionAt(s).line);
    const first = lineStart + /^[ \t]*/.exec(text.slice(lineStart, s))![0].length;
    if (first === s || (loose && significantChars(text.slice(first, s)) <= room))
      s = /^[ \t]/.test(anchor.text) ? lineStart : first;
  }
  if (anchor.after === '' || anchor.after.startsWith('\n')) {
    const line = index.positionAt(e).line;
    const lineEnd = index.lineStart(line) + index.lineLength(line);
    const rest = text.slice(e, lineEnd);
    const last = e + rest.replace(/[ \t]+$/, '').length;
    if (last === e || (loose && significantChars(rest) <= room)) e = /[ \t]$/.test(anchor.text) ? lineEnd : last;
  }
  return [s, e];
}

/** Character edit distance; for very long texts, `fallback` (too slow to compute, and not needed to be exact). */
function editDistance(a: string, b: string, fallback: number): number {
  if (a.length * b.length > 4_000_000) return fallback;
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1), prev[j] + 1, cur[j - 1] + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** The occurrence of `part` in `text` between `from` and `to` whose start is nearest to `near`. */
function nearestOccurrence(text: string, part: string, from: number, to: number, near: number): number | undefined {
  let best: number | undefined;
  for (let i = text.indexOf(part, Math.max(0, from)); i !== -1 && i <= to; i = text.indexOf(part, i + 1)) {
    if (best === undefined || Math.abs(i - near) < Math.abs(best - near)) best = i;
  }
  return best;
}

/** Longest pattern for which the start of an approximate match is recomputed exactly (cost: length x window). */
const MAX_ALIGNED_CHARS = 2000;

/**
 * The start of the span ending at `end` whose edit distance to `pattern` is smallest; among equal costs the
 * shortest span, so text before the link that merely costs the same as the link's deleted first words (a
 * constructor above a method that lost its `export function`) is not taken in.
 */
function alignStart(pattern: string, file: string, end: number, window: number): { start: number; errors: number } {
  const from = Math.max(0, end - window);
  const m = pattern.length;
  // Column j: the span file[end - j, end); rows: the last i characters of the pattern.
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = { start: end, errors: prev[m] };
  for (let j = 1; j <= end - from; j++) {
    const c = file.charCodeAt(end - j);
    cur[0] = j;
    for (let i = 1; i <= m; i++) {
      cur[i] = Math.min(prev[i - 1] + (pattern.charCodeAt(m - i) === c ? 0 : 1), prev[i] + 1, cur[i - 1] + 1);
    }
    if (cur[m] < best.errors) best = { start: end - j, errors: cur[m] };
    [prev, cur] = [cur, prev];
  }
  return best;
}

/**
 * An approximate match's edges are where the fewest edits put them, which cuts off text added at the edges
 * (`f(a, 1.0)` -> `f(a, max_norm=1.0)` matches up to `f(a,`). Where the pattern's first and last few
 * characters occur close to the edges, the match starts and ends with them instead. A short piece counts
 * only on the same line as the edge (three characters elsewhere are a coincidence).
 */
function refineEdges(
  file: Squeezed,
  index: LineIndex,
  pattern: string,
  start: number,
  end: number,
  slack: number,
): { start: number; end: number; headFound: boolean } {
  const lineOf = (i: number) => index.positionAt(file.offsets[Math.max(0, Math.min(i, file.offsets.length - 1))]).line;
  let s = start;
  let e = end;
  let headFound = false;
  for (const k of [16, 10, 6, 4, 3]) {
    if (k * 2 > pattern.length) continue;
    const at = nearestOccurrence(file.text, pattern.slice(-k), e - k - slack, e + slack, e - k);
    if (at !== undefined && (k >= 10 || lineOf(at) === lineOf(e - 1))) {
      e = at + k;
      break;
    }
  }
  for (const k of [16, 10, 6, 4, 3]) {
    if (k * 2 > pattern.length) continue;
    const at = nearestOccurrence(file.text, pattern.slice(0, k), s - slack, s + slack, s);
    if (at !== undefined && at + k <= e && (k >= 10 || lineOf(at + k - 1) === lineOf(s))) {
      s = at;
      headFound = true;
      break;
    }
  }
  return { start: s, end: e, headFound };
}

/**
 * When the start is not found by the pattern's first characters, the cheapest alignment decides; for a link
 * that began a line, the start is then moved to the start of that line or of the next, whichever costs less.
 */
function startByAlignment(
  file: Squeezed,
  index: LineIndex,
  anchor: CodeAnchor,
  pattern: string,
  end: number,
  window: number,
): { start: number; errors: number } {
  const aligned = alignStart(pattern, file.text, end, window);
  if (!(anchor.before === '' || /\n[ \t]*$/.test(anchor.before))) return aligned;
  const line = index.positionAt(file.offsets[aligned.start]).line;
  const options = new Set<number>([aligned.start]);
  for (let l = line; l <= line + 1 && l < index.lineCount; l++) {
    const i = squeezedIndexAt(file, index.lineStart(l));
    if (i < end && (l > line || file.offsets[i] < index.lineStart(l) + index.lineLength(l))) options.add(i);
  }
  // A later line start may cost a little more: the characters it skips matched only by chance (a
  // constructor's `= false) {}` standing in for a deleted `export function`). An earlier one must cost no more.
  let best = aligned;
  for (const start of options) {
    if (start === aligned.start) continue;
    const errors = editDistance(pattern, file.text.slice(start, end), Infinity);
    const allowed = start > aligned.start ? aligned.errors + (start - aligned.start) / 2 : aligned.errors;
    if (errors <= allowed && (best === aligned || start > best.start)) best = { start, errors };
  }
  return best;
}

/** Finds the anchor's text away from its stored range; see reanchor() in codeAnchor.ts. */
export function findTolerant(index: LineIndex, anchor: CodeAnchor, oldRange: TextRange): Found | undefined {
  const text = index.text;
  const oldLine = Math.max(0, Math.min(oldRange.startLine, index.lineCount - 1));
  const oldOffset = index.lineStart(oldLine) + Math.min(oldRange.startCharacter, index.lineLength(oldLine));
  const scorer = new ContextScorer(text, anchor);
  const specific = significantChars(anchor.text) >= SPECIFIC_CHARS;
  const situation = (found: number): Situation => ({
    specific,
    copyGone: anchor.copies !== undefined && found < anchor.copies,
  });

  const exact = occurrences(text, anchor.text).map((start) => ({ start, end: start + anchor.text.length, quality: 1 }));
  if (exact.length) {
    const best = choose(exact, scorer, oldOffset, situation(exact.length));
    return best && { start: best.start, end: best.end, method: 'relocated' };
  }

  const file = squeeze(text);
  const pattern = squeeze(anchor.text).text;
  if (pattern.length === 0) return undefined;
  const toOriginal = (s: number, e: number, loose: boolean): [number, number] =>
    widen(index, anchor, file.offsets[s], file.offsets[e - 1] + 1, loose);
  const spaced = occurrences(file.text, pattern).map((s) => {
    const [start, end] = toOriginal(s, s + pattern.length, false);
    return { start, end, quality: 1 };
  });
  if (spaced.length) {
    const best = choose(spaced, scorer, oldOffset, situation(spaced.length));
    return best && { start: best.start, end: best.end, method: 'whitespace' };
  }

  if (pattern.length < MIN_APPROX_CHARS) return undefined;
  const maxErrors = Math.min(MAX_ERRORS, Math.floor(pattern.length * MAX_ERROR_RATE));
  const slack = Math.max(maxErrors, pattern.length);
  const approx = new Map<string, Candidate>();
  const near = squeezedIndexAt(file, oldOffset);
  const add = (found: { start: number; end: number; errors: number }[], shift: number) => {
    // The search reports a match once per end it can take; one per start (the longest) is enough, and only
    // the ones nearest the old place are refined (refining costs pattern length x window).
    const byStart = new Map<number, { start: number; end: number; errors: number }>();
    for (const m of found) if (m.end > m.start && (byStart.get(m.start)?.end ?? -1) < m.end) byStart.set(m.start, m);
    const matches = [...byStart.values()]
      .sort((a, b) => Math.abs(a.start + shift - near) - Math.abs(b.start + shift - near))
      .slice(0, MAX_REFINED);
    for (const m of matches) {
      const refined = refineEdges(file, index, pattern, m.start + shift, m.end + shift, slack);
      let s = refined.start;
      const e = refined.end;
      let errors: number;
      if (!refined.headFound && pattern.length <= MAX_ALIGNED_CHARS)
        ({ start: s, errors } = startByAlignment(file, index, anchor, pattern, e, e - s + slack));
      else
        errors =
          s === m.start + shift && e === m.end + shift
            ? m.errors
            : editDistance(pattern, file.text.slice(s, e), m.errors);
      const [start, end] = toOriginal(s, e, true);
      const quality = 1 - errors / pattern.length;
      const key = `${start}:${end}`;
      const had = approx.get(key);
      if (!had || had.quality < quality) approx.set(key, { start, end, quality });
    }
  };
  add(search(file.text, pattern, maxErrors), 0);
  // The search returns only the matches with the fewest errors; a slightly worse one near the old place
  // (with its context intact) can be the right one, so look there too.
  const from = Math.max(0, near - 3 * pattern.length - 200);
  const to = Math.min(file.text.length, near + 4 * pattern.length + 200);
  if (from > 0 || to < file.text.length) add(search(file.text.slice(from, to), pattern, maxErrors), from);
  const best = choose([...approx.values()], scorer, oldOffset, situation(Infinity));
  return best && { start: best.start, end: best.end, method: 'approximate' };
}
