/**
 * Normalized mutual information between two labelings of the same items, with arithmetic-mean
 * normalization (scikit-learn's default): NMI = I(A; B) / ((H(A) + H(B)) / 2), natural logs.
 * 1 for identical partitions (up to renaming), near 0 for unrelated ones. By convention two
 * single-cluster labelings score 1.
 */
export function normalizedMutualInformation(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  if (a.length !== b.length) throw new Error(`labelings differ in length (${a.length} vs ${b.length})`);
  const n = a.length;
  if (n === 0) return 1;
  const countA = new Map<string | number, number>();
  const countB = new Map<string | number, number>();
  const joint = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    countA.set(a[i], (countA.get(a[i]) ?? 0) + 1);
    countB.set(b[i], (countB.get(b[i]) ?? 0) + 1);
    const key = JSON.stringify([a[i], b[i]]);
    joint.set(key, (joint.get(key) ?? 0) + 1);
  }
  if (countA.size === 1 && countB.size === 1) return 1;
  if (countA.size === 1 || countB.size === 1) return 0;
  const entropy = (counts: Map<unknown, number>) => {
    let h = 0;
    for (const c of counts.values()) h -= (c / n) * Math.log(c / n);
    return h;
  };
  let mi = 0;
  for (const [key, c] of joint) {
    const [x, y] = JSON.parse(key) as [string | number, string | number];
    mi += (c / n) * Math.log((c * n) / (countA.get(x)! * countB.get(y)!));
  }
  const denom = (entropy(countA) + entropy(countB)) / 2;
  return denom > 0 ? Math.max(0, Math.min(1, mi / denom)) : 1;
}
