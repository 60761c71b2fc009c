/**
 * The words of a text as the vectors read them: content words (text.ts) and two-word phrases
 * (adjacent content words, only spaces between), as term keys or as a compact stream of word ids.
 */

import { isContentWord, normalizeWord, scan, tokenize } from '../common';

/**
 * The term keys of a text, with repetition: content words (normalized, see text.ts) and, when
 * `bigrams`, pairs of adjacent content words in the same sentence with only spaces between them.
 */
export function termsOf(text: string, bigrams = true): string[] {
  return termOccurrences(text, bigrams).keys;
}

/** Term keys with the sentence index of each occurrence. */
export function termOccurrences(text: string, bigrams: boolean): { keys: string[]; sentences: number[] } {
  const tokens = tokenize(text);
  const keys: string[] = [];
  const sentences: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isContentWord(t.norm)) continue;
    keys.push(t.norm);
    sentences.push(t.sentence);
    if (!bigrams || i + 1 >= tokens.length) continue;
    const next = tokens[i + 1];
    if (next.sentence !== t.sentence || !isContentWord(next.norm)) continue;
    if (!isPhraseGap(text, t.start + t.surface.length, next.start)) continue;
    keys.push(`${t.norm} ${next.norm}`);
    sentences.push(t.sentence);
  }
  return { keys, sentences };
}

/** Word ids stay below this; a phrase code is WORD_LIMIT + first * WORD_LIMIT + second (exact in a double). */
export const WORD_LIMIT = 1 << 22;

/** Whitespace as the regular expression \s sees it. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * True when text[from, to) may stand between two words of one phrase: spaces only, after an
 * optional possessive "'s" (tokenize drops it from the word).
 */
export function isPhraseGap(text: string, from: number, to: number): boolean {
  let p = from;
  const c = text.charCodeAt(p);
  if ((c === 39 || c === 0x2019) && p + 1 < to && (text.charCodeAt(p + 1) | 32) === 115) p += 2;
  if (p >= to) return false;
  for (; p < to; p++) if (!isSpace(text.charCodeAt(p))) return false;
  return true;
}

let scratchStream = new Int32Array(1024);

/**
 * The word stream of a text (see DocVectors.streams). New words get ids when `wordList` is given;
 * otherwise unknown words are left out and break phrases. `lead` counts the entries in the first
 * `leadSentences` sentences (a prefix of the stream). Read in one pass over the words, without a
 * token object per word: a word's entry is written when the next word shows whether it continues
 * the phrase.
 */
export function readStream(
  text: string,
  words: Map<string, number>,
  wordList: string[] | null,
  leadSentences: number,
): { stream: Int32Array; lead: number } {
  let k = 0;
  let lead = 0;
  // the previous word: its id (-1 when it is not in the stream), where it ends, its sentence
  let prevId = -1;
  let prevEnd = 0;
  let prevSentence = 0;
  const emit = (entry: number, sentence: number) => {
    if (k === scratchStream.length) {
      const grown = new Int32Array(k * 2);
      grown.set(scratchStream);
      scratchStream = grown;
    }
    scratchStream[k++] = entry;
    if (sentence < leadSentences) lead = k;
  };
  scan(text, (surface, start, sentence) => {
    const norm = normalizeWord(surface);
    let id = -1;
    if (isContentWord(norm)) {
      let known = words.get(norm);
      if (known === undefined && wordList && wordList.length < WORD_LIMIT) {
        known = wordList.length;
        words.set(norm, known);
        wordList.push(norm);
      }
      if (known !== undefined) id = known;
    }
    if (prevId >= 0)
      emit(
        prevId * 2 + (id >= 0 && sentence === prevSentence && isPhraseGap(text, prevEnd, start) ? 1 : 0),
        prevSentence,
      );
    prevId = id;
    prevEnd = start + surface.length;
    prevSentence = sentence;
  });
  if (prevId >= 0) emit(prevId * 2, prevSentence);
  return { stream: scratchStream.slice(0, k), lead };
}
