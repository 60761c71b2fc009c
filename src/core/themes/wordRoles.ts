/**
 * What a word does in the abstracts, read from the words around its occurrences: general English
 * syntax with closed classes of function words only (keywords/lexicon.ts), nothing about one field.
 * Theme labels use it to keep to noun phrases ("LLM agents", not "Hereafter LLM agents" or
 * "Employ supervised fine-tuning"):
 * - A noun or adjective follows determiners ("the", "our") and prepositions ("of", "for") or a number.
 *   An -ing or -ed form follows prepositions as a verb too ("by training"), so only determiners count for it.
 * - A verb follows its subject or a modal ("we employ", "can generate"; "to" counts half, it also
 *   precedes nouns) and is followed by its object's determiner ("employ a", "balancing the"); a noun
 *   is rarely followed by a determiner without a comma between.
 * - An adverb or connective ("thereby", "hereafter") opens clauses and asides (after a comma) and
 *   never follows a determiner, a preposition or a number. A modifier that only ever follows a verb
 *   ("grow heirloom tomatoes") does not stand after commas, and a noun that only ever starts sentences
 *   ("Soil bacteria fix ...") is not after a comma either.
 */

import { ARTICLES, MORE_FUNCTION_WORDS, PREPOSITION_SET, VERB_CUES } from '../keywords/lexicon';

/** Counts of a word's occurrences by what stands next to them (within one sentence). */
export interface WordUse {
  count: number;
  /** After a determiner or article. */
  afterDeterminer: number;
  /** After a preposition or a number. */
  afterPreposition: number;
  /** Verb evidence: after a subject pronoun or modal (2), after "to" (1), before a determiner (2). */
  verbSlot: number;
  /** After punctuation inside its sentence. */
  afterPunctuation: number;
}

/** Determiners that open an object after a verb; "such" is left out ("methods such as"). */
const OBJECT_OPENERS: ReadonlySet<string> = new Set([...ARTICLES].filter((w) => w !== 'such'));
const NUMBER = /^\d/;
/** Below this many occurrences missing evidence says nothing. */
const SETTLED = 3;

export const emptyUse = (): WordUse => ({ count: 0, afterDeterminer: 0, afterPreposition: 0, verbSlot: 0, afterPunctuation: 0 });

/** One text's tokens, stopwords included (see phraseDocs.ts DocDetail). */
export interface TokenContext {
  norms: readonly string[];
  sentences: ArrayLike<number>;
  /** 1 where a token follows punctuation inside its sentence. */
  afterPunctuation: ArrayLike<number>;
}

/** Adds the occurrences of `word` in one text to `use`. */
export function countUses({ norms, sentences, afterPunctuation }: TokenContext, word: string, use: WordUse): void {
  for (let t = 0; t < norms.length; t++) {
    if (norms[t] !== word) continue;
    use.count++;
    if (afterPunctuation[t]) use.afterPunctuation++;
    if (t > 0 && sentences[t - 1] === sentences[t]) {
      const prev = norms[t - 1];
      if (ARTICLES.has(prev)) use.afterDeterminer++;
      else if (PREPOSITION_SET.has(prev) || NUMBER.test(prev)) use.afterPreposition++;
      else if (VERB_CUES.has(prev)) use.verbSlot += 2;
      else if (prev === 'to') use.verbSlot += 1;
    }
    if (t + 1 < norms.length && sentences[t + 1] === sentences[t] && !afterPunctuation[t + 1] && OBJECT_OPENERS.has(norms[t + 1])) use.verbSlot += 2;
  }
}

/** -ing and -ed forms: verbs as often as nouns or adjectives. */
const verbForm = (word: string) => word.length > 4 && (word.endsWith('ing') || (word.endsWith('ed') && !word.endsWith('eed')));

/** Evidence of use as a noun or adjective. */
function nominal(word: string, use: WordUse): number {
  return use.afterDeterminer + (verbForm(word) ? 0 : use.afterPreposition);
}

/** Used as a verb more than as a noun or adjective. */
export function verbal(word: string, use: WordUse): boolean {
  return use.verbSlot >= 2 && use.verbSlot > 2 * nominal(word, use);
}

/** Can open a noun phrase: not a function word, a verb or an adverb; an -ing/-ed form only when seen after a determiner. */
export function opensNounPhrase(word: string, use: WordUse): boolean {
  if (MORE_FUNCTION_WORDS.has(word) || verbal(word, use)) return false;
  if (verbForm(word)) return use.afterDeterminer > 0;
  return !adverb(word, use);
}

/** Seen often enough, never where nouns and adjectives stand, mostly after a comma. */
function adverb(word: string, use: WordUse): boolean {
  return use.count >= SETTLED && nominal(word, use) === 0 && use.afterPunctuation >= 0.5 * use.count;
}

/**
 * Can stand inside or at the end of a noun phrase: not a function word nor a verb. A head after a
 * modifier is a noun whatever its ending ("supervised fine-tuning"), so -ing forms are not judged here.
 */
export function continuesNounPhrase(word: string, use: WordUse): boolean {
  if (MORE_FUNCTION_WORDS.has(word)) return false;
  return word.endsWith('ing') || !verbal(word, use);
}
