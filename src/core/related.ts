import { DocVectors, nearest } from './vectors';

/**
 * Related papers: the most similar abstracts by cosine of their latent semantic (LSA) vectors.
 * Computed on demand and remembered, so a corpus of 100k papers does not pay n² up front.
 */
export class RelatedIndex {
  private readonly cache = new Map<string, string[]>();
  private readonly position: Map<string, number>;

  constructor(private readonly ids: readonly string[], private readonly vectors: DocVectors) {
    this.position = new Map(ids.map((id, i) => [id, i]));
  }

  /** Up to `count` ids of the papers most similar to `id`, most similar first; [] for an unknown id. */
  relatedTo(id: string, count = 5): string[] {
    const cached = this.cache.get(id);
    if (cached && cached.length >= count) return cached.slice(0, count);
    const i = this.position.get(id);
    if (i === undefined) return [];
    const query = this.vectors.lsa[i];
    if (!query.some((x) => x !== 0)) return [];
    const found = nearest(this.vectors, query, count, i)
      .filter((n) => n.score > 0)
      .map((n) => this.ids[n.index]);
    this.cache.set(id, found);
    return found;
  }
}
