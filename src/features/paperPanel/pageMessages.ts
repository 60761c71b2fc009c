import * as vscode from 'vscode';
import { Annotation, annotationsOf } from '../../core/annotations';
import { isPaperId } from '../../core/common';
import { Paper, removeTags } from '../../core/papers';
import {
  assertNever,
  HostToPageMessage,
  isPageToHostMessage,
  PageToHostMessage,
  PaperAction,
  WebviewDidReportSelection,
} from '../../webview/protocol';
import { addHighlight, deleteHighlight, editHighlight, restoreHighlight } from '../annotations/annotations';
import { Services } from '../services';
import { openBacklink } from './links';

/** What the page's requests act on. */
export type PageMessageDeps = Pick<Services, 'model' | 'userData' | 'notes' | 'log' | 'links'>;

/** What the page's requests need of the panel that shows it. */
export interface PageMessageHost {
  /** The paper the view shows. */
  shown(): Paper | undefined;
  /** The page said `webviewDidLoad`: it is ready for the paper. */
  pageDidLoad(): void;
  /** Shows another paper in the view, taking the focus. */
  openPaper(paper: Paper): Promise<void>;
  /** Where files opened from the view go, so they do not cover it. */
  besideView(): vscode.ViewColumn;
  post(message: HostToPageMessage): void;
}

type AnnotationMessage = Extract<
  PageToHostMessage,
  {
    type:
      | 'webviewDidCreateAnnotation'
      | 'webviewDidEditAnnotation'
      | 'webviewDidDeleteAnnotation'
      | 'webviewDidRestoreAnnotation';
  }
>;

/** The commands behind the page's steps through the paper's list (the same as the palette's and the tree's). */
const STEP_COMMANDS = {
  nextPaper: 'papers.nextPaper',
  previousPaper: 'papers.previousPaper',
  seenAndNext: 'papers.markSeenAndNext',
} as const;

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** How long "Highlight Selection" waits for the page to say what is selected. */
const SELECTION_TIMEOUT_MS = 3000;

/**
 * The paper view's side of the page's messages: turns the page's requests into state, notes, highlights and
 * clipboard actions, and pairs the host's selection requests with the page's answers.
 */
export class PageMessages {
  /** Selection requests waiting for the page's answer, by request id. */
  private readonly selectionRequests = new Map<number, (reply: WebviewDidReportSelection | undefined) => void>();
  private nextRequestId = 1;
  /** The last highlight deleted in this view, for its Undo. */
  private lastDeleted: { paperId: string; annotation: Annotation } | undefined;

  constructor(
    private readonly deps: PageMessageDeps,
    private readonly host: PageMessageHost,
  ) {}

  /** Asks the page what is selected in the abstract; undefined when it does not answer in time. */
  requestSelection(): Promise<WebviewDidReportSelection | undefined> {
    const requestId = this.nextRequestId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(undefined), SELECTION_TIMEOUT_MS);
      const finish = (reply: WebviewDidReportSelection | undefined) => {
        clearTimeout(timer);
        this.selectionRequests.delete(requestId);
        resolve(reply);
      };
      this.selectionRequests.set(requestId, finish);
      this.host.post({ type: 'didRequestSelection', requestId });
    });
  }

  /** Answers the selection requests still waiting with nothing. */
  dispose(): void {
    for (const finish of [...this.selectionRequests.values()]) finish(undefined);
  }

  onMessage(message: unknown): void {
    if (!isPageToHostMessage(message)) {
      this.deps.log.warn(`Paper view: ignored an unknown message ${JSON.stringify(message)?.slice(0, 200)}`);
      return;
    }
    const named = namedPaperId(message);
    if (named !== undefined && !isPaperId(named)) {
      // the page only ever names papers it was shown: anything else is not used, least of all as a file name
      this.deps.log.warn(`Paper view: ignored a message naming no paper id ${JSON.stringify(message)?.slice(0, 200)}`);
      return;
    }
    switch (message.type) {
      case 'webviewDidLoad':
        this.host.pageDidLoad();
        break;
      case 'webviewDidOpenRelated': {
        const related = this.deps.model.paper(message.id);
        if (related) void this.host.openPaper(related).catch((e) => this.failed('open the related paper', e));
        break;
      }
      case 'webviewDidRequest':
        void this.runAction(message.action, message.id).catch((e) => this.failed(`run ${message.action}`, e));
        break;
      case 'webviewDidCreateAnnotation':
      case 'webviewDidEditAnnotation':
      case 'webviewDidDeleteAnnotation':
      case 'webviewDidRestoreAnnotation':
        void this.annotate(message).catch((e) => this.failed('change the highlight', e));
        break;
      case 'webviewDidReportSelection':
        this.selectionRequests.get(message.requestId)?.(message);
        break;
      case 'webviewDidOpenLink':
        void vscode.commands
          .executeCommand('papers.openLink', message.linkId, { viewColumn: this.host.besideView() })
          .then(undefined, (e) => this.failed('open the link', e));
        break;
      case 'webviewDidOpenBacklink':
        void openBacklink(this.deps.links, message.paperId, message.uri, message.line, this.host.besideView()).catch(
          (e) => this.failed('open the note', e),
        );
        break;
      case 'webviewDidRemoveTag': {
        const { id, tag } = message;
        void this.deps.userData
          .update(id, (d) => ({ ...d, tags: removeTags(d.tags, [tag]) }))
          .catch((e) => this.failed(`remove the tag ${tag}`, e));
        break;
      }
      default:
        assertNever(message);
    }
  }

  private async annotate(message: AnnotationMessage): Promise<void> {
    const { paperId, annotationId } = message;
    switch (message.type) {
      case 'webviewDidCreateAnnotation':
        await addHighlight(this.deps, paperId, message.range, message.color, message.note, annotationId);
        break;
      case 'webviewDidEditAnnotation':
        await editHighlight(this.deps, paperId, annotationId, { color: message.color, note: message.note });
        break;
      case 'webviewDidDeleteAnnotation': {
        // Kept before the write starts, so an Undo clicked while it runs finds it.
        const known = annotationsOf(this.deps.userData.data(paperId)).find((a) => a.id === annotationId);
        if (known) this.lastDeleted = { paperId, annotation: known };
        const removed = await deleteHighlight(this.deps, paperId, annotationId);
        if (removed && this.lastDeleted?.annotation.id === annotationId)
          this.lastDeleted = { paperId, annotation: removed };
        break;
      }
      case 'webviewDidRestoreAnnotation': {
        const last = this.lastDeleted;
        if (last?.paperId === paperId && last.annotation.id === annotationId) {
          this.lastDeleted = undefined;
          await restoreHighlight(this.deps, paperId, last.annotation);
        }
        break;
      }
      default:
        assertNever(message);
    }
  }

  private async runAction(action: PaperAction, id: string): Promise<void> {
    const { model, userData, notes } = this.deps;
    const shown = this.host.shown();
    const paper = model.paper(id) ?? (shown?.id === id ? shown : undefined);
    if (!paper) return;
    switch (action) {
      case 'toggleStar':
        await userData.setStarred(id, !userData.marks(id).starred);
        break;
      case 'toggleRead':
        await userData.setRead(id, !userData.marks(id).read);
        break;
      case 'openNotes':
        await notes.open(paper, this.host.besideView());
        break;
      case 'copyKey': {
        const key = model.keyOf(paper);
        await vscode.env.clipboard.writeText(key);
        vscode.window.setStatusBarMessage(`$(check) Copied paper key ${key}`, 2500);
        break;
      }
      case 'linkSelection':
        await vscode.commands.executeCommand('papers.linkSelection', id);
        break;
      case 'addTag':
        await vscode.commands.executeCommand('papers.addTag', id);
        break;
      case 'openPage':
        await vscode.commands.executeCommand('papers.openPaperPage', id);
        break;
      case 'toggleNotInterested':
        await vscode.commands.executeCommand(
          userData.data(id).notInterested === true ? 'papers.undoNotInterested' : 'papers.notInterested',
          id,
        );
        break;
      case 'nextPaper':
      case 'previousPaper':
        // from the paper shown now: keys pressed faster than the page redraws each take a step
        await vscode.commands.executeCommand(STEP_COMMANDS[action]);
        break;
      case 'seenAndNext':
        // a "seen" pressed on a paper the view has since left is not given to a paper the reader has not seen
        if (shown?.id === id) await vscode.commands.executeCommand(STEP_COMMANDS[action]);
        break;
      default:
        assertNever(action);
    }
  }

  private failed(what: string, e: unknown): void {
    this.deps.log.error(`Paper view: could not ${what}: ${errorMessage(e)}`);
    void vscode.window.showErrorMessage(`Papers: could not ${what}: ${errorMessage(e)}`);
  }
}

/** The paper id a message names, when it names one (it becomes a file name in the stores). */
function namedPaperId(message: PageToHostMessage): unknown {
  if ('paperId' in message) return message.paperId;
  if (message.type === 'webviewDidRemoveTag' || message.type === 'webviewDidRequest') return message.id;
  return undefined;
}
