/**
 * When growth groups a small library again instead of placing the new papers (grow.ts), and how.
 *
 * Placement keeps the grouping the library had and puts each new paper in the theme it fits. A small library that
 * a large batch joins is where that costs most: its grouping was made from few papers (themeCount: about √(n/2)
 * themes, so a coarse one), and the batch's papers, a large part of the library, are all forced into it. There a
 * grouping of the whole library costs a few hundred milliseconds (it is made at the size of a day's dump at 100k),
 * so growth makes it: the themes are grouped afresh, as a full analysis of the library groups them, and each topic
 * the new grouping finds again keeps its label (keptLabels, as after a regroup), so the names a reader learned stay
 * where their papers stay. The user's corrections follow their papers as after any grouping. Large libraries (two
 * levels) always place: a regroup there moves thousands of papers and costs seconds, and is only ever suggested.
 */
import { Corpus } from '../collections';
import { Paper, paperText, Theme } from '../papers';
import { buildThemeModel, groupByTheme, ThemeModel, TWO_LEVEL_MIN } from '../themes';
import { buildVectors, packRows, RelatedIndex } from '../vectors';
import { Analysis } from './analyze';

/**
 * A batch that makes at least this share of the library it joins makes growth group the library afresh. A quarter:
 * the batch is then a third of the library it joins, so a quarter of every theme's papers would be ones its
 * grouping never saw, and the number of themes a grouping aims at (√(n/2)) grows by an eighth. Smaller batches
 * are placed, and the tree suggests a regroup once a third of the library arrived (regroupPreview.ts).
 */
export const GROWTH_REGROUP_SHARE = 1 / 4;

/**
 * Whether growing a library grouped as `model` by `added` papers, to `papers` in all, groups it afresh: a library
 * of one level (under TWO_LEVEL_MIN papers once grown, and grouped at one level) that the batch is a large part of.
 */
export function growthRegroups(model: ThemeModel, added: number, papers: number): boolean {
  const oneLevel = model.themes.every((t) => t.parent === undefined && t.field === undefined);
  return oneLevel && papers < TWO_LEVEL_MIN && added > 0 && added >= GROWTH_REGROUP_SHARE * papers;
}

/** Whether growing `analysis` to `corpus` groups the library afresh (growthRegroups). */
export function growsAfresh(analysis: Analysis, corpus: Corpus): boolean {
  if (!analysis.model) return false;
  const added = corpus.papers.filter((p) => !analysis.byId.has(p.id)).length;
  return growthRegroups(analysis.model, added, corpus.papers.length);
}

/** The themes of a library grouped afresh during growth, with what places later papers in them. */
export interface GrowthGrouping {
  computed: Theme[];
  model: ThemeModel;
  related: RelatedIndex;
  /** Themes the previous grouping did not have (by id: a topic found again keeps its label, so its id). */
  newThemes: Theme[];
}

/**
 * The papers grouped as a full analysis groups them (their vectors and themes made from all of them), each topic
 * found again under its label in `before` (the computed themes shown). `time` times the steps as growth does.
 */
export function groupAfresh(
  papers: readonly Paper[],
  before: readonly Theme[],
  time: <T>(step: string, f: () => T) => T,
): GrowthGrouping {
  const texts = papers.map(paperText);
  const ids = papers.map((p) => p.id);
  const vectors = time('vectors', () => buildVectors(texts));
  const { computed, model } = time('themes', () => {
    const computed = groupByTheme(papers, { vectors, texts, labelsFrom: before });
    return { computed, model: buildThemeModel(vectors, ids, texts, computed) };
  });
  const known = new Set(before.map((t) => t.id));
  return {
    computed,
    model,
    related: new RelatedIndex(ids, packRows(vectors.lsa, vectors.dims), vectors.dims),
    newThemes: computed.filter((t) => !known.has(t.id)),
  };
}
