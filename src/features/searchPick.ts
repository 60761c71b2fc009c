import * as vscode from 'vscode';
import { toSearchDoc } from '../core/analyze';
import { FilterPredicate, SearchHit } from '../core/search';
import { Paper } from '../core/types';
import { Services } from './services';

interface PaperPick extends vscode.QuickPickItem {
  paperId: string;
}

const RESULT_LIMIT = 60;

/** Filter words the extension adds to the core's theme: and collection: ones. */
export function userFilters(services: Services): Record<string, FilterPredicate> {
  const { state, notes } = services;
  return {
    is: (doc, value) => {
      const m = state.marks(doc.id);
      switch (value.toLowerCase()) {
        case 'read':
          return m.read;
        case 'unread':
          return !m.read;
        case 'starred':
          return m.starred;
        default:
          return false;
      }
    },
    has: (doc, value) => (value.toLowerCase().startsWith('note') ? notes.hasNotes(doc.id) : false),
  };
}

/** Keeps what the user wrote (notes text, tags) in the search index as it changes. */
export function syncUserTextIntoIndex(services: Services): vscode.Disposable {
  const { model, notes, state } = services;
  const sync = (ids?: string[]) => {
    const analysis = model.analysis;
    if (!analysis) return;
    const themes = new Map(analysis.themes.map((t) => [t.id, t]));
    const papers = ids ? ids.map((id) => analysis.byId.get(id)).filter((p) => p !== undefined) : analysis.papers;
    for (const paper of papers) {
      const text = notes.notesText(paper.id);
      const tags = state.data(paper.id).tags ?? [];
      const indexed = analysis.search.get(paper.id);
      if (text !== indexed?.notes || tags.join('\n') !== (indexed?.tags ?? []).join('\n')) {
        analysis.search.update(toSearchDoc(paper, themes, { notes: text, tags }));
      }
    }
  };
  return vscode.Disposable.from(notes.onDidChange(() => sync()), model.onDidChange(() => sync()), state.onDidChange((ids) => sync(ids)));
}

/** The quick pick rows for search results: title, theme and where it matched. */
function toPicks(services: Services, hits: SearchHit[]): PaperPick[] {
  const picks: PaperPick[] = [];
  for (const hit of hits) {
    const paper = services.model.paper(hit.id);
    if (!paper) continue;
    const icon = services.state.marks(paper.id).starred ? '$(star-full) ' : '';
    picks.push({
      paperId: paper.id,
      label: `${icon}${paper.title}`,
      description: services.model.theme(paper.theme)?.label,
      detail: hit.snippet ? `${hit.snippet.field === 'notes' ? 'notes: ' : ''}${hit.snippet.text}` : firstWords(paper),
      alwaysShow: true,
    });
  }
  return picks;
}

function firstWords(paper: Paper): string {
  return paper.abstract.length > 140 ? `${paper.abstract.slice(0, paper.abstract.lastIndexOf(' ', 140))}…` : paper.abstract;
}

/**
 * A quick pick that searches as you type (results ranked by the core, not re-filtered by VS Code).
 * Resolves to the chosen paper, or undefined when dismissed.
 */
export function pickPaper(services: Services, options: { title?: string; placeholder?: string; initial?: string } = {}): Promise<Paper | undefined> {
  const analysis = services.model.analysis;
  if (!analysis) {
    void vscode.window.showInformationMessage('Papers is still loading its collections; try again in a moment.');
    return Promise.resolve(undefined);
  }
  const qp = vscode.window.createQuickPick<PaperPick>();
  qp.title = options.title ?? 'Search Papers';
  qp.placeholder = options.placeholder ?? 'Search titles, abstracts, notes… (filters: theme: collection: tag: is:unread is:starred has:notes)';
  qp.matchOnDescription = false;
  qp.matchOnDetail = false;
  const filters = userFilters(services);
  const update = (value: string) => {
    const hits = analysis.search.search(value, { limit: RESULT_LIMIT, filters });
    qp.items = toPicks(services, hits);
    qp.title = `${options.title ?? 'Search Papers'} (${hits.length}${hits.length === RESULT_LIMIT ? '+' : ''} of ${analysis.papers.length})`;
  };
  return new Promise((resolve) => {
    let chosen: Paper | undefined;
    qp.onDidChangeValue(update);
    qp.onDidAccept(() => {
      const pick = qp.selectedItems[0] ?? qp.activeItems[0];
      chosen = pick && services.model.paper(pick.paperId);
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(chosen);
    });
    qp.value = options.initial ?? '';
    update(qp.value);
    qp.show();
  });
}
