import * as vscode from 'vscode';
import { Analysis, GrowthRegroupNotice } from '../core/analysis';
import { ArrivalBatch, Paper, Theme } from '../core/papers';
import { PaperUserData } from '../core/papers';
import type { ForYouReason } from '../core/forYou';
import { RegroupDiff, StoredCorrections } from '../core/themes';
import type { LinksService } from './links/types';
import type { PartialSearchService } from './search/partial';
import type { RestrictedModeApi } from './storage/restrictedMode';
import type { ReadingList, ReadingPlace } from './paperPanel/readingList';
import type { PapersTreeService } from './tree/types';
import type { ViewPrefs } from './tree/viewPrefs';

/** The loaded corpus and its analysis; features listen to onDidChange and read `analysis`. */
export interface PapersModel {
  readonly analysis: Analysis | undefined;
  readonly onDidChange: vscode.Event<void>;
  /**
   * Fires after a load that grew the library by grouping it afresh (a large batch in a small library,
   * core/analysis/growthRegroup.ts) has shown it: what changed. Never for a restore nor a growth that placed.
   */
  readonly onDidGroupAfresh: vscode.Event<GrowthRegroupNotice>;
  /** While the first analysis runs: search over what is indexed so far. */
  readonly partial: PartialSearchService;
  /**
   * While a cached analysis is decoded (noticeable for a large library), before any analysis is shown: its themes as
   * labels and sizes, for the tree to show at once; undefined otherwise.
   */
  readonly outline: readonly { id: string; label: string; size: number; parent?: string }[] | undefined;
  /** True after the user cancelled the analysis before any analysis was shown (until the next load starts). */
  readonly stopped: boolean;
  paper(id: string): Paper | undefined;
  theme(id: string): Theme | undefined;
  /** The paper's stable readable key (see core/papers/paperKey.ts). */
  keyOf(paper: Paper): string;
  /** Finds a paper by key or id (prefix). */
  resolve(keyOrId: string): Paper | undefined;
  /** Reloads collections and re-runs the analysis (with progress). */
  reload(): Promise<void>;
  /**
   * Groups the whole library afresh (off the extension host) without showing it: what it would change, to apply or
   * discard. Undefined when there is no analysis yet.
   */
  regroup(report: (message: string) => void, signal: AbortSignal): Promise<Regrouping | undefined>;
}

/** A fresh grouping of the library waiting for the user's word (Papers: Regroup Themes…). */
export interface Regrouping {
  /** The themes shown now against the fresh ones, the user's corrections applied to both. */
  diff: RegroupDiff;
  /** The themes compared by `diff`: those shown now and the fresh ones (which papers each change moves). */
  before: readonly Theme[];
  after: readonly Theme[];
  /** Makes the fresh grouping the one shown and cached. */
  apply(): Promise<void>;
  /** Forgets it. */
  discard(): Promise<void>;
}

/** What the user marked on a paper. Persisted in the workspace (see userStore.ts). */
export interface PaperMarks {
  read: boolean;
  starred: boolean;
}

export interface UserDataService {
  /** Fires with the ids of papers whose user data changed (here, in another window, or on disk). */
  readonly onDidChange: vscode.Event<string[]>;
  marks(id: string): PaperMarks;
  /** Everything stored for a paper (read, starred, tags, annotations...). */
  data(id: string): Readonly<PaperUserData>;
  /** Ids of the papers that have any user data. */
  idsWithData(): string[];
  /**
   * Changes a paper's data: `edit` gets what is on disk NOW (re-read just before the write, so another
   * window's changes are kept) and returns the new data. Writes are atomic and serialized.
   */
  update(id: string, edit: (onDisk: PaperUserData) => PaperUserData): Promise<void>;
  setRead(id: string, read: boolean): Promise<void>;
  setStarred(id: string, starred: boolean): Promise<void>;
  readCount(ids: Iterable<string>): number;
}

export interface NotesService {
  readonly onDidChange: vscode.Event<void>;
  /** The notes file of a paper (whether or not it exists yet); undefined without a workspace folder. */
  uriFor(paper: Paper): vscode.Uri | undefined;
  hasNotes(id: string): boolean;
  /** The text of the notes, for search; undefined when none. */
  notesText(id: string): string | undefined;
  /** Creates the notes from the template when missing, then opens them in the given column. */
  open(paper: Paper, column?: vscode.ViewColumn): Promise<vscode.TextEditor | undefined>;
}

/** How a paper is shown in the paper view. */
export interface ShowPaperOptions {
  /** true creates notes and opens them beside; undefined opens notes that exist; false opens none. */
  withNotes?: boolean;
  /** The list the paper was opened from (next and previous step through it); none keeps the view's list. */
  list?: ReadingList;
  /** The paper's position in `list` when the caller knows it (else it is looked up). */
  index?: number;
  /** false: shown only, not marked read nor seen (a step of the morning pass); true by default. */
  markRead?: boolean;
  /** Keep the focus where it is (the tree, or the view itself). */
  preserveFocus?: boolean;
}

export interface PaperPanelService {
  /** Shows the paper in the (single, reused) paper view, with its notes beside it. */
  show(paper: Paper, options?: ShowPaperOptions): Promise<void>;
  /** The paper the view shows now, if any: palette commands act on it. */
  readonly current: Paper | undefined;
  /** The list the view's paper was opened from, and its place in it; undefined without a view or a list. */
  readonly readingPlace: ReadingPlace | undefined;
  /** Says in the view that a step went past the first or last paper of its list. */
  reachedEdge(edge: 'first' | 'last'): void;
  /** Takes over a paper view that VS Code restored after a window reload. */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
}

/**
 * The papers new since the user last looked (features/arrivals): a paper is new from the load that first brought
 * it into the library until the user opens it or marks it seen. Only papers of the library now are listed.
 */
export interface ArrivalsService {
  /** Fires when papers became new or stopped being new. */
  readonly onDidChange: vscode.Event<void>;
  isNew(id: string): boolean;
  /** The new papers, newest batch first. */
  newIds(): string[];
  /** The loads that brought papers still new (`ids`: those in the library), newest first. */
  batches(): ArrivalBatch[];
  /** These resolve once the change is kept (a window reload finds it). */
  markSeen(ids: readonly string[]): Promise<void>;
  markBatchSeen(batchId: number): Promise<void>;
  markAllSeen(): Promise<void>;
}

/**
 * For You (features/forYou): the unread papers ranked by the reader's own signals (stars, tags, highlights, notes,
 * code links; read and "not interested" as negatives), recomputed in the background when a signal or the analysis
 * changes.
 */
export interface ForYouService {
  /** Fires after each new ranking. */
  readonly onDidChange: vscode.Event<void>;
  /** The For You list: the newest batch's best first, then the older ones', then the rest; [] before a ranking. */
  readonly feed: readonly string[];
  /** True once the loaded library was ranked (before, the other fields are empty). */
  readonly ranked: boolean;
  /** False while the reader has given no signal to rank by (the tree then says how to give some). */
  readonly hasSignals: boolean;
  /** Ids in ranking order, longer than the feed (for `sort:foryou` in search). */
  readonly order: readonly string[];
  /** A batch of New's papers best first (ArrivalBatch id), as For You ranks them; undefined when not ranked. */
  batchOrder(batchId: number): readonly string[] | undefined;
  /** The signal papers a ranked paper is most like; undefined when it is not ranked. */
  reasonsOf(id: string): readonly ForYouReason[] | undefined;
  /** The reason in words: 'like "X" (starred) and "Y" (linked from src/train.py)'; undefined when not ranked. */
  reasonTextOf(id: string): string | undefined;
  /** Ranks again now from the signals as they are (the feature calls it after a burst of changes). */
  recompute(): void;
}

/** The user's theme corrections (renames, moves, own themes), kept in `.papers/themes.json`. */
export interface ThemeCorrectionsService {
  readonly corrections: StoredCorrections;
  readonly onDidChange: vscode.Event<void>;
  /** Changes the corrections: `edit` gets what is on disk now. */
  update(edit: (onDisk: StoredCorrections) => StoredCorrections): Promise<void>;
  /** Forgets every correction. */
  reset(): Promise<void>;
}

/**
 * What features share, all built by extension.ts before any feature starts: a feature finds here every
 * service it uses, and none is handed to another one afterwards.
 */
export interface Services {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  model: PapersModel;
  corrections: ThemeCorrectionsService;
  userData: UserDataService;
  notes: NotesService;
  /** Code links and backlinks. */
  links: LinksService;
  panel: PaperPanelService;
  tree: PapersTreeService;
  prefs: ViewPrefs;
  restricted: RestrictedModeApi;
  arrivals: ArrivalsService;
  forYou: ForYouService;
}

/**
 * The contract of a feature (`src/features/<feature>/index.ts`): registers what it contributes and pushes
 * every disposable to `context.subscriptions`. extension.ts calls them in the order of features/index.ts.
 */
export type FeatureActivator = (context: vscode.ExtensionContext, services: Services) => void | Promise<void>;
