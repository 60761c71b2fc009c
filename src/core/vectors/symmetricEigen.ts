import { dotRange } from './denseKernels';

/**
 * Eigen-decomposition of a symmetric l × l matrix: Householder reduction to tridiagonal form, then
 * implicit symmetric QR steps with Wilkinson shifts (a few l³ operations, far fewer than Jacobi
 * sweeps). Column k of `vectors` goes with values[k]; values are not sorted.
 */
export function symmetricEigen(A0: Float64Array, l: number): { values: Float64Array; vectors: Float64Array } {
  const A = Float64Array.from(A0);
  const Q = new Float64Array(l * l);
  for (let i = 0; i < l; i++) Q[i * l + i] = 1;
  const v = new Float64Array(l);
  const p = new Float64Array(l);
  // Householder: A <- H A H on the trailing block, one column at a time; Q <- Q H.
  for (let k = 0; k + 2 < l; k++) {
    let norm = 0;
    for (let i = k + 1; i < l; i++) norm += A[i * l + k] * A[i * l + k];
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    const x0 = A[(k + 1) * l + k];
    const alpha = x0 > 0 ? -norm : norm;
    let vn = 0;
    for (let i = k + 1; i < l; i++) {
      v[i] = A[i * l + k] - (i === k + 1 ? alpha : 0);
      vn += v[i] * v[i];
    }
    if (vn === 0) continue;
    const inv = 1 / Math.sqrt(vn);
    for (let i = k + 1; i < l; i++) v[i] *= inv;
    // p = A v (on rows/cols k..l-1; column k of A is x), K = vᵀp, w = p - K v
    let K = 0;
    for (let i = k; i < l; i++) {
      const s = dotRange(A, i * l + k + 1, v, k + 1, l - k - 1);
      p[i] = s;
      if (i > k) K += v[i] * s;
    }
    // A <- A - 2 v wᵀ - 2 w vᵀ with v[k] = 0 (row/column k only get the w vᵀ / v wᵀ terms)
    for (let i = k; i < l; i++) p[i] -= i > k ? K * v[i] : 0;
    v[k] = 0;
    for (let i = k; i < l; i++) rankTwoUpdateRow(A, i * l, k, l, v[i], p[i], p, v);
    // Q <- Q (I - 2 v vᵀ)
    for (let i = 0; i < l; i++) reflectRow(Q, i * l, k + 1, l, v);
  }
  const d = new Float64Array(l);
  const e = new Float64Array(l);
  for (let i = 0; i < l; i++) d[i] = A[i * l + i];
  for (let i = 0; i + 1 < l; i++) e[i] = A[(i + 1) * l + i];
  // Implicit symmetric QR steps with Wilkinson shifts, deflating from the bottom.
  const eps = 2.220446049250313e-16;
  let m = l - 1;
  for (let iter = 0; m > 0 && iter < 50 * l; iter++) {
    if (Math.abs(e[m - 1]) <= eps * (Math.abs(d[m - 1]) + Math.abs(d[m]))) {
      e[m - 1] = 0;
      m--;
      continue;
    }
    let lo = m - 1;
    while (lo > 0 && Math.abs(e[lo - 1]) > eps * (Math.abs(d[lo - 1]) + Math.abs(d[lo]))) lo--;
    const delta = (d[m - 1] - d[m]) / 2;
    const b2 = e[m - 1] * e[m - 1];
    const mu = d[m] - b2 / (delta + (delta >= 0 ? 1 : -1) * Math.sqrt(delta * delta + b2));
    qrStep(d, e, Q, l, lo, m, mu);
  }
  return { values: d, vectors: Q };
}

/** One implicit QR step with shift mu on the unreduced block lo..m of the tridiagonal (d, e); Q accumulates the rotations. */
function qrStep(d: Float64Array, e: Float64Array, Q: Float64Array, l: number, lo: number, m: number, mu: number): void {
  let x = d[lo] - mu;
  let z = e[lo];
  for (let k = lo; k < m; k++) {
    const r = Math.hypot(x, z);
    const c = r === 0 ? 1 : x / r;
    const s = r === 0 ? 0 : z / r;
    if (k > lo) e[k - 1] = r;
    const a = d[k];
    const b = e[k];
    const dd = d[k + 1];
    d[k] = c * c * a + 2 * c * s * b + s * s * dd;
    d[k + 1] = s * s * a - 2 * c * s * b + c * c * dd;
    e[k] = c * s * (dd - a) + (c * c - s * s) * b;
    if (k + 1 < m) {
      z = s * e[k + 1];
      e[k + 1] *= c;
      x = e[k];
    }
    rotateColumns(Q, l, k, c, s);
  }
}

// The inner loops are small functions of their own (see denseKernels.ts for why).

/** Row `row` of A, columns [from, to), minus 2 (vi w + wi v). */
function rankTwoUpdateRow(
  A: Float64Array,
  row: number,
  from: number,
  to: number,
  vi: number,
  wi: number,
  w: Float64Array,
  v: Float64Array,
): void {
  for (let j = from; j < to; j++) A[row + j] -= 2 * (vi * w[j] + wi * v[j]);
}

/** Row `row` of Q, columns [from, to), times (I - 2 v vᵀ). */
function reflectRow(Q: Float64Array, row: number, from: number, to: number, v: Float64Array): void {
  const s = 2 * dotRange(Q, row + from, v, from, to - from);
  for (let j = from; j < to; j++) Q[row + j] -= s * v[j];
}

/** Columns k and k + 1 of the l × l matrix Q times the Givens rotation (c, s). */
function rotateColumns(Q: Float64Array, l: number, k: number, c: number, s: number): void {
  for (let row = 0; row < l * l; row += l) {
    const qk = Q[row + k];
    const qk1 = Q[row + k + 1];
    Q[row + k] = c * qk + s * qk1;
    Q[row + k + 1] = c * qk1 - s * qk;
  }
}
