/**
 * The collection loader (loader.ts) on either platform (platform.ts): the analysis of the collections restored from
 * the cache or the bundled seeds' snapshot; else grown from the last analysis of this library (growth.ts); else
 * made off the host and cached.
 */
import * as vscode from 'vscode';
import { Analysis, growsAfresh, growthRegroupNotice } from '../../core/analysis';
import { resolveCorrections } from '../../core/themes';
import { AnalysisSnapshot, fromSnapshotInSteps } from '../../core/snapshot';
import { LoadProblem } from '../../core/common';
import { Theme } from '../../core/papers';
import { ThemeCorrectionsService } from '../services';
import { PartialSearchService } from '../search/partial';
import { AnalysisCache } from './cache';
import { digestsOfRead, FileDigest } from './digest';
import { growLineage, growthCorpus, Lineage } from './growth';
import { runOnHost } from './hostSteps';
import { bundledSeedsSnapshot } from './bundledSeeds';
import { CollectionLoader, FreshGrouping, LoadRequest, Loaded, LoadRun, startRun } from './loader';
import { AnalysisPlatform, CollectionFile } from './platform';
import { readCollectionFiles, relativeProblems } from './readCollection';
import { freshGrouping } from './regroup';
import { LastEntry } from './lastEntry';

type Emit = Parameters<Parameters<typeof startRun>[0]>[0];
type Entry = Omit<Lineage, 'analysis' | 'problems'>;

export class Loader implements CollectionLoader {
  readonly partial = new PartialSearchService();
  private readonly cache: AnalysisCache;
  private readonly last: LastEntry;
  private readonly extensionUri: vscode.Uri;
  /** Cache entries of grown analyses being written off the host, one after the other. */
  private persisting: Promise<void> = Promise.resolve();

  constructor(
    context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly corrections: ThemeCorrectionsService,
    private readonly platform: AnalysisPlatform,
  ) {
    const version = String(context.extension.packageJSON.version ?? '0');
    this.cache = new AnalysisCache(context.globalStorageUri, version, log, platform.cacheFiles);
    this.last = new LastEntry(context.workspaceState);
    this.extensionUri = context.extensionUri;
  }

  dispose(): void {
    this.partial.dispose();
  }

  load(request: LoadRequest & { first: boolean }): LoadRun<Loaded> {
    return startRun(async (emit) => {
      const loaded = await this.loadAnalysis(request, emit);
      // a grown analysis's entry is remembered once it is written (persistGrowth)
      if (loaded.lineage && !loaded.grown) void this.last.remember(loaded.lineage);
      return loaded;
    });
  }

  regroup(request: { uris: readonly vscode.Uri[]; before: Analysis; signal: AbortSignal }) {
    return startRun<FreshGrouping>(async (emit) => {
      const fresh = await freshGrouping(
        { cache: this.cache, platform: this.platform, partial: this.partial, corrections: this.corrections },
        request,
        emit.progress,
      );
      return {
        ...fresh,
        apply: () => fresh.apply().then(async (lineage) => (await this.last.remember(lineage), lineage)),
      };
    });
  }

  forget(key: string): Promise<void> {
    return this.cache.drop(key);
  }

  private async loadAnalysis({ uris, shown, first, signal }: LoadRequest & { first: boolean }, emit: Emit) {
    emit.progress(`reading ${uris.length} collection${uris.length === 1 ? '' : 's'}`);
    const seeds = uris.length > 0 && uris.every((u) => u.toString().startsWith(this.extensionUri.toString()));
    // unchanged collections on disk: restored from the cache by their digests, without reading them into memory
    const digests = seeds ? undefined : await this.cache.digestsOf(uris);
    if (digests) {
      const key = await this.cache.keyOf(digests);
      const snapshot = await this.cache.load(key, (outline) => this.restoring(outline, emit));
      if (snapshot) return this.restored(snapshot, { files: digests, key });
      const grown = await this.growFromLast(shown, uris, digests, emit);
      if (grown) return grown;
    }
    const unreadable: LoadProblem[] = [];
    const files = await readCollectionFiles(uris, unreadable);
    const key = await this.cache.key(files);
    const cached =
      (seeds && files.length > 0 ? await bundledSeedsSnapshot(this.extensionUri, files) : undefined) ??
      (await this.cache.load(key));
    const entry = seeds ? undefined : { files: await digestsOfRead(files), key };
    if (cached) return this.restored(cached, entry, unreadable);
    const snapshot = await this.analyzeAndCache(files, key, emit, { signal, first });
    return this.shown(snapshot, entry, unreadable);
  }

  private restoring(outline: Parameters<Emit['outline']>[0], emit: Emit): Promise<void> {
    emit.progress(`restoring the analysis of ${outline.papers} papers`);
    emit.outline(outline);
    return Promise.resolve();
  }

  private restored(snapshot: AnalysisSnapshot, entry: Entry | undefined, unreadable: LoadProblem[] = []) {
    this.log.info(`restored the analysis of ${snapshot.papers.length} papers from the cache`);
    return this.shown(snapshot, entry, unreadable);
  }

  /** The snapshot as a live analysis with the user's corrections, its problems named for the user. */
  private async shown(
    snapshot: AnalysisSnapshot,
    entry: Entry | undefined,
    unreadable: LoadProblem[],
  ): Promise<Loaded> {
    const corrections = resolveCorrections(this.corrections.corrections, snapshot.computedThemes);
    const analysis = await runOnHost(fromSnapshotInSteps(snapshot, corrections));
    const problems = [...unreadable, ...snapshot.problems];
    analysis.problems = relativeProblems(problems);
    return { analysis, lineage: entry && { ...entry, analysis, problems } };
  }

  /**
   * The last analysis of this library grown to the collections as they are now: the one shown, else the last one
   * cached for this workspace (after a window reload); undefined when there is none or it should not grow
   * (growth.ts). Its cache entry is written off the host afterwards.
   */
  private async growFromLast(
    shown: Lineage | undefined,
    uris: readonly vscode.Uri[],
    digests: FileDigest[],
    emit: Emit,
  ): Promise<Loaded | undefined> {
    const key = await this.cache.keyOf(digests);
    const base = shown ?? (await this.lastCached(emit));
    // the same files as the base: its entry is missing or damaged, and nothing new is there to grow by
    if (!base || base.key === key) return undefined;
    const started = Date.now();
    emit.progress('adding the new papers');
    const corrections = (computed: readonly Theme[]) => resolveCorrections(this.corrections.corrections, computed);
    // a growth that fails is a bug, never the user's loss: the library is analyzed afresh instead
    const failed = (err: Error) => {
      this.log.error(
        `could not add the new papers to the last analysis (${err.stack ?? err.message}); analyzing afresh`,
      );
      return undefined;
    };
    const planned = await growthCorpus(base, uris, digests).catch(failed);
    if (!planned) return undefined;
    // the grouping shown before, to tell the user what grouping afresh changed (growth leaves these arrays as they are)
    const before = { themes: base.analysis.themes, computedThemes: base.analysis.computedThemes };
    const groupedAfresh = (analysis: Analysis) => growthRegroupNotice(before, analysis, this.corrections.corrections);
    if (growsAfresh(base.analysis, planned.corpus)) {
      const offHost = await this.growOffHost(base, { key, files: digests }, uris, emit).catch((err: Error) => {
        this.log.warn(`could not group the grown library in the analysis process (${err.message}); grouping it here`);
        return undefined;
      });
      if (offHost) {
        this.log.info(
          `grew the analysis in ${Date.now() - started} ms in the analysis process: a large batch in a small ` +
            `library, its themes grouped afresh`,
        );
        return { ...offHost, groupedAfresh: groupedAfresh(offHost.analysis) };
      }
    }
    let grown;
    try {
      grown = growLineage(base, planned, corrections);
    } catch (err) {
      return failed(err as Error);
    }
    const { analysis } = grown;
    analysis.problems = relativeProblems(grown.problems);
    this.log.info(
      `grew the analysis in ${Date.now() - started} ms: ${grown.added} papers added, ${grown.removed} removed, ` +
        `${grown.read} files read` +
        (grown.regrouped ? ', themes grouped afresh (a large batch in a small library)' : '') +
        (grown.newThemes.length ? `, new themes: ${grown.newThemes.join('; ')}` : ''),
    );
    this.persistGrowth(base.key, { key, files: digests }, uris);
    return {
      analysis,
      grown,
      lineage: { analysis, files: digests, problems: grown.problems, key },
      ...(grown.regrouped ? { groupedAfresh: groupedAfresh(analysis) } : {}),
    };
  }

  /**
   * The growth of `base` made by the analysis process from its cache entry, written as the entry of these files and
   * read back as any analysis made there: one that groups the library afresh costs seconds at a few thousand
   * papers, too long for the host. Undefined when the platform cannot (the web) or an entry is missing.
   */
  private async growOffHost(base: Lineage, entry: Entry, uris: readonly vscode.Uri[], emit: Emit) {
    const persist = this.platform.persistGrowth?.bind(this.platform);
    const baseFile = this.cache.fileFor(base.key);
    const file = this.cache.fileFor(entry.key);
    if (!persist || !baseFile || !file) return undefined;
    emit.progress('grouping the themes afresh');
    await this.persisting; // the base's own entry may still be on its way
    await this.cache.written(entry.key, await persist(baseFile, file, uris));
    const snapshot = await this.cache.load(entry.key);
    return snapshot && this.shown(snapshot, entry, []);
  }

  /** The analysis this workspace showed last, from its cache entry, to grow from. */
  private async lastCached(emit: Emit): Promise<Lineage | undefined> {
    const last = this.last.get();
    if (!last) return undefined;
    const snapshot = await this.cache.load(last.key, (outline) => this.restoring(outline, emit));
    if (!snapshot?.model) return undefined;
    return (await this.shown(snapshot, last, [])).lineage;
  }

  /**
   * Has the platform grow the cached analysis of `baseKey` as the host just did and write it as the entry of these
   * files, one growth after the other (the next one may grow from this one's entry); remembered as the last entry
   * once written. The host neither encodes nor writes a library.
   */
  private persistGrowth(
    baseKey: string,
    entry: { key: string; files: readonly FileDigest[] },
    uris: readonly vscode.Uri[],
  ) {
    const base = this.cache.fileFor(baseKey);
    const file = this.cache.fileFor(entry.key);
    const persist = this.platform.persistGrowth?.bind(this.platform);
    if (!base || !file || !persist) return;
    this.persisting = this.persisting.then(async () => {
      try {
        await this.cache.written(entry.key, await persist(base, file, uris));
        await this.last.remember(entry);
      } catch (err) {
        this.log.warn(`could not cache the grown analysis (${(err as Error).message}); the next load grows it again`);
      }
    });
  }

  /** Analyzes the files; the platform writes the cache entry when it can (else it is written here) and it is read back. */
  private async analyzeAndCache(
    files: CollectionFile[],
    key: string,
    emit: Emit,
    { signal, first }: { signal: AbortSignal; first: boolean },
  ): Promise<AnalysisSnapshot> {
    emit.progress(`analyzing ${files.length} collection${files.length === 1 ? '' : 's'}`);
    const entry = this.cache.fileFor(key);
    const report = emit.progress;
    const analyzed = await this.platform.analyze(files, {
      report,
      saveTo: entry,
      signal,
      first,
      partial: this.partial,
    });
    if ('snapshot' in analyzed) {
      if ('whyNotWritten' in analyzed)
        this.log.warn(`the analysis process could not write the cache (${analyzed.whyNotWritten}); writing it here`);
      void this.cache.save(key, analyzed.snapshot);
      return analyzed.snapshot;
    }
    // the analysis process wrote the cache entry: read it back as a second activation would, after
    // dropping the partial search's chunks (at 100k papers ~300 MB; the host would hold both at once)
    this.partial.release();
    await this.cache.written(key, analyzed.written);
    const snapshot = await this.cache.load(key);
    if (!snapshot)
      throw new Error(`the analysis was written to ${entry} but could not be read back (see the Papers log)`);
    return snapshot;
  }
}
