import { signalLabel } from '../../core/forYou';
import { Paper, paperPageOf } from '../../core/papers';
import type { ForYouReasonView, LinkItemView, PaperViewModel, TitleView } from '../../webview/protocol';
import { annotationViews } from '../annotations/views';
import type { LinksApi, LinkView } from '../links/types';
import type { Services } from '../services';

// No vscode import: the bench of the morning pass's steps builds this model for 100,000 papers under plain Node.

/** What the paper's view model is made of. */
export type ViewModelDeps = Pick<Services, 'model' | 'userData' | 'notes' | 'links' | 'forYou'>;

/** `file:line` or `file:start-end`, 1-based, as the tree and the paper view show a link. */
export function linkPlace(view: Pick<LinkView, 'file' | 'range'>): string {
  const { start, end } = view.range;
  return `${view.file}:${start.line + 1}${end.line !== start.line ? `-${end.line + 1}` : ''}`;
}

export function linkItems(links: LinksApi, paperId: string): LinkItemView[] {
  return links
    .linksOf(paperId)
    .map((v) => ({ id: v.id, place: linkPlace(v), preview: v.preview, note: v.note, stale: v.status === 'stale' }));
}

/** Everything the page shows of a paper, resolved here so the page holds no logic of its own. */
export function paperViewModel(deps: ViewModelDeps, paper: Paper): PaperViewModel {
  const { model, userData, notes } = deps;
  const marks = userData.marks(paper.id);
  const related = (model.analysis?.related.relatedTo(paper.id) ?? [])
    .map((id) => model.paper(id))
    .filter((p): p is Paper => p !== undefined)
    .map((p) => ({ id: p.id, ...titleView(p) }));
  return {
    id: paper.id,
    key: model.keyOf(paper),
    ...titleView(paper),
    authors: [...(paper.authors ?? [])],
    year: paper.year ?? null,
    date: paper.date ?? null,
    categories: [...(paper.categories ?? [])],
    page: paperPageOf(paper) ?? null,
    method: paper.method,
    themeLabel: themePath(model, paper.theme),
    collections: [...paper.collections],
    keywords: [...paper.keywords],
    abstract: paper.abstract,
    related,
    read: marks.read,
    starred: marks.starred,
    hasNotes: notes.hasNotes(paper.id),
    annotations: annotationViews(paper, userData.data(paper.id)),
    tags: [...(userData.data(paper.id).tags ?? [])],
    links: linkItems(deps.links, paper.id),
    notInterested: userData.data(paper.id).notInterested === true,
    ...forYouOf(deps, paper.id),
  };
}

/**
 * The paper's title, and its math as the file wrote it when the title shown is the file's and has math (a title
 * derived from the abstract is plain text already).
 */
export function titleView(paper: Paper): TitleView {
  const { title, sourceTitle, sourceTitleMath } = paper;
  return sourceTitleMath !== undefined && title === sourceTitle ? { title, titleMath: sourceTitleMath } : { title };
}

/** Why For You ranks the paper, when it does. */
export function forYouOf(deps: ViewModelDeps, id: string): { forYou?: ForYouReasonView[] } {
  const because = deps.forYou.reasonsOf(id);
  if (!because?.length) return {};
  const forYou = because.map((r) => {
    const signalPaper = deps.model.paper(r.id);
    return { id: r.id, ...(signalPaper ? titleView(signalPaper) : { title: r.id }), signal: signalLabel(r) };
  });
  return { forYou };
}

/** The paper's theme as the view names it: "Broad theme › Subtheme" for a subtheme. */
function themePath(model: ViewModelDeps['model'], themeId: string): string {
  const theme = model.theme(themeId);
  if (!theme) return themeId;
  const parent = theme.parent !== undefined ? model.theme(theme.parent) : undefined;
  return parent ? `${parent.label} › ${theme.label}` : theme.label;
}
