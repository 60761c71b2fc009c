import * as vscode from 'vscode';
import { Analysis, GrowthRegroupNotice } from '../../core/analysis';
import { applyCorrections } from '../../core/analysis';
import { SnapshotError, SnapshotOutline } from '../../core/snapshot';
import { outlineThemes } from '../../core/themes';
import { resolveCorrections } from '../../core/themes';
import { Lineage } from './growth';
import { configuredCollectionUris, watchCollections } from './collectionUris';
import { CollectionLoader } from './loader';
import { LoadProgress } from './progress';
import { paperKey, resolvePaperKey } from '../../core/papers';
import { Paper, Theme } from '../../core/papers';
import { formatProblem, LoadProblem } from '../../core/common';
import { PapersModel, Regrouping, ThemeCorrectionsService } from '../services';

/** Sets up the search (index, postings, fuzzy dictionary) this long after a load, when the views have drawn. */
const PREPARE_SEARCH_AFTER_MS = 1500;
/** Between two steps of that, time for the extension host's other work. */
const PREPARE_STEP_GAP_MS = 50;

/**
 * The collections (setting `papers.collections`, else the bundled seeds) as the loader (loader.ts) gives them:
 * asks it for a load and keeps the analysis it answers. Reloads when the setting or a collection file changes.
 */
export class PapersModelImpl implements PapersModel, vscode.Disposable {
  private current: Analysis | undefined;
  /** Paper keys of the current analysis, made on first use (making them all would slow a large library's restore). */
  private keys = new Map<string, string>();
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly groupedAfresh = new vscode.EventEmitter<GrowthRegroupNotice>();
  readonly onDidGroupAfresh = this.groupedAfresh.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter, this.groupedAfresh];
  private watchers: vscode.Disposable[] = [];
  private loading: Promise<void> | undefined;
  private again = false;
  /** The files of the last load, watched (also the unreadable ones: a file created later reloads). */
  private lastUris: vscode.Uri[] = [];
  private prepareTimer: ReturnType<typeof setTimeout> | undefined;
  private stoppedByUser = false;
  /** The themes of a cached analysis being decoded (see PapersModel.outline). */
  private outlined: SnapshotOutline['themes'] | undefined;
  /** The analysis shown, with what a later load needs to grow it (growth.ts); none for the bundled seeds. */
  private lineage: Lineage | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly corrections: ThemeCorrectionsService,
    private readonly loader: CollectionLoader,
  ) {
    this.disposables.push(
      corrections.onDidChange(() => {
        if (!this.current) return;
        applyCorrections(this.current, resolveCorrections(corrections.corrections, this.current.computedThemes));
        this.emitter.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('papers.collections')) void this.reload();
      }),
      loader,
      this.onDidChange(() => this.current && this.partial.end()),
    );
  }

  /** Search over the chunks indexed so far while the first analysis runs (see features/search/partial.ts). */
  get partial() {
    return this.loader.partial;
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
  private showOutline(outline: SnapshotOutline): void {
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
    this.lastUris = await this.collectionUris();
    const run = this.loader.load({
      uris: this.lastUris,
      shown: this.lineage,
      first: !this.current,
      signal: stop.signal,
    });
    const events = [run.onProgress((m) => progress.report(m)), run.onOutline((o) => this.showOutline(o))];
    try {
      const loaded = await vscode.window.withProgress({ location: { viewId: 'papers.tree' } }, () => run.result);
      this.lineage = loaded.lineage;
      this.show(loaded.analysis, started);
      if (loaded.groupedAfresh) this.groupedAfresh.fire(loaded.groupedAfresh);
    } catch (err) {
      this.loadFailed(err as Error);
    } finally {
      for (const e of events) e.dispose();
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
    await this.loader.forget(key);
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

  async regroup(report: (message: string) => void, signal: AbortSignal): Promise<Regrouping | undefined> {
    const before = this.current;
    if (!before) return undefined;
    const started = Date.now();
    const run = this.loader.regroup({ uris: await this.collectionUris(), before, signal });
    const events = run.onProgress(report);
    const fresh = await run.result.finally(() => events.dispose());
    return {
      diff: fresh.diff,
      before: fresh.before,
      after: fresh.after,
      discard: () => fresh.discard(),
      apply: async () => {
        if (this.current !== before) throw new Error('the collections changed meanwhile; regroup again');
        this.lineage = await fresh.apply();
        this.show(this.lineage.analysis, started);
      },
    };
  }

  /** Logged here; the Problems panel and the one summary notification of a load are features/collections/diagnostics.ts's. */
  private reportProblems(problems: LoadProblem[]): void {
    for (const p of problems) this.log.warn(formatProblem(p));
  }

  private watchCollections(uris: vscode.Uri[]): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = watchCollections(uris, this.context.extensionUri, () => void this.reload());
  }
}
