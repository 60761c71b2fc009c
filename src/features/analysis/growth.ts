/**
 * A load that grows the last analysis (core/analysis/grow.ts) instead of analyzing afresh: the collection files
 * that changed are read and parsed, the others taken from the analysis; the new papers are analyzed and placed in
 * the themes here, on the extension host (a day's dump costs a fraction of a second), and shown at once. The
 * analysis process then makes the same growth again from the cache entry, to write the new entry: the host never
 * encodes a library. A growth that groups the library afresh (core/analysis/growthRegroup.ts) costs seconds at a
 * few thousand papers: the loader has the analysis process make it (loading.ts).
 */
import * as vscode from 'vscode';
import { Analysis, growAnalysis } from '../../core/analysis';
import { canGrow, corpusSince } from '../../core/analysis';
import { Corpus, parseCollectionBytes } from '../../core/collections';
import { readCollectionUri, unreadableMessage } from './readCollection';
import { ParseResult } from '../../core/collections/formats/types';
import { LoadProblem } from '../../core/common';
import { Theme } from '../../core/papers';
import { ThemeCorrections } from '../../core/themes';
import { FileDigest } from './digest';

/** An analysis a later load may grow from: the files it read, their problems as found, its cache entry's key. */
export interface Lineage {
  analysis: Analysis;
  files: readonly FileDigest[];
  /** Problems with their files as read (the analysis shows workspace-relative ones). */
  problems: readonly LoadProblem[];
  key: string;
}

/** What a growth did, for the log and the arrivals of new papers. */
export interface Grown {
  analysis: Analysis;
  /** Problems as found (see Lineage). */
  problems: LoadProblem[];
  added: number;
  removed: number;
  newThemes: string[];
  /** Whether the themes were grouped afresh (a large batch in a small library, core/analysis/growthRegroup.ts). */
  regrouped: boolean;
  /** The files the growth read again (changed or new). */
  read: number;
}

/** The library `base` would grow to, and how many collection files were read again for it (changed or new). */
export interface GrowthCorpus {
  corpus: Corpus;
  read: number;
}

/**
 * The corpus of the collection files `uris` (digests: `digests`, same order) as a growth of `base`, or undefined
 * when it should not grow: no theme model, no file in common, or fewer than half of the papers already analyzed
 * (another library: it is analyzed afresh). A file that cannot be read is a problem, as in a full load.
 */
export async function growthCorpus(
  base: Lineage,
  uris: readonly vscode.Uri[],
  digests: readonly FileDigest[],
): Promise<GrowthCorpus | undefined> {
  if (!base.analysis.model) return undefined;
  const before = new Map(base.files.map((f) => [f.path, f.sha256]));
  if (!digests.some((d) => before.has(d.path))) return undefined;
  const files: { path: string; result?: ParseResult }[] = [];
  for (let i = 0; i < uris.length; i++) {
    const path = uris[i].toString();
    files.push(before.get(path) === digests[i].sha256 ? { path } : { path, result: await parseFile(uris[i]) });
  }
  const corpus = corpusSince(base.analysis, base.problems, files);
  if (!canGrow(base.analysis, corpus)) return undefined;
  return { corpus, read: files.filter((f) => f.result).length };
}

/** Grows `base` to `grown.corpus` here, on the host. `base` is used up. */
export function growLineage(
  base: Lineage,
  { corpus, read }: GrowthCorpus,
  corrections: (computed: readonly Theme[]) => ThemeCorrections,
): Grown {
  const growth = growAnalysis(base.analysis, corpus, { corrections });
  return {
    analysis: growth.analysis,
    problems: corpus.problems,
    added: growth.added.length,
    removed: growth.removed.length,
    newThemes: growth.newThemes.map((t) => t.label),
    regrouped: growth.regrouped,
    read,
  };
}

async function parseFile(uri: vscode.Uri) {
  try {
    return parseCollectionBytes(await readCollectionUri(uri), uri.toString());
  } catch (err) {
    return { papers: [], problems: [{ file: uri.toString(), message: unreadableMessage(err) }] };
  }
}
