/**
 * The floor of any text pipeline: one pass that cuts every text into lower-cased words and does
 * nothing else (no sentences, no normalization, no stopwords). Benchmarks compare parsing, indexing
 * and theming against it: no index or analysis of the same text can be cheaper than reading it once.
 */

/** Letter or digit: ASCII fast path, Unicode test for the rest (as the search tokenizer treats words). */
const NON_ASCII_WORD = /[\p{L}\p{N}]/u;

function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return NON_ASCII_WORD.test(String.fromCharCode(code));
}

/** Lower-cased words of all the texts, counted; each word is materialized as a string, as a tokenizer must. */
export function tokenizeFloor(texts: Iterable<string>): { words: number; chars: number } {
  let words = 0;
  let chars = 0;
  let sink = 0;
  for (const text of texts) {
    const n = text.length;
    chars += n;
    let i = 0;
    while (i < n) {
      if (!isWordChar(text.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      while (i < n && isWordChar(text.charCodeAt(i))) i++;
      // the length is read so the engine cannot drop the slice as dead code
      sink += text.slice(start, i).toLowerCase().length;
      words++;
    }
  }
  return { words, chars: chars + (sink & 0) };
}
