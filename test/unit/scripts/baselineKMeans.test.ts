import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { kMeans } from '../../../scripts/lib/baselineKMeans';
import { normalizedMutualInformation } from '../../../src/core/themes/nmi';
import { seededRandom } from '../../../src/core/vectors/seededRandom';

/** `perCluster` points around each of `centers` (d numbers each), jittered by ±noise, in a shuffled order. */
function planted(centers: number[][], perCluster: number, noise: number) {
  const rand = seededRandom(42);
  const d = centers[0].length;
  const points = centers.flatMap((c, label) =>
    Array.from({ length: perCluster }, () => ({ label, x: c.map((v) => v + (rand() * 2 - 1) * noise) })),
  );
  for (let i = points.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [points[i], points[j]] = [points[j], points[i]];
  }
  return { rows: Float64Array.from(points.flatMap((p) => p.x)), d, truth: points.map((p) => p.label) };
}

describe('kMeans', () => {
  const centers = [
    [0, 0, 0, 0],
    [10, 0, 0, 0],
    [0, 10, 0, 0],
    [0, 0, 10, 10],
  ];

  test('finds planted, well-separated clusters from every seed', () => {
    const { rows, d, truth } = planted(centers, 30, 1);
    for (const seed of [1, 2, 3, 4, 5]) {
      const { assignment, iterations } = kMeans(rows, d, centers.length, seed);
      assert.equal(normalizedMutualInformation(Array.from(assignment), truth), 1, `seed ${seed}`);
      assert.ok(iterations >= 1 && iterations < 100, 'stops when no point changes cluster');
    }
  });

  test('same seed, same clusters; at most k clusters, each used', () => {
    const { rows, d } = planted(centers, 10, 3);
    const a = kMeans(rows, d, 4, 7).assignment;
    assert.deepEqual(kMeans(rows, d, 4, 7).assignment, a);
    assert.deepEqual([...new Set(a)].sort(), [0, 1, 2, 3]);
  });

  test('more clusters than points, and no points', () => {
    const rows = Float64Array.from([0, 0, 5, 5]);
    assert.deepEqual([...new Set(kMeans(rows, 2, 5, 1).assignment)].sort(), [0, 1]);
    assert.equal(kMeans(new Float64Array(0), 2, 3, 1).assignment.length, 0);
  });

  test('stops at the iteration cap', () => {
    const { rows, d } = planted(centers, 30, 6);
    assert.ok(kMeans(rows, d, 4, 1, 1).iterations <= 1);
  });
});
