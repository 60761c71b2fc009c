/**
 * The inner loops of the dense linear algebra (SVD, eigen-decomposition, clustering) as small
 * functions. Why: the analysis runs once in a fresh process, and a loop inlined in a long function
 * runs unoptimized (boxing every intermediate number, which the garbage collector then sweeps) until
 * V8 replaces the whole function; a small kernel called thousands of times is optimized after a few
 * calls and serves every caller. Each kernel does the same operations in the same order as the
 * loop it replaces, so results are bit-for-bit the same.
 */

type Vec = Float64Array | Float32Array;

/** Σ a[ao + i] · b[bo + i] for i < n, summed in order. */
export function dotRange(a: Vec, ao: number, b: Vec, bo: number, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[ao + i] * b[bo + i];
  return s;
}

/** Σ a[ao + i · stride] · b[bo + i] for i < n, summed in order. */
export function stridedDot(a: Vec, ao: number, stride: number, b: Vec, bo: number, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[ao + i * stride] * b[bo + i];
  return s;
}

/** Σ a[i] for i in [from, from + n), in order. */
export function sumRange(a: Vec, from: number, n: number): number {
  let s = 0;
  for (let i = from; i < from + n; i++) s += a[i];
  return s;
}

/** target[to + i] += scale · source[so + i] for i < n. */
export function addScaled(target: Vec, to: number, source: Vec, so: number, scale: number, n: number): void {
  for (let i = 0; i < n; i++) target[to + i] += scale * source[so + i];
}

/** a[from + i] *= factor for i < n. */
export function scaleRange(a: Vec, from: number, n: number, factor: number): void {
  for (let i = from; i < from + n; i++) a[i] *= factor;
}
