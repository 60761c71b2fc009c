/**
 * What a regroup would change: the current themes against a fresh grouping, compared by the papers they share.
 *
 * The comparison is a contingency table of shared papers (old theme × new theme), built in one pass over the
 * papers with a map, so its cost follows the library, never themes² × papers. Each level is compared on its
 * own: the themes that hold papers (subthemes in a two-level library), and the broad themes when either
 * grouping has two levels, a paper counting for the broad theme above its own.
 *
 * Which papers are compared: those present in both groupings and in a computed theme on both sides. A paper in
 * only one grouping (added or removed meanwhile) is counted apart, never as a move; a paper in one of the
 * user's own themes on either side is counted apart too, since a regroup never touches the user's themes
 * (corrections are applied after it). The user's themes of `before` are listed as kept as is.
 *
 * With `a` the compared papers of an old theme, `b` those of a new theme and `c` the papers they share:
 * - a *part* of an old theme is a new theme taking c ≥ 3 papers and c ≥ 20% of `a`; a *source* of a new theme
 *   is an old theme giving it c ≥ 3 papers and c ≥ 20% of `b` (REGROUP_PART_MIN, REGROUP_PART_SHARE). A theme
 *   is **split** with two parts or more, **merged** with two sources or more; both win over kept, so
 *   "Diffusion models (200) → Image diffusion (120), Video diffusion (80)" reads as the split it is rather
 *   than as a theme kept beside a new one.
 * - **kept**: each is the other's best match (most shared papers) and c ≥ half of both `a` and `b`
 *   (REGROUP_KEEP_SHARE), neither being split nor merged: one-to-one, whichever side is read. **Renamed**
 *   when the labels differ. Papers just added never count against keeping a theme.
 * - an old theme neither split nor kept is **merged** into its successor when that is a merged theme it is a
 *   source of, otherwise **gone**; a new theme neither merged nor kept is a part of a split when its main
 *   source is a split theme it is a part of, otherwise **new** (from scattered papers or papers just added).
 * The successor of an old theme is the new theme that most of its papers go to; `moved` counts the compared
 * papers that do not go to their old theme's successor, `unchanged` those that do.
 */

import { Theme } from '../papers';

/** A new theme is a part of an old one (or the old one a source of it) from this share of its papers on. */
export const REGROUP_PART_SHARE = 0.2;
/** ... and this many papers: a few papers drifting to another theme are not a split or a merge. */
export const REGROUP_PART_MIN = 3;
/** Kept: at least half of the old theme's papers go to the new theme and make at least half of it. */
export const REGROUP_KEEP_SHARE = 0.5;

/** A theme as the diff names it, with the papers it holds at its level in its own grouping. */
export interface ThemeSize {
  id: string;
  label: string;
  papers: number;
}

/** A theme of the other grouping and the papers it shares with the theme described. */
export interface ThemeShare {
  theme: ThemeSize;
  shared: number;
}

export interface KeptTheme {
  before: ThemeSize;
  after: ThemeSize;
  shared: number;
  /** The labels differ. */
  renamed: boolean;
}

export interface SplitTheme {
  before: ThemeSize;
  /** Its parts, most shared first. */
  into: ThemeShare[];
}

export interface MergedTheme {
  after: ThemeSize;
  /** Its sources, most shared first. */
  from: ThemeShare[];
}

export interface NewTheme {
  after: ThemeSize;
  /** Of its papers, those not in the current grouping at all. */
  added: number;
}

export interface GoneTheme {
  before: ThemeSize;
  /** Where its compared papers go, most first (empty when none is in the new grouping). */
  to: ThemeShare[];
}

/** The changes at one level; every list in order of size (largest first), then label, then id. */
export interface LevelDiff {
  kept: KeptTheme[];
  split: SplitTheme[];
  merged: MergedTheme[];
  new: NewTheme[];
  gone: GoneTheme[];
  /** Compared papers that go to the successor of their old theme. */
  unchanged: number;
  /** Compared papers that go elsewhere. */
  moved: number;
}

export interface RegroupDiff {
  /** The themes that hold papers (in a two-level library, the subthemes). */
  themes: LevelDiff;
  /** The broad themes, when either grouping has two levels. */
  broad?: LevelDiff;
  papers: {
    /** Present in both groupings, in a computed theme on both sides. */
    compared: number;
    /** Only in the new grouping. */
    added: number;
    /** Only in the current grouping. */
    removed: number;
    /** Present in both, in one of the user's themes on either side. */
    inUserThemes: number;
  };
  /** The user's themes of `before`, kept as is by a regroup. */
  userThemes: ThemeSize[];
}

/** One grouping at one level: its themes in canonical order and the theme index of each paper. */
interface Level {
  themes: ThemeSize[];
  of: Map<string, number>;
}

interface Grouping {
  leaf: Level;
  broad: Level;
  twoLevel: boolean;
  all: Set<string>;
  user: Set<string>;
  userThemes: ThemeSize[];
}

/** Compares the current themes with a fresh grouping; see the file comment for the classes and thresholds. */
export function regroupDiff(before: readonly Theme[], after: readonly Theme[]): RegroupDiff {
  const old = grouping(before);
  const fresh = grouping(after);
  const compared: string[] = [];
  let inUserThemes = 0;
  let removed = 0;
  for (const id of old.all) {
    if (!fresh.all.has(id)) removed++;
    else if (old.user.has(id) || fresh.user.has(id)) inUserThemes++;
    else compared.push(id);
  }
  let added = 0;
  for (const id of fresh.all) if (!old.all.has(id)) added++;
  const diff: RegroupDiff = {
    themes: diffLevel(old.leaf, fresh.leaf, compared, old.all),
    papers: { compared: compared.length, added, removed, inUserThemes },
    userThemes: old.userThemes,
  };
  if (old.twoLevel || fresh.twoLevel) diff.broad = diffLevel(old.broad, fresh.broad, compared, old.all);
  return diff;
}

/** Larger first, then by label, then by id (code-unit order, the same on every machine). */
function bySize(a: ThemeSize, b: ThemeSize): number {
  return b.papers - a.papers || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || (a.id < b.id ? -1 : 1);
}

/** A level from themes and the theme (id) each paper belongs to at that level; a paper counts once. */
function level(byId: ReadonlyMap<string, Theme>, home: ReadonlyMap<string, string>): Level {
  const papers = new Map<string, number>();
  for (const themeId of home.values()) papers.set(themeId, (papers.get(themeId) ?? 0) + 1);
  const themes = [...papers].map(([id, n]) => ({ id, label: byId.get(id)!.label, papers: n })).sort(bySize);
  const index = new Map(themes.map((t, i) => [t.id, i]));
  const of = new Map<string, number>();
  for (const [paper, themeId] of home) of.set(paper, index.get(themeId)!);
  return { themes, of };
}

/** A grouping's two levels, its papers, and the papers and themes that are the user's. */
function grouping(themes: readonly Theme[]): Grouping {
  const byId = new Map<string, Theme>();
  for (const t of themes) if (!byId.has(t.id)) byId.set(t.id, t);
  const parentOf = (t: Theme) => (t.parent !== undefined ? byId.get(t.parent) : undefined);
  const isUser = (t: Theme) => !!t.user || !!parentOf(t)?.user;
  const all = new Set<string>();
  const user = new Set<string>();
  const leafHome = new Map<string, string>();
  const broadHome = new Map<string, string>();
  let twoLevel = false;
  for (const t of byId.values()) {
    const ownUser = isUser(t);
    const top = parentOf(t) ?? t;
    if (!ownUser && top !== t) twoLevel = true;
    for (const id of t.paperIds) {
      all.add(id);
      if (ownUser) user.add(id);
      else if (!leafHome.has(id)) {
        leafHome.set(id, t.id);
        broadHome.set(id, top.id);
      }
    }
  }
  const userThemes = [...byId.values()]
    .filter((t) => t.user)
    .map((t) => ({ id: t.id, label: t.label, papers: t.paperIds.length }))
    .sort(bySize);
  return { leaf: level(byId, leafHome), broad: level(byId, broadHome), twoLevel, all, user, userThemes };
}

/** The contingency table of one level: per old and new theme, the cells (other theme, shared papers). */
interface Table {
  a: number[];
  b: number[];
  rows: ThemeCell[][];
  cols: ThemeCell[][];
}

interface ThemeCell {
  other: number;
  shared: number;
}

/** The table in one pass over the compared papers; each row and column ordered most shared first. */
function contingency(before: Level, after: Level, compared: readonly string[]): Table {
  const width = after.themes.length;
  const cells = new Map<number, number>();
  const a = new Array<number>(before.themes.length).fill(0);
  const b = new Array<number>(width).fill(0);
  for (const id of compared) {
    const o = before.of.get(id)!;
    const n = after.of.get(id)!;
    a[o]++;
    b[n]++;
    const key = o * width + n;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const rows = a.map((): ThemeCell[] => []);
  const cols = b.map((): ThemeCell[] => []);
  for (const [key, shared] of cells) {
    const o = Math.floor(key / width);
    const n = key - o * width;
    rows[o].push({ other: n, shared });
    cols[n].push({ other: o, shared });
  }
  // Ties go to the larger theme (the lower index), so the order never depends on the papers' order.
  const mostFirst = (x: ThemeCell, y: ThemeCell) => y.shared - x.shared || x.other - y.other;
  for (const r of rows) r.sort(mostFirst);
  for (const c of cols) c.sort(mostFirst);
  return { a, b, rows, cols };
}

/** The cells of a row or column that are substantial parts of a theme of `size` compared papers. */
function substantial(cells: readonly ThemeCell[], size: number): ThemeCell[] {
  return cells.filter((c) => c.shared >= REGROUP_PART_MIN && c.shared / size >= REGROUP_PART_SHARE);
}

/** Classifies the themes of one level; see the file comment. */
function diffLevel(before: Level, after: Level, compared: readonly string[], known: ReadonlySet<string>): LevelDiff {
  const { a, b, rows, cols } = contingency(before, after, compared);
  const parts = rows.map((r, o) => substantial(r, a[o]));
  const sources = cols.map((c, n) => substantial(c, b[n]));
  const isSplit = (o: number) => parts[o].length >= 2;
  const isMerged = (n: number) => sources[n].length >= 2;
  const keptAs = rows.map((r, o) => {
    const best = r[0];
    if (best === undefined || isSplit(o) || isMerged(best.other) || cols[best.other][0].other !== o) return -1;
    return best.shared / a[o] >= REGROUP_KEEP_SHARE && best.shared / b[best.other] >= REGROUP_KEEP_SHARE
      ? best.other
      : -1;
  });
  const keptFrom = new Set(keptAs.filter((n) => n >= 0));
  const share = (themes: ThemeSize[]) => (c: ThemeCell) => ({ theme: themes[c.other], shared: c.shared });
  const isMergedSource = (o: number, next = rows[o][0]) =>
    next !== undefined && isMerged(next.other) && sources[next.other].some((c) => c.other === o);
  const isSplitPart = (n: number, main = cols[n][0]) =>
    main !== undefined && isSplit(main.other) && parts[main.other].some((c) => c.other === n);
  const diff: LevelDiff = { kept: [], split: [], merged: [], new: [], gone: [], unchanged: 0, moved: 0 };
  before.themes.forEach((theme, o) => {
    const successor = rows[o][0];
    diff.unchanged += successor?.shared ?? 0;
    if (isSplit(o)) diff.split.push({ before: theme, into: parts[o].map(share(after.themes)) });
    else if (keptAs[o] >= 0) {
      const next = after.themes[keptAs[o]];
      diff.kept.push({ before: theme, after: next, shared: successor.shared, renamed: theme.label !== next.label });
    } else if (!isMergedSource(o)) diff.gone.push({ before: theme, to: rows[o].map(share(after.themes)) });
  });
  diff.moved = compared.length - diff.unchanged;
  const added = new Array<number>(after.themes.length).fill(0);
  for (const [id, n] of after.of) if (!known.has(id)) added[n]++;
  after.themes.forEach((theme, n) => {
    if (isMerged(n)) diff.merged.push({ after: theme, from: sources[n].map(share(before.themes)) });
    else if (!keptFrom.has(n) && !isSplitPart(n)) diff.new.push({ after: theme, added: added[n] });
  });
  return diff;
}
