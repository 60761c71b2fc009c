import { Collection, Corpus } from './corpus';
import { keywordsForCorpus } from './keywords';
import { RelatedIndex } from './related';
import { PaperSearch, SearchDoc } from './search';
import { applyThemeCorrections, ThemeCorrections } from './themeCorrections';
import { groupByTheme } from './themes';
import { deriveTitle } from './titles';
import { LoadProblem, Paper, Theme } from './types';
import { buildVectors, DocVectors } from './vectors';

export interface AnalyzeOptions {
  corrections?: ThemeCorrections;
  /** Reports progress of the long steps (0..1) with the step's name. */
  onProgress?: (step: string, fraction: number) => void;
}

/** Everything the views and the CLI show, computed from a corpus. */
export interface Analysis {
  papers: Paper[];
  byId: Map<string, Paper>;
  themes: Theme[];
  collections: Collection[];
  problems: LoadProblem[];
  vectors: DocVectors;
  /** Related papers, most similar first, computed on demand. */
  related: RelatedIndex;
  search: PaperSearch;
  /** Milliseconds per step, for benchmarks and the CLI's --timings. */
  timings: Record<string, number>;
}

export function toSearchDoc(paper: Paper, themes: Map<string, Theme>, extra: Partial<SearchDoc> = {}): SearchDoc {
  return {
    id: paper.id,
    title: paper.title,
    method: paper.method,
    keywords: paper.keywords,
    abstract: paper.abstract,
    themeId: paper.theme,
    themeLabel: themes.get(paper.theme)?.label ?? paper.theme,
    collections: paper.collections,
    ...extra,
  };
}

/** Titles, keywords, themes (with the user's corrections), related papers and the search index of a corpus. */
export function analyzeCorpus(corpus: Corpus, options: AnalyzeOptions = {}): Analysis {
  const timings: Record<string, number> = {};
  const progress = options.onProgress ?? (() => {});
  const time = <T>(step: string, fn: () => T): T => {
    progress(step, 0);
    const t0 = performance.now();
    const out = fn();
    timings[step] = performance.now() - t0;
    return out;
  };
  const parsed = corpus.papers;
  const titles = time('titles', () => parsed.map((p) => deriveTitle(p.abstract)));
  const keywords = time('keywords', () => keywordsForCorpus(parsed.map((p) => p.abstract)));
  const papers: Paper[] = parsed.map((p, i) => ({
    ...p,
    title: p.sourceTitle ?? titles[i].title,
    method: titles[i].method,
    keywords: keywords[i],
    theme: '',
    collections: [...new Set(p.sources.map((s) => s.collection))],
  }));
  const vectors = time('vectors', () => buildVectors(papers.map((p) => p.abstract)));
  const computed = time('themes', () => groupByTheme(papers, { vectors }));
  const themes = applyThemeCorrections(computed, papers, options.corrections ?? { renames: {}, moves: {}, userThemes: [] });
  const byId = new Map(papers.map((p) => [p.id, p]));
  for (const theme of themes) for (const id of theme.paperIds) byId.get(id)!.theme = theme.id;
  const related = new RelatedIndex(papers.map((p) => p.id), vectors);
  const themeById = new Map(themes.map((t) => [t.id, t]));
  const search = time('index', () => new PaperSearch(papers.map((p) => toSearchDoc(p, themeById))));
  progress('done', 1);
  return { papers, byId, themes, collections: corpus.collections, problems: corpus.problems, vectors, related, search, timings };
}
