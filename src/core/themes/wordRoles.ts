/**
 * What a word does in the abstracts, read from the words around its occurrences: general English
 * syntax with closed classes of function words only (keywords/lexicon.ts), nothing about one field.
 * Theme labels use it to keep to noun phrases ("LLM agents", not "Hereafter LLM agents" or
 * "Employ supervised fine-tuning"):
 * - A noun or adjective follows determiners ("the", "our") and prepositions ("of", "for") or a number.
 *   An -ing or -ed form follows prepositions as a verb too ("by training"), so only determiners count for it.
 * - A verb follows its subject or a modal ("we employ", "can generate"; "to" counts half, it also
 *   precedes nouns) and is followed by its object's determiner ("employ a", "balancing the"); a noun
 *   is rarely followed by a determiner without a comma between. A verb also agrees with its subjects:
 *   written with and without -s before other words ("X incurs costs", "rollouts incur costs"), where a
 *   modifier keeps one form ("model size", "operations research").
 * - A quantity noun needs its "of" ("a wide range [of]", "a large number [of]"): a word followed by "of"
 *   at least half the time does not end a noun phrase (as in keywords/lexicon.ts).
 * - An adverb or connective ("thereby", "hereafter") opens clauses and asides (after a comma) and
 *   never follows a determiner, a preposition or a number. A modifier that only ever follows a verb
 *   ("grow heirloom tomatoes") does not stand after commas, and a noun that only ever starts sentences
 *   ("Soil bacteria fix ...") is not after a comma either.
 */

import { ARTICLES, MORE_FUNCTION_WORDS, PREPOSITION_SET, VERB_CUES } from '../keywords';
import { isContentWord, pluralForm } from '../common';

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
  /** Followed by "of". */
  beforeOf: number;
  /** Followed by a content word (a modifier, or a subject before its verb), and of those written as plurals. */
  beforeWord: number;
  pluralBeforeWord: number;
}

/** Determiners that open an object after a verb; "such" is left out ("methods such as"). */
const OBJECT_OPENERS: ReadonlySet<string> = new Set([...ARTICLES].filter((w) => w !== 'such'));
const NUMBER = /^\d/;
/** Below this many occurrences missing evidence says nothing. */
const SETTLED = 3;

export const emptyUse = (): WordUse => ({
  count: 0,
  afterDeterminer: 0,
  afterPreposition: 0,
  verbSlot: 0,
  afterPunctuation: 0,
  beforeOf: 0,
  beforeWord: 0,
  pluralBeforeWord: 0,
});

/** One text's tokens, stopwords included (see phraseDocs.ts DocDetail). */
export interface TokenContext {
  norms: readonly string[];
  sentences: ArrayLike<number>;
  /** 1 where a token follows punctuation inside its sentence. */
  afterPunctuation: ArrayLike<number>;
  /** 1 where a token is written as a plural or third-person form. */
  plural: ArrayLike<number>;
}

/** Adds the occurrences of `word` in one text to `use`. */
export function countUses(
  { norms, sentences, afterPunctuation, plural }: TokenContext,
  word: string,
  use: WordUse,
): void {
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
    if (t + 1 < norms.length && sentences[t + 1] === sentences[t] && !afterPunctuation[t + 1]) {
      if (OBJECT_OPENERS.has(norms[t + 1])) use.verbSlot += 2;
      else if (norms[t + 1] === 'of') use.beforeOf++;
      else if (isContentWord(norms[t + 1])) {
        use.beforeWord++;
        if (plural[t]) use.pluralBeforeWord++;
      }
    }
  }
}

/** -ing and -ed forms: verbs as often as nouns or adjectives. */
const verbForm = (word: string) =>
  word.length > 4 && (word.endsWith('ing') || (word.endsWith('ed') && !word.endsWith('eed')));

/** Evidence of use as a noun or adjective. */
function nominal(word: string, use: WordUse): number {
  return use.afterDeterminer + (verbForm(word) ? 0 : use.afterPreposition);
}

/**
 * Used as a verb more than as a noun or adjective; or never where a noun stands and written both with and
 * without -s before other words: a verb agreeing with its subjects ("X incurs high costs", "rollouts
 * incur costs"), where a modifier keeps one form ("model size", "operations research").
 */
export function verbal(word: string, use: WordUse): boolean {
  if (use.verbSlot >= 2 && use.verbSlot > 2 * nominal(word, use)) return true;
  return (
    use.count >= SETTLED &&
    nominal(word, use) === 0 &&
    use.pluralBeforeWord > 0 &&
    use.pluralBeforeWord < use.beforeWord
  );
}

/**
 * Can open a noun phrase: not a function word, a verb or an adverb; an -ing form only when seen after a
 * determiner ("the matching"), else it is a gerund taking an object ("matching performed notes").
 */
export function opensNounPhrase(word: string, use: WordUse): boolean {
  if (MORE_FUNCTION_WORDS.has(word) || verbal(word, use)) return false;
  if (verbForm(word) && word.endsWith('ing')) return use.afterDeterminer > 0;
  return !adverb(word, use);
}

/** Seen often enough, never where nouns and adjectives stand, mostly after a comma. */
function adverb(word: string, use: WordUse): boolean {
  return use.count >= SETTLED && nominal(word, use) === 0 && use.afterPunctuation >= 0.5 * use.count;
}

/** Mostly followed by "of": names an amount of something else, not a topic. */
export function quantityNoun(use: WordUse): boolean {
  return use.count >= SETTLED && use.beforeOf >= 0.5 * use.count;
}

/**
 * Can stand inside or at the end of a noun phrase: not a function word nor a verb. A head after a
 * modifier is a noun whatever its ending ("supervised fine-tuning"), so -ing forms are not judged here.
 */
export function continuesNounPhrase(word: string, use: WordUse): boolean {
  if (MORE_FUNCTION_WORDS.has(word)) return false;
  return word.endsWith('ing') || !verbal(word, use);
}

const NAME = /^\p{Lu}|[A-Z].*[A-Z]|[A-Z].*\d|\d.*[A-Z]/u;

/**
 * A noun phrase as written (`written`: its words as shown, `words`: their norms): opened by a noun or
 * adjective, no verb inside, not ending on a quantity noun, and no plural or third-person form before
 * its last word: English compounds take singular modifiers, so "X designs reward functions" and "models
 * disregard correct solutions" are clauses. A noun that is never a verb and modifies in the plural as a
 * rule is the exception ("operations research"). Names and acronyms ("LLM", "GRPO") are nouns whatever
 * their neighbours.
 */
export function isNounPhrase(
  written: readonly string[],
  words: readonly string[],
  useOf: (j: number) => WordUse,
): boolean {
  if (written.length !== words.length) return true;
  const last = words.length - 1;
  return words.every((word, j) => {
    if (NAME.test(written[j])) return true;
    const use = useOf(j);
    if (!(j === 0 ? opensNounPhrase(word, use) : continuesNounPhrase(word, use))) return false;
    const plural = pluralForm(written[j], word);
    if (j === last) return !quantityNoun(use);
    return !plural || pluralModifier(word, use);
  });
}

/** An -s form never seen where a noun stands ("GPU stays busy"): a verb. A head is not judged so: its modifiers take the determiners. */
const thirdPerson = (word: string, use: WordUse) => use.count >= SETTLED && nominal(word, use) === 0;

/** A noun, never a verb, that modifies other words in the plural as a rule ("operations research"). */
const pluralModifier = (word: string, use: WordUse) =>
  use.verbSlot === 0 && !thirdPerson(word, use) && use.pluralBeforeWord >= 0.5 * use.beforeWord;

/**
 * Where the noun phrase that ends a run of words starts ("hereafter LLM agents" -> 1); words.length when
 * none does. After a plural noun comes its verb ("models disregard correct solutions" -> 2), after a
 * verb its object ("planner designs irrigation schedules" -> 2).
 */
export function nounPhraseStart(
  written: readonly string[],
  words: readonly string[],
  useOf: (j: number) => WordUse,
): number {
  if (written.length !== words.length) return 0;
  for (let k = 0; k < words.length; k++) {
    const j = k - 1;
    const afterSubject =
      j >= 0 && !NAME.test(written[j]) && pluralForm(written[j], words[j]) && !pluralModifier(words[j], useOf(j));
    if (afterSubject && !verbal(words[j], useOf(j))) continue;
    if (isNounPhrase(written.slice(k), words.slice(k), (i) => useOf(i + k))) return k;
  }
  return words.length;
}
