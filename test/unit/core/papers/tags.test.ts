import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addTags, normalizeTag, parseTagList, removeTags, tagCounts } from '../../../../src/core/papers/tags';

describe('normalizeTag', () => {
  test('typed tags are cleaned: no leading #, collapsed spaces, bounded length', () => {
    assert.equal(normalizeTag('  #to   read '), 'to read');
    assert.equal(normalizeTag('###'), '');
    assert.equal(normalizeTag('x'.repeat(100)).length, 40);
    assert.deepEqual(parseTagList('a, b ,, #c'), ['a', 'b', 'c']);
  });
});

describe('addTags and removeTags', () => {
  test('adding is idempotent without case and keeps the first spelling; removing ignores case', () => {
    assert.deepEqual(addTags(['Survey'], ['survey', 'RL']), ['Survey', 'RL']);
    assert.deepEqual(removeTags(['Survey', 'RL'], ['rl']), ['Survey']);
    assert.deepEqual(addTags(undefined, ['a']), ['a']);
  });
});

describe('tagCounts', () => {
  test('tag counts are sorted by use, then name', () => {
    assert.deepEqual(tagCounts([['b', 'a'], ['B'], undefined, ['c']]), [
      { tag: 'b', count: 2 },
      { tag: 'a', count: 1 },
      { tag: 'c', count: 1 },
    ]);
  });
});
