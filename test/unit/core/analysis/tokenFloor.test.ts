import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenizeFloor } from '../../../../src/core/analysis/tokenFloor';
import { quantile } from '../../../../src/node/bench/measure';

test('the tokenize floor counts the words (split at anything not a letter or digit) and characters of every text, Unicode letters included', () => {
  assert.deepEqual(tokenizeFloor([]), { words: 0, chars: 0 });
  assert.deepEqual(tokenizeFloor(['Über-fast GPT-4o, 3.5×!', '  ', 'ça va']), { words: 8, chars: 30 });
});

test('quantile is the nearest-rank value of sorted numbers', () => {
  const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  assert.equal(quantile(xs, 0.5), 5);
  assert.equal(quantile(xs, 0.95), 10);
  assert.equal(quantile(xs, 0), 1);
  assert.equal(quantile([], 0.5), 0);
});
