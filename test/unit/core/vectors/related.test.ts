import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RelatedIndex } from '../../../../src/core/vectors/related';
import { seededRandom } from '../../../../src/core/vectors/seededRandom';

/** n made-up unit rows of `dims`: some repeated exactly (equal scores), some opposite (negative), one all zero. */
function madeUpRows(n: number, dims: number, seed: number): Float32Array {
  const rand = seededRandom(seed);
  const rows = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    if (i % 7 === 3 && i > 0) {
      rows.copyWithin(i * dims, (i - 1) * dims, i * dims); // the same vector as the previous row: ties
      continue;
    }
    if (i % 11 === 5) continue; // a row of zeros: similar to nothing
    let norm = 0;
    for (let d = 0; d < dims; d++) {
      // coarse values make exact ties between different rows likely too
      const v = Math.round((rand() * 2 - 1) * 3) / 3;
      rows[i * dims + d] = v;
      norm += v * v;
    }
    for (let d = 0; d < dims; d++) rows[i * dims + d] /= Math.sqrt(norm) || 1;
  }
  return rows;
}

/** The reference: the papers of positive cosine, highest first, the lower row first on equal scores. */
function reference(rows: Float32Array, dims: number, ids: string[], i: number, count: number): string[] {
  const scored: { j: number; score: number }[] = [];
  for (let j = 0; j < ids.length; j++) {
    if (j === i) continue;
    let score = 0;
    for (let d = 0; d < dims; d++) score += rows[i * dims + d] * rows[j * dims + d];
    if (score > 0) scored.push({ j, score });
  }
  scored.sort((a, b) => b.score - a.score || a.j - b.j);
  return scored.slice(0, count).map((s) => ids[s.j]);
}

describe('RelatedIndex', () => {
  test('relatedToAll gives every paper the list relatedTo gives it (ties, negatives, zero rows; any row count)', () => {
    for (const n of [0, 1, 2, 5, 8, 9, 37]) {
      for (const dims of [1, 3, 8]) {
        const rows = madeUpRows(n, dims, n * 31 + dims);
        const ids = Array.from({ length: n }, (_, i) => `p${i}`);
        for (const count of [1, 3, 5]) {
          const one = new RelatedIndex(ids, rows, dims);
          const all = new RelatedIndex(ids, rows, dims);
          all.relatedToAll(count);
          ids.forEach((id, i) => {
            const expected = reference(rows, dims, ids, i, count);
            assert.deepEqual(
              one.relatedTo(id, count),
              expected,
              `relatedTo: n ${n}, dims ${dims}, count ${count}, ${id}`,
            );
            assert.deepEqual(
              all.relatedTo(id, count),
              expected,
              `relatedToAll: n ${n}, dims ${dims}, count ${count}, ${id}`,
            );
          });
        }
      }
    }
  });

  test('after relatedToAll, asking for fewer papers gives the first ones, asking for more computes them', () => {
    const rows = madeUpRows(20, 4, 3);
    const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const plain = new RelatedIndex(ids, rows, 4);
    const all = new RelatedIndex(ids, rows, 4);
    all.relatedToAll(3);
    for (const id of ids) {
      assert.deepEqual(all.relatedTo(id, 2), plain.relatedTo(id, 2));
      assert.deepEqual(all.relatedTo(id, 6), plain.relatedTo(id, 6));
    }
  });
});
