/** Sparse (CSR) and dense vector arithmetic shared by the TF-IDF and LSA code and their readers. */

/** A sparse matrix in compressed sparse row form. Row r holds `indices/values[indptr[r] .. indptr[r + 1])`, columns ascending. */
export interface SparseMatrix {
  rows: number;
  cols: number;
  indptr: Uint32Array;
  indices: Uint32Array;
  values: Float32Array;
}

/** Adds the sparse row `doc` times basis (V × dims) into out. */
export function projectRow(m: SparseMatrix, doc: number, basis: Float32Array, dims: number, out: Float32Array): void {
  for (let p = m.indptr[doc]; p < m.indptr[doc + 1]; p++) {
    const v = m.values[p];
    const off = m.indices[p] * dims;
    for (let j = 0; j < dims; j++) out[j] += v * basis[off + j];
  }
}

/** Scales v to unit length (an all-zero v stays zero). */
export function normalizeInPlace(v: Float32Array): Float32Array {
  let s = 0;
  for (let j = 0; j < v.length; j++) s += v[j] * v[j];
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let j = 0; j < v.length; j++) v[j] *= inv;
  }
  return v;
}

/** Dot product of two dense vectors of the same length. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j] * b[j];
  return s;
}

/** Cosine similarity of two dense vectors (0 when either is all-zero). LSA rows are unit length, so this equals dot. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  let na = 0;
  let nb = 0;
  for (let j = 0; j < a.length; j++) {
    s += a[j] * b[j];
    na += a[j] * a[j];
    nb += b[j] * b[j];
  }
  return na > 0 && nb > 0 ? s / Math.sqrt(na * nb) : 0;
}

/** Cosine similarity of rows i and j of an L2-normalized sparse matrix (a merge of two sorted rows). */
export function sparseCosine(m: SparseMatrix, i: number, j: number): number {
  let p = m.indptr[i];
  let q = m.indptr[j];
  const pe = m.indptr[i + 1];
  const qe = m.indptr[j + 1];
  let s = 0;
  while (p < pe && q < qe) {
    const a = m.indices[p];
    const b = m.indices[q];
    if (a === b) s += m.values[p++] * m.values[q++];
    else if (a < b) p++;
    else q++;
  }
  return s;
}
