/**
 * The introduced name among the candidates: how strongly it is introduced, how often it comes back as a
 * subject, how often it is only compared against; and coined names that keep coming back without an introduction.
 */

import { type Doc, occurrences } from './abstractDoc';
import { type Candidate } from './candidateSet';
import { findCandidates } from './candidates';
import { isFamiliar, isKnown, nameLike, shapeOf, singular } from './nameShapes';
import { FUNC, NEG_BEFORE } from './wordLists';

function scoreCandidate(doc: Doc, c: Candidate): number {
  const { toks } = doc;
  const occ = c.alias ? [...occurrences(doc, c.name), ...occurrences(doc, c.alias)] : occurrences(doc, c.name);
  let subj = 0;
  let neg = 0;
  for (const i of occ) {
    const t = toks[i];
    const prev = toks[i - 1];
    const next = toks[i + c.name.split(' ').length];
    if (
      (t.sentStart || (prev && /,/.test(prev.post) && prev.sent === t.sent)) &&
      next &&
      next.sent === t.sent &&
      /^[a-z]/.test(next.core) &&
      !FUNC.has(next.lower)
    )
      subj++;
    if (prev && prev.sent === t.sent && (NEG_BEFORE.has(prev.lower) || prev.lower === 'e.g' || /e\.g/.test(prev.core)))
      neg++;
    if (next && /^(et|baseline|baselines)$/.test(next.lower)) neg += 2;
  }
  const firstTok = toks[c.at];
  const shape = c.name.includes(' ')
    ? c.name.split(' ').some((w) => nameLike(w))
      ? 3
      : 1
    : shapeOf(c.name) || (firstTok ? shapeOf(firstTok.core) : 0);
  const shapeBonus = shape === 3 ? 1.5 : shape === 2 ? 1 : shape === 1 ? 0 : -0.5;
  let score =
    c.intro + Math.min(Math.max(occ.length - 1, 0), 5) + Math.min(subj, 4) * 0.5 + shapeBonus - Math.min(neg, 4) * 0.75;
  if (c.expansion) score += 1;
  // a capitalized phrase said once ("a robust Online Reinforcement Learning WebAgent") is a weak name
  if (c.name.includes(' ') && occ.length <= 1 && !c.alias && !c.appositive && !c.expansion) score -= 1;
  return score;
}

/** Repeated coined names with no introduction sentence: "VHD-Play reverses ...", "MOREC learns ...". */
function repeatedNames(doc: Doc, cands: Map<string, Candidate>): void {
  const seen = new Map<string, number>();
  doc.toks.forEach((t, i) => {
    if (t.shape < 2 || t.known) return;
    const b = singular(t.base);
    if (!seen.has(b)) seen.set(b, i);
  });
  for (const [name, at] of seen) {
    if (cands.has(name)) continue;
    const occ = occurrences(doc, name, false);
    let subj = 0;
    let neg = 0;
    for (const i of occ) {
      const t = doc.toks[i];
      const next = doc.toks[i + 1];
      const prev = doc.toks[i - 1];
      const clauseStart = t.sentStart || (prev && prev.sent === t.sent && /,/.test(prev.post));
      if (clauseStart && next && /^[a-z]/.test(next.core) && !FUNC.has(next.lower) && next.sent === t.sent) subj++;
      if (prev && prev.sent === t.sent && NEG_BEFORE.has(prev.lower)) neg++;
    }
    if (occ.length >= 3 && subj >= 2 && neg <= 1 && shapeOf(name) >= 2 && !isFamiliar(name))
      cands.set(name, { name, at, intro: 1.5, expansion: null, appositive: null, preNoun: null, kind: null });
  }
}

/** Picks the introduced name, if any. */
export function pickMethod(doc: Doc): Candidate | null {
  const cands = findCandidates(doc);
  repeatedNames(doc, cands);
  let best: Candidate | null = null;
  let bestScore = -Infinity;
  for (const c of cands.values()) {
    if (isKnown(c.name) || c.name.length < 2) continue;
    if (!c.name.includes(' ') && isFamiliar(c.name) && c.intro < 8) continue;
    const s = scoreCandidate(doc, c);
    const threshold = c.intro >= 6 ? 5 : 6;
    if (s < threshold) continue;
    if (s > bestScore || (s === bestScore && best && c.at < best.at)) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}
