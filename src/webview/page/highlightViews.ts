// How highlights are drawn in the paper view: the toolbar, the abstract with its <mark>s and, under each
// paragraph, the numbered notes of the highlights starting in it, each with its editor when open; the
// detached highlights after the abstract. What a control does is the controller's (annotations.ts).
import { mathSegments } from '../../core/common/mathSegments';
import type { AnnotationColor, AnnotationView, PaperViewModel } from '../protocol';
import { itemDomId, paragraphsOf, renderParagraph } from './abstractText';
import { button, colorPicker, el } from './controls';
import { withMath } from './math';

/** A note being edited, with what was typed in it. */
export interface Draft {
  id: string;
  note: string;
  color: AnnotationColor;
}

/** What the controls of the highlights do (annotations.ts). */
export interface HighlightActions {
  highlightSelection(): void;
  setColor(color: AnnotationColor): void;
  showInAbstract(a: AnnotationView): void;
  openEditor(a: AnnotationView): void;
  closeEditor(id: string): void;
  /** Keeps what is typed (or picked) in the open editor of highlight `id`. */
  editDraft(id: string, change: Partial<Pick<Draft, 'note' | 'color'>>): void;
  save(a: AnnotationView): void;
  remove(a: AnnotationView): void;
  abstractKeyDown(e: KeyboardEvent): void;
  /** The abstract got the focus. */
  abstractFocused(): void;
}

const QUOTE_PREVIEW = 140;

/** The toolbar: the Highlight button, the color for new highlights, a hint and a status line. */
export function toolbar(color: AnnotationColor, actions: HighlightActions): HTMLElement {
  const bar = el('div', 'annotate-bar');
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Highlighting');
  const highlight = button(
    'action highlight',
    'Highlight',
    'Highlight the selected words of the abstract (H)',
    'hl-highlight',
    () => actions.highlightSelection(),
  );
  highlight.setAttribute('aria-keyshortcuts', 'H');
  bar.append(
    highlight,
    colorPicker('hl-new', color, 'Color of new highlights', (c) => actions.setColor(c)),
  );
  const hint = el(
    'p',
    'annotate-hint',
    'Select words, then press H. Keyboard: focus the abstract, arrows move by word, Shift+arrows select.',
  );
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
function item(a: AnnotationView, draft: Draft | undefined, actions: HighlightActions): HTMLLIElement {
  const li = el('li', `hl-item hl-${a.color}${a.status === 'detached' ? ' detached' : ''}`);
  li.id = itemDomId(a.id);
  li.dataset.id = a.id;
  const number =
    a.status === 'detached'
      ? el('span', 'hl-number', String(a.number))
      : button('hl-number', String(a.number), `Show highlight ${a.number} in the abstract`, `hl-show:${a.id}`, () =>
          actions.showInAbstract(a),
        );
  const body = el('div', 'hl-body');
  const quote = el('blockquote', 'hl-quote');
  quote.append(...withMath(shorten(a.quote)));
  quote.title = a.quote;
  body.append(quote);
  if (a.status === 'fuzzy') body.append(el('p', 'hl-status', 'The abstract changed here since this was highlighted.'));
  if (a.status === 'detached')
    body.append(el('p', 'hl-status', 'Detached: this passage is no longer in the abstract.'));
  if (draft?.id === a.id) body.append(editor(a, draft, actions));
  else {
    if (a.note) {
      const note = el('p', 'hl-note');
      note.append(...withMath(a.note));
      body.append(note);
    }
    const buttons = el('div', 'hl-actions');
    buttons.append(
      button(
        'link',
        a.note ? 'Edit' : 'Add note',
        `${a.note ? 'Edit the note' : 'Add a note'} or change the color of highlight ${a.number}`,
        `hl-edit:${a.id}`,
        () => actions.openEditor(a),
      ),
      button(
        'link danger',
        'Delete',
        `Delete highlight ${a.number}${a.note ? ' and its note' : ''}`,
        `hl-delete:${a.id}`,
        () => actions.remove(a),
      ),
    );
    body.append(buttons);
  }
  li.append(number, body);
  li.addEventListener('mouseenter', () => link(a.id, true));
  li.addEventListener('mouseleave', () => link(a.id, false));
  li.addEventListener('focusin', () => link(a.id, true));
  li.addEventListener('focusout', () => link(a.id, false));
  return li;
}

/** The note editor of a highlight: the note, its color, Save and Cancel. Enter saves, Shift+Enter breaks the line. */
function editor(a: AnnotationView, d: Draft, actions: HighlightActions): HTMLElement {
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
  area.addEventListener('input', () => actions.editDraft(a.id, { note: area.value }));
  area.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      actions.save(a);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      actions.closeEditor(a.id);
    }
  });
  const keys = el('p', 'note-keys', 'Enter saves · Shift+Enter new line · Esc closes');
  keys.id = `${noteId}-keys`;
  const row = el('div', 'note-row');
  row.append(
    colorPicker(`hl-color:${a.id}`, d.color, `Color of highlight ${a.number}`, (c) =>
      actions.editDraft(a.id, { color: c }),
    ),
    button('action primary', 'Save', `Save the note of highlight ${a.number}`, `hl-save:${a.id}`, () =>
      actions.save(a),
    ),
    button('action', 'Cancel', 'Close without saving', `hl-cancel:${a.id}`, () => actions.closeEditor(a.id)),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    actions.save(a);
  });
  form.append(label, area, keys, row);
  return form;
}

/** The abstract section: paragraphs with marks, each followed by the notes of the highlights starting in it. */
export function abstractSection(p: PaperViewModel, draft: Draft | undefined, actions: HighlightActions): HTMLElement {
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
  const math = mathSegments(p.abstract);
  const placed = new Set<string>();
  paras.forEach((para, i) => {
    const block = el('div', 'para');
    block.append(renderParagraph(p.abstract, para, p.annotations, math));
    // A highlight's note goes under the paragraph it starts in (one between paragraphs: the next one).
    const own = p.annotations.filter(
      (a) => a.status !== 'detached' && !placed.has(a.id) && (a.start < para.end || i === paras.length - 1),
    );
    if (own.length) {
      const list = el('ol', 'hl-list');
      list.setAttribute('aria-label', `Highlights in paragraph ${i + 1}`);
      for (const a of own) {
        placed.add(a.id);
        list.append(item(a, draft, actions));
      }
      block.append(list);
    }
    text.append(block);
  });
  text.addEventListener('keydown', actions.abstractKeyDown);
  text.addEventListener('focus', () => actions.abstractFocused());
  text.addEventListener('click', (e) => {
    const mark = (e.target as Element).closest<HTMLElement>('mark.hl');
    if (!mark || !document.getSelection()?.isCollapsed) return;
    const id = mark.dataset.ids?.split(' ').pop();
    const target = id
      ? document.querySelector<HTMLElement>(
          `[data-focus-key="hl-edit:${CSS.escape(id)}"], [data-focus-key="hl-note:${CSS.escape(id)}"]`,
        )
      : null;
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
  });
  text.addEventListener('mouseover', (e) => hoverMark(e, true));
  text.addEventListener('mouseout', (e) => hoverMark(e, false));
  section.append(text);
  return section;
}

/** The highlights whose passage is no longer in the abstract, after it; undefined when there are none. */
export function detachedSection(
  p: PaperViewModel,
  draft: Draft | undefined,
  actions: HighlightActions,
): HTMLElement | undefined {
  const detached = p.annotations.filter((a) => a.status === 'detached');
  if (!detached.length) return undefined;
  const section = el('section', 'detached-highlights');
  const h2 = el('h2', undefined, 'Detached highlights');
  h2.id = 'detached-title';
  section.setAttribute('aria-labelledby', 'detached-title');
  const why = el(
    'p',
    'annotate-hint',
    'The abstract changed and these passages were not found in it. Their notes are kept; delete them when they no longer matter.',
  );
  const list = el('ol', 'hl-list');
  for (const a of detached) list.append(item(a, draft, actions));
  section.append(h2, why, list);
  return section;
}

// ---- Linking marks and notes ----------------------------------------------------------------------

/** Shows a highlight's marks and its note as belonging together (hover, focus). */
export function link(id: string, on: boolean): void {
  document.querySelectorAll<HTMLElement>('mark.hl').forEach((m) => {
    if (m.dataset.ids?.split(' ').includes(id)) m.classList.toggle('linked', on);
  });
  document.getElementById(itemDomId(id))?.classList.toggle('linked', on);
}

function hoverMark(e: MouseEvent, on: boolean): void {
  const mark = (e.target as Element).closest<HTMLElement>('mark.hl');
  for (const id of mark?.dataset.ids?.split(' ') ?? []) link(id, on);
}
