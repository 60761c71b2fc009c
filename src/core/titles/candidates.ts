/**
 * Candidate names an abstract introduces, with how strongly each is introduced: the object of
 * "we propose/introduce/present", "called/named/dubbed X", "our framework, X", "X, a novel framework ...",
 * "X is a ... benchmark", "our X", "X (ours)".
 */

import { type Doc, countWord, firstIndex, introSubject } from './abstractDoc';
import { appositiveAfter, existingMarked, kindOf } from './appositives';
import { type Candidate, CandidateSet } from './candidateSet';
import { MAX_CANDIDATES } from './limits';
import { capitalized, isStopCapital } from './nameShapes';
import { phraseFrom } from './nounPhrases';
import { parenAt } from './parentheses';
import { DETERMINERS, lookahead, lookaheadParenOnly, readName } from './readName';
import { type Tok, breaksAfter, startsLower, startsUpper } from './tokens';
import {
  BLOCK_PREV,
  CLASS_NOUNS,
  FUNC,
  GENERIC_HEADS,
  INTRO_VERBS,
  NAMING_WORDS,
  PHRASE_STOP,
  VERBS,
  set,
} from './wordLists';

const NAMING_VERBS = set('call calls name term dub coin');
const WE_CALL = set('we call name term refer');
const CALL_VERBS = set('call name term');
const NAMED_OPENERS = set('the a an it this as');
const COMMA_OR_COLON = /[,:]/;
const CLOSES_PHRASE = /[;.!?)]/;
const PAST_PARTICIPLE = /^[a-z]+ed$/;
const PLURAL_S = /s$/;
const LOWER_WORD = /^[a-z][a-z0-9]+$/;
const VERB_THIRD_PERSON = /^[a-z]+s$/;
const OURS = /^ours$/i;
const QUOTE_OPEN = /["“]/;

/**
 * "we propose/introduce/present ... NAME", "this paper introduces NAME", "models we refer to as NAME" (verb at v).
 * False when the verb has no "we"/"this paper" subject (or speaks of earlier work): nothing else is read there.
 */
function fromIntroVerb(doc: Doc, cands: CandidateSet, v: number): boolean {
  const { toks } = doc;
  const l = toks[v].lower;
  const subj = introSubject(toks, v);
  const refer = l === 'refer';
  if ((!subj && !refer) || subj?.prior) return false;
  let strength = subj?.secondary ? 8 : 10;
  if (l.startsWith('propose')) strength += 0.5;
  let k = v + 1 + (refer ? 2 : 0);
  const pre: Tok[] = [];
  let sawDeterminer = false;
  // "we term this principle X", "we call the resulting algorithm X": the name follows the named noun phrase
  let afterNaming = refer;
  const namingVerb = NAMING_VERBS.has(l);
  for (let steps = 0; k < toks.length && steps < 16 && toks[k].sent === toks[v].sent; steps++, k++) {
    const t = toks[k];
    if (NAMING_WORDS.has(t.lower) || (t.lower === 'as' && (pre.length > 0 || refer))) {
      afterNaming = true;
      continue;
    }
    if ((t.lower === 'which' || t.lower === 'we') && WE_CALL.has(toks[k + 1]?.lower)) {
      k += toks[k + 1]?.lower === 'we' ? 2 : 1;
      if (toks[k]?.lower === 'refer') k += 2;
      afterNaming = true;
      continue;
    }
    const direct =
      (!sawDeterminer && pre.length === 0) || afterNaming || namingVerb || COMMA_OR_COLON.test(toks[k - 1]?.post ?? '');
    if (t.pre.includes('(')) {
      // an alias in parentheses belongs to the words before it (read by readName or the lookahead)
      const p = parenAt(toks, k);
      if (!p) break;
      k = p.to;
      continue;
    }
    const startsName =
      (capitalized(t.core) && !isStopCapital(t.core) && t.shape >= 1) ||
      QUOTE_OPEN.test(t.pre) ||
      (t.possessive && startsUpper(toks[k + 1]?.core ?? ''));
    if (startsName) {
      if (readName(doc, cands, k, strength, pre.length ? pre.slice() : null, direct, false)) return true;
      pre.push(t);
      if (breaksAfter(t) && !COMMA_OR_COLON.test(t.post)) break;
      continue;
    }
    if (
      !capitalized(t.core) &&
      direct &&
      !FUNC.has(t.lower) &&
      !DETERMINERS.has(t.lower) &&
      readName(doc, cands, k, strength, null, true, true)
    )
      return true;
    if (DETERMINERS.has(t.lower)) {
      sawDeterminer = true;
      continue;
    }
    // "we developed and validated NAME"
    if (t.lower === 'and' && pre.length === 0 && !sawDeterminer && PAST_PARTICIPLE.test(toks[k + 1]?.core ?? '')) {
      k++;
      continue;
    }
    // "a critic-free and efficient RL algorithm named X"
    if (
      (t.lower === 'and' || t.lower === 'or') &&
      pre.length > 0 &&
      startsLower(toks[k + 1]?.core ?? '') &&
      !FUNC.has(toks[k + 1].lower)
    ) {
      pre.push(t);
      continue;
    }
    if (FUNC.has(t.lower) || PHRASE_STOP.has(t.lower) || VERBS.has(t.lower)) break;
    pre.push(t);
    if (CLOSES_PHRASE.test(t.post)) break;
  }
  lookahead(doc, cands, v + 1, toks[v].sent, strength - 1);
  return true;
}

/** "called NAME", "named NAME", "dubbed NAME", "..., which we call NAME" (naming word at v). */
function fromNamingWord(doc: Doc, cands: CandidateSet, v: number, whichWeCall: boolean): void {
  const { toks } = doc;
  let k = v + 1;
  if (NAMED_OPENERS.has(toks[k].lower)) k++;
  if (k >= toks.length || toks[k].sent !== toks[v].sent) return;
  // the noun phrase being named: "a critic-free RL algorithm named X", "an algorithm built on Y, which we name X"
  let d = (whichWeCall ? v - 2 : v) - 1;
  while (d >= 0 && toks[d].sent === toks[v].sent && !DETERMINERS.has(toks[d].lower) && v - d < 14) d--;
  // "we propose an improved version of X for Y ..., which we call NAME": the object of the intro verb
  for (let iv = v - 1; whichWeCall && iv >= 0 && toks[iv].sent === toks[v].sent; iv--) {
    if (INTRO_VERBS.has(toks[iv].lower) && introSubject(toks, iv) && DETERMINERS.has(toks[iv + 1]?.lower)) {
      d = iv + 1;
      break;
    }
  }
  const preNoun =
    d >= 0 && toks[d].sent === toks[v].sent && DETERMINERS.has(toks[d].lower) ? phraseFrom(toks, d + 1, 10) : [];
  const pn = preNoun.length > 0 ? preNoun : null;
  if (capitalized(toks[k].core) || QUOTE_OPEN.test(toks[k].pre))
    readName(doc, cands, k, 9, pn, true, false) || lookahead(doc, cands, k, toks[v].sent, 9);
  else if (!FUNC.has(toks[k].lower))
    readName(doc, cands, k, 7, pn, true, true) || lookahead(doc, cands, k, toks[v].sent, 9);
}

/** "our framework, NAME (...)", "our algorithm, NAME,"; "a new algorithm, NAME" (our/a/an at v). */
function fromOurPhrase(doc: Doc, cands: CandidateSet, v: number): void {
  const { toks } = doc;
  const l = toks[v].lower;
  let k = v + 1;
  const pre: Tok[] = [];
  while (
    k < toks.length &&
    k < v + 7 &&
    toks[k].sent === toks[v].sent &&
    startsLower(toks[k].core) &&
    !FUNC.has(toks[k].lower) &&
    !VERBS.has(toks[k].lower)
  ) {
    pre.push(toks[k]);
    if (COMMA_OR_COLON.test(toks[k].post)) break;
    k++;
  }
  const last = pre[pre.length - 1];
  const classy = pre.some((t) => CLASS_NOUNS.has(t.lower) || CLASS_NOUNS.has(t.lower.replace(PLURAL_S, '')));
  if (last && COMMA_OR_COLON.test(last.post) && classy && k + 1 < toks.length && toks[k + 1].sent === toks[v].sent) {
    const n = toks[k + 1];
    if (capitalized(n.core) && !isStopCapital(n.core) && n.shape >= 1)
      readName(doc, cands, k + 1, l === 'our' ? 8 : 7, pre, true, false);
  }
  // "a novel decoupled first-order gradient (FoG) method"
  if (l !== 'our') lookaheadParenOnly(doc, cands, k, toks[v].sent, 7);
}

/** "NAME, a/an ... framework" and "NAME is a/an ... framework" anywhere; "our NAME", "NAME (ours)" (name-like token at i). */
function fromNameShapedToken(doc: Doc, cands: CandidateSet, i: number): void {
  const { toks } = doc;
  const t = toks[i];
  const shape = t.shape;
  const name = t.base;
  const prevTok = toks[i - 1];
  const blocked =
    !!prevTok && prevTok.sent === t.sent && (BLOCK_PREV.has(prevTok.lower) || prevTok.core.includes('e.g'));
  const app = appositiveAfter(toks, i);
  const kind = kindOf(app);
  if (app && kind && t.post.includes(',') && !existingMarked(app) && !blocked) {
    if (shape >= 2) cands.add(name, i, 6, { appositive: app, kind });
    else if (
      countWord(toks, t.lower, true) >= 3 &&
      !GENERIC_HEADS.has(t.lower) &&
      !CLASS_NOUNS.has(t.lower) &&
      !t.lower.endsWith('s')
    )
      cands.add(name, i, 5, { appositive: app, kind });
  }
  if (shape < 2) return;
  const next = toks[i + 1]?.lower;
  if (t.sentStart && (next === 'is' || next === 'are') && DETERMINER_ARTICLES.has(toks[i + 2]?.lower)) {
    const app2 = phraseFrom(toks, i + 3);
    const kind2 = kindOf(app2);
    if (kind2 && !existingMarked(app2) && firstIndex(toks, name) === i)
      cands.add(name, i, 6, { appositive: app2, kind: kind2 });
  }
  const p1 = prevTok?.lower ?? '';
  const p2 = toks[i - 2]?.lower ?? '';
  const nextTok = toks[i + 1];
  if (p1 === 'our' || (p1 === 'proposed' && (p2 === 'the' || p2 === 'our'))) {
    const verbAfter = nextTok && VERB_THIRD_PERSON.test(nextTok.core) && nextTok.sent === t.sent;
    cands.add(name, i, t.post.includes(',') || verbAfter ? 6 : 4);
  }
  if (OURS.test(nextTok?.core ?? '') && nextTok.pre.includes('(')) cands.add(name, i, 6);
}

const DETERMINER_ARTICLES = set('a an the');

export function findCandidates(doc: Doc): Map<string, Candidate> {
  const { toks } = doc;
  const cands = new CandidateSet();
  // bounded like the candidates weighed (limits.ts): each introduction read costs a scan of the abstract
  for (let v = 0; v < toks.length && cands.byName.size < MAX_CANDIDATES; v++) {
    const l = toks[v].lower;
    if ((INTRO_VERBS.has(l) || (l === 'refer' && toks[v + 1]?.lower === 'to')) && !fromIntroVerb(doc, cands, v))
      continue;
    const whichWeCall =
      CALL_VERBS.has(l) &&
      toks[v - 1]?.lower === 'we' &&
      (toks[v - 2]?.lower === 'which' || toks[v - 2]?.lower === 'that');
    if (
      ((NAMING_WORDS.has(l) && l !== 'namely' && toks[v - 1]?.lower !== 'so') || whichWeCall) &&
      v + 1 < toks.length &&
      toks[v + 1].sent === toks[v].sent
    )
      fromNamingWord(doc, cands, v, whichWeCall);
    if (l === 'our' || ((l === 'a' || l === 'an') && (toks[v + 1]?.lower === 'new' || toks[v + 1]?.lower === 'novel')))
      fromOurPhrase(doc, cands, v);
  }
  for (let i = 0; i < toks.length && cands.byName.size < MAX_CANDIDATES; i++) {
    const t = toks[i];
    if (t.known || t.familiar || (t.shape < 2 && !(t.shape === 0 && t.post.includes(',') && LOWER_WORD.test(t.core))))
      continue;
    fromNameShapedToken(doc, cands, i);
  }
  return cands.byName;
}
