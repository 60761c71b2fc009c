/**
 * The words of a text as the vectors read them: content words (text.ts) and two-word phrases
 * (adjacent content words, only spaces between), as term keys or as a compact stream of word ids.
 */

import { isContentWord, tokenize } from '../text';

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
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
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

let scratchIds = new Int32Array(1024);

/**
 * The word stream of a text (see DocVectors.streams). New words get ids when `wordList` is given;
 * otherwise unknown words are left out and break phrases. `lead` counts the entries in the first
 * `leadSentences` sentences (a prefix of the stream).
 */
export function readStream(text: string, words: Map<string, number>, wordList: string[] | null, leadSentences: number): { stream: Int32Array; lead: number } {
  const tokens = tokenize(text);
  if (scratchIds.length < tokens.length) scratchIds = new Int32Array(tokens.length * 2);
  const ids = scratchIds;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    ids[i] = -1;
    const norm = tokens[i].norm;
    if (!isContentWord(norm)) continue;
    let id = words.get(norm);
    if (id === undefined && wordList && wordList.length < WORD_LIMIT) {
      id = wordList.length;
      words.set(norm, id);
      wordList.push(norm);
    }
    if (id !== undefined) {
      ids[i] = id;
      count++;
    }
  }
  const stream = new Int32Array(count);
  let k = 0;
  let lead = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (ids[i] < 0) continue;
    const t = tokens[i];
    const next = i + 1 < tokens.length ? tokens[i + 1] : undefined;
    const joined = next !== undefined && ids[i + 1] >= 0 && next.sentence === t.sentence && isPhraseGap(text, t.start + t.surface.length, next.start);
    stream[k++] = ids[i] * 2 + (joined ? 1 : 0);
    if (t.sentence < leadSentences) lead = k;
  }
  return { stream, lead };
}
