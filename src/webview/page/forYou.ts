// "Why this paper": the signal papers For You found this one most like, under the related papers.
import type { PageToHostMessage, PaperViewModel } from '../protocol';
import { el } from './controls';
import { withMath } from './math';

const SECTION_ID = 'why-this-paper';

/** The section, or an empty placeholder (so an update can fill it in place) when the paper is not ranked. */
export function renderWhy(paper: PaperViewModel, post: (message: PageToHostMessage) => void): HTMLElement {
  const section = el('section', 'related why');
  section.id = SECTION_ID;
  if (!paper.forYou?.length) {
    section.hidden = true;
    return section;
  }
  const h2 = el('h2', undefined, 'Why this paper');
  h2.id = 'why-title';
  section.setAttribute('aria-labelledby', 'why-title');
  const lead = el('p', 'why-lead', 'For You lists it: it is like');
  const list = el('ul');
  for (const r of paper.forYou) {
    const button = el('button', 'link');
    button.append(...withMath(r.titleMath ?? r.title));
    button.type = 'button';
    button.dataset.focusKey = `why:${r.id}`;
    button.addEventListener('click', () => post({ type: 'webviewDidOpenRelated', id: r.id }));
    const li = el('li');
    li.append(button, el('span', 'why-signal', ` (${r.signal})`));
    list.append(li);
  }
  section.append(h2, lead, list);
  return section;
}

/** Replaces the section drawn for the paper with one for its new reasons. */
export function updateWhy(paper: PaperViewModel, post: (message: PageToHostMessage) => void): void {
  document.getElementById(SECTION_ID)?.replaceWith(renderWhy(paper, post));
}
