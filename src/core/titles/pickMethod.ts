/**
 * The introduced name among the candidates. Two ways to choose, over the same candidates: the learned ranker
 * (ranker.ts, weights learned from real titles), the default; and the hand-weighted score it was learned beside
 * (how strongly a name is introduced, how often it comes back as a subject, how often it is only compared
 * against), kept because the ranker reads it as one of its features and the bench prints both.
 */

import { type Doc, occurrences } from './abstractDoc';
import { type Candidate } from './candidateSet';
import { findCandidates } from './candidates';
import { MAX_CANDIDATES } from './limits';
import { isFamiliar, isKnown, shapeOf, singular } from './nameShapes';
import { rankCandidates } from './ranker';
import { codeNames, type Evidence, evidenceOf, handPick, type Scored } from './rankerFeatures';
import { FUNC, NEG_BEFORE } from './wordLists';
import { writtenNames } from './writtenNames';

function handScore(c: Candidate, ev: Evidence): number {
  const shapeBonus = ev.shape === 3 ? 1.5 : ev.shape === 2 ? 1 : ev.shape === 1 ? 0 : -0.5;
  const { occ, subj, neg } = ev;
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
    if (cands.size >= MAX_CANDIDATES) return;
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

/**
 * Name-shaped words (acronyms, coined shapes) and the names of linked repositories no cue introduced, for the
 * ranker to weigh: a title often names what the abstract only uses as a name ("MM-UNet improves ...") or only
 * links to ("github.com/lab/Crab"). The hand rules never had them.
 */
function shapedWords(doc: Doc, cands: Map<string, Candidate>): void {
  const add = (name: string, at: number) => {
    if (!cands.has(name) && cands.size < MAX_CANDIDATES)
      cands.set(name, { name, at, intro: 0, expansion: null, appositive: null, preNoun: null, kind: null });
  };
  const written = new Map<string, number>();
  doc.toks.forEach((t, i) => {
    if (!written.has(t.lower)) written.set(t.lower, i);
    if (t.shape < 2 || t.known || t.familiar) return;
    add(singular(t.base), i);
  });
  // the name of the repository the abstract links to, as the abstract writes it when it does
  for (const [lower, name] of codeNames(doc)) {
    if ([...cands.keys()].some((k) => k.toLowerCase() === lower) || isKnown(name)) continue;
    const at = written.get(lower);
    add(at === undefined ? name : doc.toks[at].core, at ?? doc.toks.length - 1);
  }
}

/** Every candidate a way of choosing may take, in the order they were found; `wide`: with shapedWords and writtenNames too. */
export function scoredCandidates(doc: Doc, wide = false): Scored[] {
  const cands = findCandidates(doc);
  repeatedNames(doc, cands);
  if (wide) {
    shapedWords(doc, cands);
    writtenNames(doc, cands);
  }
  const out: Scored[] = [];
  for (const c of [...cands.values()].slice(0, MAX_CANDIDATES)) {
    if (isKnown(c.name) || c.name.length < 2) continue;
    if (!c.name.includes(' ') && isFamiliar(c.name) && c.intro < 8) continue;
    const ev = evidenceOf(doc, c);
    out.push({ cand: c, ev, hand: handScore(c, ev) });
  }
  return out;
}

/** Picks the introduced name, if any: by the learned ranker, or by the hand rules when `ranker` is false. */
export function pickMethod(doc: Doc, ranker = true): Candidate | null {
  const scored = scoredCandidates(doc, ranker);
  return ranker ? rankCandidates(doc, scored) : handPick(scored);
}
