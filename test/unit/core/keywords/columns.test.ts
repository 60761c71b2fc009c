import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { IntColumn } from '../../../../src/core/keywords/columns';

describe('IntColumn', () => {
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
});
