import * as vscode from 'vscode';
import { Analysis } from '../../core/analysis';
import { applyCorrections } from '../../core/analysis';
import { SnapshotError, SnapshotOutline } from '../../core/snapshot';
import { outlineThemes } from '../../core/themes';
import { resolveCorrections } from '../../core/themes';
import * as path from 'node:path';
import { AnalysisCache, FileDigest } from './cache';
import { Lineage } from './growth';
import { analyzeIntoFile } from '../../node/analysis/run';
import {
  Analyzed,
  analyzeOffHost,
  CollectionFile,
  configuredCollectionUris,
  configuredGlobs,
  loadAnalysis,
  LoadProgress,
  LoadStages,
} from './loadStages';
import { paperKey, resolvePaperKey } from '../../core/papers';
import { Paper, Theme } from '../../core/papers';
import { formatProblem, LoadProblem } from '../../core/common';
import { PapersModel, Regrouping, ThemeCorrectionsService } from '../services';
import { freshGrouping } from './regroup';
import { PartialSearchService } from '../search/partial';

/** Where the workspace state keeps the last cache entry shown (PapersModelImpl.lastEntry). */
const LAST_ENTRY = 'papers.lastAnalysis';

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
  /** Search over the chunks indexed so far while the first analysis runs (see features/search/partial.ts). */
  readonly partial = new PartialSearchService();
  private prepareTimer: ReturnType<typeof setTimeout> | undefined;
  private stoppedByUser = false;
  /** The themes of a cached analysis being decoded (see PapersModel.outline). */
  private outlined: SnapshotOutline['themes'] | undefined;
  /** The model as the load stages (loadStages.ts) see it. */
  private readonly stages: LoadStages;
  /** The analysis shown, with what a later load needs to grow it (growth.ts); none for the bundled seeds. */
  private lineage: Lineage | undefined;
  /** Cache entries of grown analyses being written by the analysis process, one after the other. */
  private persisting: Promise<void> = Promise.resolve();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly corrections: ThemeCorrectionsService,
  ) {
    this.cache = new AnalysisCache(context.globalStorageUri, String(context.extension.packageJSON.version ?? '0'), log);
    this.stages = {
      extensionUri: context.extensionUri,
      log,
      cache: this.cache,
      corrections,
      partial: this.partial,
      collectionUris: async () => (this.lastUris = await this.collectionUris()),
      analyze: (...args) => this.analyze(...args),
      showOutline: (outline) => this.showOutline(outline),
      lineage: () => this.lineage,
      lastEntry: () => this.lastEntry(),
      persistGrowth: (baseKey, entry, uris) => this.persistGrowth(baseKey, entry, uris),
    };
    this.disposables.push(
      corrections.onDidChange(() => {
        if (!this.current) return;
        applyCorrections(this.current, resolveCorrections(corrections.corrections, this.current.computedThemes));
        this.emitter.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('papers.collections')) void this.reload();
      }),
      this.partial,
      this.onDidChange(() => this.current && this.partial.end()),
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
   * Shows the themes of a cached analysis before its papers are decoded (cache.ts decodes them in
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
        this.partial.end();
      }
    })();
    return this.loading;
  }

  /** The collection files to load: the setting's paths and globs in the workspace, or the bundled seeds. */
  async collectionUris(): Promise<vscode.Uri[]> {
    return configuredCollectionUris(this.context.extensionUri, this.log);
  }

  /** One load: the collections' analysis (restored, or made), shown with progress; a failure or a cancel said so. */
  private async loadOnce(): Promise<void> {
    const started = Date.now();
    // Cancel in the notification stops the analysis process; the previous analysis (if any) stays
    const stop = new AbortController();
    this.clearStopped();
    const progress = new LoadProgress(stop);
    try {
      const loaded = await vscode.window.withProgress({ location: { viewId: 'papers.tree' } }, () =>
        loadAnalysis(this.stages, (m) => progress.report(m), stop.signal),
      );
      this.lineage = loaded.lineage;
      // a grown analysis's entry is remembered once the analysis process has written it (persistGrowth)
      if (loaded.lineage && !loaded.grown) void this.rememberEntry(loaded.lineage);
      this.show(loaded.analysis, started);
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
      try {
        if (this.current === analysis && !steps.next().done) this.prepareTimer = setTimeout(next, PREPARE_STEP_GAP_MS);
      } catch (err) {
        void this.searchSetUpFailed(analysis, err);
      }
    };
    this.prepareTimer = setTimeout(next, PREPARE_SEARCH_AFTER_MS);
  }

  /**
   * A step of the deferred search set-up threw (on a timer: uncaught, it would reach the extension host). A
   * damaged cache entry (SnapshotError: the file changed under the restored analysis) is dropped and the
   * collections are analyzed again; anything else is logged.
   */
  private async searchSetUpFailed(analysis: Analysis, err: unknown): Promise<void> {
    this.log.error(`could not set the search up: ${(err as Error)?.message ?? String(err)}`);
    const key = this.lineage?.analysis === analysis ? this.lineage.key : undefined;
    if (!(err instanceof SnapshotError) || key === undefined || this.current !== analysis) return;
    this.log.warn(`the cached analysis ${key} is damaged: dropped; analyzing again`);
    await this.cache.drop(key);
    this.lineage = undefined;
    await this.reload();
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

  /** Analyzes the files off the extension host where it can (analyzeOffHost); a test may wrap it. */
  protected async analyze(
    files: CollectionFile[],
    report: (step: string) => void,
    saveTo?: string,
    signal?: AbortSignal,
    previous?: readonly Theme[],
  ): Promise<Analyzed> {
    const { extensionPath } = this.context;
    const first = () => !this.current;
    return analyzeOffHost(
      { extensionPath, log: this.log, partial: this.partial, first },
      files,
      report,
      saveTo,
      signal,
      previous,
    );
  }

  /** The cache entry this workspace showed last (workspace state), or undefined. */
  private lastEntry(): { key: string; files: FileDigest[] } | undefined {
    const last = this.context.workspaceState.get<{ key: string; files: FileDigest[] }>(LAST_ENTRY);
    const valid =
      last &&
      typeof last.key === 'string' &&
      Array.isArray(last.files) &&
      last.files.every((f) => typeof f?.path === 'string' && typeof f.sha256 === 'string');
    return valid ? last : undefined;
  }

  private rememberEntry({ key, files }: { key: string; files: readonly FileDigest[] }): Thenable<void> {
    return this.context.workspaceState.update(LAST_ENTRY, { key, files });
  }

  /**
   * Has the analysis process grow the cached analysis of `baseKey` as the host just did and write it as the entry
   * of these files (`key`),
   * one growth after the other (the next one may grow from this one's entry); remembered as the last entry once
   * written. The host neither encodes nor writes a library.
   */
  private persistGrowth(
    baseKey: string,
    { key, files: digests }: { key: string; files: readonly FileDigest[] },
    uris: readonly vscode.Uri[],
  ): void {
    const base = this.cache.fileFor(baseKey);
    const entry = this.cache.fileFor(key);
    if (!base || !entry) return;
    const workerPath = path.join(this.context.extensionPath, 'dist', 'analysisWorker.js');
    const files = uris.map((u) => ({ path: u.toString(), fsPath: u.fsPath }));
    this.persisting = this.persisting.then(async () => {
      try {
        const saved = await analyzeIntoFile(workerPath, files, entry, { growFrom: base });
        if (!('written' in saved)) throw new Error(saved.whyNotWritten);
        await this.cache.written(key, saved.written);
        await this.rememberEntry({ key, files: digests });
      } catch (err) {
        this.log.warn(`could not cache the grown analysis (${(err as Error).message}); the next load grows it again`);
      }
    });
  }

  regroup(report: (message: string) => void, signal: AbortSignal): Promise<Regrouping | undefined> {
    const before = this.current;
    if (!before) return Promise.resolve(undefined);
    const started = Date.now();
    return freshGrouping(this.stages, before, report, signal, async (after, lineage) => {
      if (this.current !== before) throw new Error('the collections changed meanwhile; regroup again');
      this.lineage = lineage;
      await this.rememberEntry(lineage);
      this.show(after, started);
    });
  }

  /** Logged here; the Problems panel and the one summary notification of a load are features/collections/diagnostics.ts's. */
  private reportProblems(problems: LoadProblem[]): void {
    for (const p of problems) this.log.warn(formatProblem(p));
  }

  private watchCollections(uris: vscode.Uri[]): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
    const reload = () => void this.reload();
    const watch = (pattern: vscode.RelativePattern) => {
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      this.watchers.push(
        watcher,
        watcher.onDidChange(reload),
        watcher.onDidCreate(reload),
        watcher.onDidDelete(reload),
      );
    };
    for (const uri of uris) {
      if (uri.scheme !== 'file' || uri.toString().startsWith(this.context.extensionUri.toString())) continue;
      watch(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), uri.path.split('/').pop()!));
    }
    // a collection folder given as a glob: a new dump saved into it joins the library
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder) for (const glob of configuredGlobs()) watch(new vscode.RelativePattern(folder, glob));
  }
}
