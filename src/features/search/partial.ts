import * as vscode from 'vscode';
import { PartialSearch, SearchChunk } from '../../core/search';

/**
 * What search can use while the first analysis of the collections runs: the chunks of the corpus the
 * analysis worker has indexed so far (core/search/partial.ts). The model feeds it; the search pick reads
 * it when there is no analysis yet. Each chunk is restored as it arrives: a few milliseconds of this
 * thread, never the whole corpus at once.
 */
export class PartialSearchService implements vscode.Disposable {
  private partial: PartialSearch | undefined;
  private running = false;
  private finishingNow = false;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when a chunk arrived, an analysis began or ended. */
  readonly onDidChange = this.emitter.event;

  /** True from the start of an analysis that posts chunks until it ends (done, failed or cancelled). */
  get active(): boolean {
    return this.running;
  }

  /** The chunks received so far; undefined before the first one. */
  get search(): PartialSearch | undefined {
    return this.partial;
  }

  begin(): void {
    this.partial = undefined;
    this.finishingNow = false;
    this.running = true;
    this.emitter.fire();
  }

  add(chunk: SearchChunk, total: number): void {
    if (!this.running) return;
    if (!this.partial || this.partial.total !== total) this.partial = new PartialSearch(total);
    this.partial.add(chunk);
    this.emitter.fire();
  }

  /**
   * Drops the chunks while the analysis is read back (at 100k papers they hold ~300 MB the host would otherwise
   * hold twice): still active, so an open search says the analysis is finishing and a chosen paper still opens.
   */
  release(): void {
    if (!this.running) return;
    this.partial = undefined;
    this.finishingNow = true;
    this.emitter.fire();
  }

  /** True between release() and end(). */
  get finishing(): boolean {
    return this.finishingNow;
  }

  /** Drops the chunks: the analysis is there (or failed); its search replaces them. */
  end(): void {
    if (!this.running && !this.partial) return;
    this.running = false;
    this.finishingNow = false;
    this.partial = undefined;
    this.emitter.fire();
  }

  dispose(): void {
    this.partial = undefined;
    this.emitter.dispose();
  }
}
