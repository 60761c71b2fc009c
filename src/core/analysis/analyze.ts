import { Collection, Corpus } from '../collections';
import { packRows, RelatedIndex } from '../vectors';
import { PaperSearch, SearchDoc } from '../search';
import { applyThemeCorrections, NO_CORRECTIONS, ThemeCorrections } from '../themes';
import { buildThemeModel, groupByTheme, ThemeModel } from '../themes';
import { TextFeatures, textFeatures, timer } from './textFeatures';
import { Paper, paperText, ParsedPaper, Theme } from '../papers';
import { LoadProblem } from '../common';
import { distinctTitles } from '../titles';
import { buildVectors } from '../vectors';

export { type TextFeatures, textFeatures } from './textFeatures';

export interface AnalyzeOptions {
  corrections?: ThemeCorrections;
  /** The papers' texts (paperText of corpus.papers, row for row), when the caller has read them already. */
  texts?: readonly string[];
  /** A regroup: the computed themes of the grouping it replaces (ThemeOptions.previous). */
  previous?: readonly Theme[];
  /** Reports progress of the long steps (0..1) with the step's name. */
  onProgress?: (step: string, fraction: number) => void;
  /**
   * The search index is built when first searched instead of with the analysis (its timing then goes unrecorded):
   * for a run that may never search, as the CLI's `analyze` and `export`. By default it is built here, a step
   * the progress reports.
   */
  indexOnFirstSearch?: boolean;
}

/** Everything the views and the CLI show, computed from a corpus. */
export interface Analysis {
  papers: Paper[];
  byId: Map<string, Paper>;
  themes: Theme[];
  /** The themes as grouped, before the user's corrections: corrections can be re-applied without regrouping. */
  computedThemes: Theme[];
  collections: Collection[];
  problems: LoadProblem[];
  /** Related papers, most similar first, computed on demand. */
  related: RelatedIndex;
  search: PaperSearch;
  /** Milliseconds per step, for benchmarks and the CLI's --timings. */
  timings: Record<string, number>;
  /** What places new papers in the themes without regrouping (grow.ts); absent in an analysis made without one. */
  model?: ThemeModel;
}

export function toSearchDoc(paper: Paper, themes: Map<string, Theme>, extra: Partial<SearchDoc> = {}): SearchDoc {
  const doc = new PaperDoc(paper, themes.get(paper.theme)?.label ?? paper.theme);
  // only a paper in a subtheme gets the fields: 100k papers at one level need none
  const parent = parentThemeOf(paper, themes);
  return Object.assign(doc, parent.parentThemeId !== undefined ? parent : {}, extra);
}

/** The broad theme of the paper's theme when that is a subtheme (what `theme:` matches besides the theme). */
function parentThemeOf(
  paper: Paper,
  themes: Map<string, Theme>,
): Pick<SearchDoc, 'parentThemeId' | 'parentThemeLabel'> {
  const parentId = themes.get(paper.theme)?.parent;
  if (parentId === undefined) return { parentThemeId: undefined, parentThemeLabel: undefined };
  return { parentThemeId: parentId, parentThemeLabel: themes.get(parentId)?.label ?? parentId };
}

/**
 * A paper as search sees it. The abstract and the lists are read from the paper when search needs them: a
 * restored paper's abstract may still be in the cache file (snapshot.ts), and its lists are made on first
 * use; copying them for 100k papers would read and make them all. Assigning a list keeps it here.
 */
class PaperDoc implements SearchDoc {
  id: string;
  title: string;
  method: string | null;
  themeId: string;
  readonly #paper: Paper;
  #keywords: string[] | undefined;
  #collections: string[] | undefined;

  constructor(
    paper: Paper,
    public themeLabel: string,
  ) {
    this.#paper = paper;
    this.id = paper.id;
    this.title = paper.title;
    this.method = paper.method;
    this.themeId = paper.theme;
  }

  get abstract(): string {
    return this.#paper.abstract;
  }

  get keywords(): string[] {
    return this.#keywords ?? this.#paper.keywords;
  }

  get authors(): string[] | undefined {
    return this.#paper.authors;
  }

  set keywords(value: string[]) {
    this.#keywords = value;
  }

  get collections(): string[] {
    return this.#collections ?? this.#paper.collections;
  }

  set collections(value: string[]) {
    this.#collections = value;
  }
}

/** An analysis whose vectors and themes are computed, waiting for the text features of its papers. */
export interface PendingAnalysis {
  finish(features: TextFeatures): Analysis;
}

/**
 * Vectors and themes of a corpus (they read only the abstracts, or the titles of papers without one); `finish` adds the titles and keywords
 * (textFeatures, possibly computed elsewhere), the user's corrections, related papers and the search index.
 */
export function beginAnalysis(corpus: Corpus, options: AnalyzeOptions = {}): PendingAnalysis {
  const timings: Record<string, number> = {};
  const progress = options.onProgress ?? (() => {});
  const time = timer(timings, progress);
  const parsed = corpus.papers;
  // read once: paperText decodes the LaTeX of each abstract
  const texts = options.texts ?? parsed.map(paperText);
  const vectors = time('vectors', () => buildVectors(texts));
  // the theme model (what places later papers in these themes) is part of the grouping's step
  const { computed, model } = time('themes', () => {
    const themes = groupByTheme(parsed, { vectors, texts, previous: options.previous });
    const ids = parsed.map((p) => p.id);
    return { computed: themes, model: buildThemeModel(vectors, ids, texts, themes) };
  });
  return {
    finish(features) {
      Object.assign(timings, features.timings);
      const papers = analyzedPapers(parsed, features);
      withDistinctTitles(
        papers,
        (i) => texts[i],
        (p) => p.sourceTitle !== undefined,
      );
      const byId = new Map(papers.map((p) => [p.id, p]));
      const themes = assignThemes(papers, byId, computed, options.corrections);
      const related = new RelatedIndex(
        papers.map((p) => p.id),
        packRows(vectors.lsa, vectors.dims),
        vectors.dims,
      );
      const themeById = new Map(themes.map((t) => [t.id, t]));
      const docs = () => papers.map((p) => toSearchDoc(p, themeById));
      const search = options.indexOnFirstSearch
        ? PaperSearch.builtOnFirstUse(docs)
        : time('index', () => new PaperSearch(docs()));
      progress('done', 1);
      return {
        papers,
        byId,
        themes,
        computedThemes: computed,
        collections: corpus.collections,
        problems: corpus.problems,
        related,
        search,
        timings,
        model,
      };
    },
  };
}

/** Parsed papers with their titles and keywords (features row i = parsed[i]), not yet in a theme. */
export function analyzedPapers(parsed: readonly ParsedPaper[], { titles, keywords }: TextFeatures): Paper[] {
  return parsed.map((p, i) => ({
    ...p,
    title: p.sourceTitle ?? titles[i].title,
    // a method is named by an abstract; a paper known only by its title names none
    method: p.abstract ? titles[i].method : null,
    keywords: keywords[i],
    theme: '',
    collections: [...new Set(p.sources.map((s) => s.collection))],
  }));
}

/**
 * No two papers of a library with the same derived title (titles/distinct.ts): a clash is told apart by what each
 * paper's abstract says (`textOf(i)`, read only for clashing papers). Titles `kept` (given by a file, or shown
 * before) stay as they are.
 */
export function withDistinctTitles(papers: Paper[], textOf: (i: number) => string, kept: (p: Paper) => boolean): void {
  const titles = distinctTitles(papers, textOf, papers.map(kept));
  titles.forEach((t, i) => {
    if (t.title !== papers[i].title) papers[i].title = t.title;
  });
}

/** Titles, keywords, themes (with the user's corrections), related papers and the search index of a corpus. */
export function analyzeCorpus(corpus: Corpus, options: AnalyzeOptions = {}): Analysis {
  const texts = options.texts ?? corpus.papers.map(paperText);
  const features = textFeatures(texts, options.onProgress);
  return beginAnalysis(corpus, { ...options, texts }).finish(features);
}

/** Applies corrections to computed themes and records each paper's theme. */
export function assignThemes(
  papers: Paper[],
  byId: Map<string, Paper>,
  computed: Theme[],
  corrections: ThemeCorrections = NO_CORRECTIONS,
): Theme[] {
  const themes = applyThemeCorrections(computed, papers, corrections);
  for (const paper of papers) paper.theme = '';
  for (const theme of themes) for (const id of theme.paperIds) byId.get(id)!.theme = theme.id;
  return themes;
}

/**
 * Re-applies the user's theme corrections to an analysis (after the user renamed a theme or moved a
 * paper) without regrouping: cheap, so it runs on every change.
 */
export function applyCorrections(analysis: Analysis, corrections: ThemeCorrections): void {
  analysis.themes = assignThemes(analysis.papers, analysis.byId, analysis.computedThemes, corrections);
  const themeById = new Map(analysis.themes.map((t) => [t.id, t]));
  for (const paper of analysis.papers) {
    analysis.search.updateMeta(paper.id, {
      themeId: paper.theme,
      themeLabel: themeById.get(paper.theme)?.label ?? paper.theme,
      ...parentThemeOf(paper, themeById),
      collections: paper.collections,
    });
  }
}
