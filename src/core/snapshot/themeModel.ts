/**
 * The theme model (themes/themeModel.ts) inside a snapshot: the vocabulary as one string, the idf, basis and
 * centroids as typed sections. The basis is most of it (terms × dims floats) and is only needed when new papers
 * arrive: a deferred decode reads it then.
 */
import { ThemeModel } from '../themes';
import { EmbeddingSpace, spaceOf } from '../vectors';
import { SnapshotError, SnapshotReader, SnapshotWriter } from './format';

/** The model in the snapshot's JSON part: numbers are sections or strings. */
export interface ModelBody {
  vocab: number;
  idf: number;
  basis: number;
  dims: number;
  options: EmbeddingSpace['options'];
  clusterDims: number;
  centroids: number;
  themes: {
    id: string;
    label: string;
    parent?: string;
    floor: number;
    late?: boolean;
    field?: string;
    archives?: string[];
  }[];
  coverageFloor: number;
  groupedPapers: number;
  placedSince: number;
  poorSince: number;
}

export function encodeThemeModel(w: SnapshotWriter, m: ThemeModel): ModelBody {
  const { space } = m;
  const centroids = new Float32Array(m.themes.length * m.clusterDims);
  m.themes.forEach((t, i) => centroids.set(t.centroid, i * m.clusterDims));
  return {
    vocab: w.string(space.vocab.join('\n')),
    idf: w.array(space.idf),
    basis: w.array(space.basis),
    dims: space.dims,
    options: space.options,
    clusterDims: m.clusterDims,
    centroids: w.array(centroids),
    themes: m.themes.map(({ id, label, parent, floor, late, field, archives }) => ({
      id,
      label,
      floor,
      ...(parent !== undefined ? { parent } : {}),
      ...(late ? { late } : {}),
      ...(field !== undefined ? { field } : {}),
      ...(archives !== undefined ? { archives } : {}),
    })),
    coverageFloor: m.coverageFloor,
    groupedPapers: m.groupedPapers,
    placedSince: m.placedSince,
    poorSince: m.poorSince,
  };
}

/** The model; with `deferred`, the basis is read from the source when first used. */
export function decodeThemeModel(
  r: SnapshotReader,
  strings: readonly string[],
  b: ModelBody,
  deferred: boolean,
): ThemeModel {
  if (!b || typeof b !== 'object' || !Array.isArray(b.themes) || typeof strings[b.vocab] !== 'string')
    throw new SnapshotError('snapshot theme model damaged');
  const vocab = strings[b.vocab] === '' ? [] : strings[b.vocab].split('\n');
  const idf = r.array<Float32Array>(b.idf, 'f32');
  const readBasis = r.deferred<Float32Array>(b.basis, 'f32');
  const centroids = r.array<Float32Array>(b.centroids, 'f32');
  const d = b.clusterDims;
  if (idf.length !== vocab.length || centroids.length !== b.themes.length * d)
    throw new SnapshotError('snapshot theme model damaged');
  return {
    space: spaceOf(vocab, idf, deferred ? readBasis : readBasis(), b.dims, b.options),
    clusterDims: d,
    themes: b.themes.map((t, i) => ({ ...t, centroid: centroids.slice(i * d, (i + 1) * d) })),
    coverageFloor: b.coverageFloor,
    groupedPapers: b.groupedPapers,
    placedSince: b.placedSince,
    poorSince: b.poorSince,
  };
}
