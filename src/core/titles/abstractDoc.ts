/**
 * An abstract prepared for reading: its text with spacing and dashes normalized, its tokens, its proper
 * nouns and opening words; and the readers every step uses on it (capitalized runs, the "we" subject of
 * a verb, where a name occurs).
 */

import { baseName, capitalized, isStopCapital, nameLike, shapeOf, singular } from './nameShapes';
import { aliasAfter } from './parentheses';
import { memoByWord } from './wordMemo';
import { type Tok, breaksAfter, startsLower, startsUpper, tokenize } from './tokens';
import { PRIOR_ADVERBS, SECONDARY_ADVERBS, SUBJECT_NOUNS } from './wordLists';

export interface Doc {
  text: string;
  toks: Tok[];
  /** The abstract's first words, normalized (lower case, no punctuation). */
  opening: string;
  /** Lower-cased capitalized words that are proper nouns here ("Markov", "Rocket League"): kept capitalized in titles. */
  properNouns: Set<string>;
}

const ODD_WHITESPACE = /\s{2,}|[^\S ]/g;
const GLUED_PAREN = /([A-Za-z0-9])\((?=[A-Z][A-Za-z0-9^_+\-.]*\))/g;
const DASH = /\s*(?:---?|—|–)\s*/g;
const ACRONYM_BEFORE_SUFFIX = / \(([^()\s]{1,12})\)-([a-z]+)/g;
const DASH_BEFORE_ARTICLE = /([A-Za-z0-9])-(a|an|the) (?=[a-z])/g;

/** Normalizes spacing and dashes so that words and their punctuation split cleanly (each rewrite only when it can apply). */
function normalizeText(raw: string): string {
  let text = raw.replace(ODD_WHITESPACE, ' ');
  const paren = text.includes('(');
  // "meta-RL(MetaDiffuser)" -> "meta-RL (MetaDiffuser)"
  if (paren) text = text.replace(GLUED_PAREN, '$1 (');
  // dashes used as punctuation: "pipelines---data", "X -- a new class"
  if (text.includes('--') || text.includes('—') || text.includes('–')) text = text.replace(DASH, ' — ');
  // "reinforcement learning (RL)-based technique" -> "reinforcement learning-based (RL) technique"
  if (paren) text = text.replace(ACRONYM_BEFORE_SUFFIX, '-$2 ($1)');
  // "SynthRL-a scalable pipeline": a dash lost before an article
  if (text.includes('-a') || text.includes('-the')) text = text.replace(DASH_BEFORE_ARTICLE, '$1 — $2 ');
  return text.trim();
}

const TITLE_CASE_PART = /^[A-Z][a-z]+$/;

/**
 * Proper nouns: a capitalized word mid-sentence, never written in lower case, standing alone ("Markov decision
 * process") or in a capitalized run that recurs and is not an expansion ("Rocket League").
 */
function findProperNouns(toks: Tok[]): Set<string> {
  // the few Title-case words first; then one pass over the lower-case words to rule out those also written in lower case
  const wanted = new Set<string>();
  const candidates: { i: number; parts: string[] }[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.sentStart || t.shape !== 1) continue;
    const parts = t.core.split('-').filter((p) => TITLE_CASE_PART.test(p));
    if (parts.length === 0) continue;
    candidates.push({ i, parts });
    wanted.add(t.lower);
    for (const p of parts) wanted.add(p.toLowerCase());
  }
  const properNouns = new Set<string>();
  if (candidates.length === 0) return properNouns;
  const writtenLower = new Set<string>();
  for (const t of toks) {
    if (!startsLower(t.core)) continue;
    if (wanted.has(t.lower)) writtenLower.add(t.lower);
    if (t.lower.includes('-')) for (const p of t.lower.split('-')) if (wanted.has(p)) writtenLower.add(p);
  }
  for (const { i, parts } of candidates) {
    const t = toks[i];
    const own = parts.filter((p) => !writtenLower.has(p.toLowerCase()));
    if (own.length === 0 || writtenLower.has(t.lower)) continue;
    const capPrev =
      i > 0 &&
      toks[i - 1].sent === t.sent &&
      !breaksAfter(toks[i - 1]) &&
      startsUpper(toks[i - 1].core) &&
      !toks[i - 1].sentStart;
    const capNext =
      i + 1 < toks.length && toks[i + 1].sent === t.sent && !breaksAfter(t) && startsUpper(toks[i + 1].core);
    const proper =
      !capPrev &&
      !capNext &&
      !(i + 1 < toks.length && toks[i + 1].pre.includes('(') && !breaksAfter(t)) &&
      !aliasAfter(toks, runEnd(toks, i, RUN_CONNECTORS_WIDE));
    if (proper) for (const p of own) properNouns.add(p.toLowerCase());
  }
  return properNouns;
}

/**
 * Reads an abstract: normalized text, tokens and proper nouns; its opening words are normalized on first
 * use (most titles are settled without them).
 */
export function makeDoc(raw: string): Doc {
  const text = normalizeText(raw);
  const toks = tokenize(text);
  let opening: string | undefined;
  return {
    text,
    toks,
    properNouns: findProperNouns(toks),
    get opening() {
      return (opening ??= normWords(text.slice(0, 240)));
    },
  };
}

/** The "we"/"this paper" subject of an intro verb at index v (with adverbs in between), or null. */
export function introSubject(toks: Tok[], v: number): { secondary: boolean; prior: boolean } | null {
  let secondary = false;
  let prior = false;
  for (let k = v - 1; k >= Math.max(0, v - 6); k--) {
    const t = toks[k];
    if (t.sent !== toks[v].sent) return null;
    const l = t.lower;
    if (l === 'we' || l === 'i') return { secondary, prior };
    if (SUBJECT_NOUNS.has(l) && k > 0 && /^(this|our|the|present)$/.test(toks[k - 1].lower))
      return { secondary, prior };
    // "we address this by scaling X and introduce NAME"
    if (l === 'and') {
      for (let j = k - 1; j >= 0 && toks[j].sent === t.sent; j--)
        if (toks[j].lower === 'we') return { secondary, prior };
      return null;
    }
    if (SECONDARY_ADVERBS.has(l)) secondary = true;
    else if (PRIOR_ADVERBS.has(l)) prior = true;
    else if (!(
      /ly$/.test(l) || /^(have|has|here|now|thus|therefore|hence|first|instead|also|to|this|end|accordingly)$/.test(l)
    ))
      return null;
    if (breaksAfter(t) && !/^(here|thus|therefore|hence|instead|accordingly|end)$/.test(l)) return null;
  }
  return null;
}

const RUN_CONNECTORS = /^(o|of|for|via|with|and|from|in|on|to|the)$/;

export const RUN_CONNECTORS_WIDE =
  /^(o|of|for|via|with|and|from|in|on|to|the|as|at|by|under|without|through|over|into|a|an)$/;

/** Reads a capitalized run (a multi-word name or an expansion) starting at i. Returns its last index. */
export function runEnd(toks: Tok[], i: number, connectors: RegExp = RUN_CONNECTORS): number {
  let j = i;
  while (
    j + 1 < toks.length &&
    toks[j + 1].sent === toks[i].sent &&
    !breaksAfter(toks[j]) &&
    !toks[j + 1].pre.includes('(')
  ) {
    const next = toks[j + 1];
    if (
      capitalized(next.core) &&
      !isStopCapital(next.core) &&
      (shapeOf(next.core) >= 1 || /^[A-Z]-[a-z]/.test(next.core))
    ) {
      j++;
      continue;
    }
    // lowercase connectors inside names: "Box o Flows", "Reinforcement Learning via Self-Play", "Framework with a Hierarchical Structure"
    if (
      connectors.test(next.lower) &&
      j + 2 < toks.length &&
      !breaksAfter(next) &&
      /^[A-Z]/.test(toks[j + 2].core) &&
      !isStopCapital(toks[j + 2].core) &&
      toks[j + 2].sent === toks[i].sent
    ) {
      j += 2;
      continue;
    }
    if (
      connectors === RUN_CONNECTORS_WIDE &&
      connectors.test(next.lower) &&
      j + 3 < toks.length &&
      /^(a|an|the)$/.test(toks[j + 2].lower) &&
      !breaksAfter(next) &&
      /^[A-Z]/.test(toks[j + 3].core) &&
      !isStopCapital(toks[j + 3].core) &&
      toks[j + 3].sent === toks[i].sent
    ) {
      j += 3;
      continue;
    }
    // version numbers: "MobileVLA-R1 2.0"
    if (/^v?\d+(\.\d+)+$/.test(next.core) && nameLike(toks[j].core)) {
      j++;
      continue;
    }
    break;
  }
  return j;
}

export function countWord(toks: Tok[], lower: string, caseless: boolean): number {
  let n = 0;
  for (const t of toks) if ((caseless ? t.lower : t.core) === lower) n++;
  return n;
}

export function firstIndex(toks: Tok[], name: string): number {
  return toks.findIndex((t) => baseName(t.core) === name || singular(baseName(t.core)) === name);
}

/** Positions of the tokens whose base name is `name` (an acronym plural also counts for its singular: "LLMs" for "LLM"). */
function exactPositions(toks: Tok[], name: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (
      t.base === name ||
      (t.shape === 2 && t.base.length === name.length + 1 && t.base.endsWith('s') && singular(t.base) === name)
    )
      out.push(i);
  }
  return out;
}

const POSSESSIVE_END = /'s$/;

/** Occurrences of a name in the text (whole words, case-sensitive; size suffixes allowed). */
export function occurrences(doc: Doc, name: string, allowLoose = true): number[] {
  const { toks } = doc;
  if (!name.includes(' ')) {
    const exact = exactPositions(toks, name);
    if (name.length < 4 || !allowLoose) return exact;
    const lower = name.toLowerCase();
    const loose: number[] = [];
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i];
      if (t.lower.startsWith(lower) && t.base.toLowerCase() === lower) loose.push(i);
    }
    return loose.length > exact.length ? loose : exact;
  }
  const out: number[] = [];
  const parts = name.split(' ').map((p) => p.replace(POSSESSIVE_END, ''));
  for (const i of exactPositions(toks, parts[0])) {
    let ok = i + parts.length <= toks.length;
    for (let j = 1; j < parts.length && ok; j++) ok = baseName(toks[i + j].core) === parts[j];
    if (ok) out.push(i);
  }
  return out;
}

const NOT_WORD_CHAR = /[^\p{L}\p{N}\s-]/gu;
const WHITESPACE_RUN = /\s+/g;

/** Lower case, punctuation as spaces, single spaces: "Flow-matching (FM) policies." -> "flow-matching fm policies". */
export const normWords = (s: string): string =>
  s.toLowerCase().replace(NOT_WORD_CHAR, ' ').replace(WHITESPACE_RUN, ' ').trim();

/** normWords of one word, cached: the normalized phrase is its words' normalizations joined by spaces. */
export const normWord = memoByWord(normWords);
