// The morning pass in the page: one key per decision, the list's place above the paper, the keys' legend, and what
// the view says at an edge of its list. Keys are plain letters, so they are never taken while the reader types (a
// note, a tag, the find box) nor with a modifier (VS Code's own keys all have one).
import type { ListPlaceView, PageToHostMessage, PaperAction } from '../protocol';
import { el } from './controls';

/** The pass's keys, in the order the legend lists them; `h` (highlight) belongs to the annotations. */
export const TRIAGE_KEYS: readonly { key: string; action: PaperAction; text: string }[] = [
  { key: 'j', action: 'nextPaper', text: 'next' },
  { key: 'k', action: 'previousPaper', text: 'previous' },
  { key: 'e', action: 'seenAndNext', text: 'seen, next' },
  { key: 's', action: 'toggleStar', text: 'star' },
  { key: 'x', action: 'toggleNotInterested', text: 'not interested' },
  { key: 'n', action: 'openNotes', text: 'notes' },
  { key: 'l', action: 'linkSelection', text: 'link to code' },
  { key: 'o', action: 'openPage', text: 'open page' },
];

const KEY_OF = new Map(TRIAGE_KEYS.map((k) => [k.action, k.key]));

/** The key of an action, for its button's tooltip and `aria-keyshortcuts`; undefined when it has none. */
export function keyOf(action: PaperAction): string | undefined {
  return KEY_OF.get(action);
}

/** Where the keys are not the pass's: anything the reader types into. */
function typingInto(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('textarea, input, select, [contenteditable="true"]');
}

/** Listens for the pass's keys on the page; `current` is the paper shown (none while loading). */
export function initTriageKeys(post: (m: PageToHostMessage) => void, current: () => string | undefined): void {
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.isComposing) return;
    if (typingInto(e.target)) return;
    const entry = TRIAGE_KEYS.find((k) => k.key === e.key);
    const id = current();
    if (!entry || !id) return;
    e.preventDefault();
    post({ type: 'webviewDidRequest', action: entry.action, id });
  });
}

const STEP_LABELS = {
  previousPaper: ['‹ Previous', 'Previous paper of the list'],
  nextPaper: ['Next ›', 'Next paper of the list'],
  seenAndNext: ['Seen, next ›', 'Mark this paper seen (read, out of New) and go to the next'],
} as const;

function stepButton(
  action: keyof typeof STEP_LABELS,
  enabled: boolean,
  post: (m: PageToHostMessage) => void,
  id: string,
): HTMLButtonElement {
  const [text, label] = STEP_LABELS[action];
  const b = el('button', 'step', text);
  b.type = 'button';
  // not `data-action`: the row of actions under the title is relabelled by that attribute
  b.dataset.step = action;
  b.dataset.focusKey = `step:${action}`;
  b.disabled = !enabled;
  const key = keyOf(action)!;
  b.title = `${label} (${key.toUpperCase()})`;
  b.setAttribute('aria-keyshortcuts', key);
  b.addEventListener('click', () => post({ type: 'webviewDidRequest', action, id }));
  return b;
}

/**
 * The bar above the paper: previous and next, the paper's place in its list ("12 of 480 · New › Today"), and the
 * line where the view says it reached an edge of the list; nothing for a paper opened from no list.
 */
export function renderListBar(place: ListPlaceView | undefined, id: string, post: (m: PageToHostMessage) => void) {
  const nav = el('nav', 'list-bar');
  nav.setAttribute('aria-label', 'The list this paper was opened from');
  if (!place) return nav;
  const where = el('span', 'list-place');
  where.id = 'list-place';
  if (place.position) where.append(el('span', 'list-position', place.position), el('span', 'sep', ' · '));
  where.append(el('span', 'list-label', place.label));
  const edge = el('p', 'list-edge');
  edge.id = 'list-edge';
  edge.setAttribute('role', 'status');
  nav.append(
    stepButton('previousPaper', place.hasPrevious, post, id),
    where,
    stepButton('nextPaper', place.hasNext, post, id),
    stepButton('seenAndNext', true, post, id),
    edge,
  );
  return nav;
}

/** Says in the bar that the list has no paper further that way (the text comes from the host). */
export function showListEdge(text: string): void {
  const edge = document.getElementById('list-edge');
  if (edge) edge.textContent = text;
}

/** The keys of the pass under the actions: `j next · k previous · …`, each key in a `<kbd>`. */
export function renderKeyLegend(): HTMLElement {
  const legend = el('p', 'key-legend');
  legend.id = 'key-legend';
  legend.setAttribute('aria-label', 'Keys');
  const entries = [...TRIAGE_KEYS, { key: 'h', text: 'highlight' }];
  entries.forEach(({ key, text }, i) => {
    if (i > 0) legend.append(el('span', 'sep', ' · '));
    // a key and its word stay on one line
    const entry = el('span', 'key-entry');
    entry.append(el('kbd', undefined, key), ` ${text}`);
    legend.append(entry);
  });
  return legend;
}
