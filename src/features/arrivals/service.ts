import * as vscode from 'vscode';
import { Analysis } from '../../core/analysis';
import { ArrivalBatch, Arrivals, ArrivalsChange, readArrivals, serializeArrivals } from '../../core/papers';
import { ArrivalsService, PapersModel } from '../services';
import { ArrivalsStorage } from './storage';

export interface ArrivalsDeps {
  model: PapersModel;
  log: vscode.LogOutputChannel;
  storage: ArrivalsStorage;
  /** The extension's folder: a load of its bundled seeds is no load of the user's library. */
  extensionUri: vscode.Uri;
  /** The time a load is stamped with (tests give their own). */
  now?: () => number;
}

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The papers new since the user last looked: every analysis the model shows is recorded (core/papers/arrivals.ts),
 * and the state is written after each change, one write at a time, the last one carrying every change before it.
 * The bundled seeds are never recorded: the first load of the user's own collections is the first load.
 */
export class ArrivalsStore implements ArrivalsService, vscode.Disposable {
  private arrivals = new Arrivals();
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  /** Resolves once what was kept is read (changes wait for it). */
  readonly ready: Promise<void>;
  private dirty = false;
  private writing: Promise<void> | undefined;

  constructor(private readonly deps: ArrivalsDeps) {
    this.ready = this.load();
    this.disposables.push(deps.model.onDidChange(() => void this.ready.then(() => this.recordSafely())));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  isNew(id: string): boolean {
    return this.arrivals.isNew(id) && this.inLibrary(id);
  }

  newIds(): string[] {
    return this.batches().flatMap((b) => b.ids);
  }

  batches(): ArrivalBatch[] {
    return this.arrivals
      .batches()
      .map((b) => ({ ...b, ids: b.ids.filter((id) => this.inLibrary(id)) }))
      .filter((b) => b.ids.length > 0);
  }

  markSeen(ids: readonly string[]): Promise<void> {
    return this.change(() => this.arrivals.markSeen(ids));
  }

  markBatchSeen(batchId: number): Promise<void> {
    return this.change(() => this.arrivals.markBatchSeen(batchId));
  }

  markAllSeen(): Promise<void> {
    return this.change(() => this.arrivals.markAllSeen());
  }

  /** Resolves when every change so far is written. */
  async saved(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** While the bundled seeds are shown, papers new in the user's library stay new but are not listed. */
  private inLibrary(id: string): boolean {
    return this.deps.model.analysis?.byId.has(id) ?? false;
  }

  private async load(): Promise<void> {
    const { storage, log } = this.deps;
    let text: string | undefined;
    try {
      text = await storage.read();
    } catch (err) {
      log.warn(`Papers: cannot read the new papers from ${storage.where} (${errorMessage(err)}); starting again`);
    }
    if (text !== undefined) {
      const { arrivals, problem } = readArrivals(text);
      if (problem)
        log.warn(`Papers: the new papers kept in ${storage.where} are unreadable (${problem}); starting again`);
      this.arrivals = arrivals;
    }
    this.recordSafely();
    if (this.arrivals.newCount > 0) this.emitter.fire();
  }

  /** A failure to record is logged: the views go on without the papers of this load marked new. */
  private recordSafely(): void {
    try {
      this.recordAnalysis();
    } catch (err) {
      this.deps.log.error(`Papers: could not record which papers are new: ${errorMessage(err)}`);
    }
  }

  /** Records the analysis shown now, unless it is of the bundled seeds. */
  private recordAnalysis(): void {
    const analysis = this.deps.model.analysis;
    if (!analysis || this.isBundledSeeds(analysis)) return;
    const started = this.arrivals.hasStarted;
    const at = (this.deps.now ?? Date.now)();
    const change = this.arrivals.recordLoad(
      analysis.papers.map((p) => p.id),
      at,
      (id) => analysis.byId.has(id),
    );
    if (!started) this.deps.log.info(`Papers: ${this.arrivals.knownCount} papers known; the next ones are new`);
    if (change.arrived > 0) this.deps.log.info(`Papers: ${change.arrived} new papers`);
    if (!started || change.arrived > 0 || change.left > 0) this.changed(change);
  }

  private isBundledSeeds(analysis: Analysis): boolean {
    const extension = this.deps.extensionUri.toString();
    return analysis.collections.length > 0 && analysis.collections.every((c) => c.path.startsWith(extension));
  }

  private async change(edit: () => ArrivalsChange): Promise<void> {
    await this.ready;
    const change = edit();
    if (change.arrived > 0 || change.left > 0) this.changed(change);
    await this.saved();
  }

  /** Writes the state (see writeWhileDirty) and tells the views when papers became or stopped being new. */
  private changed(change: ArrivalsChange): void {
    this.dirty = true;
    this.writing ??= this.writeWhileDirty();
    if (change.arrived > 0 || change.left > 0) this.emitter.fire();
  }

  /** Writes until no change is left unwritten: changes made during a write are written by the next one. */
  private async writeWhileDirty(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      try {
        await this.deps.storage.write(serializeArrivals(this.arrivals));
      } catch (err) {
        this.deps.log.warn(`Papers: cannot keep the new papers in ${this.deps.storage.where}: ${errorMessage(err)}`);
      }
    }
    this.writing = undefined;
  }
}
