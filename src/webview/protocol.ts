/**
 * The messages between the extension host and the paper view page: one union per direction. The host
 * posts nothing before the page said `webviewDidLoad`. No vscode or node imports: the page bundles this.
 * It imports the annotation types' own module rather than the domain's index: the index also holds the notes
 * block, whose YAML library would otherwise land in the page's bundle.
 */

import {
  AnchorStatus,
  AnnotationColor,
  isAnnotationColor,
  isAnnotationId,
  MAX_NOTE_LENGTH,
  MAX_QUOTE_LENGTH,
} from '../core/annotations/types';
// a type only: nothing of core/papers comes into the page's bundle
import type { PaperPage } from '../core/papers/paperPage';

export { ANNOTATION_COLORS } from '../core/annotations/types';
export type { AnchorStatus, AnnotationColor } from '../core/annotations/types';

/** One highlight as the page shows it: already anchored in the abstract by the host. */
export interface AnnotationView {
  id: string;
  /** 1-based, in reading order (detached ones last), as in the notes file. */
  number: number;
  color: AnnotationColor;
  note?: string;
  /** The text as it was highlighted. */
  quote: string;
  /** Offsets into `PaperViewModel.abstract`; meaningless when `status` is `detached`. */
  start: number;
  end: number;
  status: AnchorStatus;
}

/** A paper's title as the page shows it. */
export interface TitleView {
  /** Plain text, its LaTeX decoded to Unicode (as the tree shows it): for places that render no math. */
  title: string;
  /** The same title with its math as the file wrote it (`$…$`), which the page renders; absent when it has none. */
  titleMath?: string;
}

/** Everything the page shows of one paper: plain data, already resolved by the host. */
export interface PaperViewModel extends TitleView {
  id: string;
  key: string;
  /** Authors' names and year, when the file gave them: the line under the title. */
  authors: string[];
  year: string | null;
  /** `YYYY-MM-DD` or `YYYY-MM` when the file gave more than the year (shown instead of it). */
  date: string | null;
  /** Subject categories (`cs.CL`), primary first. */
  categories: string[];
  /** The paper's page on the web (arXiv, DOI or its URL), opened by the host on `openPage`; null when none. */
  page: PaperPage | null;
  method: string | null;
  themeLabel: string;
  collections: string[];
  keywords: string[];
  abstract: string;
  related: (TitleView & { id: string })[];
  read: boolean;
  starred: boolean;
  hasNotes: boolean;
  annotations: AnnotationView[];
  tags: string[];
  /** The paper's code links; its backlinks come later in `didUpdateLinks` (they need a workspace scan). */
  links: LinkItemView[];
  /** The reader said "not interested" (For You leaves it out). */
  notInterested: boolean;
  /** Why For You ranks this paper: the signal papers it is most like; absent when it is not ranked. */
  forYou?: ForYouReasonView[];
}

/** One signal paper a ranked paper is like, as "Why this paper" lists it. */
export interface ForYouReasonView extends TitleView {
  id: string;
  /** How the reader signalled it: "starred", "linked from src/train.py"... */
  signal: string;
}

/** A code link of the paper, as the page lists it. */
export interface LinkItemView {
  id: string;
  /** `file:line` or `file:start-end` (1-based), workspace-relative. */
  place: string;
  /** The first line of the linked text. */
  preview: string;
  note?: string;
  /** The linked text is gone from the file: the link waits to be re-linked or removed. */
  stale: boolean;
}

/** A Markdown file that mentions the paper's key. */
export interface BacklinkItemView {
  /** The file's URI, as the host gave it; the host opens only backlinks it listed. */
  uri: string;
  /** Workspace-relative path. */
  file: string;
  /** 0-based line of the mention. */
  line: number;
  /** The line of the mention, trimmed. */
  text: string;
}

// Host -> page.
export interface DidShowPaper {
  type: 'didShowPaper';
  paper: PaperViewModel;
  /** Where the paper is in the list it was opened from; absent when it was opened from no list. */
  place?: ListPlaceView;
}
/** The paper's place in its list, as the view shows it above the title ("12 of 480 · New › Today"). */
export interface ListPlaceView {
  label: string;
  /** "12 of 480"; empty when the paper shown is not in the list (a related paper opened from it). */
  position: string;
  hasPrevious: boolean;
  hasNext: boolean;
}
/** A step went past an edge of the list: the view says so (lists do not wrap). */
export interface DidReachListEdge {
  type: 'didReachListEdge';
  id: string;
  text: string;
}
export interface DidUpdateMarks {
  type: 'didUpdateMarks';
  id: string;
  read: boolean;
  starred: boolean;
  hasNotes: boolean;
}
/** The paper's highlights changed (here, in another window, or on disk). */
export interface DidUpdateAnnotations {
  type: 'didUpdateAnnotations';
  id: string;
  annotations: AnnotationView[];
}
/** The "Highlight Selection" command asks for the page's selection; answered by `webviewDidReportSelection`. */
export interface DidRequestSelection {
  type: 'didRequestSelection';
  requestId: number;
}
/** The paper's code links or the notes that mention it changed (or the backlinks finished loading). */
export interface DidUpdateLinks {
  type: 'didUpdateLinks';
  id: string;
  links: LinkItemView[];
  backlinks: BacklinkItemView[];
}
export interface DidUpdateTags {
  type: 'didUpdateTags';
  id: string;
  tags: string[];
}
/** The For You ranking changed, or the paper's "not interested" mark did. */
export interface DidUpdateForYou {
  type: 'didUpdateForYou';
  id: string;
  notInterested: boolean;
  forYou?: ForYouReasonView[];
}
export type HostToPageMessage =
  | DidShowPaper
  | DidUpdateMarks
  | DidUpdateAnnotations
  | DidRequestSelection
  | DidUpdateLinks
  | DidUpdateTags
  | DidUpdateForYou
  | DidReachListEdge;

// Page -> host.
export interface WebviewDidLoad {
  type: 'webviewDidLoad';
}
export interface WebviewDidOpenRelated {
  type: 'webviewDidOpenRelated';
  id: string;
}
/**
 * `linkSelection` links the last active text editor's selection to the paper; `addTag` asks for tags; `openPage`
 * opens the paper's page in the browser (the host works out the address; the page never names one).
 * `nextPaper`, `previousPaper` and `seenAndNext` step through the list the paper was opened from (the morning pass).
 */
export const PAPER_ACTIONS = [
  'toggleStar',
  'toggleRead',
  'openNotes',
  'copyKey',
  'linkSelection',
  'addTag',
  'toggleNotInterested',
  'openPage',
  'nextPaper',
  'previousPaper',
  'seenAndNext',
] as const;
export type PaperAction = (typeof PAPER_ACTIONS)[number];
export interface WebviewDidRequest {
  type: 'webviewDidRequest';
  action: PaperAction;
  id: string;
}
/** A range of the abstract: offsets into `PaperViewModel.abstract`, and the text the page saw there. */
export interface AbstractRange {
  start: number;
  end: number;
  quote: string;
}
/** The user highlighted a passage; the page picks the id so it can open the note editor of the new highlight. */
export interface WebviewDidCreateAnnotation {
  type: 'webviewDidCreateAnnotation';
  paperId: string;
  annotationId: string;
  range: AbstractRange;
  color: AnnotationColor;
  note?: string;
}
/** Color and/or note changed; an empty note removes it. */
export interface WebviewDidEditAnnotation {
  type: 'webviewDidEditAnnotation';
  paperId: string;
  annotationId: string;
  color?: AnnotationColor;
  note?: string;
}
export interface WebviewDidDeleteAnnotation {
  type: 'webviewDidDeleteAnnotation';
  paperId: string;
  annotationId: string;
}
/** Undo of the last delete in this view. */
export interface WebviewDidRestoreAnnotation {
  type: 'webviewDidRestoreAnnotation';
  paperId: string;
  annotationId: string;
}
/** The answer to `didRequestSelection`: no `range` when nothing of the abstract is selected. */
export interface WebviewDidReportSelection {
  type: 'webviewDidReportSelection';
  requestId: number;
  paperId: string;
  annotationId: string;
  color: AnnotationColor;
  range?: AbstractRange;
}
export interface WebviewDidOpenLink {
  type: 'webviewDidOpenLink';
  linkId: string;
}
export interface WebviewDidOpenBacklink {
  type: 'webviewDidOpenBacklink';
  paperId: string;
  uri: string;
  line: number;
}
export interface WebviewDidRemoveTag {
  type: 'webviewDidRemoveTag';
  id: string;
  tag: string;
}
export type PageToHostMessage =
  | WebviewDidOpenLink
  | WebviewDidOpenBacklink
  | WebviewDidRemoveTag
  | WebviewDidLoad
  | WebviewDidOpenRelated
  | WebviewDidRequest
  | WebviewDidCreateAnnotation
  | WebviewDidEditAnnotation
  | WebviewDidDeleteAnnotation
  | WebviewDidRestoreAnnotation
  | WebviewDidReportSelection;

/** What the page keeps with `setState`, and what the panel serializer gets back after a reload. */
export interface PaperPageState {
  paperId?: string;
  /** The color new highlights get. */
  color?: AnnotationColor;
}

/**
 * Checks a message from the page before the host acts on it: the page is a browser context, so its
 * messages are data to validate, not trusted values.
 */
const isOffset = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
const isNote = (n: unknown) => n === undefined || (typeof n === 'string' && n.length <= MAX_NOTE_LENGTH);

function isAbstractRange(value: unknown): value is AbstractRange {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  return (
    isOffset(r.start) &&
    isOffset(r.end) &&
    r.start < r.end &&
    typeof r.quote === 'string' &&
    r.quote.length <= MAX_QUOTE_LENGTH
  );
}

export function isPageToHostMessage(value: unknown): value is PageToHostMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  const names = () => typeof m.paperId === 'string' && isAnnotationId(m.annotationId);
  switch (m.type) {
    case 'webviewDidLoad':
      return true;
    case 'webviewDidOpenRelated':
      return typeof m.id === 'string';
    case 'webviewDidRequest':
      return typeof m.id === 'string' && (PAPER_ACTIONS as readonly unknown[]).includes(m.action);
    case 'webviewDidCreateAnnotation':
      return names() && isAbstractRange(m.range) && isAnnotationColor(m.color) && isNote(m.note);
    case 'webviewDidEditAnnotation':
      return names() && (m.color === undefined || isAnnotationColor(m.color)) && isNote(m.note);
    case 'webviewDidDeleteAnnotation':
    case 'webviewDidRestoreAnnotation':
      return names();
    case 'webviewDidOpenLink':
      return typeof m.linkId === 'string';
    case 'webviewDidOpenBacklink':
      return typeof m.paperId === 'string' && typeof m.uri === 'string' && isOffset(m.line);
    case 'webviewDidRemoveTag':
      return typeof m.id === 'string' && typeof m.tag === 'string' && m.tag.length > 0;
    case 'webviewDidReportSelection':
      return (
        isOffset(m.requestId) &&
        names() &&
        isAnnotationColor(m.color) &&
        (m.range === undefined || isAbstractRange(m.range))
      );
    default:
      return false;
  }
}

/** Reads the page state handed to the serializer, whatever was stored. */
export function toPaperPageState(value: unknown): PaperPageState {
  const state: PaperPageState = {};
  if (!value || typeof value !== 'object') return state;
  const v = value as Record<string, unknown>;
  if (typeof v.paperId === 'string') state.paperId = v.paperId;
  if (isAnnotationColor(v.color)) state.color = v.color;
  return state;
}

/** For the default branch of an exhaustive `switch`: fails to compile when a message type is not handled. */
export function assertNever(value: never): never {
  throw new Error(`Papers: unexpected message ${JSON.stringify(value)}`);
}
