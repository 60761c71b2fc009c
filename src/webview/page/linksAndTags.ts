// The paper view's tag chips and its "Linked code" / "Mentioned in" sections. Each lives in a container
// that is re-filled when the host reports a change, so the rest of the page (and an open note editor) stays.
import type { BacklinkItemView, LinkItemView, PageToHostMessage, PaperViewModel } from '../protocol';
import { button, el } from './controls';

type Post = (message: PageToHostMessage) => void;

let post: Post = () => undefined;
let paperId = '';

export function initLinksAndTags(p: Post): void {
  post = p;
}

function request(action: 'addTag' | 'linkSelection'): void {
  post({ type: 'webviewDidRequest', action, id: paperId });
}

/** The tags row: a chip per tag with its remove button, and "Add tag…". */
export function renderTags(paper: PaperViewModel): HTMLElement {
  paperId = paper.id;
  const row = el('div', 'tags');
  row.id = 'paper-tags';
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', 'Tags');
  fillTags(row, paper.tags);
  return row;
}

function fillTags(row: HTMLElement, tags: string[]): void {
  const list = el('ul', 'tag-list');
  for (const tag of tags) {
    const li = el('li', 'tag');
    li.dataset.tag = tag;
    li.append(
      el('span', 'tag-name', `#${tag}`),
      button('tag-remove', '×', `Remove tag ${tag}`, `tag-remove:${tag}`, () =>
        post({ type: 'webviewDidRemoveTag', id: paperId, tag }),
      ),
    );
    list.append(li);
  }
  row.replaceChildren(
    list,
    button('action tag-add', '+ Add tag…', 'Add tags to this paper', 'tag-add', () => request('addTag')),
  );
}

export function updateTags(tags: string[]): void {
  const row = document.getElementById('paper-tags');
  if (!row) return;
  const focusKey =
    document.activeElement instanceof HTMLElement && row.contains(document.activeElement)
      ? document.activeElement.dataset.focusKey
      : undefined;
  fillTags(row, tags);
  // A removed tag's button is gone: the focus goes to "Add tag…" rather than to the page's top.
  if (focusKey)
    (
      row.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`) ??
      row.querySelector<HTMLElement>('.tag-add')
    )?.focus();
}

/** The "Linked code" section (with the link button) and the "Mentioned in" section, in one container. */
export function renderLinks(paper: PaperViewModel): HTMLElement {
  paperId = paper.id;
  const section = el('section', 'paper-links');
  section.id = 'paper-links';
  section.setAttribute('aria-labelledby', 'links-title');
  fillLinks(section, paper.links, undefined);
  return section;
}

function linkRow(link: LinkItemView): HTMLLIElement {
  const li = el('li', link.stale ? 'code-link stale' : 'code-link');
  li.dataset.linkId = link.id;
  const open = button(
    'link code-place',
    link.place,
    `Open ${link.place}${link.stale ? ' (stale: the linked text is gone)' : ''}`,
    `link:${link.id}`,
    () => post({ type: 'webviewDidOpenLink', linkId: link.id }),
  );
  li.append(open);
  if (link.stale) li.append(el('span', 'badge stale-badge', 'stale'));
  li.append(el('code', 'code-preview', link.preview));
  if (link.note) li.append(el('span', 'code-note', link.note));
  return li;
}

function backlinkRow(b: BacklinkItemView): HTMLLIElement {
  const li = el('li', 'backlink');
  const place = `${b.file}:${b.line + 1}`;
  li.append(
    button('link backlink-place', place, `Open ${place}`, `backlink:${b.uri}:${b.line}`, () =>
      post({ type: 'webviewDidOpenBacklink', paperId, uri: b.uri, line: b.line }),
    ),
    el('span', 'backlink-text', b.text),
  );
  return li;
}

/** `backlinks` undefined: still being looked for. */
function fillLinks(section: HTMLElement, links: LinkItemView[], backlinks: BacklinkItemView[] | undefined): void {
  const h2 = el('h2', undefined, 'Linked code');
  h2.id = 'links-title';
  const linkButton = button(
    'action link-selection',
    'Link to the active editor’s selection',
    'Link the selection of the text editor used last to this paper',
    'link-selection',
    () => request('linkSelection'),
  );
  const parts: HTMLElement[] = [h2];
  if (links.length) {
    const list = el('ul', 'code-links');
    for (const link of links) list.append(linkRow(link));
    parts.push(list);
  } else {
    parts.push(el('p', 'empty', 'No code linked yet: select code in an editor, then use the button below.'));
  }
  parts.push(linkButton);
  const h3 = el('h2', undefined, 'Mentioned in');
  h3.id = 'backlinks-title';
  parts.push(h3);
  if (backlinks === undefined) parts.push(el('p', 'empty', 'Looking for notes that mention this paper…'));
  else if (backlinks.length === 0) parts.push(el('p', 'empty', 'No notes mention this paper’s key yet.'));
  else {
    const list = el('ul', 'backlinks');
    list.setAttribute('aria-labelledby', 'backlinks-title');
    for (const b of backlinks) list.append(backlinkRow(b));
    parts.push(list);
  }
  section.replaceChildren(...parts);
}

export function updateLinks(links: LinkItemView[], backlinks: BacklinkItemView[]): void {
  const section = document.getElementById('paper-links');
  if (!section) return;
  const focusKey =
    document.activeElement instanceof HTMLElement && section.contains(document.activeElement)
      ? document.activeElement.dataset.focusKey
      : undefined;
  fillLinks(section, links, backlinks);
  if (focusKey)
    (
      section.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`) ??
      section.querySelector<HTMLElement>('.link-selection')
    )?.focus();
}
