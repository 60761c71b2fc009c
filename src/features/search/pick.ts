import * as vscode from 'vscode';
import { toSearchDoc } from '../../core/analysis';
import { PartialResult } from '../../core/search';
import { FilterPredicate, parseQuery, SearchHit } from '../../core/search';
import { bylineOf, Paper } from '../../core/papers';
import { Services } from '../services';

interface PaperPick extends vscode.QuickPickItem {
  /** Absent on a row that only explains (a filter that must wait for the analysis). */
  paperId?: string;
}

const RESULT_LIMIT = 60;

/** Filter words the extension adds to the core's theme: and collection: ones. */
export function userFilters(services: Services): Record<string, FilterPredicate> {
  const { userData, notes, arrivals } = services;
  return {
    is: (doc, value) => {
      const m = userData.marks(doc.id);
      switch (value.toLowerCase()) {
        case 'new':
          return arrivals.isNew(doc.id);
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
    // an order, not a filter: `sort:foryou` is applied by searchPapers
    sort: () => true,
  };
}

/** Does the query ask for the For You order (`sort:foryou`)? */
function sortsByForYou(query: string): boolean {
  return parseQuery(query).filters.some((f) => f.key === 'sort' && f.value.toLowerCase() === 'foryou' && !f.negated);
}

/**
 * The hits of a query in the analysis's index. With `sort:foryou`: the papers For You ranks, best first (with words,
 * those that match them, then the other matches in their own order).
 */
export function searchPapers(services: Services, query: string, limit: number): SearchHit[] {
  const analysis = services.model.analysis;
  if (!analysis) return [];
  const filters = userFilters(services);
  if (!sortsByForYou(query)) return analysis.search.search(query, { limit, filters });
  const order = services.forYou.order;
  const rank = new Map(order.map((id, i) => [id, i]));
  const words = parseQuery(query).text !== '';
  const hits = analysis.search.rank(query, {
    // without words the search lists papers by title: only the ranked ones, all of them, to be put in order
    limit: words ? Math.max(limit, order.length) : order.length,
    filters: words ? filters : { ...filters, sort: (doc) => rank.has(doc.id) },
  });
  const place = (id: string) => rank.get(id) ?? order.length;
  return hits
    .map((hit, i) => ({ hit, i }))
    .sort((a, b) => place(a.hit.id) - place(b.hit.id) || a.i - b.i)
    .slice(0, limit)
    .map(({ hit }) => analysis.search.withSnippet(hit));
}

/**
 * Keeps what the user wrote (notes text, tags) in the search index as it changes. A new analysis's index
 * carries none (the analysis and the cache never see notes), so papers without notes or tags, and not
 * updated here before, are skipped without asking the index: a restored index is then set up on the first
 * search, not on activation.
 */
export function syncUserTextIntoIndex(services: Services): vscode.Disposable {
  const { model, notes, userData } = services;
  const withUserText = new WeakMap<object, Set<string>>();
  const sync = (ids?: string[]) => {
    const analysis = model.analysis;
    if (!analysis) return;
    const themes = new Map(analysis.themes.map((t) => [t.id, t]));
    const papers = ids ? ids.map((id) => analysis.byId.get(id)).filter((p) => p !== undefined) : analysis.papers;
    let carried = withUserText.get(analysis.search);
    if (!carried) withUserText.set(analysis.search, (carried = new Set()));
    for (const paper of papers) {
      const text = notes.notesText(paper.id);
      const tags = userData.data(paper.id).tags ?? [];
      if (!text && tags.length === 0 && !carried.has(paper.id)) continue;
      if (text || tags.length > 0) carried.add(paper.id);
      else carried.delete(paper.id);
      const indexed = analysis.search.get(paper.id);
      if (text !== indexed?.notes || tags.join('\n') !== (indexed?.tags ?? []).join('\n')) {
        analysis.search.update(toSearchDoc(paper, themes, { notes: text, tags }));
      }
    }
  };
  return vscode.Disposable.from(
    notes.onDidChange(() => sync()),
    model.onDidChange(() => sync()),
    userData.onDidChange((ids) => sync(ids)),
  );
}

/** The quick pick rows for search results: title, theme and where it matched. */
function toPicks(services: Services, hits: SearchHit[]): PaperPick[] {
  const picks: PaperPick[] = [];
  for (const hit of hits) {
    const paper = services.model.paper(hit.id);
    if (!paper) continue;
    const icon = services.userData.marks(paper.id).starred ? '$(star-full) ' : '';
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

/** The row of a search that found nothing: says so, and what to try (it opens nothing). */
function noResults(query: string): PaperPick {
  return {
    label: `$(search-stop) No papers match "${query.trim()}"`,
    detail: 'Try fewer or other words, or remove a filter (theme:, collection:, tag:, is:, has:).',
    alwaysShow: true,
  };
}

/** Rows for results over the chunks indexed so far: titles before the analysis, no themes yet. */
function toPartialPicks(services: Services, result: PartialResult): PaperPick[] {
  if (result.refused.length > 0) {
    const words = result.refused.map((k) => `${k}:`).join(', ');
    return [
      {
        label: `$(info) ${words} filters work once the themes are computed`,
        detail: 'Papers is still analyzing the collections; the results appear when it is done.',
        alwaysShow: true,
      },
    ];
  }
  return result.hits.map((hit) => ({
    paperId: hit.id,
    label: `${services.userData.marks(hit.id).starred ? '$(star-full) ' : ''}${hit.title}`,
    description: 'title pending',
    detail: hit.snippet ? afterTitle(hit.snippet.text, hit.title) : undefined,
    alwaysShow: true,
  }));
}

/** A snippet from the abstract's start repeats a title made of its first words: show what follows them. */
function afterTitle(snippet: string, title: string): string | undefined {
  const words = title.endsWith('…') ? title.slice(0, -1) : title;
  if (!snippet.startsWith(words)) return snippet;
  const rest = snippet.slice(words.length).trim();
  return rest === '' || rest === '…' ? undefined : `…${rest}`;
}

function firstWords(paper: Paper): string {
  // a paper known by its title: who wrote it and when stand in for the abstract
  if (!paper.abstract) return bylineOf(paper);
  return paper.abstract.length > 140
    ? `${paper.abstract.slice(0, paper.abstract.lastIndexOf(' ', 140))}…`
    : paper.abstract;
}

/** The quick pick's title over partial results: how much is searchable so far. */
export function partialTitle(base: string, indexed: number, total: number | undefined): string {
  if (total === undefined) return `${base} — partial: reading the collections, titles and themes pending`;
  return `${base} — partial: ${indexed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} papers indexed, titles and themes pending`;
}

/**
 * The paper chosen among partial results, once the analysis that gives it a title and theme is done
 * (with a cancellable notification meanwhile); undefined when cancelled or when the analysis failed.
 */
function paperWhenAnalyzed(services: Services, id: string): Promise<Paper | undefined> {
  const { model } = services;
  if (model.analysis) return Promise.resolve(model.paper(id));
  return Promise.resolve(
    vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: 'Papers: opening the paper when the analysis is done',
        cancellable: true,
      },
      (_progress, token) =>
        new Promise<Paper | undefined>((resolve) => {
          const subscriptions: vscode.Disposable[] = [];
          const finish = (paper: Paper | undefined) => {
            for (const d of subscriptions) d.dispose();
            resolve(paper);
          };
          subscriptions.push(
            model.onDidChange(() => model.analysis && finish(model.paper(id))),
            model.partial.onDidChange(() => !model.analysis && !model.partial.active && finish(undefined)),
            token.onCancellationRequested(() => finish(undefined)),
          );
        }),
    ),
  );
}

export interface SearchPickOptions {
  title?: string;
  placeholder?: string;
  initial?: string;
}

/**
 * A quick pick that searches as you type (results ranked by the core, not re-filtered by VS Code).
 * While the first analysis runs it searches the chunks indexed so far (marked partial in its title) and
 * switches to the full results when the analysis lands. `result` resolves to the chosen paper, or
 * undefined when dismissed; undefined altogether when there is nothing to search yet. `chosenFrom` is the query and
 * the papers listed when one was chosen (the list the paper view then steps through).
 */
export function openSearchPick(
  services: Services,
  options: SearchPickOptions = {},
):
  | {
      quickPick: vscode.QuickPick<vscode.QuickPickItem>;
      result: Promise<Paper | undefined>;
      chosenFrom(): { query: string; ids: string[] } | undefined;
    }
  | undefined {
  const { model } = services;
  // while the collections load (a restore reads its papers after showing its themes) the pick opens and fills when
  // they are read; only a load the user stopped has nothing to wait for
  if (!model.analysis && !model.partial.active && model.stopped) return undefined;
  const base = options.title ?? 'Search Papers';
  const qp = vscode.window.createQuickPick<PaperPick>();
  qp.title = base;
  qp.placeholder =
    options.placeholder ??
    'Search titles, abstracts, notes… (filters: theme: collection: tag: is:new is:unread is:starred has:notes sort:foryou)';
  qp.matchOnDescription = false;
  qp.matchOnDetail = false;
  // The rows in the search's own rank order: VS Code otherwise re-sorts the rows whose titles contain the query
  // (prefix matches first, then alphabetically), so the reader would see an order that neither the ranking nor the
  // list the open hands to the paper view (next and previous step through it) has. Not in the typed API yet (the
  // quickPickSortByLabel proposal), but the extension host takes it from every extension.
  (qp as { sortByLabel?: boolean }).sortByLabel = false;
  const filters = userFilters(services);
  // partial results have no tags in their documents: read them from the user's data
  const partialFilters: Record<string, FilterPredicate> = {
    ...filters,
    tag: (doc, value) =>
      (services.userData.data(doc.id).tags ?? []).some((t) => t.toLowerCase() === value.toLowerCase()),
  };
  const update = (value: string) => {
    const analysis = model.analysis;
    if (analysis) {
      const hits = searchPapers(services, value, RESULT_LIMIT);
      qp.items = hits.length === 0 && value.trim() !== '' ? [noResults(value)] : toPicks(services, hits);
      qp.title = `${base} (${hits.length}${hits.length === RESULT_LIMIT ? '+' : ''} of ${analysis.papers.length})`;
      qp.busy = false;
      return;
    }
    const partial = model.partial.search;
    qp.items = partial
      ? toPartialPicks(services, partial.search(value, { limit: RESULT_LIMIT, filters: partialFilters }))
      : [];
    qp.title = model.partial.finishing
      ? `${base} — finishing the analysis…`
      : !model.partial.active
        ? `${base} — reading the papers…`
        : partialTitle(base, partial?.indexed ?? 0, partial?.total);
    qp.busy = true;
  };
  let listed: { query: string; ids: string[] } | undefined;
  const result = new Promise<Paper | undefined>((resolve) => {
    let chosen: string | undefined;
    const refresh = () => update(qp.value);
    const subscriptions = [model.onDidChange(refresh), model.partial.onDidChange(refresh)];
    qp.onDidChangeValue(update);
    qp.onDidAccept(() => {
      const pick = qp.selectedItems[0] ?? qp.activeItems[0];
      if (!pick?.paperId) return; // an explaining row: nothing to open
      chosen = pick.paperId;
      listed = { query: qp.value, ids: qp.items.flatMap((p) => (p.paperId ? [p.paperId] : [])) };
      qp.hide();
    });
    qp.onDidHide(() => {
      for (const d of subscriptions) d.dispose();
      qp.dispose();
      resolve(chosen === undefined ? undefined : paperWhenAnalyzed(services, chosen));
    });
    qp.value = options.initial ?? '';
    update(qp.value);
    qp.show();
  });
  return { quickPick: qp, result, chosenFrom: () => listed };
}

/** openSearchPick's chosen paper; says so when the collections are not loaded far enough to search. */
export function pickPaper(services: Services, options: SearchPickOptions = {}): Promise<Paper | undefined> {
  const opened = openSearchPick(services, options);
  if (!opened) {
    void vscode.window.showInformationMessage('Papers is still loading its collections; try again in a moment.');
    return Promise.resolve(undefined);
  }
  return opened.result;
}
