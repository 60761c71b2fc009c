import { baseName, capitalized, isStopCapital, nameLike, shapeOf, singular } from './nameShapes';
import { aliasAfter } from './parentheses';
import { type Tok, breaksAfter, tokenize } from './tokens';
import { PRIOR_ADVERBS, SECONDARY_ADVERBS, SUBJECT_NOUNS } from './wordLists';

export interface Doc {
  text: string;
  toks: Tok[];
  /** Token positions by base name (and singular base name for acronym plurals). */
  index: Map<string, number[]>;
  /** The abstract's first words, normalized (lower case, no punctuation). */
  opening: string;
  lowerWords: Set<string>;
  properNouns: Set<string>;
}

export function makeDoc(raw: string): Doc {
  let text = raw;
  text = text
    .replace(/\s+/g, ' ')
    // "meta-RL(MetaDiffuser)" -> "meta-RL (MetaDiffuser)"
    .replace(/([A-Za-z0-9])\((?=[A-Z][A-Za-z0-9^_+\-.]*\))/g, '$1 (')
    // dashes used as punctuation: "pipelines---data", "X -- a new class"
    .replace(/\s*(?:---?|—|–)\s*/g, ' — ')
    // "reinforcement learning (RL)-based technique" -> "reinforcement learning-based (RL) technique"
    .replace(/ \(([^()\s]{1,12})\)-([a-z]+)/g, '-$2 ($1)')
    // "SynthRL-a scalable pipeline": a dash lost before an article
    .replace(/([A-Za-z0-9])-(a|an|the) (?=[a-z])/g, '$1 — $2 ')
    .trim();
  const toks = tokenize(text);
  const lowerWords = new Set<string>();
  for (const t of toks) {
    if (!/^[a-z]/.test(t.core)) continue;
    lowerWords.add(t.lower);
    if (t.lower.includes('-')) for (const p of t.lower.split('-')) lowerWords.add(p);
  }
  // proper nouns: a capitalized word mid-sentence, never written in lower case, standing alone ("Markov decision
  // process") or in a capitalized run that recurs and is not an expansion ("Rocket League")
  const properNouns = new Set<string>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.sentStart || t.shape !== 1) continue;
    const parts = t.core.split('-').filter((p) => /^[A-Z][a-z]+$/.test(p) && !lowerWords.has(p.toLowerCase()));
    if (parts.length === 0 || lowerWords.has(t.lower)) continue;
    const capPrev = i > 0 && toks[i - 1].sent === t.sent && !breaksAfter(toks[i - 1]) && /^[A-Z]/.test(toks[i - 1].core) && !toks[i - 1].sentStart;
    const capNext = i + 1 < toks.length && toks[i + 1].sent === t.sent && !breaksAfter(t) && /^[A-Z]/.test(toks[i + 1].core);
    const proper = !capPrev && !capNext && !(i + 1 < toks.length && toks[i + 1].pre.includes('(') && !breaksAfter(t)) && !aliasAfter(toks, runEnd(toks, i, RUN_CONNECTORS_WIDE));
    if (proper) for (const p of parts) properNouns.add(p.toLowerCase());
  }
  const index = new Map<string, number[]>();
  const put = (k: string, i: number): void => {
    const a = index.get(k);
    if (a === undefined) index.set(k, [i]);
    else if (a[a.length - 1] !== i) a.push(i);
  };
  toks.forEach((t, i) => {
    put(t.base, i);
    if (t.shape === 2 && /s$/.test(t.base)) put(singular(t.base), i);
  });
  return { text, toks, index, lowerWords, properNouns, opening: normWords(text.slice(0, 240)) };
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
    if (SUBJECT_NOUNS.has(l) && k > 0 && /^(this|our|the|present)$/.test(toks[k - 1].lower)) return { secondary, prior };
    // "we address this by scaling X and introduce NAME"
    if (l === 'and') {
      for (let j = k - 1; j >= 0 && toks[j].sent === t.sent; j--) if (toks[j].lower === 'we') return { secondary, prior };
      return null;
    }
    if (SECONDARY_ADVERBS.has(l)) secondary = true;
    else if (PRIOR_ADVERBS.has(l)) prior = true;
    else if (!(/ly$/.test(l) || /^(have|has|here|now|thus|therefore|hence|first|instead|also|to|this|end|accordingly)$/.test(l))) return null;
    if (breaksAfter(t) && !/^(here|thus|therefore|hence|instead|accordingly|end)$/.test(l)) return null;
  }
  return null;
}

const RUN_CONNECTORS = /^(o|of|for|via|with|and|from|in|on|to|the)$/;

export const RUN_CONNECTORS_WIDE = /^(o|of|for|via|with|and|from|in|on|to|the|as|at|by|under|without|through|over|into|a|an)$/;

/** Reads a capitalized run (a multi-word name or an expansion) starting at i. Returns its last index. */
export function runEnd(toks: Tok[], i: number, connectors: RegExp = RUN_CONNECTORS): number {
  let j = i;
  while (j + 1 < toks.length && toks[j + 1].sent === toks[i].sent && !breaksAfter(toks[j]) && !toks[j + 1].pre.includes('(')) {
    const next = toks[j + 1];
    if (capitalized(next.core) && !isStopCapital(next.core) && (shapeOf(next.core) >= 1 || /^[A-Z]-[a-z]/.test(next.core))) {
      j++;
      continue;
    }
    // lowercase connectors inside names: "Box o Flows", "Reinforcement Learning via Self-Play", "Framework with a Hierarchical Structure"
    if (connectors.test(next.lower) && j + 2 < toks.length && !breaksAfter(next) && /^[A-Z]/.test(toks[j + 2].core) && !isStopCapital(toks[j + 2].core) && toks[j + 2].sent === toks[i].sent) {
      j += 2;
      continue;
    }
    if (connectors === RUN_CONNECTORS_WIDE && connectors.test(next.lower) && j + 3 < toks.length && /^(a|an|the)$/.test(toks[j + 2].lower) && !breaksAfter(next) && /^[A-Z]/.test(toks[j + 3].core) && !isStopCapital(toks[j + 3].core) && toks[j + 3].sent === toks[i].sent) {
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

/** Occurrences of a name in the text (whole words, case-sensitive; size suffixes allowed). */
export function occurrences(doc: Doc, name: string, allowLoose = true): number[] {
  if (!name.includes(' ')) {
    const exact = doc.index.get(name) ?? [];
    if (name.length < 4 || !allowLoose) return exact;
    const lower = name.toLowerCase();
    const loose: number[] = [];
    doc.toks.forEach((t, i) => {
      if (t.lower.startsWith(lower) && t.base.toLowerCase() === lower) loose.push(i);
    });
    return loose.length > exact.length ? loose : exact;
  }
  const out: number[] = [];
  const parts = name.split(' ').map((p) => p.replace(/'s$/, ''));
  for (const i of doc.index.get(parts[0]) ?? []) {
    let ok = i + parts.length <= doc.toks.length;
    for (let j = 1; j < parts.length && ok; j++) ok = baseName(doc.toks[i + j].core) === parts[j];
    if (ok) out.push(i);
  }
  return out;
}

export const normWords = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, ' ').replace(/\s+/g, ' ').trim();
