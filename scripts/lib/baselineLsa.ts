/**
 * The text side of the plain baseline the themes are measured against (scripts/bench/themes/realThemes.ts): TF-IDF of
 * words (sublinear tf, l2 rows) → truncated SVD → l2-normalized rows. Written plainly, apart from the
 * product's tuned vectors (core/vectors), so that the baseline is the textbook method. Not used by the product.
 */
import { isContentWord, tokenize } from '../../src/core/common';
import { seededRandom, symmetricEigen } from '../../src/core/vectors';

/** Rows of a sparse matrix: row i holds columns cols[i] with values vals[i]. */
export interface SparseRows {
  cols: Uint32Array[];
  vals: Float64Array[];
  /** Number of columns (the vocabulary). */
  width: number;
}

/**
 * TF-IDF of the texts' words (the product's tokenizer: lower-cased, plurals folded, stop words dropped):
 * tf = 1 + ln(count), idf = ln((1 + n) / (1 + df)) + 1, rows l2-normalized; words in fewer than `minDf` texts
 * are dropped.
 */
export function tfidfRows(texts: readonly string[], minDf = 2): SparseRows {
  const counts = texts.map((text) => {
    const c = new Map<string, number>();
    for (const t of tokenize(text)) if (isContentWord(t.norm)) c.set(t.norm, (c.get(t.norm) ?? 0) + 1);
    return c;
  });
  const df = new Map<string, number>();
  for (const c of counts) for (const w of c.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const column = new Map<string, number>();
  const idf: number[] = [];
  for (const [w, f] of [...df].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (f < minDf) continue;
    column.set(w, idf.length);
    idf.push(Math.log((1 + texts.length) / (1 + f)) + 1);
  }
  const cols: Uint32Array[] = [];
  const vals: Float64Array[] = [];
  for (const c of counts) {
    const entries = [...c].filter(([w]) => column.has(w)).map(([w, k]) => [column.get(w)!, k] as const);
    entries.sort((a, b) => a[0] - b[0]);
    const v = Float64Array.from(entries, ([j, k]) => (1 + Math.log(k)) * idf[j]);
    const norm = Math.hypot(...v) || 1;
    cols.push(Uint32Array.from(entries, ([j]) => j));
    vals.push(v.map((x) => x / norm));
  }
  return { cols, vals, width: idf.length };
}

/** Gram matrix MᵀM (l × l) of a row-major m × l matrix. */
function gram(m: Float64Array, l: number): Float64Array {
  const g = new Float64Array(l * l);
  for (let r = 0; r < m.length; r += l)
    for (let i = 0; i < l; i++) {
      const x = m[r + i];
      if (x !== 0) for (let j = i; j < l; j++) g[i * l + j] += x * m[r + j];
    }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) g[i * l + j] = g[j * l + i];
  return g;
}

/** M · W (row-major m × l times l × l'), keeping the columns of W listed in `keep`, each scaled by `scale`. */
function times(m: Float64Array, l: number, w: Float64Array, keep: number[], scale: number[]): Float64Array {
  const rows = m.length / l;
  const out = new Float64Array(rows * keep.length);
  for (let r = 0; r < rows; r++)
    keep.forEach((c, o) => {
      let s = 0;
      for (let i = 0; i < l; i++) s += m[r * l + i] * w[i * l + c];
      out[r * keep.length + o] = s * scale[o];
    });
  return out;
}

/** Orthonormal columns spanning those of a row-major m × l matrix (twice through its Gram matrix, for accuracy). */
function orthonormalize(m: Float64Array, l: number): { q: Float64Array; l: number } {
  let q = m;
  let width = l;
  for (let pass = 0; pass < 2; pass++) {
    const { values, vectors } = symmetricEigen(gram(q, width), width);
    const top = Math.max(...values);
    const keep = [...values.keys()].filter((i) => values[i] > top * 1e-12);
    q = times(
      q,
      width,
      vectors,
      keep,
      keep.map((i) => 1 / Math.sqrt(values[i])),
    );
    width = keep.length;
  }
  return { q, l: width };
}

/** X · D (n × l) for a dense row-major D of `width` × l. */
function rowsTimes(x: SparseRows, d: Float64Array, l: number): Float64Array {
  const out = new Float64Array(x.cols.length * l);
  x.cols.forEach((cols, i) => {
    for (let e = 0; e < cols.length; e++) {
      const v = x.vals[i][e];
      const base = cols[e] * l;
      for (let c = 0; c < l; c++) out[i * l + c] += v * d[base + c];
    }
  });
  return out;
}

/** Xᵀ · Q (width × l) for a dense row-major Q of n × l. */
function rowsTransposeTimes(x: SparseRows, q: Float64Array, l: number): Float64Array {
  const out = new Float64Array(x.width * l);
  x.cols.forEach((cols, i) => {
    for (let e = 0; e < cols.length; e++) {
      const v = x.vals[i][e];
      const base = cols[e] * l;
      for (let c = 0; c < l; c++) out[base + c] += v * q[i * l + c];
    }
  });
  return out;
}

/**
 * The rows of X projected on its top `dims` right singular vectors (U·S, n × dims row-major), each then
 * l2-normalized: randomized SVD (a seeded random start of dims + 10 columns, `powerIterations` subspace
 * iterations, then the exact eigen-decomposition of the small projected Gram matrix).
 */
export function lsaRows(
  x: SparseRows,
  dims: number,
  seed = 1,
  powerIterations = 2,
): { rows: Float64Array; dims: number } {
  const n = x.cols.length;
  const want = Math.min(dims, n, x.width);
  if (want <= 0) return { rows: new Float64Array(0), dims: 0 };
  const rand = seededRandom(seed);
  let l = Math.min(want + 10, n, x.width);
  const start = Float64Array.from({ length: x.width * l }, () => rand() * 2 - 1);
  let y = orthonormalize(rowsTimes(x, start, l), l);
  for (let it = 0; it < powerIterations; it++) {
    const z = orthonormalize(rowsTransposeTimes(x, y.q, y.l), y.l);
    y = orthonormalize(rowsTimes(x, z.q, z.l), z.l);
  }
  l = y.l;
  // B = Qᵀ X; B Bᵀ = (Xᵀ Q)ᵀ (Xᵀ Q) = Ũ S² Ũᵀ, and X ≈ Q Ũ S Vᵀ, so the coordinates are Q Ũ S.
  const { values, vectors } = symmetricEigen(gram(rowsTransposeTimes(x, y.q, l), l), l);
  const order = [...values.keys()].sort((a, b) => values[b] - values[a]).slice(0, Math.min(want, l));
  const coords = times(
    y.q,
    l,
    vectors,
    order,
    order.map((i) => Math.sqrt(Math.max(0, values[i]))),
  );
  const d = order.length;
  for (let r = 0; r < n; r++) {
    const row = coords.subarray(r * d, r * d + d);
    const norm = Math.hypot(...row) || 1;
    for (let c = 0; c < d; c++) row[c] /= norm;
  }
  return { rows: coords, dims: d };
}
