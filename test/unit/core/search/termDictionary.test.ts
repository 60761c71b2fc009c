import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TermDictionary } from '../../../../src/core/search/termDictionary';

/** Plain Levenshtein distance, the reference for the radix tree's fuzzy search. */
function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

// made-up vocabularies over a small alphabet, so that shared prefixes and near words are common
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), minLength: 1, maxLength: 8 });
const vocabulary = fc.uniqueArray(word, { minLength: 1, maxLength: 60 }).map((ws) => [...ws].sort());

describe('TermDictionary', () => {
  test('a term is found under its place in the sorted list; a word not in it is not', () => {
    fc.assert(
      fc.property(vocabulary, word, (terms, other) => {
        const dict = new TermDictionary(terms.join('\n'));
        assert.equal(dict.size, terms.length);
        terms.forEach((t, i) => assert.equal(dict.find(t), i));
        assert.equal(dict.find(other), terms.indexOf(other));
      }),
      { seed: 7, numRuns: 300 },
    );
    assert.equal(new TermDictionary('').find('x'), -1, 'an empty segment has no terms');
  });

  test('near words are exactly the other terms within the edit distance, with that distance', () => {
    fc.assert(
      fc.property(vocabulary, word, fc.integer({ min: 1, max: 2 }), (terms, query, max) => {
        const dict = new TermDictionary(terms.join('\n'));
        const got = dict
          .near(query, max)
          .map(([t, d]) => `${terms[t]}:${d}`)
          .sort();
        const want = terms
          .filter((t) => t !== query && levenshtein(t, query) <= max)
          .map((t) => `${t}:${levenshtein(t, query)}`)
          .sort();
        assert.deepEqual(got, want);
      }),
      { seed: 42, numRuns: 500 },
    );
    const dict = new TermDictionary(['reinforce', 'reinforcement', 'reinforcements'].join('\n'));
    assert.deepEqual(
      dict
        .near('reinforcment', 2)
        .map(([t, d]) => [dict.terms[t], d])
        .sort(),
      [
        ['reinforcement', 1],
        ['reinforcements', 2],
      ],
    );
  });

  test('completions are the most frequent terms under the prefix, most frequent first, never the prefix itself', () => {
    fc.assert(
      fc.property(
        vocabulary,
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 3 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer(),
        (terms, prefix, cap, salt) => {
          const dict = new TermDictionary(terms.join('\n'));
          const df = (t: number) => (Math.imul(t + 1, 2654435761 ^ salt) >>> 0) % 5; // made-up frequencies with ties
          const want = terms
            .map((_, t) => t)
            .filter((t) => terms[t].startsWith(prefix) && terms[t] !== prefix)
            .sort((a, b) => df(b) - df(a) || a - b)
            .slice(0, cap);
          assert.deepEqual(dict.completions(prefix, cap, df), want);
        },
      ),
      { seed: 3, numRuns: 500 },
    );
  });

  test('terms out of sorted order (not what a segment writes) are still found, completed and matched by number', () => {
    fc.assert(
      fc.property(vocabulary, fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 2 }), (sorted, prefix) => {
        const terms = [...sorted].reverse();
        const dict = new TermDictionary(terms.join('\n'));
        terms.forEach((t, i) => assert.equal(dict.find(t), i));
        const df = (t: number) => t % 3;
        const want = terms
          .map((_, t) => t)
          .filter((t) => terms[t].startsWith(prefix) && terms[t] !== prefix)
          .sort((a, b) => df(b) - df(a) || a - b)
          .slice(0, 4);
        assert.deepEqual(dict.completions(prefix, 4, df), want);
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});
