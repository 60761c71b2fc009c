import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { IntColumn } from '../../../../src/core/keywords/columns';
import { WordTable } from '../../../../src/core/keywords/wordTable';

test('word ids are dense, in the order first seen, and an equal word written anew gets its id back', () => {
  const table = new WordTable();
  assert.equal(table.add('soil'), 0);
  assert.equal(table.add('moisture'), 1);
  assert.equal(table.add('soi' + 'l'.repeat(1)), 0);
  assert.equal(table.add('Soil'), 2, 'case matters: the reader folds case before');
  assert.equal(table.add(''), 3);
  assert.equal(table.add(''), 3, 'the empty word hashes to its seed alone');
  assert.equal(table.add('µ-opioid'), 4);
  assert.equal(table.add('µ-opioid'.slice(0)), 4);
  assert.deepEqual(table.words, ['soil', 'moisture', 'Soil', '', 'µ-opioid']);
});

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

test('ten thousand words keep their ids after the table grows several times', () => {
  const table = new WordTable();
  const words = Array.from({ length: 10000 }, (_, i) => `w${(i * 7919) % 10000}`);
  words.forEach((w, i) => assert.equal(table.add(w), i));
  words.forEach((w, i) => assert.equal(table.add(w.slice(0, 1) + w.slice(1)), i));
  assert.equal(table.add('w'), 10000);
});

test('an int column keeps every value pushed, in order, across its growth', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 5000 }), (values) => {
      const column = new IntColumn();
      for (const v of values) column.push(v);
      assert.equal(column.length, values.length);
      assert.deepEqual([...column.data.subarray(0, column.length)], values);
    }),
    { numRuns: 20 },
  );
});
