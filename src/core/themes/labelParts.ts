/**
 * The parts of a theme label (labels.ts): how a phrase scores, how a fragment extends to the name it
 * belongs to, how two phrases are joined, the fallback when no phrase leads, sentence case.
 */
import { DocPhrases, occurrences } from './phraseDocs';
import { labelKey } from './labelLift';

/** Fragments of counted phrases (MAX_COUNTED_WORDS) may extend to MAX_PHRASE_WORDS. */
export const MAX_PHRASE_WORDS = 4;
export const MAX_LABEL_WORDS = 5;
export const ACRONYM = /[A-Z].*[A-Z]|[A-Z].*\d|\d.*[A-Z]/;

export interface Candidate {
  key: string;
  /** Made only of words most papers use: may complete a label, not lead it. */
  generic?: boolean;
  ids: number[];
  words: string[];
  inTheme: number;
  /** Papers of the whole corpus using the phrase, once counted (ThemeLabeler.inAll). */
  inAll?: number;
  score: number;
}

export function mostFrequent(m: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [k, n] of m) if (n > bestCount || (n === bestCount && k < best)) [best, bestCount] = [k, n];
  return best;
}

/** Distinctiveness of a phrase of `length` words for a theme (see the file comment); single words count for less. */
export function phraseScore(
  length: number,
  inTheme: number,
  inAll: number,
  A: number,
  N: number,
  single: boolean,
): number {
  const pIn = inTheme / A;
  const pAll = inAll / N;
  const bonus = length === 1 ? 0.6 : 1 + 0.3 * (length - 1);
  if (single) return pIn * bonus;
  return pIn > pAll ? pIn * Math.log(pIn / pAll) * bonus : 0;
}

/**
 * The longer phrase that a phrase is nearly always part of (≥ 70% of its occurrences in the theme
 * have the same neighbour), up to MAX_PHRASE_WORDS words; null when it is a fragment of an even longer name.
 */
export function extendFragment(
  start: number[],
  members: readonly number[],
  docs: Map<number, DocPhrases>,
): number[] | null {
  let ids = start;
  for (;;) {
    const left = new Map<number, number>();
    const right = new Map<number, number>();
    let total = 0;
    for (const i of members) {
      const doc = docs.get(i)!;
      occurrences(doc, ids, (k) => {
        total++;
        if (k > 0 && doc.seg[k - 1] === doc.seg[k]) left.set(doc.ids[k - 1], (left.get(doc.ids[k - 1]) ?? 0) + 1);
        const e = k + ids.length;
        if (e < doc.ids.length && doc.seg[e] === doc.seg[k]) right.set(doc.ids[e], (right.get(doc.ids[e]) ?? 0) + 1);
      });
    }
    const best = (m: Map<number, number>) => {
      let id = -1;
      let n = 0;
      for (const [k, v] of m) if (v > n || (v === n && k < id)) [id, n] = [k, v];
      return [id, n];
    };
    const [l, ln] = best(left);
    const [r, rn] = best(right);
    const n = Math.max(ln, rn);
    if (n < 2 || n < 0.7 * total) return ids;
    if (ids.length >= MAX_PHRASE_WORDS) return null;
    ids = rn >= ln ? [...ids, r] : [l, ...ids];
  }
}

/**
 * True when a word of one phrase is the acronym of the other ("VLA models" / "vision-language-action",
 * "RLHF" / "human feedback").
 */
export function sameConcept(a: string, b: string): boolean {
  const initials = (p: string) =>
    p
      .split(/[\s-]+/)
      .filter((w) => w !== '')
      .map((w) => w[0].toLowerCase())
      .join('');
  const check = (x: string, y: string) =>
    x.split(' ').some((w) => {
      if (!ACRONYM.test(w)) return false;
      const acr = w.toLowerCase().replace(/s$/, '');
      const i = initials(y);
      return i.length >= 2 && (acr.includes(i) || i.includes(acr));
    });
  return check(a, b) || check(b, a);
}

/** "X for Y" when the theme's abstracts say so (either order), else "X and Y". */
export function joinPhrases(
  p: Candidate,
  q: Candidate,
  surface: (p: Candidate) => string,
  members: readonly number[],
  normsOf: (i: number) => string[],
  contains: (i: number, ids: readonly number[]) => boolean,
): string {
  const both = members.filter((i) => contains(i, p.ids) && contains(i, q.ids));
  const says = (xs: string[], ys: string[]) => {
    for (const i of both) {
      const t = normsOf(i);
      for (let a = 0; a + xs.length + 1 + ys.length <= t.length; a++) {
        if (t[a] !== xs[0] || t[a + xs.length] !== 'for') continue;
        let ok = true;
        for (let j = 1; j < xs.length && ok; j++) ok = t[a + j] === xs[j];
        if (!ok) continue;
        let b = a + xs.length + 1;
        if (t[b] === 'the' || t[b] === 'a' || t[b] === 'an') b++;
        for (let j = 0; j < ys.length && ok; j++) ok = t[b + j] === ys[j];
        if (ok) return true;
      }
    }
    return false;
  };
  if (says(p.words, q.words)) return `${surface(p)} for ${surface(q)}`;
  if (says(q.words, p.words)) return `${surface(q)} for ${surface(p)}`;
  return `${surface(p)} and ${surface(q)}`;
}

export function sentenceCase(label: string): string {
  const words = label.split(' ');
  if (!ACRONYM.test(words[0]) && /^\p{Ll}/u.test(words[0])) words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return words.join(' ');
}

/** When no phrase makes a label: two of the best words or phrases, or one, or a numbered placeholder (`used`: labelKey's). */
export function fallbackLabel(top: Candidate[], surface: (p: Candidate) => string, used: Set<string>): string {
  const phrases = top.slice(0, 12).map(surface);
  for (let i = 0; i < phrases.length; i++)
    for (let j = i + 1; j < phrases.length; j++) {
      const label = sentenceCase(`${phrases[i]} and ${phrases[j]}`);
      if (label.split(' ').length <= MAX_LABEL_WORDS && !used.has(labelKey(label))) return label;
    }
  for (const p of phrases) {
    const label = sentenceCase(p);
    if (!used.has(labelKey(label))) return label;
  }
  if (!used.has(labelKey('Other papers'))) return 'Other papers';
  for (let i = 2; ; i++) if (!used.has(labelKey(`Other papers ${i}`))) return `Other papers ${i}`;
}
