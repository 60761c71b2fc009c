import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';

describe('normalizedMutualInformation', () => {
  test('NMI: known small examples (arithmetic normalization, as scikit-learn)', () => {
    assert.equal(normalizedMutualInformation([0, 0, 1, 1], [0, 0, 1, 1]), 1);
    assert.equal(normalizedMutualInformation([0, 0, 1, 1], ['b', 'b', 'a', 'a']), 1, 'label names do not matter');
    assert.ok(Math.abs(normalizedMutualInformation([0, 0, 1, 1], [0, 0, 1, 2]) - 0.8) < 1e-12);
    assert.ok(Math.abs(normalizedMutualInformation([0, 0, 1, 1], [0, 1, 0, 1])) < 1e-12, 'independent labelings');
    // By hand: H(A) = ln 2, H(B) = ln 3, I(A;B) = (2/3) ln 2.
    const a = [0, 0, 0, 1, 1, 1];
    const b = [0, 0, 1, 1, 2, 2];
    const hA = Math.log(2);
    const hB = Math.log(3);
    const mi = (2 / 3) * Math.log(2);
    assert.ok(Math.abs(normalizedMutualInformation(a, b) - mi / ((hA + hB) / 2)) < 1e-12);
    assert.equal(normalizedMutualInformation(a, b), normalizedMutualInformation(b, a), 'symmetric');
    assert.equal(normalizedMutualInformation([1, 1], [2, 2]), 1);
    assert.throws(() => normalizedMutualInformation([1], [1, 2]));
  });
});
