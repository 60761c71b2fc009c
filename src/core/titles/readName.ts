/**
 * Reading a name at a position where the abstract introduces one: a single coined word, a capitalized
 * run ("Decision ConvFormer"), a quoted span, with "(ACR)", "(Expanded Acronym)" or ": expansion" after it,
 * and the "(ACR)" or ", NAME." that closes an introduced noun phrase later in the sentence.
 */

import { type Doc, RUN_CONNECTORS_WIDE, occurrences, runEnd } from './abstractDoc';
import { appositiveAfter, kindOf } from './appositives';
import type { CandidateSet } from './candidateSet';
import { baseName, capitalized, isFamiliar, isKnown, nameLike, shapeOf } from './nameShapes';
import { phraseFrom } from './nounPhrases';
import { acronymFits, aliasAfter, aliasText, citationLike, parenAt, words } from './parentheses';
import { type Tok, breaksAfter, startsLower, startsUpper } from './tokens';
import { FUNC, PHRASE_STOP, VERBS, set } from './wordLists';

/** Words that open a noun phrase (articles, possessives, small numbers). */
export const DETERMINERS = set('a an the our two three four its this these one');

const QUOTE_OPEN = /["“]/;
const QUOTE_CLOSE = /["”]/;
const CLAUSE_PUNCT = /[,;:.!?—]/;
const SENTENCE_PUNCT = /[,;:.!?]/;
const LEADING_CLOSE = /^\)/;
const NON_ALNUM = /[^A-Za-z0-9]/g;
const NON_LETTER = /[^A-Za-z]/g;
const NAME_END_PUNCT = /[,:;.(—–-]/;
const FULL_STOP_OR_SEMICOLON = /[.;]/;
const APPOSITIVE_OPENERS = set('a an which that');

/** Punctuation after the alias closes it as a name, not as a modifier: "(LSVI) algorithm" is a modifier. */
const modifierAfter = (closing: Tok, after: Tok | undefined, sent: number, punct: RegExp): boolean =>
  !!after &&
  after.sent === sent &&
  !punct.test(closing.post.replace(LEADING_CLOSE, '')) &&
  startsLower(after.core) &&
  !FUNC.has(after.lower) &&
  !PHRASE_STOP.has(after.lower);

/** The end of the name starting at i: a capitalized run, widened when that reaches an "(ALIAS)". */
function nameEnd(toks: Tok[], i: number): number {
  const t = toks[i];
  let end = i;
  if (capitalized(t.core)) {
    end = runEnd(toks, i);
    if (!aliasAfter(toks, end)) {
      const wide = runEnd(toks, i, RUN_CONNECTORS_WIDE);
      if (wide > end && aliasAfter(toks, wide)) end = wide;
    }
  }
  // "RL's Razor": a possessive common acronym starting a name
  if (end === i && t.possessive && i + 1 < toks.length && startsUpper(toks[i + 1].core)) end = runEnd(toks, i + 1);
  return end;
}

/** A quoted name: "“Chain of Draft”, a prompting strategy". */
function readQuoted(toks: Tok[], cands: CandidateSet, i: number, intro: number, preNoun: Tok[] | null): boolean {
  let j = i;
  while (j < toks.length - 1 && j - i < 6 && !QUOTE_CLOSE.test(toks[j].post)) j++;
  if (QUOTE_CLOSE.test(toks[j].post) && j - i < 6 && capitalized(toks[i].core)) {
    const app = appositiveAfter(toks, j);
    cands.add(words(toks, i, j).join(' '), i, intro, { preNoun, appositive: app, kind: kindOf(app) });
    return true;
  }
  return false;
}

/**
 * Reads the name starting at token i (a single token, a capitalized run, a quoted span, with "(ACR)",
 * "(expansion)" or ": expansion" after it) and registers it. `direct` says nothing but the verb or a
 * naming word comes before it.
 */
export function readName(
  doc: Doc,
  cands: CandidateSet,
  i: number,
  intro: number,
  preNoun: Tok[] | null,
  direct: boolean,
  allowLower: boolean,
): boolean {
  const { toks } = doc;
  const t = toks[i];
  if (QUOTE_OPEN.test(t.pre) && readQuoted(toks, cands, i, intro, preNoun)) return true;
  const end = nameEnd(toks, i);
  const run = toks.slice(i, end + 1);
  const runText = run.map((x, k) => (x.possessive && k < run.length - 1 ? `${x.core}'s` : x.core)).join(' ');
  const alias = aliasAfter(toks, end);
  const paren = parenAt(toks, end + 1);
  const inside = paren ? words(toks, paren.from, paren.to) : [];
  const app = appositiveAfter(toks, paren ? paren.to : end);
  const kind = kindOf(app);
  const single = run.length === 1;
  // "Expansion (ACR)" or "Coined (ALIAS)"
  if (alias) {
    const taken = readAliased(doc, cands, i, run, runText, alias, intro, preNoun, direct, app, kind);
    if (taken !== null) return taken;
  }
  if (single && !capitalized(t.core)) {
    // lowercase coined names: "floq (flow-matching Q-functions)", "polar, a rollout framework"
    if (!allowLower || !direct) return false;
    if (paren && acronymFits(t.core, inside)) {
      cands.add(t.core, i, intro, { expansion: inside, appositive: app, preNoun, kind });
      return true;
    }
    if (app && kind && t.post.includes(',') && !t.core.endsWith('s')) {
      cands.add(t.core, i, intro - 2, { appositive: app, preNoun, kind });
      return true;
    }
    return false;
  }
  if (run.every((x) => isKnown(x.core) || x.shape === 0)) return false;
  if (run.every((x) => isKnown(x.core) || isFamiliar(x.core) || x.shape === 0) && !(direct && intro >= 8)) return false;
  const expansion = expansionAfterName(toks, run, runText, end, paren !== null, inside);
  const name = single ? baseName(t.core) : runText;
  // evidence that the run is a name and not a capitalized modifier ("a Pseudo-simulation-based RL method")
  const modifier = lowerWordFollows(toks, end, t.sent);
  const reps = occurrences(doc, name).length;
  const coined = run.some((x) => x.shape >= 2 && !isKnown(x.core));
  let ok = direct || !!expansion || !!(app && kind);
  if (!ok && coined) ok = !(modifier && run.every((x) => x.shape <= 2)) || reps >= 2;
  if (!ok && !single && reps >= 2 && !modifier) ok = true;
  if (!ok) return false;
  if (
    single &&
    t.shape === 1 &&
    !expansion &&
    !(app && kind) &&
    !(direct && (NAME_END_PUNCT.test(t.post) || reps >= 2))
  )
    return false;
  cands.add(name, i, intro, { expansion, appositive: expansion && !app ? null : app, preNoun, kind });
  return true;
}

/** "NAME (Expanded Acronym)" or "NAME: Expanded Acronym": the expansion of the run, or null. */
function expansionAfterName(
  toks: Tok[],
  run: Tok[],
  runText: string,
  end: number,
  hasParen: boolean,
  inside: string[],
): string[] | null {
  let expansion: string[] | null = null;
  if (
    hasParen &&
    !citationLike(inside) &&
    inside.length >= 2 &&
    inside.join('').replace(NON_LETTER, '').length > runText.replace(NON_LETTER, '').length + 2
  ) {
    const caps = inside.filter((w) => startsUpper(w)).length;
    if (acronymFits(run[run.length - 1].core, inside) || caps >= Math.ceil(inside.length / 2)) expansion = inside;
  }
  if (!expansion && toks[end].post.includes(':')) {
    const exp = phraseFrom(toks, end + 1, 10).map((x) => x.core);
    if (exp.length >= 2 && acronymFits(run[run.length - 1].core, exp)) expansion = exp;
  }
  return expansion;
}

/** A lower-case content word right after the run, in its sentence: the run may be a modifier of it. */
function lowerWordFollows(toks: Tok[], end: number, sent: number): boolean {
  const next = toks[end + 1];
  return (
    !!next &&
    next.sent === sent &&
    !breaksAfter(toks[end]) &&
    startsLower(next.core) &&
    !FUNC.has(next.lower) &&
    !VERBS.has(next.lower)
  );
}

/** A run followed by "(ALIAS)": which of the two is the name. Null when the alias does not qualify. */
function readAliased(
  doc: Doc,
  cands: CandidateSet,
  i: number,
  run: Tok[],
  runText: string,
  alias: { from: number; to: number },
  intro: number,
  preNoun: Tok[] | null,
  direct: boolean,
  app: Tok[] | null,
  kind: string | null,
): boolean | null {
  const { toks } = doc;
  const t = toks[i];
  const single = run.length === 1;
  const a = aliasText(toks, alias);
  const aShape = shapeOf(a);
  const fits = acronymFits(
    a,
    run.map((x) => x.core),
  );
  // "a discretized Least-Squares Value Iteration (LSVI) algorithm": an acronym used as a modifier names a
  // variant of something known, unless the paper keeps using it as its name
  const asModifier = modifierAfter(toks[alias.to], toks[alias.to + 1], t.sent, CLAUSE_PUNCT);
  const tooFew = asModifier && occurrences(doc, baseName(a)).length < 3 && !direct;
  if (tooFew || isKnown(a) || !(aShape >= 2 || (aShape === 1 && fits) || (aShape === 0 && fits && startsLower(a))))
    return null;
  const alnum = baseName(a).replace(NON_ALNUM, '').length;
  const compoundName =
    single &&
    t.shape === 1 &&
    t.core.split('-').filter((x) => startsUpper(x)).length >= 2 &&
    t.core.split('-').length >= 3;
  const compoundWins =
    compoundName && occurrences(doc, baseName(t.core)).length >= occurrences(doc, baseName(a)).length;
  // "MCP-Universe RL (MCP-U RL)": the short form abbreviates a coined name
  const runCoined = !single && t.shape === 3 && !t.known && a.length >= 3 && t.core.startsWith(a.slice(0, 3));
  if ((single && (t.shape === 3 || compoundWins) && !isKnown(t.core)) || runCoined)
    cands.add(single ? baseName(t.core) : runText, i, intro, { appositive: app, preNoun, kind, alias: baseName(a) });
  else if (alnum <= 2 && !single) cands.add(runText, i, intro, { appositive: app, preNoun, kind, alias: baseName(a) });
  else if (run.every((x) => x.known))
    cands.add(baseName(a), alias.from, intro, { appositive: app, preNoun: [...(preNoun ?? []), ...run], kind });
  else if (capitalized(t.core) || fits)
    cands.add(baseName(a), alias.from, intro, {
      expansion: run.length > 1 || fits ? run.map((x) => x.core) : null,
      appositive: app,
      preNoun,
      kind,
    });
  else return false;
  return true;
}

/** First token of the noun phrase from `from` to `k`: articles and function words skipped. */
function phraseStart(toks: Tok[], from: number, k: number): number {
  let s0 = from;
  while (s0 < k && (DETERMINERS.has(toks[s0].lower) || FUNC.has(toks[s0].lower))) s0++;
  return s0;
}

/** After an intro verb's noun phrase: "(ACR)" or ", NAME." later in the same sentence. */
export function lookahead(doc: Doc, cands: CandidateSet, from: number, sentIdx: number, intro: number): void {
  const { toks } = doc;
  for (let k = from; k < toks.length && toks[k].sent === sentIdx && k < from + 25; k++) {
    const t = toks[k];
    const p = t.pre.includes('(') ? aliasAfter(toks, k - 1) : null;
    if (p && p.from === k) {
      const a = aliasText(toks, p);
      // expansion: the shortest run of preceding words whose letters spell the acronym
      let exp: string[] | null = null;
      for (let n = 1; n <= 10 && k - n >= from - 1 && k - n >= 0; n++) {
        const ws = words(toks, k - n, k - 1);
        if (toks[k - n].sent !== sentIdx) break;
        if (acronymFits(a, ws)) {
          exp = ws;
          break;
        }
      }
      // "... for the Stochastic Shortest Path (SSP) problem": an acronym used as a modifier is not the object
      const modifier = modifierAfter(toks[p.to], toks[p.to + 1], sentIdx, SENTENCE_PUNCT);
      if (!modifier && !isKnown(a) && (shapeOf(a) >= 2 || (exp && exp.length >= 2 && startsUpper(a)))) {
        // the noun phrase the name stands for: from the verb's object up to the parenthesis
        const preNoun = exp && exp.length >= 2 ? null : toks.slice(phraseStart(toks, from, k), k);
        cands.add(baseName(a), k, intro - 1, {
          expansion: exp && exp.length >= 2 ? exp : null,
          preNoun: preNoun && preNoun.length > 0 ? preNoun : null,
          appositive: appositiveAfter(toks, p.to),
          kind: kindOf(appositiveAfter(toks, p.to)),
        });
        return;
      }
    }
    const prev = toks[k - 1];
    if (prev && prev.post.includes(',') && nameLike(t.core) && !isFamiliar(t.core)) {
      const after = toks[k + 1];
      if (
        FULL_STOP_OR_SEMICOLON.test(t.post) ||
        !after ||
        after.sent !== sentIdx ||
        (t.post.includes(',') && APPOSITIVE_OPENERS.has(after.lower))
      ) {
        const s0 = phraseStart(toks, from, k);
        cands.add(baseName(t.core), k, intro - 2, { preNoun: k - 1 > s0 ? toks.slice(s0, k) : null });
        return;
      }
    }
  }
}

/** "(ACR)" closing the noun phrase that starts before `from`, spelled by the words before it. */
export function lookaheadParenOnly(doc: Doc, cands: CandidateSet, from: number, sentIdx: number, intro: number): void {
  const { toks } = doc;
  for (let k = from; k < toks.length && toks[k].sent === sentIdx && k < from + 10; k++) {
    const t = toks[k];
    if (t.pre.includes('(')) {
      const p = aliasAfter(toks, k - 1);
      if (p && p.from === k && t.shape >= 2 && !isKnown(t.core)) {
        for (let n = 2; n <= 8 && k - n >= 0; n++) {
          const ws = words(toks, k - n, k - 1);
          if (acronymFits(t.core, ws)) {
            cands.add(baseName(t.core), k, intro, { expansion: ws });
            return;
          }
        }
      }
      return;
    }
    if (FUNC.has(t.lower) || breaksAfter(t)) return;
  }
}
