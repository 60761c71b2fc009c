/**
 * The library changed (a new dump, a removed file): the last analysis is the starting point. Papers already
 * analyzed keep everything (title, keywords, vector, theme); new papers get only their own work (title, method,
 * keywords read against their own batch, their place in the LSA space of the last grouping) and join the
 * themes (themes/placement.ts); papers that left are dropped, with any theme left empty; the search index is
 * updated in place. Nothing here costs more than the new papers, except copying lists the size of the library;
 * but a small library that a large batch joins is grouped afresh instead (growthRegroup.ts).
 */
import { addToCorpus, Collection, collectionNames, Corpus } from '../collections';
import { ParseResult } from '../collections/formats/types';
import { LoadProblem } from '../common';
import { Paper, PAPER_METADATA_FIELDS, PaperSource, paperText, ParsedPaper, Theme } from '../papers';
import { NO_CORRECTIONS, Newcomer, Placement, placePapers, ThemeCorrections, ThemeModel } from '../themes';
import { embedWithCoverage, RelatedIndex } from '../vectors';
import { deriveTitle } from '../titles';
import { Analysis, analyzedPapers, assignThemes, toSearchDoc, withDistinctTitles } from './analyze';
import { PaperSearch } from '../search';
import { textFeatures, timer } from './textFeatures';
import { groupAfresh, growthRegroups } from './growthRegroup';

export interface GrowOptions {
  /** The user's corrections, or how to make them for the grown themes (resolveCorrections). */
  corrections?: ThemeCorrections | ((computed: readonly Theme[]) => ThemeCorrections);
  onProgress?: (step: string, fraction: number) => void;
  /** Placement's option (themes/placement.ts PlacementOptions), for the daily benchmark. */
  clusterScattered?: boolean;
}

export interface Growth {
  analysis: Analysis;
  /** Ids of the papers that joined and of those that left. */
  added: string[];
  removed: string[];
  /** Themes formed from the papers that joined (grouped afresh: the themes the previous grouping did not have). */
  newThemes: Theme[];
  /** Papers that joined a theme they fit poorly. */
  poor: number;
  /** Whether the library was grouped afresh (growthRegroup.ts) instead of the new papers placed in its themes. */
  regrouped: boolean;
  /** The placement's groups of strays, clustered and left as scattered (none when grouped afresh). */
  strayGroups: Placement['strayGroups'];
}

/**
 * The analysis of `corpus` grown from `previous` (which must carry its theme model). `previous` hands over its
 * search index, updated in place: it must not be used afterwards.
 */
export function growAnalysis(previous: Analysis, corpus: Corpus, options: GrowOptions = {}): Growth {
  const model = previous.model;
  if (!model) throw new Error('this analysis has no theme model to grow from');
  const timings: Record<string, number> = {};
  const time = timer(timings, options.onProgress ?? (() => {}));
  const incoming = new Set(corpus.papers.map((p) => p.id));
  const removed = previous.papers.filter((p) => !incoming.has(p.id)).map((p) => p.id);
  const fresh = corpus.papers.filter((p) => !previous.byId.has(p.id));
  const added = time('features', () => analyzedPapers(fresh, textFeatures(fresh.map(paperText))));
  const regroup = growthRegroups(model, fresh.length, corpus.papers.length);
  const placing = regroup ? undefined : placed(previous, fresh, incoming, time, options.clusterScattered === true);
  const changed = new Set<string>(added.map((p) => p.id));
  const kept = corpus.papers
    .filter((p) => previous.byId.has(p.id))
    .map((p) => keptPaper(previous.byId.get(p.id)!, p, changed));
  const themeBefore = new Map(kept.map((p) => [p.id, p.theme]));
  const papers = [...kept, ...added];
  // a newcomer's derived title never repeats one the library shows; the papers shown keep theirs
  const joining = new Set(added.map((p) => p.id));
  withDistinctTitles(
    papers,
    (i) => paperText(papers[i]),
    (p) => !joining.has(p.id) || p.sourceTitle !== undefined,
  );
  const byId = new Map(papers.map((p) => [p.id, p]));
  const grouping = placing
    ? {
        computed: grownThemes(previous.computedThemes, placing.themeOf, placing.newThemes, incoming),
        model: placing.model,
        related: grownRelated(previous.related, kept, added, placing.newcomers),
        newThemes: placing.newThemes,
      }
    : groupAfresh(papers, previous.computedThemes, time);
  const computed = grouping.computed;
  const corrections = typeof options.corrections === 'function' ? options.corrections(computed) : options.corrections;
  const themes = assignThemes(papers, byId, computed, corrections ?? NO_CORRECTIONS);
  // grouped afresh, a theme may keep its id under another label: every paper's theme fields are read again
  for (const p of kept) if (regroup || p.theme !== themeBefore.get(p.id)) changed.add(p.id);
  const search = time('index', () => grownSearch(previous.search, added, removed, themes, changed, byId));
  return {
    analysis: {
      papers,
      byId,
      themes,
      computedThemes: computed,
      collections: corpus.collections,
      problems: corpus.problems,
      related: grouping.related,
      search,
      timings,
      model: grouping.model,
    },
    added: added.map((p) => p.id),
    removed,
    newThemes: grouping.newThemes,
    poor: placing?.poor ?? 0,
    regrouped: regroup,
    strayGroups: placing?.strayGroups ?? { clustered: 0, scattered: 0 },
  };
}

/** The new papers placed in the themes of `previous` (placement.ts), with their rows in its space. */
function placed(
  previous: Analysis,
  fresh: readonly ParsedPaper[],
  present: ReadonlySet<string>,
  time: <T>(step: string, f: () => T) => T,
  clusterScattered: boolean,
): Placement & { newcomers: Newcomer[] } {
  const model = previous.model!;
  const newcomers = time('vectors', () => fresh.map((p) => newcomer(model, p)));
  const placement = time('themes', () =>
    placePapers(model, newcomers, (themeId, count) => themeTexts(previous, themeId, count, present), {
      clusterScattered,
    }),
  );
  return { ...placement, newcomers };
}

function newcomer(model: ThemeModel, p: ParsedPaper): Newcomer {
  const text = paperText(p);
  return { id: p.id, text, ...embedWithCoverage(model.space, text) };
}

/**
 * A paper already analyzed, updated in place (a restored paper reads its abstract and lists from the cache file
 * through getters that a copy would lose) with what its files say now: sources, collections, metadata. Its
 * derived title is made again only when the files stopped giving it a title.
 */
function keptPaper(before: Paper, now: ParsedPaper, changed: Set<string>): Paper {
  if (before === now) return before; // listed by unchanged files only (corpusSince)
  if (sameSources(before.sources, now.sources) && PAPER_METADATA_FIELDS.every((f) => same(before[f], now[f])))
    return before;
  changed.add(before.id);
  const hadSourceTitle = before.sourceTitle !== undefined;
  for (const f of PAPER_METADATA_FIELDS) (before as unknown as Record<string, unknown>)[f] = now[f];
  before.sources = now.sources;
  before.collections = [...new Set(now.sources.map((s) => s.collection))];
  if (now.sourceTitle) before.title = now.sourceTitle;
  else if (hadSourceTitle) {
    // the text from the paper as analyzed: `now` may come from a file that was not read again (unchangedFile)
    const derived = deriveTitle(paperText(before));
    before.title = derived.title;
    before.method = before.abstract ? derived.method : null;
  }
  return before;
}

function sameSources(a: readonly PaperSource[], b: readonly PaperSource[]): boolean {
  return a.length === b.length && a.every((s, i) => s.collection === b[i].collection && s.line === b[i].line);
}

/** Two metadata values alike: strings, absent, or lists of strings (authors). */
function same(a: string | string[] | undefined, b: string | string[] | undefined): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The corpus of the collection files now, in load order: a file given with its parse result was read again (new or
 * changed), one without is unchanged since `analysis` read it. A paper listed only by unchanged files (that keep
 * their collection name) is the analysis's own paper object, as it was: nothing about it is read or copied, so a
 * day's dump costs the same in a library of 10k papers or 100k. The others (in a file read again, or in one that
 * was removed, changed or renamed) are merged as a full load merges them, their unchanged files' part taken from
 * the analysis (unchangedFile). `problems`: the analysis's problems as found (with their files as read).
 */
export function corpusSince(
  analysis: Analysis,
  problems: readonly LoadProblem[],
  files: readonly { path: string; result?: ParseResult }[],
): Corpus {
  const names = collectionNames(files.map((f) => f.path));
  const before = new Map(analysis.collections.map((c) => [c.path, c]));
  const kept = new Set(files.filter((f, i) => !f.result && before.get(f.path)?.name === names[i]).map((f) => f.path));
  const affected = new Set<string>();
  for (const c of analysis.collections) if (!kept.has(c.path)) for (const id of c.paperIds) affected.add(id);
  for (const f of files) for (const p of f.result?.papers ?? []) affected.add(p.id);
  const byId = new Map<string, ParsedPaper>();
  const collections: Collection[] = [];
  const found: LoadProblem[] = [];
  files.forEach((file, i) => {
    const result = file.result ?? unchangedFile(analysis, file.path, problems, affected);
    for (const p of result.problems) found.push(p);
    const ids = new Set<string>();
    if (kept.has(file.path)) {
      // in the file's order, as a full load lists them: the papers another file also lists are merged, the rest
      // are the analysis's own
      const merged = new Map(result.papers.map((p) => [p.id, p]));
      for (const id of before.get(file.path)!.paperIds) {
        const paper = merged.get(id);
        if (paper) addToCorpus(byId, paper, names[i]);
        else if (!byId.has(id)) byId.set(id, analysis.byId.get(id)!);
      }
    } else
      for (const paper of result.papers) {
        addToCorpus(byId, paper, names[i]);
        ids.add(paper.id);
      }
    collections.push({
      name: names[i],
      path: file.path,
      paperIds: kept.has(file.path) ? before.get(file.path)!.paperIds : [...ids],
    });
  });
  return { papers: [...byId.values()], collections, problems: found };
}

/** Whether `corpus` is the library of `analysis` grown or shrunk (at least half its papers analyzed already), not another one. */
export function canGrow(analysis: Analysis, corpus: Corpus): boolean {
  if (!analysis.model) return false;
  const kept = corpus.papers.filter((p) => analysis.byId.has(p.id)).length;
  return kept > 0 && kept >= corpus.papers.length / 2;
}

/**
 * A collection file that did not change since `analysis` read it, as if parsed again (of its papers, `only` those
 * when given): its papers (as the analysis
 * has them, with their sources in this file only; their text is not needed, as they are not new) and its problems.
 * Reading and parsing a library's unchanged files again would cost more than the new papers.
 */
export function unchangedFile(
  analysis: Analysis,
  path: string,
  problems: readonly LoadProblem[],
  only?: ReadonlySet<string>,
): ParseResult {
  const collection = analysis.collections.find((c) => c.path === path);
  const listed = collection?.paperIds ?? [];
  const papers: ParsedPaper[] = (only ? listed.filter((id) => only.has(id)) : listed).map((id) => {
    const p = analysis.byId.get(id)!;
    const paper: ParsedPaper = {
      id,
      abstract: '',
      sources: p.sources.filter((s) => s.collection === collection!.name),
    };
    for (const f of PAPER_METADATA_FIELDS)
      if (p[f] !== undefined) (paper as unknown as Record<string, unknown>)[f] = p[f];
    return paper;
  });
  return { papers, problems: problems.filter((p) => p.file === path) };
}

/** Up to `count` texts of the papers under a theme that are still in the library, most typical first. */
function themeTexts(
  a: Analysis,
  themeId: string,
  count: number,
  present: ReadonlySet<string>,
): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  for (const t of a.computedThemes) {
    if (t.id !== themeId && t.parent !== themeId) continue;
    for (const id of t.paperIds) {
      if (out.length >= count) return out;
      const p = a.byId.get(id);
      if (p && present.has(id)) out.push({ id, text: paperText(p) });
    }
  }
  return out;
}

/**
 * The grouping's themes with the papers that left taken out, the new ones added to their theme, the new themes
 * placed (a new subtheme after its siblings, a new theme at the top after the others); a theme left without
 * papers goes, and a broad theme with it when none of its subthemes is left.
 */
export function grownThemes(
  before: readonly Theme[],
  themeOf: ReadonlyMap<string, string>,
  newThemes: readonly Theme[],
  present: ReadonlySet<string>,
): Theme[] {
  const joining = new Map<string, string[]>();
  for (const [id, theme] of themeOf) joining.set(theme, [...(joining.get(theme) ?? []), id]);
  const updated = before.map((t) => ({
    ...t,
    paperIds: [...t.paperIds.filter((id) => present.has(id)), ...(joining.get(t.id) ?? [])],
  }));
  const ordered: Theme[] = [];
  const lastChildAt = new Map<string, number>();
  for (const t of updated) {
    ordered.push(t);
    if (t.parent !== undefined) lastChildAt.set(t.parent, ordered.length - 1);
  }
  for (const t of newThemes.filter((t) => t.parent !== undefined)) {
    const at = (lastChildAt.get(t.parent!) ?? ordered.findIndex((x) => x.id === t.parent)) + 1;
    ordered.splice(at, 0, t);
    for (const [parent, i] of lastChildAt) if (i >= at) lastChildAt.set(parent, i + 1);
    lastChildAt.set(t.parent!, at);
  }
  ordered.push(...newThemes.filter((t) => t.parent === undefined));
  const holds = new Set(ordered.filter((t) => t.paperIds.length > 0).flatMap((t) => [t.id, t.parent ?? t.id]));
  return ordered.filter((t) => holds.has(t.id));
}

/** Related papers over the papers kept (their rows from `before`) and the new ones (rows in the model's space). */
function grownRelated(
  before: RelatedIndex,
  kept: readonly Paper[],
  added: readonly Paper[],
  newcomers: readonly Newcomer[],
): RelatedIndex {
  const ids = [...kept.map((p) => p.id), ...added.map((p) => p.id)];
  const dims = before.dims;
  const rows = () => {
    const old = before.rows;
    const position = new Map(before.ids.map((id, i) => [id, i]));
    const out = new Float32Array(ids.length * dims);
    kept.forEach((p, i) => {
      const at = position.get(p.id)!;
      out.set(old.subarray(at * dims, (at + 1) * dims), i * dims);
    });
    newcomers.forEach((n, i) => out.set(n.row.subarray(0, dims), (kept.length + i) * dims));
    return out;
  };
  let made: Float32Array | undefined;
  return new RelatedIndex(ids, () => (made ??= rows()), dims);
}

/**
 * The previous search index with the papers that left removed and the new ones added; the filters' fields (theme,
 * collections) updated for the papers whose theme or files changed: the others' are as they were.
 */
function grownSearch(
  search: PaperSearch,
  added: readonly Paper[],
  removed: readonly string[],
  themes: readonly Theme[],
  changed: ReadonlySet<string>,
  byId: ReadonlyMap<string, Paper>,
): PaperSearch {
  const themeById = new Map(themes.map((t) => [t.id, t]));
  search.remove(removed);
  search.addAll(added.map((p) => toSearchDoc(p, themeById)));
  for (const id of changed) {
    const p = byId.get(id)!;
    const doc = toSearchDoc(p, themeById);
    search.updateMeta(id, {
      themeId: doc.themeId,
      themeLabel: doc.themeLabel,
      parentThemeId: doc.parentThemeId,
      parentThemeLabel: doc.parentThemeLabel,
      collections: p.collections,
    });
  }
  return search;
}
