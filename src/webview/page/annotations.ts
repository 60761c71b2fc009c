// Highlights and notes in the paper view: the abstract with its <mark>s, a toolbar (Highlight, colors),
// numbered notes under each paragraph with Edit/Delete, detached highlights after the abstract, and
// keyboard selection of words in the abstract. The host stores everything; this page only draws what it is
// sent and asks for changes (see ../protocol.ts). This module keeps the page's state and does what the
// controls ask; highlightViews.ts draws them.
// the types' own module, not the domain's index: see protocol.ts
import { newAnnotationId } from '../../core/annotations/types';
import type { AnnotationColor, AnnotationView, PageToHostMessage, PaperViewModel } from '../protocol';
import { AbstractSelection, abstractSelection, selectOffsets } from './abstractText';
import { button } from './controls';
import { abstractSection, detachedSection, Draft, HighlightActions, link, toolbar } from './highlightViews';
import { KeyboardSelection } from './keyboardSelection';

export interface AnnotationsHost {
  post(message: PageToHostMessage): void;
  /** Saves the color for new highlights in the page state (kept over reloads). */
  saveColor(color: AnnotationColor): void;
}

let host: AnnotationsHost;
let paper: PaperViewModel | undefined;
let color: AnnotationColor = 'yellow';
/** The open note editor, with what was typed in it. */
let draft: Draft | undefined;
/** A highlight just asked for: its editor opens when the host sends it back. */
let pendingEditId: string | undefined;
let lastDeletedId: string | undefined;
/** The last selection made in the abstract, for a highlight asked while the page had lost it (palette). */
let lastSelection: AbstractSelection | undefined;
/** The last key pressed was Tab (focus is moving by keyboard). */
let tabbing = false;

const textRoot = () => document.getElementById('abstract-text');
const keyboard = new KeyboardSelection({
  root: textRoot,
  onHighlight: () => highlightSelection(),
  onClear: () => {
    lastSelection = undefined;
  },
});
const statusLine = () => document.getElementById('annotate-status');

function say(message: string, undo?: string): void {
  const status = statusLine();
  if (!status) return;
  status.replaceChildren(document.createTextNode(message));
  if (undo && paper) {
    const paperId = paper.id;
    status.append(
      ' ',
      button('link undo', 'Undo', 'Undo: put the deleted highlight back', 'hl-undo', () => {
        host.post({ type: 'webviewDidRestoreAnnotation', paperId, annotationId: undo });
        lastDeletedId = undefined;
        say('Highlight restored.');
        textRoot()?.focus();
      }),
    );
  }
}

/** What the drawn controls do (highlightViews.ts). */
const actions: HighlightActions = {
  highlightSelection: () => highlightSelection(),
  setColor: (c) => {
    color = c;
    host.saveColor(c);
  },
  showInAbstract,
  openEditor,
  closeEditor,
  editDraft: (id, change) => {
    if (draft?.id !== id) return;
    if (change.note !== undefined) draft.note = change.note;
    if (change.color !== undefined) draft.color = change.color;
  },
  save,
  remove,
  abstractKeyDown: keyboard.onKeyDown,
  abstractFocused: () => {
    // Arriving with Tab shows where the keyboard selection starts; a click keeps the mouse's selection.
    if (tabbing) keyboard.selectFirstWord();
  },
};

export function initAnnotations(h: AnnotationsHost, savedColor: AnnotationColor | undefined): void {
  host = h;
  if (savedColor) color = savedColor;
  document.addEventListener('selectionchange', () => {
    const root = textRoot();
    const sel = root && paper ? abstractSelection(root, paper.abstract) : undefined;
    if (sel) lastSelection = sel;
  });
  document.addEventListener(
    'keydown',
    (e) => {
      tabbing = e.key === 'Tab';
    },
    true,
  );
  document.addEventListener(
    'mousedown',
    (e) => {
      tabbing = false;
      // A click anywhere but on a button starts a new selection (or none): the remembered one is gone.
      if (!(e.target as Element | null)?.closest('button')) lastSelection = undefined;
    },
    true,
  );
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.key.toLowerCase() !== 'h') return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('textarea, input, [contenteditable="true"]')) return;
    e.preventDefault();
    highlightSelection();
  });
}

/** The toolbar, the abstract and the detached highlights of a paper, for the page to place. */
export function renderAnnotated(p: PaperViewModel): HTMLElement[] {
  const root = textRoot();
  keptSelection = paper?.id === p.id && root ? abstractSelection(root, p.abstract) : undefined;
  if (paper?.id !== p.id) {
    saveOpenDraft(); // a note being typed on the previous paper is kept
    draft = undefined;
    pendingEditId = undefined;
    lastSelection = undefined;
    lastDeletedId = undefined;
  }
  paper = p;
  keyboard.setAbstract(p.abstract);
  openPendingEditor(p.annotations);
  // a paper known only by its title has no words to highlight: no toolbar, no empty abstract
  const parts: HTMLElement[] = p.abstract ? [toolbar(color, actions), abstractSection(p, draft, actions)] : [];
  const detached = detachedSection(p, draft, actions);
  if (detached) parts.push(detached);
  return parts;
}

let keptSelection: AbstractSelection | undefined;

/** After the page placed what renderAnnotated made: the selection of the abstract is put back (same paper). */
export function afterRender(): void {
  const root = textRoot();
  if (keptSelection && root) selectOffsets(root, keptSelection.start, keptSelection.end, keptSelection.backward);
  keptSelection = undefined;
}

/**
 * New highlights from the host: redraws the abstract and the lists, keeping focus, the text selection, an
 * open editor and what was typed in it.
 */
export function updateAnnotations(annotations: AnnotationView[], focusAfter?: string): void {
  if (!paper) return;
  paper = { ...paper, annotations };
  if (draft && !annotations.some((a) => a.id === draft!.id)) draft = undefined; // deleted elsewhere
  const opened = openPendingEditor(annotations);
  const oldText = textRoot()?.closest('section');
  if (!oldText) return;
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active?.dataset.focusKey;
  const caret = active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : undefined;
  const selection = abstractSelection(textRoot()!, paper.abstract);
  const nextIndex = focusKey?.startsWith('hl-delete:') ? indexOfItem(focusKey.slice(10)) : -1;

  const section = abstractSection(paper, draft, actions);
  oldText.replaceWith(section);
  const oldDetached = document.querySelector('section.detached-highlights');
  const detached = detachedSection(paper, draft, actions);
  if (oldDetached && detached) oldDetached.replaceWith(detached);
  else if (oldDetached) oldDetached.remove();
  else if (detached) section.after(detached);

  if (selection && !opened) selectOffsets(textRoot()!, selection.start, selection.end, selection.backward);
  if (focusAfter) {
    (document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusAfter)}"]`) ?? textRoot())?.focus({
      preventScroll: true,
    });
    return;
  }
  if (opened) {
    const area = document.querySelector<HTMLTextAreaElement>(`[data-focus-key="hl-note:${CSS.escape(opened)}"]`);
    area?.focus();
    area?.scrollIntoView({ block: 'nearest' });
    return;
  }
  if (!focusKey || (active && document.contains(active))) return;
  let target = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`);
  // The focused item went away (deleted): the next one, or the abstract.
  if (!target && nextIndex >= 0)
    target = document.querySelectorAll<HTMLElement>('.hl-item [data-focus-key^="hl-edit:"]')[nextIndex] ?? null;
  if (!target && focusKey.startsWith('hl-')) target = textRoot();
  target?.focus({ preventScroll: true });
  if (target instanceof HTMLTextAreaElement && caret) target.setSelectionRange(caret[0], caret[1]);
}

function indexOfItem(id: string): number {
  return Array.from(document.querySelectorAll<HTMLElement>('.hl-item')).findIndex((li) => li.dataset.id === id);
}

/** Opens the editor of the highlight just created here once the host has it; returns its id. */
function openPendingEditor(annotations: AnnotationView[]): string | undefined {
  const created = pendingEditId && annotations.find((a) => a.id === pendingEditId);
  if (!created) return undefined;
  pendingEditId = undefined;
  saveOpenDraft();
  draft = { id: created.id, note: created.note ?? '', color: created.color };
  return created.id;
}

// ---- Actions ----------------------------------------------------------------------------------------

function showInAbstract(a: AnnotationView): void {
  const root = textRoot();
  if (!root) return;
  root.focus({ preventScroll: true });
  selectOffsets(root, a.start, a.end);
  link(a.id, true);
  setTimeout(() => link(a.id, false), 1200);
  say(`Highlight ${a.number} is selected in the abstract.`);
}

function currentSelection(): AbstractSelection | undefined {
  const root = textRoot();
  if (!root || !paper) return undefined;
  return abstractSelection(root, paper.abstract) ?? lastSelection;
}

/** Asks the host to highlight the selected words in the current color; their note editor opens next. */
export function highlightSelection(): void {
  const sel = currentSelection();
  if (!paper || !sel) {
    say('Select words of the abstract first: drag over them, or focus the abstract and use Shift+arrow keys.');
    return;
  }
  const annotationId = newAnnotationId();
  pendingEditId = annotationId;
  host.post({
    type: 'webviewDidCreateAnnotation',
    paperId: paper.id,
    annotationId,
    range: { start: sel.start, end: sel.end, quote: paper.abstract.slice(sel.start, sel.end) },
    color,
  });
  document.getSelection()?.removeAllRanges();
  lastSelection = undefined;
  keyboard.forget();
  say('Highlighted. Type a note and press Enter, or press Escape.');
}

/** Answers the host's "Highlight Selection" command: the selection and the color; the host creates it. */
export function reportSelection(requestId: number): void {
  if (!paper) return;
  const sel = currentSelection();
  const annotationId = newAnnotationId();
  if (sel) {
    pendingEditId = annotationId;
    document.getSelection()?.removeAllRanges();
    lastSelection = undefined;
  }
  host.post({
    type: 'webviewDidReportSelection',
    requestId,
    paperId: paper.id,
    annotationId,
    color,
    ...(sel ? { range: { start: sel.start, end: sel.end, quote: paper.abstract.slice(sel.start, sel.end) } } : {}),
  });
}

/** A note being typed in another editor is saved before that editor closes: nothing typed is lost. */
function saveOpenDraft(): void {
  const open = draft && paper?.annotations.find((a) => a.id === draft!.id);
  if (!open || !draft || !paper) return;
  if (draft.note.trim() !== (open.note ?? '') || draft.color !== open.color) {
    host.post({
      type: 'webviewDidEditAnnotation',
      paperId: paper.id,
      annotationId: open.id,
      note: draft.note,
      color: draft.color,
    });
  }
}

function openEditor(a: AnnotationView): void {
  if (draft?.id !== a.id) saveOpenDraft();
  draft = { id: a.id, note: a.note ?? '', color: a.color };
  redrawKeepingScroll(`hl-note:${a.id}`);
}

function closeEditor(id: string): void {
  if (draft?.id === id) draft = undefined;
  redrawKeepingScroll(`hl-edit:${id}`);
}

function save(a: AnnotationView): void {
  if (!paper || draft?.id !== a.id) return;
  const { note, color: c } = draft;
  draft = undefined;
  if (note.trim() !== (a.note ?? '') || c !== a.color) {
    host.post({ type: 'webviewDidEditAnnotation', paperId: paper.id, annotationId: a.id, note, color: c });
    say(`Saved highlight ${a.number}.`);
  }
  closeEditor(a.id);
}

function remove(a: AnnotationView): void {
  if (!paper) return;
  if (draft?.id === a.id) draft = undefined;
  host.post({ type: 'webviewDidDeleteAnnotation', paperId: paper.id, annotationId: a.id });
  lastDeletedId = a.id;
  say(`Deleted highlight ${a.number}${a.note ? ' and its note' : ''}.`, lastDeletedId);
}

function redrawKeepingScroll(focusAfter: string): void {
  if (!paper) return;
  const y = window.scrollY;
  updateAnnotations(paper.annotations, focusAfter);
  window.scrollTo(0, y);
  document.activeElement?.scrollIntoView({ block: 'nearest' });
}
