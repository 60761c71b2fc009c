import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { forEachWord } from '../../../../src/core/search/segment';

describe('forEachWord', () => {
  test('words split at spaces and punctuation, not at symbols', () => {
    const words: string[] = [];
    forEachWord('GPT-4o, “naïve” x+y $5 a_b\tend', (w) => words.push(w));
    assert.deepEqual(words, ['GPT', '4o', 'naïve', 'x+y', '$5', 'a', 'b', 'end']);
  });

  /** The word rule read one UTF-16 unit at a time: the reference the native match must agree with. */
  function referenceWords(text: string): string[] {
    const separator = (c: number) => c <= 32 || /[\p{Z}\p{P}]/u.test(String.fromCharCode(c));
    const out: string[] = [];
    let word = '';
    for (let i = 0; i < text.length; i++) {
      if (separator(text.charCodeAt(i))) {
        if (word) out.push(word);
        word = '';
      } else word += text[i];
    }
    if (word) out.push(word);
    return out;
  }

  test('words are the runs of non-separator units, also around astral and lone surrogate characters (property)', () => {
    const pieces = [
      'a',
      'Z',
      '7',
      ' ',
      '.',
      '-',
      "'",
      '’',
      '\\',
      'é',
      '٣',
      '𝒳',
      '😀',
      '—',
      '(',
      '\u{10100}',
      '\u00a0',
      '+',
      '$',
      '\t',
      '_',
      '\ud800',
      '\udc00',
      '\u2028',
      '\ufeff',
      '\u0085',
      '\u3000',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const words: string[] = [];
        forEachWord(text, (w) => words.push(w));
        assert.deepEqual(words, referenceWords(text));
      }),
      { numRuns: 3000 },
    );
  });
});
