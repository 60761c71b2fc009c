/**
 * Names written as plain capitalized words, which no cue of candidates.ts and no name shape finds, for the ranker
 * to weigh: a title often leads with a one-word name the abstract writes as an ordinary capitalized word ("we build
 * the Phoenix framework", "Khana, a new benchmark dataset") or only as the spelling of its acronym
 * ("Mixture-of-Recursions (MoR)"). Each is marked with the way it was found, a feature of its own, so the ranker
 * learns how often each way names what the title names.
 */

import { type Doc, introSubject } from './abstractDoc';
import { appositiveAfter, existingMarked, kindOf } from './appositives';
import { type Candidate, type WrittenAs } from './candidateSet';
import { MAX_CANDIDATES } from './limits';
import { isStopCapital } from './nameShapes';
import { type Tok } from './tokens';
import { CLASS_NOUNS, INTRO_VERBS } from './wordLists';

const CAPITALIZED_PLAIN = /^\p{Lu}\p{Ll}+(?:-\p{L}+)*$/u;
/** A hyphenated word whose parts are capitalized words or joining words: "Predict-Optimize-Distill", "Tree-of-Reasoning". */
const HYPHENATED_NAME = /^\p{Lu}[\p{L}\d]*(?:-[\p{L}\d]+)+$/u;

/** A capitalized word, not the sentence's first, no common term or sentence glue: it may be a name. */
function plainCapital(toks: readonly Tok[], i: number): boolean {
  const t = toks[i];
  return (
    !t.sentStart &&
    t.shape <= 1 &&
    !t.known &&
    !t.familiar &&
    !t.possessive &&
    !isStopCapital(t.core) &&
    CAPITALIZED_PLAIN.test(t.core) &&
    t.core.length >= 3
  );
}

/** "the Phoenix framework", "the Opus Prompt Intention Framework": the first word, before at most two capitalized ones. */
function beforeClassNoun(toks: readonly Tok[], i: number): boolean {
  const t = toks[i];
  const prev = toks[i - 1];
  if (prev && !prev.post && !t.pre && CAPITALIZED_PLAIN.test(prev.core)) return false;
  for (let k = i + 1; k <= i + 3 && k < toks.length && toks[k].sent === t.sent; k++) {
    if (CLASS_NOUNS.has(toks[k].lower)) return !toks[k].pre.includes('(');
    if (toks[k].pre || toks[k - 1].post || !CAPITALIZED_PLAIN.test(toks[k].core)) return false;
  }
  return false;
}

/** The sentences where the paper introduces something of its own: "we propose ...", "this paper presents ...". */
function introSentences(toks: Tok[]): Set<number> {
  const sents = new Set<number>();
  for (let v = 0; v < toks.length; v++) {
    if (!INTRO_VERBS.has(toks[v].lower) || sents.has(toks[v].sent)) continue;
    const subject = introSubject(toks, v);
    if (subject && !subject.prior) sents.add(toks[v].sent);
  }
  return sents;
}

/** Adds the names written as plain words to `cands` (by name, never replacing a candidate found otherwise). */
export function writtenNames(doc: Doc, cands: Map<string, Candidate>): void {
  const { toks } = doc;
  const add = (name: string, at: number, written: WrittenAs, extra: Partial<Candidate> = {}): void => {
    if (cands.has(name) || cands.size >= MAX_CANDIDATES) return;
    const base = { expansion: null, appositive: null, preNoun: null, kind: null };
    cands.set(name, { name, at, intro: 0, ...base, ...extra, written });
  };
  // the one-word spelling of an acronym: "Mixture-of-Recursions (MoR)"
  for (const c of [...cands.values()]) {
    const word = c.expansion?.length === 1 ? c.expansion[0] : null;
    if (word && HYPHENATED_NAME.test(word)) add(word, c.at, 'the spelling of its acronym', { alias: c.name });
  }
  // computed on the first capitalized word before a class noun: most abstracts have none
  let intro: Set<number> | null = null;
  for (let i = 0; i < toks.length && cands.size < MAX_CANDIDATES; i++) {
    if (!plainCapital(toks, i)) continue;
    const t = toks[i];
    const app = t.post.includes(',') ? appositiveAfter(toks, i) : null;
    const kind = kindOf(app);
    if (app && kind && !existingMarked(app))
      add(t.core, i, 'a capitalized word with an appositive', { appositive: app, kind });
    // only where the paper introduces something: elsewhere such words are mostly eponyms ("the Dirac operator")
    else if (beforeClassNoun(toks, i) && (intro ??= introSentences(toks)).has(t.sent))
      add(t.core, i, 'a capitalized word before a class noun');
  }
}
