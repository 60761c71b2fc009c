/**
 * Made-up libraries for the For You tests: papers of a few kinds, each kind around its own direction of a small
 * space, with a little seeded noise so that no two papers are the same. Paper ids say their kind: `a3` is the
 * fourth paper of kind `a`.
 */
import { PaperSignal, PaperVectors, SignalKind } from '../../src/core/forYou';
import { seededRandom } from '../../src/core/vectors/seededRandom';

export const DIMS = 8;

export function madeUpLibrary(kinds: string[], perKind: number, seed = 1, noise = 0.35): PaperVectors {
  const random = seededRandom(seed);
  const ids: string[] = [];
  const rows = new Float32Array(kinds.length * perKind * DIMS);
  kinds.forEach((kind, k) => {
    for (let j = 0; j < perKind; j++) {
      const o = ids.length * DIMS;
      let norm = 0;
      for (let d = 0; d < DIMS; d++) {
        rows[o + d] = (d === k ? 1 : 0) + (random() * 2 - 1) * noise;
        norm += rows[o + d] ** 2;
      }
      for (let d = 0; d < DIMS; d++) rows[o + d] /= Math.sqrt(norm);
      ids.push(`${kind}${j}`);
    }
  });
  return { ids, rows, dims: DIMS };
}

export const kindOf = (id: string) => id.replace(/\d+$/, '');

export const signal = (kind: SignalKind, ...ids: string[]): PaperSignal[] => ids.map((id) => ({ id, kind }));

/**
 * The share of the pairs (one of `above`, one of `below`) in which the first ranks higher: unlike positions, not
 * changed by papers that leave the ranking (a paper given a signal).
 */
export function shareAbove(ranked: readonly { id: string }[], above: readonly string[], below: readonly string[]) {
  const at = new Map(ranked.map((p, i) => [p.id, i]));
  let pairs = 0;
  let higher = 0;
  for (const x of above)
    for (const y of below) {
      pairs++;
      if (at.get(x)! < at.get(y)!) higher++;
    }
  return higher / pairs;
}
