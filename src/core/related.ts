/**
 * Related papers: the most similar abstracts by cosine of their latent semantic (LSA) vectors.
 * Computed on demand and remembered, so a corpus of 100k papers does not pay n² up front.
 */
export class RelatedIndex {
  private readonly cache = new Map<string, string[]>();
  /** Row of each id, made on first use (a restore of 100k papers need not wait for it). */
  private positions: Map<string, number> | undefined;

  /**
   * @param ids paper ids, row order of `rows`
   * @param rows `ids.length × dims` unit-length vectors, row-major (cosine = dot product)
   */
  constructor(private readonly ids: readonly string[], rows: Float32Array | (() => Float32Array), readonly dims: number) {
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
    if (cached && cached.length >= count) return cached.slice(0, count);
    this.positions ??= new Map(this.ids.map((id, i) => [id, i]));
    const i = this.positions.get(id);
    if (i === undefined || count <= 0) return [];
    const { rows, dims } = this;
    const q = i * dims;
    const best: { index: number; score: number }[] = [];
    for (let j = 0; j < this.ids.length; j++) {
      if (j === i) continue;
      let score = 0;
      const o = j * dims;
      for (let d = 0; d < dims; d++) score += rows[q + d] * rows[o + d];
      if (score <= 0 || (best.length === count && score <= best[count - 1].score)) continue;
      let pos = best.length;
      while (pos > 0 && best[pos - 1].score < score) pos--;
      best.splice(pos, 0, { index: j, score });
      if (best.length > count) best.pop();
    }
    const found = best.map((b) => this.ids[b.index]);
    this.cache.set(id, found);
    return found;
  }
}

/** Packs LSA rows (one Float32Array each) into one row-major buffer. */
export function packRows(rows: readonly Float32Array[], dims: number): Float32Array {
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => out.set(r.subarray(0, dims), i * dims));
  return out;
}
