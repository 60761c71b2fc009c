/**
 * The stages of one load of the collections (model.ts keeps what was loaded): the collection files found and
 * read, the analysis restored from the cache or the bundled seeds' snapshot, else made off the extension host,
 * and the progress shown meanwhile.
 */
import * as vscode from 'vscode';
import * as path from 'node:path';
import { Analysis } from '../../core/analysis';
import { fromSnapshotInSteps, AnalysisSnapshot, SnapshotOutline } from '../../core/snapshot';
import { resolveCorrections } from '../../core/themes';
import { analyzeHere, analyzeInWorker, analyzeIntoFile, SEARCH_CHUNKS } from '../../node/analysis/run';
import { AnalysisCache, FileDigest } from './cache';
import { Grown, growLineage, Lineage } from './growth';
import { digestOf } from '../../node/cache/contentKey';
import { LoadProblem } from '../../core/common';
import { Theme } from '../../core/papers';
import { runOnHost } from './hostSteps';
import { bundledSeedsSnapshot } from './bundledSeeds';
import { ThemeCorrectionsService } from '../services';
import { isAbsolutePath } from '../collections/settings';
import { PartialSearchService } from '../search/partial';
import { readCollectionUri, unreadableMessage } from './readCollection';

/** Shows a notification only when the work takes longer than this. */
const NOTIFY_AFTER_MS = 600;

/** What an analysis off the host gives: the snapshot, or the size of the cache entry it wrote. */
export type Analyzed = { snapshot: AnalysisSnapshot; whyNotWritten?: string } | { written: number };

/** What the load stages use of the model. */
export interface LoadStages {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly cache: AnalysisCache;
  readonly corrections: ThemeCorrectionsService;
  readonly partial: PartialSearchService;
  /** The collection files to load (PapersModelImpl.collectionUris). */
  collectionUris(): Promise<vscode.Uri[]>;
  /** Analyzes the files (PapersModelImpl.analyze); a regroup gives the grouping it replaces (`previous`). */
  analyze(
    files: CollectionFile[],
    report: (step: string) => void,
    saveTo?: string,
    signal?: AbortSignal,
    previous?: readonly Theme[],
  ): Promise<Analyzed>;
  /** Shows the themes of a cached analysis while its papers are decoded. */
  showOutline(outline: SnapshotOutline): Promise<void>;
  /** The analysis shown now, to grow from (undefined when none, or the bundled seeds'). */
  lineage(): Lineage | undefined;
  /** The cache entry this workspace showed last, and the files it was made of. */
  lastEntry(): { key: string; files: FileDigest[] } | undefined;
  /** Has the analysis process write the entry of these files, grown from the entry of `baseKey`, in the background. */
  persistGrowth(
    baseKey: string,
    entry: { key: string; files: readonly FileDigest[] },
    uris: readonly vscode.Uri[],
  ): void;
}

/** The entries of `papers.collections`, as the user wrote them (non-empty strings). */
function configuredEntries(): string[] {
  return vscode.workspace
    .getConfiguration('papers')
    .get<string[]>('collections', [])
    .filter((s) => typeof s === 'string' && s.trim() !== '');
}

const isGlob = (entry: string) => /[*?{[]/.test(entry);

/** The entries of `papers.collections` that are globs (a folder of dumps, `daily/*.txt`): watched for new files. */
export function configuredGlobs(): string[] {
  return configuredEntries().filter(isGlob);
}

/** The collection files to load: the setting's paths and globs in the workspace, or the bundled seeds. */
export async function configuredCollectionUris(
  extensionUri: vscode.Uri,
  log: vscode.LogOutputChannel,
): Promise<vscode.Uri[]> {
  const configured = configuredEntries();
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (configured.length === 0 || !folder) {
    if (configured.length > 0) log.warn('papers.collections is set but no folder is open; showing the bundled seeds');
    const seeds = vscode.Uri.joinPath(extensionUri, 'seeds');
    const entries = await vscode.workspace.fs.readDirectory(seeds);
    return entries
      .filter(([n]) => n.endsWith('.txt'))
      .map(([n]) => n)
      .sort()
      .map((n) => vscode.Uri.joinPath(seeds, n));
  }
  const uris: vscode.Uri[] = [];
  for (const entry of configured) {
    // an absolute path is a file imported from outside the folder (see features/collections/import.ts)
    const found = isGlob(entry)
      ? await vscode.workspace.findFiles(new vscode.RelativePattern(folder, entry))
      : [isAbsolutePath(entry) ? vscode.Uri.file(entry) : vscode.Uri.joinPath(folder.uri, entry)];
    found.sort((a, b) => a.path.localeCompare(b.path));
    for (const u of found) if (!uris.some((x) => x.toString() === u.toString())) uris.push(u);
  }
  return uris;
}

/** What a load shows, and what a later load may grow from (none for the bundled seeds). */
export interface Loaded {
  analysis: Analysis;
  lineage?: Lineage;
  /** Set when the analysis was grown from the last one. */
  grown?: Grown;
}

/**
 * The analysis of the collections: restored from the cache or the bundled seeds' snapshot; else grown from the
 * last analysis of this library (growth.ts); else made.
 */
export async function loadAnalysis(
  stages: LoadStages,
  report: (message: string) => void,
  signal: AbortSignal,
): Promise<Loaded> {
  const uris = await stages.collectionUris();
  report(`reading ${uris.length} collection${uris.length === 1 ? '' : 's'}`);
  const seeds = uris.length > 0 && uris.every((u) => u.toString().startsWith(stages.extensionUri.toString()));
  // unchanged collections on disk: restored from the cache by their digests, without reading them into memory
  const digests = seeds ? undefined : await stages.cache.digestsOf(uris);
  if (digests) {
    const key = stages.cache.keyOf(digests);
    const snapshot = await stages.cache.load(key, (outline) => restoring(stages, report, outline));
    if (snapshot) return restored(stages, snapshot, { files: digests, key });
    const grown = await growFromLast(stages, uris, digests, report);
    if (grown) return grown;
  }
  const unreadable: { file: string; message: string }[] = [];
  const files = await readCollectionFiles(uris, unreadable);
  const key = stages.cache.key(files);
  const cached =
    (seeds && files.length > 0 ? await bundledSeedsSnapshot(stages.extensionUri, files) : undefined) ??
    (await stages.cache.load(key));
  if (cached) return restored(stages, cached, seeds ? undefined : { files: digestsOfRead(files), key }, unreadable);
  const snapshot = await analyzeAndCache(stages, files, key, report, signal);
  return shown(stages, snapshot, seeds ? undefined : { files: digestsOfRead(files), key }, unreadable);
}

const restoring = (stages: LoadStages, report: (message: string) => void, outline: SnapshotOutline) => {
  report(`restoring the analysis of ${outline.papers} papers`);
  return stages.showOutline(outline);
};

function restored(
  stages: LoadStages,
  snapshot: AnalysisSnapshot,
  entry: Omit<Lineage, 'analysis' | 'problems'> | undefined,
  unreadable: LoadProblem[] = [],
): Promise<Loaded> {
  stages.log.info(`restored the analysis of ${snapshot.papers.length} papers from the cache`);
  return shown(stages, snapshot, entry, unreadable);
}

/** The snapshot as a live analysis with the user's corrections, its problems named for the user. */
async function shown(
  stages: LoadStages,
  snapshot: AnalysisSnapshot,
  entry: Omit<Lineage, 'analysis' | 'problems'> | undefined,
  unreadable: LoadProblem[],
): Promise<Loaded> {
  const analysis = await runOnHost(
    fromSnapshotInSteps(snapshot, resolveCorrections(stages.corrections.corrections, snapshot.computedThemes)),
  );
  const problems = [...unreadable, ...snapshot.problems];
  analysis.problems = relativeProblems(problems);
  return { analysis, lineage: entry && { ...entry, analysis, problems } };
}

/** Problems with workspace-relative file names; new objects, as the snapshot's may be shared with the cache. */
export function relativeProblems(problems: readonly LoadProblem[]): LoadProblem[] {
  return problems.map((p) => ({ ...p, file: vscode.workspace.asRelativePath(vscode.Uri.parse(p.file)) }));
}

export const digestsOfRead = (files: CollectionFile[]): FileDigest[] => files.map((f) => digestOf(f.path, f.bytes));

/**
 * The last analysis of this library grown to the collections as they are now: the one shown, else the last one
 * cached for this workspace (after a window reload); undefined when there is none or it should not grow (growth.ts).
 * The analysis process writes the grown analysis's cache entry afterwards.
 */
async function growFromLast(
  stages: LoadStages,
  uris: vscode.Uri[],
  digests: FileDigest[],
  report: (message: string) => void,
): Promise<Loaded | undefined> {
  const key = stages.cache.keyOf(digests);
  const base = stages.lineage() ?? (await lastCached(stages, report));
  // the same files as the base: its entry is missing or damaged, and nothing new is there to grow by
  if (!base || base.key === key) return undefined;
  const started = Date.now();
  report('adding the new papers');
  const corrections = (computed: readonly Theme[]) => resolveCorrections(stages.corrections.corrections, computed);
  // a growth that fails is a bug, never the user's loss: the library is analyzed afresh instead
  const grown = await growLineage(base, uris, digests, corrections).catch((err: Error) => {
    stages.log.error(
      `could not add the new papers to the last analysis (${err.stack ?? err.message}); analyzing afresh`,
    );
    return undefined;
  });
  if (!grown) return undefined;
  const { analysis } = grown;
  analysis.problems = relativeProblems(grown.problems);
  stages.log.info(
    `grew the analysis in ${Date.now() - started} ms: ${grown.added} papers added, ${grown.removed} removed, ` +
      `${grown.read} files read` +
      (grown.newThemes.length ? `, new themes: ${grown.newThemes.join('; ')}` : ''),
  );
  stages.persistGrowth(base.key, { key, files: digests }, uris);
  return { analysis, grown, lineage: { analysis, files: digests, problems: grown.problems, key } };
}

/** The analysis this workspace showed last, from its cache entry, to grow from. */
async function lastCached(stages: LoadStages, report: (message: string) => void): Promise<Lineage | undefined> {
  const last = stages.lastEntry();
  if (!last) return undefined;
  const snapshot = await stages.cache.load(last.key, (outline) => restoring(stages, report, outline));
  if (!snapshot?.model) return undefined;
  const { lineage } = await shown(stages, snapshot, last, []);
  return lineage;
}

/** Analyzes the files; the analysis process writes the cache entry (else it is written here) and it is read back. */
async function analyzeAndCache(
  stages: LoadStages,
  files: CollectionFile[],
  key: string,
  report: (message: string) => void,
  signal: AbortSignal,
): Promise<AnalysisSnapshot> {
  report(`analyzing ${files.length} collection${files.length === 1 ? '' : 's'}`);
  const entry = stages.cache.fileFor(key);
  const analyzed = await stages.analyze(files, report, entry, signal);
  if ('snapshot' in analyzed) {
    if ('whyNotWritten' in analyzed)
      stages.log.warn(`the analysis process could not write the cache (${analyzed.whyNotWritten}); writing it here`);
    void stages.cache.save(key, analyzed.snapshot);
    return analyzed.snapshot;
  }
  // the analysis process wrote the cache entry: read it back as a second activation would, after
  // dropping the partial search's chunks (at 100k papers ~300 MB; the host would hold both at once)
  stages.partial.release();
  await stages.cache.written(key, analyzed.written);
  const snapshot = await stages.cache.load(key);
  if (!snapshot)
    throw new Error(`the analysis was written to ${entry} but could not be read back (see the Papers log)`);
  return snapshot;
}

/**
 * Analyzes in a child process (the memory of a large analysis is never the extension host's); on a worker
 * thread when no process can be started; on the extension host itself as the last resort. The first analysis
 * (`first`) posts searchable chunks to the partial search as it goes.
 */
export async function analyzeOffHost(
  {
    extensionPath,
    log,
    partial,
    first,
  }: {
    extensionPath: string;
    log: vscode.LogOutputChannel;
    partial: PartialSearchService;
    first: () => boolean;
  },
  files: CollectionFile[],
  report: (step: string) => void,
  saveTo?: string,
  signal?: AbortSignal,
  previous?: readonly Theme[],
): Promise<Analyzed> {
  const workerPath = path.join(extensionPath, 'dist', 'analysisWorker.js');
  // the first analysis posts searchable chunks as it goes; later ones leave search on the current analysis
  const chunks = !first() ? {} : { chunks: SEARCH_CHUNKS, onChunk: partial.add.bind(partial) };
  for (const transport of ['process', 'thread'] as const) {
    if (first()) partial.begin();
    try {
      const options = { onProgress: report, transport, signal, previous, ...chunks };
      return saveTo
        ? await analyzeIntoFile(workerPath, files, saveTo, options)
        : { snapshot: await analyzeInWorker(workerPath, files, options) };
    } catch (err) {
      partial.end();
      if ((err as Error).name === 'AnalysisError' || (err as Error).name === 'Cancelled') throw err;
      log.warn(`the analysis ${transport} failed (${(err as Error).message})`);
    }
  }
  if (signal?.aborted) throw Object.assign(new Error('analysis cancelled'), { name: 'Cancelled' });
  log.warn('analyzing on the extension host');
  return { snapshot: analyzeHere(files, { onProgress: report, previous }) };
}

/** A collection file's name (a URI) and content, as the analysis reads it. */
export type CollectionFile = { path: string; bytes: Uint8Array };

/** Reads the collection files (readCollection.ts); one that cannot be read is left out and listed in `unreadable`. */
export async function readCollectionFiles(
  uris: vscode.Uri[],
  unreadable: { file: string; message: string }[],
): Promise<CollectionFile[]> {
  const files: CollectionFile[] = [];
  for (const uri of uris) {
    try {
      files.push({ path: uri.toString(), bytes: await readCollectionUri(uri) });
    } catch (err) {
      unreadable.push({ file: uri.toString(), message: unreadableMessage(err) });
    }
  }
  return files;
}

/**
 * The progress of a load: in the tree's view at once, and in a cancellable notification when the load takes
 * longer than NOTIFY_AFTER_MS (showing the last step reported so far).
 */
export class LoadProgress {
  private finished = false;
  private notify: ((m: string) => void) | undefined;
  private lastMessage = 'loading';
  private markDone!: () => void;
  private readonly doneShown = new Promise<void>((resolve) => (this.markDone = resolve));
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(stop: AbortController) {
    this.timer = setTimeout(() => {
      if (this.finished) return;
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Papers', cancellable: true },
        (progress, token) => {
          token.onCancellationRequested(() => stop.abort());
          this.notify = (m) => progress.report({ message: m });
          this.notify(this.lastMessage);
          return this.doneShown;
        },
      );
    }, NOTIFY_AFTER_MS);
  }

  report(message: string): void {
    this.lastMessage = message;
    this.notify?.(message);
  }

  done(): void {
    this.finished = true;
    clearTimeout(this.timer);
    this.markDone();
  }
}
