import * as vscode from 'vscode';
import {
  anchorAnnotation,
  anchorQuote,
  Annotation,
  AnnotationColor,
  annotationsOf,
  createAnnotation,
  reanchoredTarget,
  withAnnotationAdded,
  withAnnotationEdited,
  withAnnotationRemoved,
} from '../../core/annotations';
import { Paper } from '../../core/papers';
import { WebviewDidReportSelection } from '../../webview/protocol';
import { syncAnnotationsIntoNotes } from './notesSync';
import { Services } from '../services';

export { annotationViews } from './views';

/** The command the lead wires: `papers.highlightSelection`, when `activeWebviewPanelId == 'papers.paperView'`. */
export const HIGHLIGHT_SELECTION_COMMAND = 'papers.highlightSelection';

/** What the annotation functions need of the services. */
export type AnnotationDeps = Pick<Services, 'model' | 'userData' | 'notes' | 'log'>;

/** A paper view that can be asked for the passage selected in it (the paper panel is one). */
export interface SelectionSource {
  readonly current: Paper | undefined;
  /** The page's selection; undefined when the page did not answer (hidden, still loading). */
  requestSelection(): Promise<WebviewDidReportSelection | undefined>;
}

export function isSelectionSource(value: unknown): value is SelectionSource {
  return !!value && typeof (value as SelectionSource).requestSelection === 'function';
}

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

function paperOf(deps: AnnotationDeps, paperId: string): Paper {
  const paper = deps.model.paper(paperId);
  if (!paper) throw new Error(`Papers: paper ${paperId} is not in the loaded collections.`);
  return paper;
}

/** Brings the notes file's highlights section up to date; a failure is reported, never thrown (the highlight is saved). */
async function syncNotes(deps: AnnotationDeps, paperId: string): Promise<void> {
  try {
    await syncAnnotationsIntoNotes(deps, paperId);
  } catch (e) {
    deps.log.error(`Could not update the highlights in the notes of ${paperId}: ${errorMessage(e)}`);
    void vscode.window.showWarningMessage(
      `Papers: the highlight is saved, but the notes file could not be updated: ${errorMessage(e)}`,
    );
  }
}

/**
 * The range to highlight: the page's offsets when its text is the abstract's there, else the page's quote
 * found near them (the abstract changed since the page was drawn).
 */
function checkedRange(
  paper: Paper,
  range: { start: number; end: number; quote?: string },
): { start: number; end: number } {
  const { abstract } = paper;
  if (range.quote === undefined || abstract.slice(range.start, range.end) === range.quote) return range;
  const anchor = anchorQuote({ exact: range.quote, prefix: '', suffix: '' }, range, abstract);
  if (anchor.status === 'detached')
    throw new Error('Papers: the abstract changed while you were selecting; select the words again.');
  return anchor;
}

/**
 * Highlights `range` of the paper's abstract, with an optional note: added to what is on disk now (so a
 * highlight another window added meanwhile is kept), then the notes file's section is updated.
 */
export async function addHighlight(
  deps: AnnotationDeps,
  paperId: string,
  range: { start: number; end: number; quote?: string },
  color: AnnotationColor,
  note?: string,
  annotationId?: string,
): Promise<Annotation> {
  const paper = paperOf(deps, paperId);
  const { start, end } = checkedRange(paper, range);
  const annotation = createAnnotation(paper.abstract, start, end, color, note, { id: annotationId });
  await deps.userData.update(paperId, (onDisk) => withAnnotationAdded(onDisk, annotation));
  deps.log.info(`Highlighted "${annotation.target.selector[0].exact.slice(0, 60)}" in ${paperId} (${annotation.id}).`);
  await syncNotes(deps, paperId);
  return annotation;
}

/**
 * Changes a highlight's color and/or note (an empty note removes it). A highlight that moved or changed in
 * the abstract gets selectors for where it is now; one another window deleted stays deleted.
 */
export async function editHighlight(
  deps: AnnotationDeps,
  paperId: string,
  annotationId: string,
  change: { color?: AnnotationColor; note?: string },
): Promise<void> {
  const paper = paperOf(deps, paperId);
  await deps.userData.update(paperId, (onDisk) => {
    const current = annotationsOf(onDisk).find((a) => a.id === annotationId);
    if (!current) return onDisk;
    const anchor = anchorAnnotation(current, paper.abstract);
    const target =
      anchor.status === 'moved' || anchor.status === 'fuzzy' ? reanchoredTarget(paper.abstract, anchor) : undefined;
    return withAnnotationEdited(onDisk, annotationId, { ...change, ...(target ? { target } : {}) });
  });
  await syncNotes(deps, paperId);
}

/** Deletes a highlight (and its note); returns it as it was on disk, for an undo. */
export async function deleteHighlight(
  deps: AnnotationDeps,
  paperId: string,
  annotationId: string,
): Promise<Annotation | undefined> {
  let removed: Annotation | undefined;
  await deps.userData.update(paperId, (onDisk) => {
    removed = annotationsOf(onDisk).find((a) => a.id === annotationId);
    return withAnnotationRemoved(onDisk, annotationId);
  });
  await syncNotes(deps, paperId);
  return removed;
}

/** Puts back a deleted highlight as it was (same id, note and selectors). */
export async function restoreHighlight(deps: AnnotationDeps, paperId: string, annotation: Annotation): Promise<void> {
  await deps.userData.update(paperId, (onDisk) => withAnnotationAdded(onDisk, annotation));
  await syncNotes(deps, paperId);
}

/**
 * "Papers: Highlight Selection": asks the paper view for the words selected in its abstract and highlights
 * them in the page's current color. Returns the new highlight; undefined (with a message) when there is
 * no paper view or no selection.
 */
export async function highlightSelection(
  services: Pick<Services, 'model' | 'userData' | 'notes' | 'log' | 'panel'>,
): Promise<Annotation | undefined> {
  const source = services.panel;
  if (!isSelectionSource(source) || !source.current) {
    void vscode.window.showInformationMessage(
      'Papers: open a paper, select words of its abstract, then run Highlight Selection.',
    );
    return undefined;
  }
  const reply = await source.requestSelection();
  if (!reply) {
    void vscode.window.showInformationMessage(
      'Papers: the paper view did not answer; show it, select words of the abstract, then try again.',
    );
    return undefined;
  }
  if (!reply.range) {
    void vscode.window.showInformationMessage(
      'Papers: select words of the abstract in the paper view first (mouse, or Shift+arrow keys in the abstract).',
    );
    return undefined;
  }
  try {
    return await addHighlight(services, reply.paperId, reply.range, reply.color, undefined, reply.annotationId);
  } catch (e) {
    services.log.error(`Highlight Selection: ${errorMessage(e)}`);
    void vscode.window.showErrorMessage(errorMessage(e));
    return undefined;
  }
}

const activated = new WeakMap<object, vscode.Disposable>();

/**
 * Keeps every paper's notes section in step with its highlights when they change on disk (another window,
 * a git pull) as well as here. Safe to call twice with the same services: the second call returns the
 * first one's disposable.
 */
export function syncHighlightsIntoNotes(services: AnnotationDeps): vscode.Disposable {
  const known = activated.get(services.userData);
  if (known) return known;
  // Papers that had highlights: when their last one goes, the section is emptied.
  const had = new Set(
    services.userData.idsWithData().filter((id) => annotationsOf(services.userData.data(id)).length > 0),
  );
  const listener = services.userData.onDidChange((ids) => {
    for (const id of ids) {
      const has = annotationsOf(services.userData.data(id)).length > 0;
      if (!has && !had.has(id)) continue;
      if (has) had.add(id);
      else had.delete(id);
      void syncNotes(services, id);
    }
  });
  const disposable = new vscode.Disposable(() => {
    listener.dispose();
    activated.delete(services.userData);
  });
  activated.set(services.userData, disposable);
  return disposable;
}
