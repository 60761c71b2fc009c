// Highlights and notes in the paper view: the abstract with its <mark>s, a toolbar (Highlight, colors),
// numbered notes under each paragraph with Edit/Delete, detached highlights after the abstract, and
// keyboard selection of words in the abstract. The host stores everything; this page only draws what it is
// sent and asks for changes (see ../protocol.ts).
import { newAnnotationId } from '../../core/annotations';
import type { AnnotationColor, AnnotationView, PageToHostMessage, PaperViewModel } from '../protocol';
import { AbstractSelection, abstractSelection, itemDomId, paragraphsOf, renderParagraph, selectOffsets } from './abstractText';
import { button, colorPicker, el } from './controls';
import { KeyboardSelection } from './keyboardSelection';

export interface AnnotationsHost {
  post(message: PageToHostMessage): void;
  /** Saves the color for new highlights in the page state (kept over reloads). */
  saveColor(color: AnnotationColor): void;
}

interface Draft {
  id: string;
  note: string;
  color: AnnotationColor;
}

const QUOTE_PREVIEW = 140;

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

export function initAnnotations(h: AnnotationsHost, savedColor: AnnotationColor | undefined): void {
  host = h;
  if (savedColor) color = savedColor;
  document.addEventListener('selectionchange', () => {
    const root = textRoot();
    const sel = root && paper ? abstractSelection(root, paper.abstract) : undefined;
    if (sel) lastSelection = sel;
  });
  document.addEventListener('keydown', (e) => {
    tabbing = e.key === 'Tab';
  }, true);
  document.addEventListener('mousedown', (e) => {
    tabbing = false;
    // A click anywhere but on a button starts a new selection (or none): the remembered one is gone.
    if (!(e.target as Element | null)?.closest('button')) lastSelection = undefined;
  }, true);
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.key.toLowerCase() !== 'h') return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('textarea, input, [contenteditable="true"]')) return;
    e.preventDefault();
    highlightSelection();
  });
}

// ---- Rendering ------------------------------------------------------------------------------------

/** The toolbar: the Highlight button, the color for new highlights, a hint and a status line. */
function toolbar(): HTMLElement {
  const bar = el('div', 'annotate-bar');
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Highlighting');
  const highlight = button('action highlight', 'Highlight', 'Highlight the selected words of the abstract (H)', 'hl-highlight', () => highlightSelection());
  highlight.setAttribute('aria-keyshortcuts', 'H');
  bar.append(highlight, colorPicker('hl-new', color, 'Color of new highlights', (c) => {
    color = c;
    host.saveColor(c);
  }));
  const hint = el('p', 'annotate-hint', 'Select words, then press H. Keyboard: focus the abstract, arrows move by word, Shift+arrows select.');
  hint.id = 'annotate-hint';
  const status = el('p', 'annotate-status');
  status.id = 'annotate-status';
  status.setAttribute('role', 'status');
  bar.append(hint, status);
  return bar;
}

const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_PREVIEW ? `${flat.slice(0, QUOTE_PREVIEW - 1)}…` : flat;
};

/** One highlight in a notes list: its number, quote, note and buttons, or its editor. */
function item(a: AnnotationView): HTMLLIElement {
  const li = el('li', `hl-item hl-${a.color}${a.status === 'detached' ? ' detached' : ''}`);
  li.id = itemDomId(a.id);
  li.dataset.id = a.id;
  const number = a.status === 'detached'
    ? el('span', 'hl-number', String(a.number))
    : button('hl-number', String(a.number), `Show highlight ${a.number} in the abstract`, `hl-show:${a.id}`, () => showInAbstract(a));
  const body = el('div', 'hl-body');
  const quote = el('blockquote', 'hl-quote', shorten(a.quote));
  quote.title = a.quote;
  body.append(quote);
  if (a.status === 'fuzzy') body.append(el('p', 'hl-status', 'The abstract changed here since this was highlighted.'));
  if (a.status === 'detached') body.append(el('p', 'hl-status', 'Detached: this passage is no longer in the abstract.'));
  if (draft?.id === a.id) body.append(editor(a, draft));
  else {
    if (a.note) body.append(el('p', 'hl-note', a.note));
    const actions = el('div', 'hl-actions');
    actions.append(
      button('link', a.note ? 'Edit' : 'Add note', `${a.note ? 'Edit the note' : 'Add a note'} or change the color of highlight ${a.number}`, `hl-edit:${a.id}`, () => openEditor(a)),
      button('link danger', 'Delete', `Delete highlight ${a.number}${a.note ? ' and its note' : ''}`, `hl-delete:${a.id}`, () => remove(a)),
    );
    body.append(actions);
  }
  li.append(number, body);
  li.addEventListener('mouseenter', () => link(a.id, true));
  li.addEventListener('mouseleave', () => link(a.id, false));
  li.addEventListener('focusin', () => link(a.id, true));
  li.addEventListener('focusout', () => link(a.id, false));
  return li;
}

/** The note editor of a highlight: the note, its color, Save and Cancel. Enter saves, Shift+Enter breaks the line. */
function editor(a: AnnotationView, d: Draft): HTMLElement {
  const form = el('form', 'note-editor');
  form.setAttribute('aria-label', `Note of highlight ${a.number}`);
  const noteId = `hl-note-${a.id}`;
  const label = el('label', 'note-label', `Note for highlight ${a.number}`);
  label.htmlFor = noteId;
  const area = el('textarea', 'note-input');
  area.id = noteId;
  area.rows = 3;
  area.value = d.note;
  area.placeholder = 'Optional: what this passage means to you';
  area.dataset.focusKey = `hl-note:${a.id}`;
  area.setAttribute('aria-describedby', `${noteId}-keys`);
  area.addEventListener('input', () => {
    if (draft?.id === a.id) draft.note = area.value;
  });
  area.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      save(a);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      closeEditor(a.id);
    }
  });
  const keys = el('p', 'note-keys', 'Enter saves · Shift+Enter new line · Esc closes');
  keys.id = `${noteId}-keys`;
  const row = el('div', 'note-row');
  row.append(
    colorPicker(`hl-color:${a.id}`, d.color, `Color of highlight ${a.number}`, (c) => {
      if (draft?.id === a.id) draft.color = c;
    }),
    button('action primary', 'Save', `Save the note of highlight ${a.number}`, `hl-save:${a.id}`, () => save(a)),
    button('action', 'Cancel', 'Close without saving', `hl-cancel:${a.id}`, () => closeEditor(a.id)),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    save(a);
  });
  form.append(label, area, keys, row);
  return form;
}

/** The abstract section: paragraphs with marks, each followed by the notes of the highlights starting in it. */
function abstractSection(p: PaperViewModel): HTMLElement {
  const section = el('section', 'abstract');
  section.setAttribute('aria-label', 'Abstract');
  const text = el('div', 'abstract-text');
  text.id = 'abstract-text';
  text.tabIndex = 0;
  text.dataset.focusKey = 'abstract';
  text.setAttribute('role', 'group');
  text.setAttribute('aria-label', 'Abstract text');
  text.setAttribute('aria-describedby', 'annotate-hint');
  const paras = paragraphsOf(p.abstract);
  const placed = new Set<string>();
  paras.forEach((para, i) => {
    const block = el('div', 'para');
    block.append(renderParagraph(p.abstract, para, p.annotations));
    // A highlight's note goes under the paragraph it starts in (one between paragraphs: the next one).
    const own = p.annotations.filter((a) => a.status !== 'detached' && !placed.has(a.id) && (a.start < para.end || i === paras.length - 1));
    if (own.length) {
      const list = el('ol', 'hl-list');
      list.setAttribute('aria-label', `Highlights in paragraph ${i + 1}`);
      for (const a of own) {
        placed.add(a.id);
        list.append(item(a));
      }
      block.append(list);
    }
    text.append(block);
  });
  text.addEventListener('keydown', keyboard.onKeyDown);
  text.addEventListener('focus', () => {
    // Arriving with Tab shows where the keyboard selection starts; a click keeps the mouse's selection.
    if (tabbing) keyboard.selectFirstWord();
  });
  text.addEventListener('click', (e) => {
    const mark = (e.target as Element).closest<HTMLElement>('mark.hl');
    if (!mark || !document.getSelection()?.isCollapsed) return;
    const id = mark.dataset.ids?.split(' ').pop();
    const target = id ? document.querySelector<HTMLElement>(`[data-focus-key="hl-edit:${CSS.escape(id)}"], [data-focus-key="hl-note:${CSS.escape(id)}"]`) : null;
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
  });
  text.addEventListener('mouseover', (e) => hoverMark(e, true));
  text.addEventListener('mouseout', (e) => hoverMark(e, false));
  section.append(text);
  return section;
}

function detachedSection(p: PaperViewModel): HTMLElement | undefined {
  const detached = p.annotations.filter((a) => a.status === 'detached');
  if (!detached.length) return undefined;
  const section = el('section', 'detached-highlights');
  const h2 = el('h2', undefined, 'Detached highlights');
  h2.id = 'detached-title';
  section.setAttribute('aria-labelledby', 'detached-title');
  const why = el('p', 'annotate-hint', 'The abstract changed and these passages were not found in it. Their notes are kept; delete them when they no longer matter.');
  const list = el('ol', 'hl-list');
  for (const a of detached) list.append(item(a));
  section.append(h2, why, list);
  return section;
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
  const parts: HTMLElement[] = [toolbar(), abstractSection(p)];
  const detached = detachedSection(p);
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

  const section = abstractSection(paper);
  oldText.replaceWith(section);
  const oldDetached = document.querySelector('section.detached-highlights');
  const detached = detachedSection(paper);
  if (oldDetached && detached) oldDetached.replaceWith(detached);
  else if (oldDetached) oldDetached.remove();
  else if (detached) section.after(detached);

  if (selection && !opened) selectOffsets(textRoot()!, selection.start, selection.end, selection.backward);
  if (focusAfter) {
    (document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusAfter)}"]`) ?? textRoot())?.focus({ preventScroll: true });
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
  if (!target && nextIndex >= 0) target = document.querySelectorAll<HTMLElement>('.hl-item [data-focus-key^="hl-edit:"]')[nextIndex] ?? null;
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

// ---- Linking marks and notes ----------------------------------------------------------------------

function link(id: string, on: boolean): void {
  document.querySelectorAll<HTMLElement>('mark.hl').forEach((m) => {
    if (m.dataset.ids?.split(' ').includes(id)) m.classList.toggle('linked', on);
  });
  document.getElementById(itemDomId(id))?.classList.toggle('linked', on);
}

function hoverMark(e: MouseEvent, on: boolean): void {
  const mark = (e.target as Element).closest<HTMLElement>('mark.hl');
  for (const id of mark?.dataset.ids?.split(' ') ?? []) link(id, on);
}

function showInAbstract(a: AnnotationView): void {
  const root = textRoot();
  if (!root) return;
  root.focus({ preventScroll: true });
  selectOffsets(root, a.start, a.end);
  link(a.id, true);
  setTimeout(() => link(a.id, false), 1200);
  say(`Highlight ${a.number} is selected in the abstract.`);
}

// ---- Actions ----------------------------------------------------------------------------------------

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
    host.post({ type: 'webviewDidEditAnnotation', paperId: paper.id, annotationId: open.id, note: draft.note, color: draft.color });
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
