/**
 * The noun phrase that starts at a token: where it ends (clause words, punctuation, verbs), with short
 * bracketed groups kept and "designed to VERB X" read as "for VERBing X".
 */

import { isStopCapital } from './nameShapes';
import { parenAt } from './parentheses';
import { type Tok, breaksAfter, startsLower, startsUpper } from './tokens';
import { ANAPHORA, badFinal, isAdverb, isCut, isParticiple, verbIng } from './wordClasses';
import { ADJ, FUNC, PHRASE_STOP, VERBS, set } from './wordLists';

const FORMULA = /[{}\\=^]|^(mathcal|mathbf|left|right|frac|sqrt|log|exp|min|max|arg)\b/;
const LETTER = /[A-Za-z]/;
const SENTENCE_PUNCT = /[,;:.!?]/;
const UP_TO_CLOSE = /^[^)]*\)/;
const HAS_CAPITAL = /[A-Z]/;
const PHRASE_OPENERS = set('the a an our');
const PARTICIPLE_MODIFIERS = set(
  'built based trained designed tailored developed derived inspired equipped powered driven guided',
);
const PURPOSE_PARTICIPLES = set('designed tailored developed built');
const LOWER_WORD = /^[a-z]+$/;
const CLAUSE_OPENERS = set('which that where while and or but whereas thereby with as');
const FULL_STOP_OR_SEMICOLON = /[;.]/;

/** Tokens of the noun phrase starting at i: stops at clause words and punctuation; short "(...)" groups are kept inside. */
export function phraseFrom(toks: Tok[], i: number, max = 16): Tok[] {
  const out: Tok[] = [];
  for (let j = i; j < toks.length && out.length < max; j++) {
    const t = toks[j];
    if (j > i && t.sent !== toks[i].sent) break;
    // leaked LaTeX and formulas end a phrase
    if (FORMULA.test(t.core) || (t.core.length === 1 && LETTER.test(t.core) && t.core !== 'a')) break;
    if (t.pre.includes('(')) {
      // "reinforcement learning (RL) fine-tuning": keep the group, go on after it
      const p = parenAt(toks, j);
      if (!p || j === i || p.to - p.from > 3) break;
      for (let k = p.from; k <= p.to; k++) out.push(toks[k]);
      j = p.to;
      if (SENTENCE_PUNCT.test(toks[p.to].post.replace(UP_TO_CLOSE, ''))) break;
      continue;
    }
    if (t.lower === 'to' && out.length > 0) {
      if (!toGoesOn(toks, j)) break;
      out.push(t);
      continue;
    }
    // "a statistical test based on X", "an algorithm built on MuZero"
    if (
      (t.lower === 'based' || t.lower === 'built') &&
      toks[j + 1]?.lower === 'on' &&
      out.length > 0 &&
      !breaksAfter(out[out.length - 1])
    ) {
      out.push(t);
      out.push(toks[j + 1]);
      j++;
      continue;
    }
    if (PHRASE_STOP.has(t.lower) && !(out.length === 0 && PHRASE_OPENERS.has(t.lower))) break;
    if (VERBS.has(t.lower) && out.length > 0) break;
    if (isAdverb(t)) {
      if (out.length === 0) continue;
      // "physically plausible": an adverb before an adjective stays in the phrase (cleanPhrase drops it)
      if (lowerContentWordAfter(toks, j) && !breaksAfter(t)) {
        out.push(t);
        continue;
      }
      break;
    }
    if (PARTICIPLE_MODIFIERS.has(t.lower) && out.length > 0) {
      // "a hierarchical framework designed to synthesize X" -> "framework for synthesizing X"
      const v = purposeVerb(toks, j);
      if (v) {
        out.push({ ...v, core: 'for', lower: 'for', post: '' });
        out.push({ ...v, core: verbIng(v.core), lower: verbIng(v.core) });
        if (breaksAfter(v)) break;
        j += 2;
        continue;
      }
      break;
    }
    out.push(t);
    if (breaksAfter(t)) {
      // "an agentic, vision-grounded framework": a comma between adjectives does not end the phrase
      if (t.post === ',' && lowerContentWordAfter(toks, j) && badFinal(t.core) && !isParticiple(t.lower)) continue;
      backOffBeforeList(toks, j, out);
      break;
    }
  }
  return out;
}

/** "to" inside a phrase goes on before a name, a coined word or an adjective with a coined noun. */
function toGoesOn(toks: Tok[], j: number): boolean {
  const t = toks[j];
  const n = toks[j + 1];
  const n2 = toks[j + 2];
  const adjNoun = n && ADJ.has(n.lower) && n2 && n2.sent === t.sent && (n2.shape >= 2 || HAS_CAPITAL.test(n2.core));
  return !(
    !n ||
    n.sent !== t.sent ||
    !((startsUpper(n.core) && !isStopCapital(n.core)) || n.shape >= 2 || HAS_CAPITAL.test(n.core) || adjNoun)
  );
}

/** The next token, in the same sentence, is a lower-case word that is neither a function word nor a verb. */
function lowerContentWordAfter(toks: Tok[], j: number): boolean {
  const t = toks[j];
  const n = toks[j + 1];
  return !!n && n.sent === t.sent && startsLower(n.core) && !FUNC.has(n.lower) && !VERBS.has(n.lower);
}

/** The verb of "designed to VERB X" after the participle at j, when it reads as a purpose; otherwise null. */
function purposeVerb(toks: Tok[], j: number): Tok | null {
  const t = toks[j];
  const n = toks[j + 1];
  const v = toks[j + 2];
  if (
    n?.lower === 'to' &&
    v &&
    LOWER_WORD.test(v.core) &&
    !FUNC.has(v.lower) &&
    !ADJ.has(v.lower) &&
    !ANAPHORA.test(toks[j + 3]?.lower ?? '') &&
    !(badFinal(v.core) && !VERBS.has(v.lower)) &&
    !v.lower.endsWith('ing') &&
    PURPOSE_PARTICIPLES.has(t.lower)
  )
    return v;
  return null;
}

/** "spanning mobile, computer-use, web, and ...": a list cut at its first comma; back off to before the list. */
function backOffBeforeList(toks: Tok[], j: number, out: Tok[]): void {
  const t = toks[j];
  const n = toks[j + 1];
  if (!(t.post === ',' && n && n.sent === t.sent && !CLAUSE_OPENERS.has(n.lower))) return;
  let listy = false;
  for (let k = j + 1; k < Math.min(toks.length, j + 7) && toks[k].sent === t.sent; k++) {
    if ((toks[k].lower === 'and' || toks[k].lower === 'or') && toks[k - 1].post.endsWith(',')) listy = true;
    if (FULL_STOP_OR_SEMICOLON.test(toks[k].post)) break;
  }
  if (listy) {
    let cut = out.length - 1;
    while (cut > 0 && !isCut(out[cut].lower)) cut--;
    if (cut > 0) out.length = cut;
  }
}
