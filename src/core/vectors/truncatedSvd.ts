/**
 * A randomized truncated SVD of a sparse matrix (the LSA step of vectors.ts): a seeded random start,
 * subspace iterations, then the exact eigen-decomposition of the small projected Gram matrix.
 */

import { addScaled, dotRange, scaleRange, stridedDot, sumRange } from './denseKernels';
import { seededRandom } from './seededRandom';
import { SparseMatrix } from './sparseMatrix';
import { symmetricEigen } from './symmetricEigen';

/** The options of VectorOptions the SVD reads (see there). */
export interface SvdOptions {
  oversample: number;
  powerIterations: number;
  seed: number;
  singularValuePower: number;
}

/**
 * Top right singular vectors of the rows `rows` of m (randomized subspace iteration with a seeded
 * random-sign start, then an exact eigen-decomposition of the small projected Gram matrix).
 * Returns basis (V × dims, row-major) scaled so that row · basis gives LSA coordinates weighted by
 * singularValue^power.
 */
export function truncatedSvdBasis(
  m: SparseMatrix,
  rows: number[],
  want: number,
  o: SvdOptions,
): { makeBasis: () => Float32Array; sampleCoords: Float32Array; singular: Float32Array; dims: number } {
  const V = m.cols;
  const r = rows.length;
  if (want <= 0 || r === 0 || V === 0)
    return {
      makeBasis: () => new Float32Array(0),
      sampleCoords: new Float32Array(0),
      singular: new Float32Array(0),
      dims: 0,
    };
  const l = Math.min(want + o.oversample, r, V);
  const Z = randomSignStart(V, l, o.seed);
  // Y, Q: l columns of length r (column-major).
  const Y = new Float64Array(r * l);
  const tmp = new Float64Array(l);
  // Large samples: one subspace iteration is enough (the sample is big, the top directions are clear).
  // Between iterations the columns are only rescaled: a few iterations on the well-conditioned
  // spectrum of a TF-IDF matrix do not lose the small directions, and Gram–Schmidt is the costly step.
  const iterations = r > 2_000 ? Math.min(o.powerIterations, 1) : o.powerIterations;
  multiplyXZ(m, rows, Z, l, Y, tmp);
  for (let it = 0; it < iterations; it++) {
    normalizeColumns(Y, r, l);
    multiplyXtY(m, rows, Y, l, Z, tmp);
    normalizeRowMajorColumns(Z, V, l);
    multiplyXZ(m, rows, Z, l, Y, tmp);
  }
  orthonormalizeColumns(Y, r, l, 2);
  multiplyXtY(m, rows, Y, l, Z, tmp); // Z = Xᵀ Q (V × l), B = Qᵀ X = Zᵀ
  // P = X Z = X Xᵀ Q (r × l, column-major); B Bᵀ = Qᵀ P, an l × l matrix, costs r·l² instead of V·l².
  const Q = Float64Array.from(Y);
  const P = Y;
  multiplyXZ(m, rows, Z, l, P, tmp);
  const { dims, singular, Wk } = scaledTopEigenvectors(projectedGram(Q, P, r, l), l, want, o.singularValuePower);
  orientSigns(P, Wk, r, l, dims);
  // Coordinates of the sample rows: (x Z) · Wk, i.e. exactly their projection on the basis.
  const sampleCoords = new Float32Array(r * dims);
  for (let a = 0; a < r; a++)
    for (let k = 0; k < dims; k++) sampleCoords[a * dims + k] = stridedDot(P, a, r, Wk, k * l, l);
  // The basis (V × dims) itself, for other rows and new texts: Z · Wkᵀ.
  const makeBasis = () => {
    const basis = new Float32Array(V * dims);
    for (let c = 0; c < V; c++) {
      const off = c * l;
      for (let k = 0; k < dims; k++) basis[c * dims + k] = dotRange(Z, off, Wk, k * l, l);
    }
    return basis;
  };
  return { makeBasis, sampleCoords, singular, dims };
}

/** Z: V × l row-major, started with random signs (as good as Gaussian for a range finder, and cheap). */
function randomSignStart(V: number, l: number, seed: number): Float32Array {
  const rand = seededRandom(seed);
  const Z = new Float32Array(V * l); // float32 halves the memory traffic of the sparse products
  for (let i = 0; i < Z.length; i += 30) {
    const bits = Math.floor(rand() * 0x40000000);
    for (let b = 0; b < 30 && i + b < Z.length; b++) Z[i + b] = (bits >>> b) & 1 ? 1 : -1;
  }
  return Z;
}

/** B Bᵀ = Qᵀ P (l × l, symmetric), from the columns of Q and P. */
function projectedGram(Q: Float64Array, P: Float64Array, r: number, l: number): Float64Array {
  const G = new Float64Array(l * l);
  for (let i = 0; i < l; i++)
    for (let j = i; j < l; j++) {
      G[i * l + j] = G[j * l + i] = crossDot(Q, P, i * r, j * r, r) / 2;
    }
  return G;
}

/**
 * The eigenvectors of G above the noise floor, largest first (at most `want`), scaled for singularValue^power.
 * Wk: dims × l. Right singular vector v_k = Z w_k / s_k, so x · v_k · s_k^(power-1) = (x Z) · Wk_k.
 */
function scaledTopEigenvectors(
  G: Float64Array,
  l: number,
  want: number,
  power: number,
): { dims: number; singular: Float32Array; Wk: Float64Array } {
  const { values: eig, vectors: W } = symmetricEigen(G, l);
  const idx = Array.from({ length: l }, (_, i) => i).sort((a, b) => eig[b] - eig[a] || a - b);
  let dims = 0;
  const top = eig[idx[0]] ?? 0;
  while (dims < Math.min(want, l) && eig[idx[dims]] > Math.max(1e-10, top * 1e-9)) dims++;
  const singular = new Float32Array(dims);
  const Wk = new Float64Array(dims * l);
  for (let k = 0; k < dims; k++) {
    const s = Math.sqrt(eig[idx[k]]);
    singular[k] = s;
    const scale = Math.pow(s, power - 1) / s;
    for (let i = 0; i < l; i++) Wk[k * l + i] = W[i * l + idx[k]] * scale;
  }
  return { dims, singular, Wk };
}

/** A singular vector's sign is arbitrary: choose the one where the sample rows' coordinates sum to ≥ 0. */
function orientSigns(P: Float64Array, Wk: Float64Array, r: number, l: number, dims: number): void {
  const rowSums = new Float64Array(l);
  for (let i = 0; i < l; i++) rowSums[i] = sumRange(P, i * r, r);
  for (let k = 0; k < dims; k++) {
    const s = dotRange(rowSums, 0, Wk, k * l, l);
    if (s < 0) for (let i = 0; i < l; i++) Wk[k * l + i] = -Wk[k * l + i];
  }
}

/** Y = X[rows] Z: Y is r × l column-major, Z is V × l row-major. */
function multiplyXZ(
  m: SparseMatrix,
  rows: readonly number[],
  Z: Float32Array,
  l: number,
  Y: Float64Array,
  tmp: Float64Array,
): void {
  const r = rows.length;
  const { indptr, indices, values } = m;
  for (let a = 0; a < r; a++) {
    const doc = rows[a];
    tmp.fill(0);
    for (let p = indptr[doc]; p < indptr[doc + 1]; p++) addScaled(tmp, 0, Z, indices[p] * l, values[p], l);
    for (let j = 0; j < l; j++) Y[j * r + a] = tmp[j];
  }
}

/** Z = X[rows]ᵀ Y (see multiplyXZ for the layouts). */
function multiplyXtY(
  m: SparseMatrix,
  rows: readonly number[],
  Y: Float64Array,
  l: number,
  Z: Float32Array,
  tmp: Float64Array,
): void {
  const r = rows.length;
  const { indptr, indices, values } = m;
  Z.fill(0);
  for (let a = 0; a < r; a++) {
    const doc = rows[a];
    for (let j = 0; j < l; j++) tmp[j] = Y[j * r + a];
    for (let p = indptr[doc]; p < indptr[doc + 1]; p++) addScaled(Z, indices[p] * l, tmp, 0, values[p], l);
  }
}

function normalizeColumns(Y: Float64Array, r: number, l: number): void {
  for (let j = 0; j < l; j++) {
    const s = dotRange(Y, j * r, Y, j * r, r);
    scaleRange(Y, j * r, r, s > 0 ? 1 / Math.sqrt(s) : 0);
  }
}

/** Modified Gram–Schmidt on the l columns (each of length r, stored one after the other); a second pass restores full orthogonality. */
function orthonormalizeColumns(Y: Float64Array, r: number, l: number, passes = 2): void {
  for (let pass = 0; pass < passes; pass++) {
    for (let j = 0; j < l; j++) {
      const cj = j * r;
      for (let i = 0; i < j; i++) {
        const ci = i * r;
        // y_j - d y_i, written as y_j + (-d) y_i: the same number (negation is exact)
        addScaled(Y, cj, Y, ci, -dotRange(Y, ci, Y, cj, r), r);
      }
      const s = dotRange(Y, cj, Y, cj, r);
      scaleRange(Y, cj, r, s > 1e-30 ? 1 / Math.sqrt(s) : 0);
    }
  }
}

function normalizeRowMajorColumns(Z: Float32Array, rows: number, l: number): void {
  const norms = new Float64Array(l);
  for (let c = 0; c < rows; c++) addSquares(norms, Z, c * l, l);
  for (let j = 0; j < l; j++) norms[j] = norms[j] > 0 ? 1 / Math.sqrt(norms[j]) : 0;
  for (let c = 0; c < rows; c++) multiplyRange(Z, c * l, norms, l);
}

/** Σ Q[i + a] P[j + a] + Q[j + a] P[i + a] (both halves of a symmetric product, in order). */
function crossDot(Q: Float64Array, P: Float64Array, i: number, j: number, r: number): number {
  let g = 0;
  for (let a = 0; a < r; a++) g += Q[i + a] * P[j + a] + Q[j + a] * P[i + a];
  return g;
}

/** norms[j] += Z[from + j]² for j < l. */
function addSquares(norms: Float64Array, Z: Float32Array, from: number, l: number): void {
  for (let j = 0; j < l; j++) norms[j] += Z[from + j] * Z[from + j];
}

/** Z[from + j] *= factors[j] for j < l. */
function multiplyRange(Z: Float32Array, from: number, factors: Float64Array, l: number): void {
  for (let j = 0; j < l; j++) Z[from + j] *= factors[j];
}
