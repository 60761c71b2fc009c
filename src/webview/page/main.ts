// The paper view page script; see src/webview/protocol.ts. Data is only ever put in the page with
// `textContent` and attributes, never as HTML, so an abstract holding `<script>` shows those characters.
import type {
  DidUpdateMarks,
  HostToPageMessage,
  ListPlaceView,
  PageToHostMessage,
  PaperAction,
  PaperPageState,
  PaperViewModel,
} from '../protocol';
// the byline's own module, not the papers index: the page bundle stays small (see protocol.ts)
import { bylineOf } from '../../core/papers/byline';
import { toPaperPageState } from '../protocol';
import { afterRender, initAnnotations, renderAnnotated, reportSelection, updateAnnotations } from './annotations';
import { el } from './controls';
import { renderWhy, updateWhy } from './forYou';
import { initLinksAndTags, renderLinks, renderTags, updateLinks, updateTags } from './linksAndTags';
import { withMath } from './math';
import { initTriageKeys, keyOf, renderKeyLegend, renderListBar, showListEdge } from './triage';

interface VsCodeApi {
  postMessage(message: PageToHostMessage): void;
  getState(): PaperPageState | undefined;
  setState(state: PaperPageState): PaperPageState;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
let current: PaperViewModel | undefined;

/** An update for one paper: applied (and drawn) only while that paper is the one shown. */
function patchCurrent(id: string, change: Partial<PaperViewModel>, draw: () => void): void {
  if (current?.id !== id) return;
  current = { ...current, ...change };
  draw();
}
let pageState: PaperPageState = toPaperPageState(vscode.getState());

function saveState(change: Partial<PaperPageState>): void {
  pageState = { ...pageState, ...change };
  vscode.setState(pageState);
}

function post(message: PageToHostMessage): void {
  vscode.postMessage(message);
}

function root(): HTMLElement {
  let main = document.getElementById('paper');
  if (!main) {
    main = el('main');
    main.id = 'paper';
    document.body.append(main);
  }
  return main;
}

function renderPlaceholder(text: string): void {
  const p = el('p', 'placeholder', text);
  p.setAttribute('role', 'status');
  root().replaceChildren(p);
}

/**
 * The actions of the row under the title; `addTag` and `linkSelection` have their own sections, the steps through
 * the list their bar above the title.
 */
type RowAction = Exclude<PaperAction, 'addTag' | 'linkSelection' | 'nextPaper' | 'previousPaper' | 'seenAndNext'>;

function actionButton(action: RowAction, paper: PaperViewModel): HTMLButtonElement {
  const button = el('button', 'action');
  button.type = 'button';
  button.dataset.action = action;
  button.dataset.focusKey = `action:${action}`;
  button.addEventListener('click', () => {
    if (current) post({ type: 'webviewDidRequest', action, id: current.id });
  });
  labelActionButton(button, action, paper);
  return button;
}

/** The visible and spoken label of an action button, from the paper's current marks. */
function labelActionButton(button: HTMLButtonElement, action: RowAction, paper: PaperViewModel): void {
  const labels: Record<RowAction, [text: string, aria: string]> = {
    toggleStar: paper.starred ? ['★ Unstar', 'Unstar this paper'] : ['☆ Star', 'Star this paper'],
    toggleRead: paper.read ? ['Mark unread', 'Mark this paper as unread'] : ['Mark read', 'Mark this paper as read'],
    openNotes: paper.hasNotes
      ? ['Open notes', 'Open the notes of this paper']
      : ['Start notes', 'Create the notes of this paper from the template and open them'],
    copyKey: ['Copy key', `Copy the paper key ${paper.key}`],
    toggleNotInterested: paper.notInterested
      ? ['Interested again', 'Bring this paper back into For You']
      : ['Not interested', 'Leave this paper out of For You: rank papers like it lower'],
    openPage: pageLabel(paper),
  };
  const [text, aria] = labels[action];
  button.textContent = text;
  button.setAttribute('aria-label', aria);
  const title = action === 'copyKey' ? paper.key : action === 'openPage' && paper.page ? paper.page.url : aria;
  const key = keyOf(action);
  button.title = key ? `${title} (${key.toUpperCase()})` : title;
  if (key) button.setAttribute('aria-keyshortcuts', key);
}

/** The page button says where it goes: arXiv, the DOI resolver, or the entry's own address. */
function pageLabel(paper: PaperViewModel): [text: string, aria: string] {
  const page = paper.page;
  if (!page) return ['Open page', 'This paper has no web page in its file'];
  const text = page.kind === 'arxiv' ? 'Open on arXiv' : page.kind === 'doi' ? 'Open DOI' : 'Open page';
  return [`${text} ↗`, `Open ${page.label} in the browser`];
}

function metaLine(paper: PaperViewModel): HTMLElement {
  const meta = el('p', 'meta');
  const parts: [string, string][] = [];
  if (paper.method) parts.push(['method', paper.method]);
  if (paper.themeLabel) parts.push(['theme', paper.themeLabel]);
  if (paper.collections.length) parts.push(['collections', paper.collections.join(', ')]);
  parts.forEach(([kind, text], i) => {
    if (i > 0) meta.append(el('span', 'sep', ' · '));
    const span = el('span', kind, text);
    span.title = kind === 'collections' ? 'Collections' : kind === 'theme' ? 'Theme' : 'Method';
    meta.append(span);
  });
  return meta;
}

/**
 * The byline under the title (core's format, as the tree and the notes show it, with the full date when the file
 * gave one); nothing when the file gave neither.
 */
function bylineLine(paper: PaperViewModel): HTMLElement[] {
  const text = bylineOf({ authors: paper.authors, year: paper.date ?? paper.year ?? undefined });
  return text ? [el('p', 'byline', text)] : [];
}

/** The paper's identifier (arXiv id, DOI or URL) and its categories, when its file gave them. */
function sourceLine(paper: PaperViewModel): HTMLElement[] {
  if (!paper.page && !paper.categories.length) return [];
  const line = el('p', 'source');
  if (paper.page) line.append(el('span', 'paper-id', paper.page.label));
  if (paper.page && paper.categories.length) line.append(el('span', 'sep', ' · '));
  if (paper.categories.length) {
    const categories = el('span', 'categories', paper.categories.join(' '));
    categories.title = 'Categories';
    line.append(categories);
  }
  return [line];
}

function renderPaper(paper: PaperViewModel, place: ListPlaceView | undefined): void {
  const article = el('article');
  article.setAttribute('aria-labelledby', 'paper-title');
  // which paper is shown, for the tests that drive the view (the id is the name of its file in .papers/papers/)
  article.dataset.paperId = paper.id;

  const header = el('header');
  const h1 = el('h1');
  h1.append(...withMath(paper.titleMath ?? paper.title));
  h1.id = 'paper-title';
  h1.tabIndex = -1;
  header.append(h1, ...bylineLine(paper), ...sourceLine(paper), metaLine(paper), renderTags(paper));
  if (paper.keywords.length) {
    const chips = el('ul', 'chips');
    chips.setAttribute('aria-label', 'Keywords');
    for (const keyword of paper.keywords) chips.append(el('li', 'chip', keyword));
    header.append(chips);
  }

  const actions = el('div', 'actions');
  actions.setAttribute('role', 'group');
  actions.setAttribute('aria-label', 'Paper actions');
  for (const action of ['toggleStar', 'toggleRead', 'openNotes', 'copyKey', 'toggleNotInterested'] as const)
    actions.append(actionButton(action, paper));
  if (paper.page) actions.append(actionButton('openPage', paper));

  article.append(renderListBar(place, paper.id, post), header, actions, renderKeyLegend());
  article.append(...renderAnnotated(paper), renderLinks(paper));

  if (paper.related.length) {
    const related = el('section', 'related');
    const h2 = el('h2', undefined, 'Related papers');
    h2.id = 'related-title';
    related.setAttribute('aria-labelledby', 'related-title');
    const list = el('ul');
    for (const r of paper.related) {
      const button = el('button', 'link');
      button.append(...withMath(r.titleMath ?? r.title));
      button.type = 'button';
      button.dataset.focusKey = `related:${r.id}`;
      button.addEventListener('click', () => post({ type: 'webviewDidOpenRelated', id: r.id }));
      const li = el('li');
      li.append(button);
      list.append(li);
    }
    related.append(h2, list);
    article.append(related);
  }
  article.append(renderWhy(paper, post));

  root().replaceChildren(article);
}

function showPaper(paper: PaperViewModel, place: ListPlaceView | undefined): void {
  const samePaper = current?.id === paper.id;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
  const focusKey = focused?.dataset.focusKey;
  const hadFocus = !!focused && focused !== document.body && root().contains(focused);
  current = paper;
  saveState({ paperId: paper.id });
  document.title = paper.title;
  renderPaper(paper, place);
  afterRender();
  // A refresh keeps keyboard focus where it was; a different paper starts reading at its title.
  const target =
    samePaper && focusKey ? root().querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`) : null;
  if (hadFocus) (target ?? document.getElementById('paper-title'))?.focus();
  if (!samePaper) window.scrollTo(0, 0);
}

function updateMarks(marks: DidUpdateMarks): void {
  if (!current || current.id !== marks.id) return;
  current = { ...current, read: marks.read, starred: marks.starred, hasNotes: marks.hasNotes };
  relabelActions(current);
}

function relabelActions(paper: PaperViewModel): void {
  root()
    .querySelectorAll<HTMLButtonElement>('button[data-action]')
    .forEach((button) => {
      labelActionButton(button, button.dataset.action as RowAction, paper);
    });
}

window.addEventListener('message', (event: MessageEvent<HostToPageMessage>) => {
  const message = event.data;
  if (!message || typeof message !== 'object') return;
  switch (message.type) {
    case 'didShowPaper':
      showPaper(message.paper, message.place);
      break;
    case 'didReachListEdge':
      if (current?.id === message.id) showListEdge(message.text);
      break;
    case 'didUpdateMarks':
      updateMarks(message);
      break;
    case 'didUpdateAnnotations':
      patchCurrent(message.id, { annotations: message.annotations }, () => updateAnnotations(message.annotations));
      break;
    case 'didRequestSelection':
      reportSelection(message.requestId);
      break;
    case 'didUpdateLinks':
      patchCurrent(message.id, { links: message.links }, () => updateLinks(message.links, message.backlinks));
      break;
    case 'didUpdateTags':
      patchCurrent(message.id, { tags: message.tags }, () => updateTags(message.tags));
      break;
    case 'didUpdateForYou':
      patchCurrent(message.id, { notInterested: message.notInterested, forYou: message.forYou }, () => {
        relabelActions(current!);
        updateWhy(current!, post);
      });
      break;
    default: {
      // Fails to compile when the protocol gains a message this page does not handle.
      const unhandled: never = message;
      void unhandled;
    }
  }
});

initLinksAndTags(post);
initTriageKeys(post, () => current?.id);
initAnnotations({ post, saveColor: (color) => saveState({ color }) }, pageState.color);
renderPlaceholder('Loading the paper…');
post({ type: 'webviewDidLoad' });
