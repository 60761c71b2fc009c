import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { quantile } from '../../../../src/node/bench/measure';

describe('quantile', () => {
  test('quantile is the nearest-rank value of sorted numbers', () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    assert.equal(quantile(xs, 0.5), 5);
    assert.equal(quantile(xs, 0.95), 10);
    assert.equal(quantile(xs, 0), 1);
    assert.equal(quantile([], 0.5), 0);
  });
});
