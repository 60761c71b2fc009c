import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { WordTable } from '../../../../src/core/keywords/wordTable';

describe('WordTable', () => {
  test('the word table numbers any sequence of words as a Map does, through its growth', () => {
    // short words from a small alphabet: many repeats, and thousands of distinct words (the table grows from 4096 slots)
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'é', '-', '7'), minLength: 0, maxLength: 7 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12000, size: 'max' }), (words) => {
        const table = new WordTable();
        const expected = new Map<string, number>();
        for (const w of words) {
          if (!expected.has(w)) expected.set(w, expected.size);
          assert.equal(table.add(w), expected.get(w));
        }
        assert.deepEqual(table.words, [...expected.keys()]);
      }),
      { numRuns: 15 },
    );
  });
});
