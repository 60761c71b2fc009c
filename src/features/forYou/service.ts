import * as vscode from 'vscode';
import {
  collectSignals,
  ForYouReason,
  forYouFeed,
  forYouScorer,
  forYouVectors,
  PaperSignal,
  PaperVectors,
  rankedBatch,
  reasonText,
} from '../../core/forYou';
import { Analysis } from '../../core/analysis';
import { ForYouService, Services } from '../services';

/** What the ranking reads: the analysis's vectors, the reader's marks, notes and links, what is new. */
export type ForYouDeps = Pick<Services, 'model' | 'userData' | 'notes' | 'links' | 'arrivals' | 'log'>;

/** Papers in the For You group unless `papers.forYou.count` says otherwise. */
export const DEFAULT_COUNT = 20;
/** How many papers `sort:foryou` orders (the rest of a search's results follow in their own order). */
const SEARCH_ORDER_LENGTH = 500;

/** The `papers.forYou.count` setting, kept to a sane whole number. */
export function forYouCount(): number {
  const n = vscode.workspace.getConfiguration('papers').get<number>('forYou.count', DEFAULT_COUNT);
  return Number.isFinite(n) && n >= 1 ? Math.min(200, Math.floor(n)) : DEFAULT_COUNT;
}

/**
 * The For You ranking of the loaded library, made again by `recompute` (the feature calls it, debounced, when a
 * signal or the analysis changes). Between two rankings it answers from the last one.
 */
export class ForYouRanker implements ForYouService, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  feed: readonly string[] = [];
  order: readonly string[] = [];
  hasSignals = false;
  ranked = false;
  private reasons = new Map<string, readonly ForYouReason[]>();
  private batchOrders = new Map<number, readonly string[]>();

  constructor(private readonly deps: ForYouDeps) {}

  batchOrder(batchId: number): readonly string[] | undefined {
    return this.batchOrders.get(batchId);
  }

  dispose(): void {
    this.emitter.dispose();
  }

  reasonsOf(id: string): readonly ForYouReason[] | undefined {
    return this.reasons.get(id);
  }

  reasonTextOf(id: string): string | undefined {
    const because = this.reasons.get(id);
    if (!because) return undefined;
    return reasonText(because, (other) => this.deps.model.paper(other)?.title ?? other);
  }

  /** The reader's signals as stored now: marks and highlights, notes with own text, code links. */
  signals(): PaperSignal[] {
    const { userData, notes, links, model } = this.deps;
    const papers = model.analysis?.papers ?? [];
    return collectSignals({
      userData: userData.idsWithData().map((id) => [id, userData.data(id)] as const),
      notes: papers.flatMap((p) => {
        const text = notes.hasNotes(p.id) ? notes.notesText(p.id) : undefined;
        return text === undefined ? [] : [[p.id, text] as const];
      }),
      links: links.allLinks(),
    });
  }

  /** The ranking's vectors of the analysis shown, made once per analysis (its term rows are remembered). */
  private vectorsOf(analysis: Analysis): PaperVectors {
    if (this.vectors?.analysis !== analysis) this.vectors = { analysis, vectors: forYouVectors(analysis) };
    return this.vectors.vectors;
  }

  private vectors: { analysis: Analysis; vectors: PaperVectors } | undefined;

  /** True for a paper the reader read and marked nothing else on. */
  private onlyRead(id: string): boolean {
    const { read, starred, notInterested, tags } = this.deps.userData.data(id);
    return read === true && !starred && !notInterested && !tags?.length;
  }

  /** Ranks again from the signals and the analysis as they are now; fires onDidChange. */
  recompute(): void {
    const analysis = this.deps.model.analysis;
    if (!analysis) return;
    const vectors = this.vectorsOf(analysis);
    const scorer = forYouScorer(vectors, this.signals());
    const batches = this.deps.arrivals.batches();
    const feed = forYouFeed(scorer, vectors.ids, batches, forYouCount());
    const order = scorer.rank(SEARCH_ORDER_LENGTH);
    const reasons = new Map<string, readonly ForYouReason[]>();
    // each of New's batches best first, its papers' reasons in their hover
    const batchOrders = new Map<number, readonly string[]>();
    for (const batch of batches) {
      const { order: inOrder, ranked } = rankedBatch(scorer, batch.ids);
      batchOrders.set(batch.id, inOrder);
      for (const p of ranked) reasons.set(p.id, p.because);
    }
    for (const p of [...order, ...feed.papers]) reasons.set(p.id, p.because);
    // opening a listed paper marks it read, which takes it out of the ranking: its view still says why it was listed
    for (const [id, because] of this.reasons) if (!reasons.has(id) && this.onlyRead(id)) reasons.set(id, because);
    this.feed = feed.papers.map((p) => p.id);
    this.order = order.map((p) => p.id);
    this.hasSignals = scorer.counts.positives > 0;
    this.reasons = reasons;
    this.batchOrders = batchOrders;
    this.ranked = true;
    this.emitter.fire();
  }
}
