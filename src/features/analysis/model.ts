import * as vscode from 'vscode';
import * as path from 'node:path';
import { Analysis } from '../../core/analysis';
import { applyCorrections } from '../../core/analysis';
import { fromSnapshotInSteps, AnalysisSnapshot, SnapshotOutline } from '../../core/snapshot';
import { outlineThemes } from '../../core/themes';
import { resolveCorrections } from '../../core/themes';
import { analyzeHere, analyzeInWorker, analyzeIntoFile, SEARCH_CHUNKS } from '../../node/analysis/run';
import { AnalysisCache } from './cache';
import { runOnHost } from './hostSteps';
import { bundledSeedsSnapshot } from './bundledSeeds';
import { paperKey, resolvePaperKey } from '../../core/papers';
import { Paper, Theme } from '../../core/papers';
import { formatProblem, LoadProblem } from '../../core/common';
import { PapersModel, ThemeCorrections } from '../services';
import { isAbsolutePath } from '../collections/settings';
import { ProvisionalSearch } from '../search/provisional';

/** Shows a notification only when the work takes longer than this. */
const NOTIFY_AFTER_MS = 600;
/** Sets up the search (index, postings, fuzzy dictionary) this long after a load, when the views have drawn. */
const PREPARE_SEARCH_AFTER_MS = 1500;
/** Between two steps of that, time for the extension host's other work. */
const PREPARE_STEP_GAP_MS = 50;

/**
 * Loads the collections (setting `papers.collections`, else the bundled seeds), analyzes them and
 * keeps the result. Reloads when the setting or a collection file changes.
 */
export class PapersModelImpl implements PapersModel, vscode.Disposable {
  private current: Analysis | undefined;
  /** Paper keys of the current analysis, made on first use (making them all would slow a large library's restore). */
  private keys = new Map<string, string>();
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private watchers: vscode.Disposable[] = [];
  private loading: Promise<void> | undefined;
  private again = false;
  private readonly cache: AnalysisCache;
  /** The files of the last load, watched (also the unreadable ones: a file created later reloads). */
  private lastUris: vscode.Uri[] = [];
  /** Search over the chunks indexed so far while the first analysis runs (see provisionalSearch.ts). */
  readonly provisional = new ProvisionalSearch();
  private prepareTimer: ReturnType<typeof setTimeout> | undefined;
  private stoppedByUser = false;
  /** The themes of a cached analysis being decoded (see PapersModel.outline). */
  private outlined: SnapshotOutline['themes'] | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly corrections: ThemeCorrections,
  ) {
    this.cache = new AnalysisCache(context.globalStorageUri, String(context.extension.packageJSON.version ?? '0'), log);
    this.disposables.push(
      corrections.onDidChange(() => {
        if (!this.current) return;
        applyCorrections(this.current, resolveCorrections(corrections.corrections, this.current.computedThemes));
        this.emitter.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('papers.collections')) void this.reload();
      }),
      this.provisional,
      this.onDidChange(() => this.current && this.provisional.end()),
    );
  }

  get stopped(): boolean {
    return this.stoppedByUser;
  }

  get analysis(): Analysis | undefined {
    return this.current;
  }

  get outline(): SnapshotOutline['themes'] | undefined {
    return this.current ? undefined : this.outlined;
  }

  /**
   * Shows the themes of a cached analysis before its papers are decoded (analysisCache.ts decodes them in
   * steps, so the tree is answered meanwhile), when no analysis is shown yet and the user's corrections allow
   * it (outlineThemes).
   */
  private async showOutline(outline: SnapshotOutline): Promise<void> {
    const themes = this.current ? undefined : outlineThemes(outline.themes, this.corrections.corrections);
    if (!themes) return;
    this.outlined = themes;
    this.emitter.fire();
    this.log.info(
      `showing the ${themes.length} themes of ${outline.papers} cached papers while the papers are decoded`,
    );
  }

  paper(id: string): Paper | undefined {
    return this.current?.byId.get(id);
  }

  theme(id: string): Theme | undefined {
    return this.current?.themes.find((t) => t.id === id);
  }

  keyOf(paper: Paper): string {
    let key = this.keys.get(paper.id);
    if (key === undefined) {
      key = paperKey(this.current?.byId.get(paper.id) ?? paper);
      if (this.current?.byId.has(paper.id)) this.keys.set(paper.id, key);
    }
    return key;
  }

  resolve(keyOrId: string): Paper | undefined {
    return this.current ? resolvePaperKey(keyOrId, this.current.papers) : undefined;
  }

  dispose(): void {
    clearTimeout(this.prepareTimer);
    for (const d of [...this.disposables, ...this.watchers]) d.dispose();
  }

  /** Reloads; calls made while a load runs are folded into one more load after it. */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        do {
          this.again = false;
          await this.loadOnce();
        } while (this.again);
      } finally {
        this.loading = undefined;
        this.provisional.end();
      }
    })();
    return this.loading;
  }

  /** The collection files to load: the setting's paths and globs in the workspace, or the bundled seeds. */
  async collectionUris(): Promise<vscode.Uri[]> {
    const configured = vscode.workspace
      .getConfiguration('papers')
      .get<string[]>('collections', [])
      .filter((s) => typeof s === 'string' && s.trim() !== '');
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (configured.length === 0 || !folder) {
      if (configured.length > 0)
        this.log.warn('papers.collections is set but no folder is open; showing the bundled seeds');
      const seeds = vscode.Uri.joinPath(this.context.extensionUri, 'seeds');
      const entries = await vscode.workspace.fs.readDirectory(seeds);
      return entries
        .filter(([n]) => n.endsWith('.txt'))
        .map(([n]) => n)
        .sort()
        .map((n) => vscode.Uri.joinPath(seeds, n));
    }
    const uris: vscode.Uri[] = [];
    for (const entry of configured) {
      // an absolute path is a file imported from outside the folder (see importCollections.ts)
      const found = /[*?{[]/.test(entry)
        ? await vscode.workspace.findFiles(new vscode.RelativePattern(folder, entry))
        : [isAbsolutePath(entry) ? vscode.Uri.file(entry) : vscode.Uri.joinPath(folder.uri, entry)];
      found.sort((a, b) => a.path.localeCompare(b.path));
      for (const u of found) if (!uris.some((x) => x.toString() === u.toString())) uris.push(u);
    }
    return uris;
  }

  /** One load: the collections' analysis (restored, or made), shown with progress; a failure or a cancel said so. */
  private async loadOnce(): Promise<void> {
    const started = Date.now();
    // Cancel in the notification stops the analysis process; the previous analysis (if any) stays
    const stop = new AbortController();
    this.clearStopped();
    const progress = new LoadProgress(stop);
    try {
      const analysis = await vscode.window.withProgress({ location: { viewId: 'papers.tree' } }, () =>
        this.loadAnalysis((m) => progress.report(m), stop.signal),
      );
      this.show(analysis, started);
    } catch (err) {
      this.loadFailed(err as Error);
    } finally {
      progress.done();
      if (this.outlined) {
        this.outlined = undefined;
        if (!this.current) this.emitter.fire(); // the load failed: the outline goes too
      }
    }
  }

  /** A new load starts: the tree's "stopped" state goes. */
  private clearStopped(): void {
    if (!this.stoppedByUser) return;
    this.stoppedByUser = false;
    void vscode.commands.executeCommand('setContext', 'papers.stopped', false);
    this.emitter.fire();
  }

  /** The analysis of the collections: restored from the cache or the bundled seeds' snapshot, else made. */
  private async loadAnalysis(report: (message: string) => void, signal: AbortSignal): Promise<Analysis> {
    const uris = await this.collectionUris();
    this.lastUris = uris;
    report(`reading ${uris.length} collection${uris.length === 1 ? '' : 's'}`);
    const seeds = uris.length > 0 && uris.every((u) => u.toString().startsWith(this.context.extensionUri.toString()));
    // unchanged collections on disk: restored from the cache by their digests, without reading them into memory
    const restoring = (outline: SnapshotOutline) => {
      report(`restoring the analysis of ${outline.papers} papers`);
      return this.showOutline(outline);
    };
    let snapshot: AnalysisSnapshot | undefined = seeds ? undefined : await this.cache.loadFor(uris, restoring);
    let restored = snapshot !== undefined;
    const unreadable: { file: string; message: string }[] = [];
    if (!snapshot) {
      const files = await readCollectionFiles(uris, unreadable);
      const key = this.cache.key(files);
      snapshot =
        (seeds && files.length > 0 ? await bundledSeedsSnapshot(this.context.extensionUri, files) : undefined) ??
        (await this.cache.load(key));
      restored = snapshot !== undefined;
      snapshot ??= await this.analyzeAndCache(files, key, report, signal);
    }
    if (restored) this.log.info(`restored the analysis of ${snapshot.papers.length} papers from the cache`);
    const analysis = await runOnHost(
      fromSnapshotInSteps(snapshot, resolveCorrections(this.corrections.corrections, snapshot.computedThemes)),
    );
    // show workspace-relative names in problems; new objects, as the snapshot's may be shared with the cache
    analysis.problems = [...unreadable, ...analysis.problems].map((p) => ({
      ...p,
      file: vscode.workspace.asRelativePath(vscode.Uri.parse(p.file)),
    }));
    return analysis;
  }

  /** Analyzes the files; the analysis process writes the cache entry (else it is written here) and it is read back. */
  private async analyzeAndCache(
    files: CollectionFile[],
    key: string,
    report: (message: string) => void,
    signal: AbortSignal,
  ): Promise<AnalysisSnapshot> {
    report(`analyzing ${files.length} collection${files.length === 1 ? '' : 's'}`);
    const entry = this.cache.fileFor(key);
    const analyzed = await this.analyze(files, report, entry, signal);
    if ('snapshot' in analyzed) {
      if ('whyNotWritten' in analyzed)
        this.log.warn(`the analysis process could not write the cache (${analyzed.whyNotWritten}); writing it here`);
      void this.cache.save(key, analyzed.snapshot);
      return analyzed.snapshot;
    }
    // the analysis process wrote the cache entry: read it back as a second activation would, after
    // dropping the partial search's chunks (at 100k papers ~300 MB; the host would hold both at once)
    this.provisional.release();
    await this.cache.written(key, analyzed.written);
    const snapshot = await this.cache.load(key);
    if (!snapshot)
      throw new Error(`the analysis was written to ${entry} but could not be read back (see the Papers log)`);
    return snapshot;
  }

  /** The new analysis is the model's: logged, watched, announced, and its search prepared. */
  private show(analysis: Analysis, started: number): void {
    this.current = analysis;
    this.keys = new Map();
    this.log.info(
      `loaded ${analysis.papers.length} papers, ${analysis.themes.length} themes in ${Date.now() - started} ms (${Object.entries(
        analysis.timings,
      )
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')})`,
    );
    this.reportProblems(analysis.problems);
    this.watchCollections(this.lastUris);
    this.emitter.fire();
    this.prepareSearch(analysis);
  }

  /**
   * Sets the search up (a restore leaves its index in the cache file) once the views have drawn, one step at a
   * time so that the extension host answers in between; a search before that does it at once.
   */
  private prepareSearch(analysis: Analysis): void {
    clearTimeout(this.prepareTimer);
    const steps = analysis.search.preparation();
    const next = () => {
      if (this.current === analysis && !steps.next().done) this.prepareTimer = setTimeout(next, PREPARE_STEP_GAP_MS);
    };
    this.prepareTimer = setTimeout(next, PREPARE_SEARCH_AFTER_MS);
  }

  private loadFailed(err: Error): void {
    if (err.name === 'Cancelled') {
      this.log.info('the analysis was cancelled');
      // nothing to show yet: the tree says so, with a way to start again (package.json viewsWelcome)
      if (!this.current) {
        this.stoppedByUser = true;
        void vscode.commands.executeCommand('setContext', 'papers.stopped', true);
        this.emitter.fire();
      }
      void vscode.window
        .showInformationMessage(
          this.current
            ? 'Papers stopped analyzing the collections; the previous analysis is still shown.'
            : 'Papers stopped analyzing the collections.',
          'Analyze Again',
        )
        .then((pick) => pick && void this.reload());
      return;
    }
    this.log.error(err);
    void vscode.window.showErrorMessage(`Papers could not load its collections: ${err.message}`);
  }

  /**
   * Analyzes in a child process (the memory of a large analysis is never the extension host's); on a worker
   * thread when no process can be started; on the extension host itself as the last resort.
   */
  protected async analyze(
    files: CollectionFile[],
    report: (step: string) => void,
    saveTo?: string,
    signal?: AbortSignal,
  ): Promise<{ snapshot: AnalysisSnapshot; whyNotWritten?: string } | { written: number }> {
    const workerPath = path.join(this.context.extensionPath, 'dist', 'analysisWorker.js');
    // the first analysis posts searchable chunks as it goes; later ones leave search on the current analysis
    const chunks = this.current ? {} : { chunks: SEARCH_CHUNKS, onChunk: this.provisional.add.bind(this.provisional) };
    for (const transport of ['process', 'thread'] as const) {
      if (!this.current) this.provisional.begin();
      try {
        const options = { onProgress: report, transport, signal, ...chunks };
        return saveTo
          ? await analyzeIntoFile(workerPath, files, saveTo, options)
          : { snapshot: await analyzeInWorker(workerPath, files, options) };
      } catch (err) {
        this.provisional.end();
        if ((err as Error).name === 'AnalysisError' || (err as Error).name === 'Cancelled') throw err;
        this.log.warn(`the analysis ${transport} failed (${(err as Error).message})`);
      }
    }
    if (signal?.aborted) throw Object.assign(new Error('analysis cancelled'), { name: 'Cancelled' });
    this.log.warn('analyzing on the extension host');
    return { snapshot: analyzeHere(files, { onProgress: report }) };
  }

  /** Logged here; the Problems panel and the one summary notification of a load are collectionDiagnostics.ts's. */
  private reportProblems(problems: LoadProblem[]): void {
    for (const p of problems) this.log.warn(formatProblem(p));
  }

  private watchCollections(uris: vscode.Uri[]): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
    for (const uri of uris) {
      if (uri.scheme !== 'file' || uri.toString().startsWith(this.context.extensionUri.toString())) continue;
      const folder = vscode.Uri.joinPath(uri, '..');
      const name = uri.path.split('/').pop()!;
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, name));
      const reload = () => void this.reload();
      this.watchers.push(
        watcher,
        watcher.onDidChange(reload),
        watcher.onDidCreate(reload),
        watcher.onDidDelete(reload),
      );
    }
  }
}

/** A collection file's name (a URI) and content, as the analysis reads it. */
type CollectionFile = { path: string; bytes: Uint8Array };

/** Reads the collection files; one that cannot be read is left out and listed in `unreadable`. */
async function readCollectionFiles(
  uris: vscode.Uri[],
  unreadable: { file: string; message: string }[],
): Promise<CollectionFile[]> {
  const files: CollectionFile[] = [];
  for (const uri of uris) {
    try {
      files.push({ path: uri.toString(), bytes: await vscode.workspace.fs.readFile(uri) });
    } catch (err) {
      unreadable.push({ file: uri.toString(), message: `cannot read the file: ${(err as Error).message}` });
    }
  }
  return files;
}

/**
 * The progress of a load: in the tree's view at once, and in a cancellable notification when the load takes
 * longer than NOTIFY_AFTER_MS (showing the last step reported so far).
 */
class LoadProgress {
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
