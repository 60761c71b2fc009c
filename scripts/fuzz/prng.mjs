// The fuzzer's only source of randomness: a seeded PRNG (mulberry32), so a seed and a case number give back the
// same input byte for byte (the reproducer of a failure is `npm run fuzz -- --seed S --case N`).

/**
 * The helpers every input class draws from.
 * @typedef {object} Random
 * @property {() => number} next a number in [0, 1)
 * @property {(lo: number, hi: number) => number} int
 * @property {(p: number) => boolean} chance
 * @property {<T>(list: ArrayLike<T>) => T} pick a random element (or character)
 * @property {(lo: number, hi: number) => number} size
 * @property {() => string} word
 * @property {(words?: number) => string} abstract
 */

/**
 * A PRNG for one case: the run's seed and the case number mixed, so cases do not depend on each other.
 * @param {number} seed
 * @param {number} caseNo
 */
export function caseRandom(seed, caseNo) {
  let a = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(caseNo + 1, 0xc2b2ae35)) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return randomHelpers(next);
}

/**
 * @param {() => number} next
 * @returns {Random}
 */
function randomHelpers(next) {
  /** @type {Random} */
  const r = {
    next,
    /** A whole number in [lo, hi]. */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /**
     * A size in [lo, hi]: a quarter of the time the largest (the sizes that broke the product were at the top
     * of the ranges), else on a log scale, small sizes as often as huge ones.
     */
    size: (lo, hi) =>
      next() < 0.25 ? hi : Math.round(Math.exp(Math.log(lo) + next() * (Math.log(hi) - Math.log(lo)))),
    /** A short word of letters, digits and, sometimes, characters parsers trip on. */
    word: () => {
      const plain = 'abcdefghijklmnopqrstuvwxyz0123456789';
      // no NUL: a file holding one is refused whole as binary, which would hide every other shape
      const odd = '{}[]"\'\\@#%&<>=,;:$^~_\u00e9\u03bb\ufeff\u202e\u0001\n\t';
      let w = '';
      for (let i = r.int(1, 10); i > 0; i--) w += r.chance(0.1) ? r.pick(odd) : r.pick(plain);
      return w;
    },
    /** Words of a plausible abstract, so that the analysis has something to group. */
    abstract: (words = r.int(5, 60)) => {
      const vocab = ['quasar', 'network', 'spectra', 'soil', 'microbe', 'drought', 'graph', 'neural', 'bee', 'count'];
      const out = [];
      for (let i = 0; i < words; i++) out.push(r.chance(0.8) ? r.pick(vocab) : r.word());
      return out.join(' ');
    },
  };
  return r;
}
