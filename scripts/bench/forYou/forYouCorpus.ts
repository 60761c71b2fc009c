/**
 * The library of the For You benchmark (forYou.ts): a slice of the real dev corpus (realCorpus.ts) analyzed as the
 * product analyzes it, then stored and restored through the analysis cache (snapshot) so that the ranking reads
 * what it reads after a window reload. Beside the product's vectors, each paper's sparse TF-IDF row in the
 * analysis's own terms (readText over the space the theme model keeps), which the two baselines read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { analyzeCorpus } from '../../../src/core/analysis';
import { loadCorpus } from '../../../src/core/collections';
import { forYouVectors, PaperVectors, termRowReader } from '../../../src/core/forYou';
import { paperId, paperText } from '../../../src/core/papers';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../../src/core/snapshot';
import { buildVectors, embeddingSpace, packRows } from '../../../src/core/vectors';
import { readText } from '../../../src/core/vectors/embedding';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { readRealAbstracts, realCorpus100k, writeRealSlice } from '../common/realCorpus';

/** Sparse rows, CSR, L2-normalized. */
export interface SparseRows {
  indptr: Uint32Array;
  indices: Uint32Array;
  values: Float32Array;
  cols: number;
}

export interface ReaderLibrary {
  vectors: PaperVectors;
  tfidf: SparseRows;
  /** The arXiv primary category of row i. */
  category: string[];
  analyzeMs: number;
}

/** Each real abstract's primary category, by the paper id the product gives it. */
function categoriesById(dir: string, abstracts: string[]): Map<string, string> {
  const meta = gunzipSync(readFileSync(join(dir, 'arxiv-dev-80k.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { line: number; primary: string });
  // `line` counts the dump's two header lines; readRealAbstracts drops them
  return new Map(meta.map((m) => [paperId(abstracts[m.line - 3]), m.primary]));
}

/** The abstracts `offset .. offset + size` analyzed, cached and restored; their vectors, TF-IDF rows, categories. */
export async function readerLibrary(root: string, dir: string, size: number, offset: number): Promise<ReaderLibrary> {
  const abstracts = readRealAbstracts(dir);
  const category = categoriesById(dir, abstracts);
  const file = writeRealSlice(root, `foryou-${offset}-${size}`, abstracts.slice(offset, offset + size));
  const t0 = performance.now();
  const analysis = analyzeCorpus(await loadCorpus([file], nodeFileSource));
  const analyzeMs = performance.now() - t0;
  const restored = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(analysis))));
  // the TF-IDF rows of every paper are read below, once, for the baselines: the product's ranker reads them there
  const { ids, rows, dims } = forYouVectors(restored);
  const vectors = { ids, rows, dims };
  const space = restored.model!.space;
  const indptr = new Uint32Array(vectors.ids.length + 1);
  const indices: number[] = [];
  const values: number[] = [];
  vectors.ids.forEach((id, i) => {
    const { row } = readText(space, paperText(restored.byId.get(id)!));
    row.indices.forEach((t) => indices.push(t));
    row.values.forEach((v) => values.push(v));
    indptr[i + 1] = indices.length;
  });
  return {
    vectors,
    tfidf: { indptr, indices: Uint32Array.from(indices), values: Float32Array.from(values), cols: space.vocab.length },
    category: vectors.ids.map((id) => category.get(id) ?? ''),
    analyzeMs,
  };
}

/**
 * The first `size` abstracts of the 100k corpus (realCorpus100k: the 80k and perturbed copies of 20k) as the
 * ranking reads an analysis of them: the LSA rows as the analysis computes them (buildVectors, packed as the
 * related index keeps them) and each paper's TF-IDF row read from its text in their space, on demand (forYouVectors).
 * `fresh()` forgets the TF-IDF rows read so far: the first ranking after a restore reads them all again.
 */
export function timingVectors(dir: string, size: number): { fresh: () => PaperVectors } {
  const texts = realCorpus100k(readRealAbstracts(dir)).slice(0, size);
  const v = buildVectors(texts);
  const space = embeddingSpace(v);
  const base = { ids: texts.map((t) => paperId(t)), rows: packRows(v.lsa, v.dims), dims: v.dims };
  return { fresh: () => ({ ...base, termRow: termRowReader(space, (i) => texts[i]) }) };
}
