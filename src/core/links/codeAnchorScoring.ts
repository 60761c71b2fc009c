/**
 * Scoring for the tolerant re-anchoring (see codeAnchorMatch.ts): how well the code around a candidate agrees
 * with the stored context, compared token by token so that reindenting or rewrapping the neighbours costs
 * nothing, and which candidate, if any, is credible enough to be "the same place".
 */
import type { CodeAnchor } from './codeAnchorTypes';

export interface Candidate {
  start: number;
  end: number;
  /** 1 for the same text (maybe differently spaced), less for an approximate match. */
  quality: number;
}

/** Occurrences scored at most: the nearest ones to the old place. */
const MAX_CANDIDATES = 200;
/** Tokens of context compared on each side. */
const CONTEXT_TOKENS = 40;
/** Context scores closer than this are a tie, broken by the distance to the old place. */
const TIE = 0.05;

const TOKEN = /[A-Za-z0-9_]+|[^\sA-Za-z0-9_]/g;

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Code added beside the link counts less against a place than code that was there and is gone. */
const INSERTED = 0.25;
/** Punctuation is shared by all code; names and words say where we are. */
const PUNCTUATION = 0.3;
/** How much a context token counts: the nearest code matters most, and names more than punctuation. */
const tokenWeight = (token: string, i: number) => (/^[A-Za-z0-9_]/.test(token) ? 1 : PUNCTUATION) / (1 + i / 10);

/**
 * Weighted edit distance between the stored context tokens (nearest first) and the best-matching prefix of
 * the tokens beside a candidate (nearest first; the far end is free), as a share of the stored weight.
 */
function contextDistance(stored: string[], now: string[]): number {
  const m = stored.length;
  const w = stored.map((t, i) => tokenWeight(t, i));
  let prev = new Float64Array(m + 1);
  let cur = new Float64Array(m + 1);
  for (let i = 1; i <= m; i++) prev[i] = prev[i - 1] + w[i - 1];
  const total = prev[m];
  let best = prev[m];
  for (let j = 1; j <= now.length; j++) {
    cur[0] = prev[0] + INSERTED * w[0];
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1] + (stored[i - 1] === now[j - 1] ? 0 : w[i - 1]);
      const insert = prev[i] + (i < m ? INSERTED * w[i] : 0);
      cur[i] = Math.min(sub, insert, cur[i - 1] + w[i - 1]);
    }
    best = Math.min(best, cur[m]);
    [prev, cur] = [cur, prev];
  }
  return best / total;
}

/** Compares the stored context with the code around candidates, token by token (0 unrelated .. 1 the same). */
export class ContextScorer {
  private readonly before: string[];
  private readonly after: string[];

  constructor(
    private readonly text: string,
    anchor: CodeAnchor,
  ) {
    this.before = tokens(anchor.before).slice(-CONTEXT_TOKENS).reverse();
    this.after = tokens(anchor.after).slice(0, CONTEXT_TOKENS);
  }

  /** The mean agreement of both sides, and the weaker side's. */
  score(start: number, end: number): { context: number; weakest: number } {
    const reach = 12 * CONTEXT_TOKENS;
    const before = tokens(this.text.slice(Math.max(0, start - reach), start))
      .slice(-Math.ceil(CONTEXT_TOKENS * 1.5))
      .reverse();
    const after = tokens(this.text.slice(end, end + reach)).slice(0, Math.ceil(CONTEXT_TOKENS * 1.5));
    const b = this.side(this.before, before);
    const a = this.side(this.after, after);
    return { context: (a + b) / 2, weakest: Math.min(a, b) };
  }

  private side(stored: string[], now: string[]): number {
    // Nothing was stored on this side (the start or end of the file): neutral unless still nothing there.
    if (stored.length === 0) return now.length === 0 ? 1 : 0.5;
    return 1 - contextDistance(stored, now);
  }
}

interface Scored extends Candidate {
  context: number;
  weakest: number;
  distance: number;
}

/** What the choice knows besides the candidates: is the text specific, and did a copy of it disappear? */
export interface Situation {
  specific: boolean;
  /** The file held more copies of the text when the anchor was taken: if one went, it may have been ours. */
  copyGone: boolean;
}

/** Is this candidate credible, given how good the text match is, the context, and whether it is unique? */
function credible(c: Scored, unique: boolean, at: Situation): boolean {
  if (c.quality >= 1) {
    if (at.copyGone) return c.weakest >= 0.6;
    if (unique && at.specific) return true;
    if (c.context >= 0.5) return true;
    return unique && c.context >= 0.3;
  }
  if (!at.specific) return c.quality >= 0.8 && c.context >= 0.6;
  if (c.quality >= 0.85) return c.context >= 0.25 || unique;
  if (c.quality >= 0.75) return c.context >= 0.4;
  return c.quality >= 0.5 && c.context >= 0.65;
}

/** The best candidate by context, ties broken by nearness to the old place; undefined when none is credible. */
export function choose(
  candidates: Candidate[],
  scorer: ContextScorer,
  oldOffset: number,
  at: Situation,
): Candidate | undefined {
  if (candidates.length === 0) return undefined;
  const nearest = [...candidates]
    .sort((a, b) => Math.abs(a.start - oldOffset) - Math.abs(b.start - oldOffset))
    .slice(0, MAX_CANDIDATES);
  const scored: Scored[] = nearest.map((c) => ({
    ...c,
    ...scorer.score(c.start, c.end),
    distance: Math.abs(c.start - oldOffset),
  }));
  const value = (c: Scored) => c.context + c.quality;
  const top = Math.max(...scored.map(value));
  const best = scored.filter((c) => value(c) >= top - TIE).sort((a, b) => a.distance - b.distance)[0];
  // A rival is another place (not the same match shifted by a character or two) that scores about as well.
  const rivals = scored.filter((c) => c !== best && Math.abs(c.start - best.start) > (best.end - best.start) / 2);
  const unique = best.quality >= 1 ? candidates.length === 1 : rivals.every((c) => value(c) < value(best) - 0.15);
  return credible(best, unique, at) ? best : undefined;
}
