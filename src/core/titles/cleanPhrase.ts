/**
 * Tokens turned into descriptor words: bracketed text, hype and adverbs dropped, sentence case with
 * acronyms, coined names and proper nouns kept, "reinforcement learning (RL) fine-tuning" as "RL fine-tuning".
 */

import { type Doc } from './abstractDoc';
import { baseName, isFamiliar, isKnown, shapeOf, singular } from './nameShapes';
import { acronymFits, parenAt } from './parentheses';
import { type Tok, count } from './tokens';
import { OF_NOUNS, badFinal, isAdverb } from './wordClasses';
import { ADJ, CUT_BEFORE, EPONYMS, FUNC, HYPE, KNOWN } from './wordLists';

/** Case for a word inside a descriptor: sentence case; acronyms, coined names and proper nouns kept. */
export function caseWord(doc: Doc, w: string, inExpansion: boolean): string {
  const keepPart = (p: string): boolean =>
    (/^[A-Z0-9]+s?$/.test(p) && /[A-Z]/.test(p)) ||
    doc.properNouns.has(p.toLowerCase()) ||
    EPONYMS.has(p.toLowerCase());
  if (inExpansion)
    return w
      .split('-')
      .map((p) => (keepPart(p) ? p : p.toLowerCase()))
      .join('-');
  if (shapeOf(w) >= 2) return w;
  if (/^[A-Z]/.test(w) && /^[A-Za-z]+(-[A-Za-z]+)*$/.test(w))
    return w
      .split('-')
      .map((p) => (keepPart(p) ? p : p.toLowerCase()))
      .join('-');
  return w;
}

/** Turns tokens into clean descriptor words: drops brackets' contents, hype, adverbs, leading articles, "a class of". */
export function cleanPhrase(doc: Doc, toks: Tok[], inExpansion = false): string[] {
  const commaAdj = toks.some((t) => /^,/.test(t.post) && badFinal(t.core));
  let out = keptWords(doc, toks, inExpansion);
  dropClassOf(out);
  if (!inExpansion) out = dropCaseOf(out);
  if (!inExpansion && commaAdj) dropCoordinatedAdjectives(out);
  if (!inExpansion) while (out.length > 0 && /^(a|an|the)$/i.test(out[0])) out.shift();
  if (inExpansion && out.length > 1 && toks.every((t) => !/[a-z]/.test(t.core)))
    out = toks.map((t) =>
      t.core
        .split('-')
        .map((p) => (p.length === 1 ? p : p.toLowerCase()))
        .join('-'),
    );
  return compactExpansions(toks, out);
}

/** The cased words outside brackets; outside an expansion, hype, adverbs, leading articles and "the quality of" go. */
function keptWords(doc: Doc, toks: Tok[], inExpansion: boolean): string[] {
  const out: string[] = [];
  let depth = 0;
  let skipOf = false;
  for (const t of toks) {
    const opens = count(t.pre, '(') + count(t.pre, '[');
    const closes = count(t.post, ')') + count(t.post, ']');
    depth += opens;
    if (depth > 0) {
      depth = Math.max(0, depth - closes);
      continue;
    }
    const l = t.lower;
    if (!inExpansion) {
      if (out.length === 0 && (/^(a|an|the|our|this|these|its|their|one|such)$/.test(l) || HYPE.has(l))) continue;
      if (HYPE.has(l) || /^(yet|but)$/.test(l)) continue;
      if (/^(a|an)$/.test(l) && /^(and|or)$/i.test(out[out.length - 1] ?? '')) continue;
      // "evaluating the quality of X" -> "evaluating X"
      if (
        /^(quality|performance|effectiveness|efficiency|capabilities|capability|ability|benefits)$/.test(l) &&
        out[out.length - 1] === 'the' &&
        /ing$/.test(out[out.length - 2] ?? '') &&
        toks[toks.indexOf(t) + 1]?.lower === 'of'
      ) {
        out.pop();
        skipOf = true;
        continue;
      }
      if (skipOf && l === 'of') {
        skipOf = false;
        continue;
      }
      if (isAdverb(t) && t.core !== 'only') continue;
      if (
        l === 'used' &&
        out.length > 0 &&
        /^(widely|commonly|frequently|popularly)$/.test(toks[toks.indexOf(t) - 1]?.lower ?? '')
      )
        continue;
    }
    out.push(caseWord(doc, t.core, inExpansion));
  }
  return out;
}

/** "for a broad class of offline RL algorithms" -> "for offline RL algorithms" (in place). */
function dropClassOf(out: string[]): void {
  for (let i = 0; i < out.length - 1; i++) {
    if (!/^of$/i.test(out[i + 1]) || !OF_NOUNS.test(out[i]) || /^(family|sequence|mixture|combination)$/i.test(out[i]))
      continue;
    let from = i;
    while (
      from > 0 &&
      (ADJ.has(out[from - 1].toLowerCase()) ||
        /^(broad|wide|diverse|whole|the|a|an|large|small|growing)$/i.test(out[from - 1]))
    )
      from--;
    out.splice(from, i + 2 - from);
    i = from - 1;
  }
}

/** "the simple yet applicable case of reward shaping" -> "reward shaping". */
function dropCaseOf(out: string[]): string[] {
  const ofAt = out.findIndex((w) => /^of$/i.test(w));
  if (
    ofAt > 0 &&
    ofAt <= 3 &&
    /^(case|problem|question|setting|notion|idea|use|role|effect|impact|effectiveness|efficacy|task|challenge|issue|concept|phenomenon|study|analysis|investigation)$/i.test(
      out[ofAt - 1],
    ) &&
    out.slice(0, ofAt - 1).every((w) => badFinal(w)) &&
    out.length > ofAt + 1
  )
    return out.slice(ofAt + 1);
  return out;
}

/**
 * "diverse, verifiable, and controllable environments" -> "environments": coordinated adjectives say little
 * (in place).
 */
function dropCoordinatedAdjectives(out: string[]): void {
  for (let i = 0; i + 2 < out.length; i++) {
    if (
      !/^(and|or)$/i.test(out[i + 1]) ||
      !badFinal(out[i]) ||
      !badFinal(out[i + 2]) ||
      FUNC.has(out[i].toLowerCase()) ||
      FUNC.has(out[i + 2].toLowerCase())
    )
      continue;
    let from = i;
    while (
      from > 0 &&
      badFinal(out[from - 1]) &&
      !FUNC.has(out[from - 1].toLowerCase()) &&
      !CUT_BEFORE.has(out[from - 1].toLowerCase())
    )
      from--;
    if (i + 3 < out.length && !badFinal(out[i + 3])) {
      out.splice(from, i + 3 - from);
      break;
    }
  }
}

/** "reinforcement learning (RL) fine-tuning" reads better as "RL fine-tuning" when RL is a common acronym. */
function compactExpansions(toks: Tok[], ws: string[]): string[] {
  let out = ws;
  for (let i = 0; i < toks.length; i++) {
    const p = parenAt(toks, i);
    if (!p || p.from !== p.to) continue;
    const acrTok = toks[p.from];
    const acr = singular(acrTok.core);
    if (!KNOWN.has(acr.toLowerCase())) continue;
    const letters = acr.replace(/[^A-Za-z]/g, '').length;
    for (let k = Math.max(1, letters - 1); k <= letters + 2 && i - k >= 0; k++) {
      const exp = toks.slice(i - k, i).map((t) => t.lower);
      if (!acronymFits(acr, exp)) continue;
      const suffix = /(-[a-z]+)$/.exec(exp[exp.length - 1])?.[1] ?? '';
      const keepSuffix = /^-(based|driven|guided|enhanced|augmented|style|like|free|aware|tuned|trained|level)$/.test(
        suffix,
      );
      for (let j = 0; j + exp.length <= out.length; j++) {
        if (exp.every((e, m) => out[j + m].toLowerCase() === e)) {
          out = [
            ...out.slice(0, j),
            keepSuffix ? `${acrTok.core}${suffix}` : acrTok.core,
            ...out.slice(j + exp.length),
          ];
          break;
        }
      }
      break;
    }
  }
  return out;
}

export function cleanExpansion(doc: Doc, ws: string[]): string[] {
  const fake: Tok[] = ws.map((w) => ({
    core: w,
    lower: w.toLowerCase(),
    pre: '',
    post: '',
    sent: 0,
    sentStart: false,
    possessive: false,
    base: baseName(w),
    shape: shapeOf(w),
    known: isKnown(w),
    familiar: isFamiliar(w),
  }));
  return cleanPhrase(doc, fake, true);
}
