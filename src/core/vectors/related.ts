/**
 * Related papers: the most similar abstracts by cosine of their latent semantic (LSA) vectors.
 * Computed on demand and remembered, so a corpus of 100k papers does not pay n² up front.
 */
export class RelatedIndex {
  /** Found ids per paper, with the count asked for (fewer are found when fewer papers are similar at all). */
  private readonly cache = new Map<string, { found: string[]; asked: number }>();
  /** Row of each id, made on first use (a restore of 100k papers need not wait for it). */
  private positions: Map<string, number> | undefined;

  /**
   * @param ids paper ids, row order of `rows`
   * @param rows `ids.length × dims` unit-length vectors, row-major (cosine = dot product)
   */
  constructor(
    readonly ids: readonly string[],
    rows: Float32Array | (() => Float32Array),
    readonly dims: number,
  ) {
    this.readRows = typeof rows === 'function' ? rows : () => rows;
  }

  private readonly readRows: () => Float32Array;

  /** The vectors (read on first use when they are given as a function: a restore may leave them in the cache file). */
  get rows(): Float32Array {
    return this.readRows();
  }

  /** Up to `count` ids of the papers most similar to `id`, most similar first; [] for an unknown id. */
  relatedTo(id: string, count = 5): string[] {
    const cached = this.cache.get(id);
    if (cached && cached.asked >= count) return cached.found.slice(0, count);
    this.positions ??= new Map(this.ids.map((id, i) => [id, i]));
    const i = this.positions.get(id);
    if (i === undefined || count <= 0) return [];
    const { rows, dims } = this;
    const q = i * dims;
    const best = new TopK(1, count);
    for (let j = 0; j < this.ids.length; j++) {
      if (j === i) continue;
      let score = 0;
      const o = j * dims;
      for (let d = 0; d < dims; d++) score += rows[q + d] * rows[o + d];
      best.offer(0, j, score);
    }
    const found = best.idsOf(0, this.ids);
    this.cache.set(id, { found, asked: count });
    return found;
  }

  /**
   * relatedTo for every paper at once (what `papers analyze --json` lists), the same lists: each pair's
   * cosine is computed once for both papers (half the work), four pairs at a time, each summed in the
   * same order as relatedTo sums it, so the scores, and the lists, are the same to the last bit. Still
   * n² · dims; the extension asks one paper at a time instead.
   */
  relatedToAll(count = 5): void {
    const n = this.ids.length;
    if (count <= 0 || n === 0) return;
    const { rows, dims } = this;
    const best = new TopK(n, count);
    for (let i = 0; i < n; i++) {
      const q = i * dims;
      let j = i + 1;
      for (; j + 3 < n; j += 4) {
        const o0 = j * dims;
        const o1 = o0 + dims;
        const o2 = o1 + dims;
        const o3 = o2 + dims;
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        for (let d = 0; d < dims; d++) {
          const x = rows[q + d];
          s0 += x * rows[o0 + d];
          s1 += x * rows[o1 + d];
          s2 += x * rows[o2 + d];
          s3 += x * rows[o3 + d];
        }
        offerPair(best, i, j, s0);
        offerPair(best, i, j + 1, s1);
        offerPair(best, i, j + 2, s2);
        offerPair(best, i, j + 3, s3);
      }
      for (; j < n; j++) {
        let score = 0;
        const o = j * dims;
        for (let d = 0; d < dims; d++) score += rows[q + d] * rows[o + d];
        offerPair(best, i, j, score);
      }
    }
    for (let i = 0; i < n; i++) this.cache.set(this.ids[i], { found: best.idsOf(i, this.ids), asked: count });
  }
}

/**
 * Row i's candidates arrive in ascending order of j, as in relatedTo's scan: those below i while the earlier
 * rows are computed, then those above i.
 */
function offerPair(best: TopK, i: number, j: number, score: number): void {
  best.offer(i, j, score);
  best.offer(j, i, score);
}

/** The `count` best (index, score) per row, most similar first; a later candidate never displaces an equal score. */
class TopK {
  private readonly index: Int32Array;
  private readonly score: Float64Array;
  private readonly size: Int32Array;

  constructor(
    rows: number,
    private readonly count: number,
  ) {
    this.index = new Int32Array(rows * count);
    this.score = new Float64Array(rows * count);
    this.size = new Int32Array(rows);
  }

  /** Keeps `candidate` among the row's best when its score is positive and beats the row's last. */
  offer(row: number, candidate: number, score: number): void {
    const { count } = this;
    const base = row * count;
    const size = this.size[row];
    if (score <= 0 || (size === count && score <= this.score[base + count - 1])) return;
    let pos = size;
    while (pos > 0 && this.score[base + pos - 1] < score) pos--;
    // shift the worse ones right (the last falls off when the row is full)
    for (let k = Math.min(size, count - 1); k > pos; k--) {
      this.index[base + k] = this.index[base + k - 1];
      this.score[base + k] = this.score[base + k - 1];
    }
    this.index[base + pos] = candidate;
    this.score[base + pos] = score;
    if (size < count) this.size[row] = size + 1;
  }

  idsOf(row: number, ids: readonly string[]): string[] {
    const out: string[] = [];
    for (let k = 0; k < this.size[row]; k++) out.push(ids[this.index[row * this.count + k]]);
    return out;
  }
}

/** Packs LSA rows (one Float32Array each) into one row-major buffer. */
export function packRows(rows: readonly Float32Array[], dims: number): Float32Array {
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => out.set(r.subarray(0, dims), i * dims));
  return out;
}
