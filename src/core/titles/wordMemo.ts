/**
 * A bounded cache for facts computed from a single word: the same words come back in every abstract, and
 * computing a fact once per word instead of once per occurrence is what keeps a cold run fast.
 */
export function memoByWord<T>(compute: (word: string) => T, limit = 20000): (word: string) => T {
  const cache = new Map<string, T>();
  return (word: string): T => {
    let v = cache.get(word);
    if (v === undefined) {
      if (cache.size > limit) cache.clear();
      v = compute(word);
      cache.set(word, v);
    }
    return v;
  };
}
