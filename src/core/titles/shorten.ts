/** Shortening descriptor phrases: cut at a preposition, conjunction or participle, drop modifiers, never end on a dangling word. */

import { isKnown, shapeOf } from './nameShapes';
import { NUMBERS, badFinal, badFirst, isCut, isParticiple } from './wordClasses';
import { ADJ, CUT_BEFORE, FUNC, GENERIC_HEADS, HYPE, VERBS } from './wordLists';

/** A cut before word k leaves "the quality" / "the benefits" without the "of X" it needs. */
const needsOf = (w: string[], k: number): boolean =>
  /^of$/i.test(w[k] ?? '') && k >= 2 && /^(the|a|an)$/i.test(w[k - 2]);

/** True when the phrase cannot end here: a dangling function word or adjective, or a participle without its object. */
export function badEnd(ws: string[]): boolean {
  const last = ws[ws.length - 1];
  if (last === undefined) return true;
  const l = last.toLowerCase();
  if (isParticiple(l) && !VERBS.has(l)) {
    // "reward hacking", "evidence of overthinking" are nouns; "framework combining" lacks its object
    const prev = (ws[ws.length - 2] ?? '').toLowerCase();
    return (
      !prev || GENERIC_HEADS.has(prev.replace(/s$/, '')) || (FUNC.has(prev) && !CUT_BEFORE.has(prev)) || ADJ.has(prev)
    );
  }
  return badFinal(last);
}

/** Modifiers that can go when a phrase is too long: hype, plain adjectives, adjective compounds. */
function droppable(ws: string[], i: number): number {
  const w = ws[i];
  const l = w.toLowerCase();
  const next = ws[i + 1];
  if (!next || FUNC.has(next.toLowerCase()) || CUT_BEFORE.has(next.toLowerCase())) return 0;
  if (FUNC.has(l) || CUT_BEFORE.has(l) || isParticiple(l) || NUMBERS.test(l) || (/^[A-Z]/.test(w) && shapeOf(w) >= 2))
    return 0;
  if (HYPE.has(l) || ADJ.has(l)) return 3;
  if (/-/.test(l) && badFinal(w)) return 2;
  if (badFinal(w) && !VERBS.has(l)) return 1;
  return 0;
}

/** Drops modifiers (and the "and" that joined them) until the phrase has at most `max` words; null if it cannot. */
function compress(ws: string[], max: number, keep: number): string[] | null {
  const c = ws.slice();
  while (c.length > max) {
    let at = -1;
    let rank = 0;
    for (let i = keep; i < c.length - 1; i++) {
      const r = droppable(c, i);
      if (r > rank) {
        rank = r;
        at = i;
      }
    }
    if (at < 0) return null;
    c.splice(at, 1);
    if (
      at < c.length &&
      /^(and|or)$/i.test(c[at]) &&
      (at === 0 || badFinal(c[at - 1]) || /^(and|or)$/i.test(c[at - 1] ?? ''))
    )
      c.splice(at, 1);
    else if (at > 0 && /^(and|or)$/i.test(c[at - 1])) c.splice(at - 1, 1);
  }
  return c;
}

/** Shortens a phrase to at most `max` words at a phrase boundary; never ends on a dangling word. `keep` words at the front stay whole. */
export function shorten(ws: string[], max: number, keep = 0): string[] {
  const trimEnd = (a: string[]): string[] => {
    const b = a.slice();
    while (b.length > Math.max(keep, 0) && (badEnd(b) || /^(a|an|the)$/i.test(b[b.length - 1]))) b.pop();
    return b;
  };
  const w = ws.slice();
  while (keep === 0 && w.length > 0 && badFirst(w[0])) w.shift();
  if (w.length <= max) {
    const t = trimEnd(w);
    if (t.length === w.length || t.length >= 2) return t;
  }
  // candidates: every prefix that ends before a preposition, conjunction or participle (or the whole phrase),
  // with modifiers dropped until it fits; the best says the most with the fewest drops
  let best: string[] = [];
  let bestScore = -Infinity;
  // "stability and off-policy challenges": a cut inside a coordinated noun phrase distorts it
  const coordinated = (k: number): boolean =>
    /^(and|or)$/i.test(w[k]) && !(/^(a|an|the)$/i.test(w[k + 1] ?? '') || isParticiple((w[k + 1] ?? '').toLowerCase()));
  for (let k = Math.max(keep, 1); k <= w.length; k++) {
    if (k < w.length && (!isCut(w[k]) || needsOf(w, k))) continue;
    const prefix = w.slice(0, k);
    if (badEnd(prefix)) continue;
    const c = compress(prefix, max, keep);
    if (!c || c.length === 0 || badEnd(c)) continue;
    const sc =
      contentWords(c).length +
      (isWeak(c) ? -4 : 0) +
      (c.some((x) => CUT_BEFORE.has(x.toLowerCase())) ? 0.5 : 0) -
      1.5 * (prefix.length - c.length) -
      (k < w.length && coordinated(k) ? 1.5 : 0);
    if (sc > bestScore) {
      best = c;
      bestScore = sc;
    }
  }
  if (best.length > 0) return best;
  // a long phrase with no preposition: keep its head (English noun phrases end with their head)
  if (w.length > max && !w.some((x) => isCut(x))) return trimEnd(w.slice(w.length - max));
  return trimEnd(w.slice(0, max));
}

export const contentWords = (ws: string[]): string[] =>
  ws.filter((w) => {
    const l = w.toLowerCase();
    return !FUNC.has(l) && !HYPE.has(l) && !VERBS.has(l) && !NUMBERS.test(l) && !/^(based|built)$/.test(l);
  });

/** A phrase that says little: a generic head ("framework") with at most adjectives or common acronyms in front. */
export function isWeak(ws: string[]): boolean {
  const c = contentWords(ws);
  if (c.length === 0) return true;
  if (ws.some((w) => CUT_BEFORE.has(w.toLowerCase()) && w.toLowerCase() !== 'and')) return false;
  const head = c[c.length - 1].toLowerCase().replace(/s$/, '');
  if (!GENERIC_HEADS.has(head)) return c.length === 1 && c[0].length < 5;
  return c
    .slice(0, -1)
    .every(
      (w) =>
        badFinal(w) ||
        isKnown(w) ||
        ADJ.has(w.toLowerCase()) ||
        /^(unified|general|generic|scalable|lightweight|modular|comprehensive|systematic|extensive|open|open-source)$/i.test(
          w,
        ),
    );
}
