import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { symmetricEigen } from '../../../../src/core/vectors/symmetricEigen';

const close = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) < eps;

describe('symmetricEigen', () => {
  test('A v = λ v for each pair of a symmetric matrix', () => {
    const l = 4;
    const a = Float64Array.from([4, 1, 0.5, 0, 1, 3, 0.2, 0.1, 0.5, 0.2, 2, 0.3, 0, 0.1, 0.3, 1]);
    const { values, vectors } = symmetricEigen(a, l);
    for (let k = 0; k < l; k++)
      for (let i = 0; i < l; i++) {
        let av = 0;
        for (let j = 0; j < l; j++) av += a[i * l + j] * vectors[j * l + k];
        assert.ok(close(av, values[k] * vectors[i * l + k], 1e-9));
      }
    assert.ok(
      close(
        [...values].reduce((s, x) => s + x, 0),
        4 + 3 + 2 + 1,
      ),
      'trace kept',
    );
  });
});
