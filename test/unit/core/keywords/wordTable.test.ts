import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WordTable } from '../../../../src/core/keywords/wordTable';

describe('WordTable', () => {
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

  test('ten thousand words keep their ids after the table grows several times', () => {
    const table = new WordTable();
    const words = Array.from({ length: 10000 }, (_, i) => `w${(i * 7919) % 10000}`);
    words.forEach((w, i) => assert.equal(table.add(w), i));
    words.forEach((w, i) => assert.equal(table.add(w.slice(0, 1) + w.slice(1)), i));
    assert.equal(table.add('w'), 10000);
  });
});
