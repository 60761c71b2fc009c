import * as vscode from 'vscode';
import { Paper } from '../../core/papers';
import { decodeLatex } from '../../core/common';
import {
  BacklinkItemView,
  HostToPageMessage,
  ListPlaceView,
  toPaperPageState,
  WebviewDidReportSelection,
} from '../../webview/protocol';
import { annotationViews, SelectionSource } from '../annotations/annotations';
import { PaperPanelService, Services, ShowPaperOptions } from '../services';
import { backlinkItems } from './links';
import { PageMessages } from './pageMessages';
import { paperPageHtml } from './pageHtml';
import { edgeText, placeView, positionOf, ReadingPlace } from './readingList';
import { forYouOf, linkItems, paperViewModel } from './viewModel';
import { PAPER_VIEW_TYPE } from './viewType';

export { paperViewModel } from './viewModel';

/** What the paper view needs of the services (it is one of them: built before the features start). */
export type PaperPanelDeps = Pick<
  Services,
  'context' | 'model' | 'userData' | 'notes' | 'log' | 'links' | 'arrivals' | 'forYou'
>;

/** The tab renders no math: its title has the TeX decoded to text (`$x^2$` → `x²`). */
const tabTitle = (paper: Paper) => decodeLatex(paper.title);

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The paper view: one webview panel, created on first use and revealed after, restored after a reload by
 * its serializer. It shows the paper the page is told about once the page said it is ready; the page's
 * requests are handled by PageMessages.
 */
export class PaperPanel implements PaperPanelService, SelectionSource, vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  /** The page said `webviewDidLoad` and has not been hidden (which destroys it) since. */
  private ready = false;
  /** The id the view shows, known before its paper when restored ahead of the model. */
  private currentId: string | undefined;
  private currentPaper: Paper | undefined;
  /** Orders overlapping `show` calls: only the latest one reveals its paper. */
  private showSeq = 0;
  private readonly mediaRoot: vscode.Uri;
  private readonly messages: PageMessages;
  /** The backlinks last sent for a paper: sent again with its changed code links, which do not wait for a new scan. */
  private lastBacklinks: { id: string; items: BacklinkItemView[] } | undefined;
  /** The list the paper was opened from and where in it the view is; the morning pass steps through it. */
  private place: ReadingPlace | undefined;

  constructor(private readonly deps: PaperPanelDeps) {
    this.mediaRoot = vscode.Uri.joinPath(deps.context.extensionUri, 'media');
    this.messages = new PageMessages(deps, {
      shown: () => this.currentPaper,
      pageDidLoad: () => {
        this.ready = true;
        this.postPaper();
      },
      openPaper: (paper) => this.showPaper(paper, {}, true),
      besideView: () => this.besideView(),
      post: (message) => this.post(message),
    });
    this.disposables.push(
      deps.userData.onDidChange((ids) => {
        if (this.currentId && ids.includes(this.currentId)) {
          this.postMarks();
          this.postAnnotations();
          this.postTags();
          this.postForYou();
        }
      }),
      deps.forYou.onDidChange(() => this.postForYou()),
      deps.notes.onDidChange(() => this.postMarks()),
      deps.model.onDidChange(() => this.refresh()),
      deps.links.onDidChange(() => this.postLinks()),
    );
  }

  get current(): Paper | undefined {
    return this.panel ? this.currentPaper : undefined;
  }

  get readingPlace(): ReadingPlace | undefined {
    return this.panel ? this.place : undefined;
  }

  show(paper: Paper, options: ShowPaperOptions = {}): Promise<void> {
    return this.showPaper(paper, options, false);
  }

  /** Says in the view that a step went past an edge of its list (lists do not wrap). */
  reachedEdge(edge: 'first' | 'last'): void {
    const id = this.currentPaper?.id;
    if (id && this.place) this.post({ type: 'didReachListEdge', id, text: edgeText(this.place.list, edge) });
  }

  /** Asks the page what is selected in the abstract (see SelectionSource). */
  requestSelection(): Promise<WebviewDidReportSelection | undefined> {
    if (!this.panel || !this.ready || !this.currentPaper) return Promise.resolve(undefined);
    return this.messages.requestSelection();
  }

  dispose(): void {
    this.messages.dispose();
    this.panel?.dispose();
    vscode.Disposable.from(...this.disposables).dispose();
  }

  /**
   * Notes (when wanted and a workspace folder can hold them) go to the first column and take the focus;
   * the view goes beside them. `withNotes` undefined opens notes that exist and creates none.
   */
  private async showPaper(paper: Paper, options: ShowPaperOptions, focusPanel: boolean): Promise<void> {
    const seq = ++this.showSeq;
    const { notes, userData, log } = this.deps;
    const { withNotes, markRead = true } = options;
    const wantNotes = (withNotes ?? notes.hasNotes(paper.id)) && notes.uriFor(paper) !== undefined;
    const notesShown = wantNotes && (await notes.open(paper, vscode.ViewColumn.One)) !== undefined;
    if (seq !== this.showSeq) return;

    this.currentId = paper.id;
    this.currentPaper = paper;
    this.moveTo(paper.id, options);
    const preserveFocus = options.preserveFocus === true || (notesShown && !focusPanel);
    if (this.panel) {
      this.panel.title = tabTitle(paper);
      this.panel.reveal(notesShown ? vscode.ViewColumn.Two : undefined, preserveFocus);
      this.postPaper();
    } else {
      const column = notesShown
        ? vscode.ViewColumn.Two
        : vscode.window.activeTextEditor
          ? vscode.ViewColumn.Beside
          : vscode.ViewColumn.Active;
      const panel = vscode.window.createWebviewPanel(
        PAPER_VIEW_TYPE,
        tabTitle(paper),
        { viewColumn: column, preserveFocus },
        {
          enableScripts: true,
          enableFindWidget: true,
          localResourceRoots: [this.mediaRoot],
        },
      );
      this.adopt(panel);
    }
    // a step of the morning pass only shows the paper: the reader's key says what it becomes
    if (!markRead) return;
    // awaited: the tree's selection follows the paper to where it is listed once it is read and out of New
    const marked: Promise<unknown>[] = [];
    if (!userData.marks(paper.id).read) {
      marked.push(
        userData
          .setRead(paper.id, true)
          .then(undefined, (e) => log.error(`Could not mark ${paper.id} as read: ${errorMessage(e)}`)),
      );
    }
    // every way of opening a paper comes here: shown is seen
    if (this.deps.arrivals.isNew(paper.id)) marked.push(this.deps.arrivals.markSeen([paper.id]));
    await Promise.all(marked);
  }

  /**
   * The view's place after showing `id`: in the list it came with; else in the list it has when the paper is one
   * of it; else (a related paper opened from the view) the list stays, and a step goes back into it.
   */
  private moveTo(id: string, options: ShowPaperOptions): void {
    if (options.list) {
      this.place = { list: options.list, index: positionOf(options.list, id, options.index ?? -1) };
      return;
    }
    if (!this.place) return;
    const at = positionOf(this.place.list, id, this.place.index);
    if (at >= 0) this.place = { ...this.place, index: at };
  }

  /** Takes over a paper view VS Code restored after a window reload (see index.ts). */
  async restore(panel: vscode.WebviewPanel, rawState: unknown): Promise<void> {
    const { paperId } = toPaperPageState(rawState);
    if (this.panel) {
      // The user opened a paper before VS Code restored this one: keep a single view.
      panel.dispose();
      return;
    }
    this.currentId = paperId;
    this.currentPaper = paperId ? this.deps.model.paper(paperId) : undefined;
    if (this.currentPaper) panel.title = tabTitle(this.currentPaper);
    this.adopt(panel);
    // Without a paper the restored view waits for the model (see refresh) or goes away when it is loaded.
    if (!paperId || (this.deps.model.analysis && !this.currentPaper)) this.closeUnknown(paperId);
  }

  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.ready = false;
    panel.webview.options = { enableScripts: true, localResourceRoots: [this.mediaRoot] };
    panel.webview.html = paperPageHtml(panel.webview, this.mediaRoot);
    this.panelDisposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => this.messages.onMessage(message)),
      // Without retainContextWhenHidden a hidden page is destroyed; it says webviewDidLoad again when shown.
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (!webviewPanel.visible) this.ready = false;
      }),
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        this.panel = undefined;
        this.ready = false;
        this.currentId = undefined;
        this.currentPaper = undefined;
        this.place = undefined;
        vscode.Disposable.from(...this.panelDisposables).dispose();
        this.panelDisposables = [];
      }),
    );
  }

  /** Where files opened from the view go, so they do not cover it: the first column, unless the view is there. */
  private besideView(): vscode.ViewColumn {
    return this.panel?.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
  }

  /** The model was reloaded: show the fresh version of the paper (its title, theme or related may change). */
  private refresh(): void {
    if (!this.panel || !this.currentId) return;
    const paper = this.deps.model.paper(this.currentId);
    if (paper) {
      this.currentPaper = paper;
      this.panel.title = tabTitle(paper);
      this.postPaper();
    } else if (!this.currentPaper && this.deps.model.analysis) {
      this.closeUnknown(this.currentId);
    }
  }

  private closeUnknown(paperId: string | undefined): void {
    this.deps.log.info(
      `Paper view: closing the restored view of ${paperId ?? 'no paper'}, which is not in the collections now.`,
    );
    this.panel?.dispose();
  }

  private post(message: HostToPageMessage): void {
    if (!this.panel || !this.ready) return;
    this.panel.webview
      .postMessage(message)
      .then(undefined, (e) => this.deps.log.warn(`Paper view: could not post ${message.type}: ${errorMessage(e)}`));
  }

  private postPaper(): void {
    if (!this.currentPaper) return;
    const place = this.placeOfShown();
    this.post({ type: 'didShowPaper', paper: paperViewModel(this.deps, this.currentPaper), ...(place && { place }) });
    this.postLinks();
  }

  private placeOfShown(): ListPlaceView | undefined {
    const id = this.currentPaper?.id;
    return id && this.place ? placeView(this.place, id, (other) => !!this.deps.model.paper(other)) : undefined;
  }

  private postTags(): void {
    const id = this.currentPaper?.id;
    if (id) this.post({ type: 'didUpdateTags', id, tags: [...(this.deps.userData.data(id).tags ?? [])] });
  }

  /**
   * The code links at once, with the backlinks last sent for this paper; then the backlinks once the workspace's
   * notes were read again (a scan the first time, a listing every few seconds): a stale link shows without
   * waiting for them.
   */
  private postLinks(): void {
    const id = this.currentPaper?.id;
    const links = this.deps.links;
    if (!id || !this.ready) return;
    if (this.lastBacklinks?.id === id)
      this.post({ type: 'didUpdateLinks', id, links: linkItems(links, id), backlinks: this.lastBacklinks.items });
    void backlinkItems(links, id).then(
      (backlinks) => {
        if (this.currentPaper?.id !== id) return;
        this.lastBacklinks = { id, items: backlinks };
        this.post({ type: 'didUpdateLinks', id, links: linkItems(links, id), backlinks });
      },
      (e) => this.deps.log.warn(`Paper view: could not list the notes that mention ${id}: ${errorMessage(e)}`),
    );
  }

  private postMarks(): void {
    const id = this.currentPaper?.id;
    if (!id) return;
    const marks = this.deps.userData.marks(id);
    this.post({
      type: 'didUpdateMarks',
      id,
      read: marks.read,
      starred: marks.starred,
      hasNotes: this.deps.notes.hasNotes(id),
    });
  }

  private postForYou(): void {
    const id = this.currentPaper?.id;
    if (!id) return;
    const notInterested = this.deps.userData.data(id).notInterested === true;
    this.post({ type: 'didUpdateForYou', id, notInterested, ...forYouOf(this.deps, id) });
  }

  private postAnnotations(): void {
    const paper = this.currentPaper;
    if (paper)
      this.post({
        type: 'didUpdateAnnotations',
        id: paper.id,
        annotations: annotationViews(paper, this.deps.userData.data(paper.id)),
      });
  }
}
