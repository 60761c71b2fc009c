import { Example, examplesOf, NOT_INTERESTED_WEIGHT } from './examples';
import { denseRows, LinearModel, TrainingRow, trainLinearSvm } from './linearModel';
import { ForYouOptions, ForYouRanking, PaperSignal, PaperVectors, RankedPaper, TermRow } from './types';

/** The model's constants; the defaults are the product's (DESIGN.md says why), the bench compares others. */
export interface ForYouModelParams {
  /** Unmarked papers taken (evenly through the library) as the background the positives stand out from. */
  background: number;
  /** The SVM's penalty. */
  c: number;
  /** The best-scored papers the neighbour score reranks. */
  shortlist: number;
  /** Neighbour score: the mean cosine to the `neighbours` most similar positives. */
  neighbours: number;
  /** Weight of the neighbour score against the linear one (both standardized over the shortlist). */
  neighbourWeight: number;
  /** Weight of the cosine to the positives' TF-IDF centroid (when the vectors carry term rows). */
  termWeight: number;
}

export const FOR_YOU_MODEL: ForYouModelParams = {
  background: 2000,
  c: 0.1,
  shortlist: 300,
  neighbours: 3,
  neighbourWeight: 1,
  termWeight: 2,
};

/**
 * Ranks the papers without a signal for the reader (DESIGN.md, "For You"): a linear SVM in the papers' LSA space
 * (the positives against the negatives and an even sample of the library) scores every paper; its best
 * `shortlist` are reranked by the sum of three standardized scores: the SVM's, the closeness to the nearest
 * positives (less the closeness to the nearest paper marked not interested), and, when the vectors carry term
 * rows, the cosine to the positives' TF-IDF centroid. Each reason names the positives closest to the paper.
 */
export function rankForYou(
  vectors: PaperVectors,
  signals: readonly PaperSignal[],
  options: ForYouOptions = {},
): ForYouRanking {
  return rankForYouWith(vectors, signals, options, FOR_YOU_MODEL);
}

export function rankForYouWith(
  vectors: PaperVectors,
  signals: readonly PaperSignal[],
  options: ForYouOptions,
  params: ForYouModelParams,
): ForYouRanking {
  const scorer = forYouScorer(vectors, signals, options, params);
  return { papers: scorer.rank(options.limit ?? 20, options.candidates), ...scorer.counts };
}

/** A model trained once on the reader's signals, to rank several sets of candidates (each day's batch, search). */
export interface ForYouScorer {
  /** Signal papers that counted as positive / negative examples (0 positives: every ranking is empty). */
  counts: { positives: number; negatives: number };
  /** The best `limit` papers without a signal (of `candidates` when given), best first, with their reasons. */
  rank(limit: number, candidates?: ReadonlySet<string>): RankedPaper[];
}

/** Trains the model of rankForYou once; its `rank` shortlists and reranks per call. */
export function forYouScorer(
  vectors: PaperVectors,
  signals: readonly PaperSignal[],
  options: Pick<ForYouOptions, 'tag' | 'reasons'> = {},
  params: ForYouModelParams = FOR_YOU_MODEL,
): ForYouScorer {
  const row = rowsById(vectors.ids);
  const examples = examplesOf(signals, options.tag);
  const positives = examples.positives.filter((e) => row.has(e.id));
  const negatives = examples.negatives.filter((e) => row.has(e.id));
  const counts = { positives: positives.length, negatives: negatives.length };
  if (positives.length === 0) return { counts, rank: () => [] };
  const model = trainLinearSvm(
    denseRows(vectors.rows, vectors.dims),
    trainingRows(vectors, examples.signalled, positives, negatives, row, params),
  );
  let linearAll: Float64Array | undefined;
  const rank = (limit: number, candidates?: ReadonlySet<string>): RankedPaper[] => {
    const linearOf = (linearAll ??= linearScores(vectors, model));
    const eligible: number[] = [];
    const consider = (i: number) => {
      if (!examples.signalled.has(vectors.ids[i])) eligible.push(i);
    };
    if (candidates) for (const id of candidates) row.has(id) && consider(row.get(id)!);
    else for (let i = 0; i < vectors.ids.length; i++) consider(i);
    eligible.sort((a, b) => a - b);
    const linear = eligible.map((i) => linearOf[i]);
    const shortlist = topIndices(linear, Math.max(params.shortlist, limit));
    const rows = shortlist.map((k) => eligible[k]);
    const standardLinear = standardized(shortlist.map((k) => linear[k]));
    const scores = rerank(vectors, rows, standardLinear, positives, negatives, row, params);
    const scored = rows.map((i, j) => ({ i, score: scores[j] }));
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    return scored.slice(0, limit).map(({ i, score }) => ({
      id: vectors.ids[i],
      score,
      because: reasonsFor(vectors, i, positives, row, options.reasons ?? 3),
    }));
  };
  return { counts, rank };
}

/** The linear model's score of every paper (n · dims: a few ms at 100k papers). */
function linearScores(vectors: PaperVectors, model: LinearModel): Float64Array {
  const out = new Float64Array(vectors.ids.length);
  for (let i = 0; i < out.length; i++) out[i] = dotRow(vectors, i, model);
  return out;
}

/** The shortlisted rows' final scores: their linear score plus the neighbour and term scores, each standardized. */
function rerank(
  vectors: PaperVectors,
  rows: readonly number[],
  linear: readonly number[],
  positives: readonly Example[],
  negatives: readonly Example[],
  row: Map<string, number>,
  params: ForYouModelParams,
): number[] {
  const positiveRows = positives.map((e) => row.get(e.id)!);
  // a read paper says too little to judge a neighbour by; "not interested" says enough
  const rejectedRows = negatives.filter((e) => e.weight >= NOT_INTERESTED_WEIGHT).map((e) => row.get(e.id)!);
  const near = standardized(
    rows.map(
      (i) =>
        neighbourScore(vectors, i, positiveRows, params.neighbours) -
        (rejectedRows.length ? neighbourScore(vectors, i, rejectedRows, 1) : 0),
    ),
  );
  const terms =
    vectors.termRow && params.termWeight > 0
      ? standardized(
          termScores(
            vectors.termRow,
            positives.map((e) => ({ row: row.get(e.id)!, weight: e.weight })),
            rows,
          ),
        )
      : undefined;
  return rows.map((_, j) => linear[j] + params.neighbourWeight * near[j] + (terms ? params.termWeight * terms[j] : 0));
}

const rowMaps = new WeakMap<readonly string[], Map<string, number>>();

/** Each id's row; made once per id list (at 100k papers, a tenth of a ranking's time), not per ranking. */
function rowsById(ids: readonly string[]): Map<string, number> {
  let found = rowMaps.get(ids);
  if (!found) rowMaps.set(ids, (found = new Map(ids.map((id, i) => [id, i]))));
  return found;
}

function trainingRows(
  vectors: PaperVectors,
  signalled: ReadonlySet<string>,
  positives: readonly Example[],
  negatives: readonly Example[],
  row: Map<string, number>,
  params: ForYouModelParams,
): TrainingRow[] {
  const n = vectors.ids.length;
  const stride = Math.max(1, Math.floor(n / params.background));
  const background: number[] = [];
  for (let i = 0; i < n && background.length < params.background; i += stride)
    if (!signalled.has(vectors.ids[i])) background.push(i);
  const positiveWeight = positives.reduce((s, e) => s + e.weight, 0);
  const negativeWeight = negatives.reduce((s, e) => s + e.weight, 0) + background.length;
  const total = positives.length + negatives.length + background.length;
  // class_weight 'balanced' as sklearn and arxiv-sanity-lite use it: each class carries half of the penalty
  const cPositive = (params.c * total) / (2 * positiveWeight);
  const cNegative = (params.c * total) / (2 * negativeWeight);
  return [
    ...positives.map((e) => ({ row: row.get(e.id)!, label: 1, cost: cPositive * e.weight })),
    ...negatives.map((e) => ({ row: row.get(e.id)!, label: -1, cost: cNegative * e.weight })),
    ...background.map((i) => ({ row: i, label: -1, cost: cNegative })),
  ];
}

/** The cosine of each of `rows` to the weighted centroid of the positives' term rows (up to its length). */
function termScores(
  termRow: (row: number) => TermRow,
  positives: readonly { row: number; weight: number }[],
  rows: readonly number[],
): number[] {
  const centroid = new Map<number, number>();
  for (const { row, weight } of positives) {
    const { indices, values } = termRow(row);
    indices.forEach((t, k) => centroid.set(t, (centroid.get(t) ?? 0) + weight * values[k]));
  }
  return rows.map((i) => {
    const { indices, values } = termRow(i);
    let s = 0;
    indices.forEach((t, k) => (s += (centroid.get(t) ?? 0) * values[k]));
    return s;
  });
}

function dotRow({ rows, dims }: PaperVectors, i: number, model: LinearModel): number {
  let s = model.bias;
  const o = i * dims;
  for (let d = 0; d < dims; d++) s += model.weights[d] * rows[o + d];
  return s;
}

function cosine({ rows, dims }: PaperVectors, i: number, j: number): number {
  let s = 0;
  const a = i * dims;
  const b = j * dims;
  for (let d = 0; d < dims; d++) s += rows[a + d] * rows[b + d];
  return s;
}

/** The mean cosine of row i to its `count` most similar rows of `others`. */
function neighbourScore(vectors: PaperVectors, i: number, others: readonly number[], count: number): number {
  const sims = others.map((p) => cosine(vectors, i, p)).sort((a, b) => b - a);
  const top = sims.slice(0, Math.min(count, sims.length));
  return top.reduce((s, x) => s + x, 0) / top.length;
}

/** The indices of the `count` largest values (the lower index first among equal values), in no particular order. */
function topIndices(values: readonly number[], count: number): number[] {
  if (values.length <= count) return values.map((_, k) => k);
  // a typed array sorts numbers without a comparator: far faster than sorting 100k indices by their values
  const threshold = Float64Array.from(values).sort()[values.length - count];
  const top: number[] = [];
  for (let k = 0; k < values.length; k++) if (values[k] > threshold) top.push(k);
  for (let k = 0; k < values.length && top.length < count; k++) if (values[k] === threshold) top.push(k);
  return top;
}

function standardized(xs: readonly number[]): number[] {
  const mean = xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length || 1)) || 1;
  return xs.map((x) => (x - mean) / sd);
}

function reasonsFor(
  vectors: PaperVectors,
  i: number,
  positives: readonly Example[],
  row: Map<string, number>,
  count: number,
): RankedPaper['because'] {
  return positives
    .map((e) => ({ signal: e.signal!, score: cosine(vectors, i, row.get(e.id)!) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map(({ signal }) => ({ id: signal.id, signal: signal.kind, ...(signal.file ? { file: signal.file } : {}) }));
}
