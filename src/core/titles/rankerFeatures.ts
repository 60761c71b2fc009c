/**
 * What the learned ranker (ranker.ts) knows of a candidate name: general facts of its shape, of the cue that
 * introduced it and of how the abstract uses it. No word or paper of its own: a name is judged by how it is
 * written and said, so the model carries to abstracts of any field.
 */

import { type Doc, occurrences } from './abstractDoc';
import { type Candidate, WRITTEN_AS } from './candidateSet';
import { nameLike, shapeOf } from './nameShapes';
import { acronymFits, parenAt, words } from './parentheses';
import { CLASS_NOUNS, FUNC, NEG_BEFORE } from './wordLists';

/** How the abstract uses a name: where it comes back, as a subject, after "unlike"/"e.g.", before "et al.". */
export interface Evidence {
  occ: number[];
  subj: number;
  neg: number;
  /** 3 coined (inner capitals or digits), 2 acronym-like, 1 capitalized word, 0 plain word. */
  shape: number;
}

/** A candidate with how the abstract uses it and its hand-weighted score (pickMethod.ts). */
export interface Scored {
  cand: Candidate;
  ev: Evidence;
  hand: number;
}

export function evidenceOf(doc: Doc, c: Candidate): Evidence {
  const { toks } = doc;
  const occ = c.alias ? [...occurrences(doc, c.name), ...occurrences(doc, c.alias)] : occurrences(doc, c.name);
  const width = c.name.split(' ').length;
  let subj = 0;
  let neg = 0;
  for (const i of occ) {
    const t = toks[i];
    const prev = toks[i - 1];
    const next = toks[i + width];
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
  return { occ, subj, neg, shape };
}

/** The hand rules: the highest score over a threshold (lower for a strong introduction), the earlier on a tie. */
export function handPick(scored: readonly Scored[]): Candidate | null {
  let best: Candidate | null = null;
  let bestScore = -Infinity;
  for (const { cand: c, hand: s } of scored) {
    const threshold = c.intro >= 6 ? 5 : 6;
    if (s < threshold) continue;
    if (s > bestScore || (s === bestScore && best && c.at < best.at)) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}

/** The cues of candidates.ts by the strength they give: 10+ "we propose X", 9 "called X", ... 0 none (shape only). */
const CUE_LEVELS = [10, 9, 8, 7, 6, 5, 4, 1] as const;

export const FEATURE_NAMES: readonly string[] = [
  ...CUE_LEVELS.map((l) => `cue>=${l}`),
  'no cue',
  'proposed (10.5)',
  'expansion',
  'appositive',
  'class noun',
  'noun phrase before',
  'alias',
  'several words',
  'shape 3',
  'shape 2',
  'shape 1',
  'inner capitals',
  'digit',
  'hyphen',
  'all capitals',
  'starts lower case',
  'length (chars / 10)',
  'mentions (log)',
  'said once',
  'subject (min 4) / 4',
  'compared against (min 4) / 4',
  'first mention (share of abstract)',
  'first mention in first sentence',
  'first mention in last sentence',
  'in parentheses',
  'before parentheses',
  'after a colon or at the start',
  'hand score / 10',
  'best hand score',
  'candidates (log)',
  'lower-case word inside',
  'holds another candidate',
  'inside another candidate',
  'initials are another candidate',
  'another candidate spells it out',
  'ends with a number',
  'over the hand threshold',
  'the hand rules pick it',
  'cue of a candidate it is inside / 10',
  'part of other words (log)',
  'spelled out before it',
  'after a class noun and a comma',
  'a class noun after it',
  'plural of another candidate',
  'named in a code address',
  ...WRITTEN_AS.map((w) => `written as ${w}`),
];

const INNER_CAPITAL = /[a-z][A-Z]/;
const DIGIT = /\d/;
const PARTS = /[\s-]+/;
const LOWER_START = /^[a-z]/;
const ENDS_WITH_NUMBER = /\d[A-Za-z]?$/;

/** The strongest cue of a longer candidate this name is a part of ("ChatBEV" in "we propose ChatBEV-QA"), / 10. */
function enclosingCue(name: string, others: readonly Candidate[]): number {
  let cue = 0;
  for (const o of others)
    if (o.name !== name && o.name.split(PARTS).includes(name.split(PARTS)[0]) && o.name.includes(name))
      cue = Math.max(cue, o.intro);
  return cue / 10;
}

/** An acronym in parentheses after the words it abbreviates: "Latent space Unblocking for concept REawakening (LURE)". */
function spelledOutBefore(doc: Doc, name: string, occ: readonly number[]): boolean {
  if (name.includes(' ')) return false;
  const { toks } = doc;
  return occ.some((i) => {
    if (!toks[i].pre.includes('(')) return false;
    for (let from = i - 1; from >= Math.max(0, i - 10) && toks[from].sent === toks[i].sent; from--)
      if (acronymFits(name, words(toks, from, i - 1))) return true;
    return false;
  });
}

/** A class noun right after the name, or after its parenthesized alias: "the FTDMamba network". */
function classNounAfter(doc: Doc, k: number): boolean {
  const { toks } = doc;
  const p = toks[k]?.pre.includes('(') ? parenAt(toks, k) : null;
  const next = toks[p ? p.to + 1 : k];
  return !!next && CLASS_NOUNS.has(next.lower);
}

/** Words the name is a part of without being the word ("FastRSR" in "FastRSR-mono"). */
function partMentions(doc: Doc, name: string): number {
  if (name.includes(' ')) return 0;
  let n = 0;
  for (const t of doc.toks) if (t.core !== name && t.core.includes(name) && t.core.split(PARTS).includes(name)) n++;
  return n;
}

const GITHUB_REPO = /github\.com\/[\w.-]+\/([A-Za-z][\w.-]*[A-Za-z0-9])/g;
const GITHUB_PAGE = /[\w-]+\.github\.io\/([A-Za-z][\w.-]*[A-Za-z0-9])/g;
const PAGE_SUFFIX = /\.(github\.io|git|html?)$/i;
const codeNameMemo = new WeakMap<Doc, Map<string, string>>();

/**
 * Names of the code and project pages an abstract links to ("github.com/lab/Crab", "lab.github.io/HoloGest/"),
 * by lower case: a paper's repository is most often named after what it introduces.
 */
export function codeNames(doc: Doc): Map<string, string> {
  let names = codeNameMemo.get(doc);
  if (names) return names;
  names = new Map();
  if (doc.text.includes('github'))
    for (const re of [GITHUB_REPO, GITHUB_PAGE])
      for (const m of doc.text.matchAll(re)) {
        const name = m[1].replace(PAGE_SUFFIX, '');
        // a name, not a description ("Awesome-RL-for-LRMs", "safe-rl-baselines"): two parts at most
        if (name.length >= 2 && name.split(/[-_.]/).length <= 2 && !names.has(name.toLowerCase()))
          names.set(name.toLowerCase(), name);
      }
  codeNameMemo.set(doc, names);
  return names;
}

/** "Deformable Periodic Network" -> "DPN": the first letters of the words of a name of two or more words. */
const initials = (name: string): string =>
  name
    .split(PARTS)
    .filter((w) => w && !LOWER_START.test(w))
    .map((w) => w[0])
    .join('')
    .toUpperCase();

/** How a candidate stands to the others: holds one ("VocalNet-1B and VocalNet-8B"), is one's part, spells one out. */
function relations(name: string, others: readonly string[]): number[] {
  const parts = name.split(PARTS);
  const init = parts.length >= 2 ? initials(name) : '';
  let holds = 0;
  let inside = 0;
  let initialsOf = 0;
  let spelled = 0;
  for (const o of others) {
    if (o === name) continue;
    const oParts = o.split(PARTS);
    if (oParts.length < parts.length && oParts.every((p) => parts.includes(p))) holds = 1;
    if (parts.length < oParts.length && parts.every((p) => oParts.includes(p))) inside = 1;
    if (init.length >= 2 && o.replace(/[^A-Z]/g, '').startsWith(init)) initialsOf = 1;
    if (oParts.length >= 2 && parts.length === 1) {
      const oInit = initials(o);
      if (oInit.length >= 2 && name.replace(/[^A-Z]/g, '').startsWith(oInit)) spelled = 1;
    }
  }
  return [holds, inside, initialsOf, spelled];
}

/**
 * The features of candidate `c` (FEATURE_NAMES order); `handScore` is the hand rules' score, `bestHand` the
 * highest, `others` every candidate's name, `handPicked` whether the hand rules take it.
 */
export function candidateFeatures(
  doc: Doc,
  c: Candidate,
  ev: Evidence,
  handScore: number,
  bestHand: number,
  others: readonly Candidate[],
  handPicked: boolean,
): number[] {
  const count = others.length;
  const names = others.map((o) => o.name);
  const { toks } = doc;
  const first = toks[c.at];
  const prev = toks[c.at - 1];
  const lastSent = toks.length ? toks[toks.length - 1].sent : 0;
  const width = c.name.split(' ').length;
  const cue = CUE_LEVELS.map((l) => (c.intro >= l ? 1 : 0));
  return [
    ...cue,
    c.intro <= 0 ? 1 : 0,
    c.intro >= 10.5 ? 1 : 0,
    c.expansion ? 1 : 0,
    c.appositive ? 1 : 0,
    c.kind ? 1 : 0,
    c.preNoun ? 1 : 0,
    c.alias ? 1 : 0,
    width > 1 ? 1 : 0,
    ev.shape === 3 ? 1 : 0,
    ev.shape === 2 ? 1 : 0,
    ev.shape === 1 ? 1 : 0,
    INNER_CAPITAL.test(c.name) ? 1 : 0,
    DIGIT.test(c.name) ? 1 : 0,
    c.name.includes('-') ? 1 : 0,
    c.name.length >= 2 && c.name === c.name.toUpperCase() && /[A-Z]/.test(c.name) ? 1 : 0,
    /^[a-z]/.test(c.name) ? 1 : 0,
    Math.min(c.name.length, 40) / 10,
    Math.log1p(ev.occ.length),
    ev.occ.length <= 1 ? 1 : 0,
    Math.min(ev.subj, 4) / 4,
    Math.min(ev.neg, 4) / 4,
    toks.length ? c.at / toks.length : 0,
    first && first.sent === 0 ? 1 : 0,
    first && first.sent === lastSent ? 1 : 0,
    first && first.pre.includes('(') ? 1 : 0,
    toks[c.at + width]?.pre.includes('(') ? 1 : 0,
    !prev || first?.sentStart || /:/.test(prev.post) ? 1 : 0,
    Math.max(Math.min(handScore, 20), -10) / 10,
    handScore >= bestHand ? 1 : 0,
    Math.log1p(count),
    c.name.split(' ').some((w) => LOWER_START.test(w)) && width > 1 ? 1 : 0,
    ...relations(c.name, names),
    ENDS_WITH_NUMBER.test(c.name) ? 1 : 0,
    handScore >= (c.intro >= 6 ? 5 : 6) ? 1 : 0,
    handPicked ? 1 : 0,
    enclosingCue(c.name, others),
    Math.log1p(partMentions(doc, c.name)),
    spelledOutBefore(doc, c.name, ev.occ) ? 1 : 0,
    prev && prev.sent === first?.sent && /,/.test(prev.post) && CLASS_NOUNS.has(prev.lower) ? 1 : 0,
    classNounAfter(doc, c.at + width) ? 1 : 0,
    others.some((o) => o.name + 's' === c.name) ? 1 : 0,
    codeNames(doc).has(c.name.toLowerCase()) ? 1 : 0,
    ...WRITTEN_AS.map((w) => (c.written === w ? 1 : 0)),
  ];
}
