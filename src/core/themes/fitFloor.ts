/**
 * How well a paper fits a theme, the rule placement (placement.ts) and a regroup (previousGrouping.ts) share: a
 * theme's floor is the cosine to its centroid that FIT_QUANTILE of its own papers stay under.
 */

/** The share of a theme's own papers that fit it less well than its floor. */
export const FIT_QUANTILE = 0.1;

/** The value a share `q` of the values stay below (nearest rank); 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
