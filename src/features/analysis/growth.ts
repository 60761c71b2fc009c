/**
 * A load that grows the last analysis (core/analysis/grow.ts) instead of analyzing afresh: the collection files
 * that changed are read and parsed, the others taken from the analysis; the new papers are analyzed and placed in
 * the themes here, on the extension host (a day's dump costs a fraction of a second), and shown at once. The
 * analysis process then makes the same growth again from the cache entry, to write the new entry: the host never
 * encodes a library.
 */
import * as vscode from 'vscode';
import { Analysis, growAnalysis } from '../../core/analysis';
import { canGrow, corpusSince } from '../../core/analysis';
import { parseCollectionBytes } from '../../core/collections';
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
  /** The files the growth read again (changed or new). */
  read: number;
}

/**
 * Grows `base` to the collection files `uris` (digests: `digests`, same order), or undefined when it should not:
 * no theme model, no file in common, or fewer than half of the papers already analyzed (another library: it is
 * analyzed afresh). A file that cannot be read is a problem, as in a full load. `base` is used up when it grows.
 */
export async function growLineage(
  base: Lineage,
  uris: readonly vscode.Uri[],
  digests: readonly FileDigest[],
  corrections: (computed: readonly Theme[]) => ThemeCorrections,
): Promise<Grown | undefined> {
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
  const growth = growAnalysis(base.analysis, corpus, { corrections });
  return {
    analysis: growth.analysis,
    problems: corpus.problems,
    added: growth.added.length,
    removed: growth.removed.length,
    newThemes: growth.newThemes.map((t) => t.label),
    read: files.filter((f) => f.result).length,
  };
}

async function parseFile(uri: vscode.Uri) {
  try {
    return parseCollectionBytes(await readCollectionUri(uri), uri.toString());
  } catch (err) {
    return { papers: [], problems: [{ file: uri.toString(), message: unreadableMessage(err) }] };
  }
}
