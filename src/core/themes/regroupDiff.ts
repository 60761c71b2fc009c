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

/**
 * The changes at one level; every list in order of size (largest first), then label, then id. Each theme of a
 * grouping is in one list, except an old theme merged into a new one (found in that theme's `from` only) and a
 * new theme that is a part of a split (in that split's `into` only).
 */
export interface LevelDiff {
  /** Renamed ones included (`renamed`). */
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

/** One grouping at one level: its themes in canonical order, and each paper's theme there (-1: none). */
interface Level {
  themes: ThemeSize[];
  of: Int32Array;
}

/** A paper in a grouping: not there, in a computed theme, or in one of the user's themes. */
const ABSENT = 0;
const COMPUTED = 1;
const USERS = 2;

/** One grouping over the papers of both, numbered once so that the rest is array work, not string lookups. */
interface Grouping {
  leaf: Level;
  broad: Level;
  twoLevel: boolean;
  /** Per paper: ABSENT, COMPUTED or USERS. */
  holds: Uint8Array;
  userThemes: ThemeSize[];
}

/** A theme (the first of its id) and the numbers of its papers. */
interface Numbered {
  theme: Theme;
  members: number[];
}

/** Compares the current themes with a fresh grouping; see the file comment for the classes and thresholds. */
export function regroupDiff(before: readonly Theme[], after: readonly Theme[]): RegroupDiff {
  const numbers = new Map<string, number>();
  const oldThemes = numbered(before, numbers);
  const freshThemes = numbered(after, numbers);
  const old = grouping(oldThemes, numbers.size);
  const fresh = grouping(freshThemes, numbers.size);
  const compared: number[] = [];
  let added = 0;
  let removed = 0;
  let inUserThemes = 0;
  for (let p = 0; p < numbers.size; p++) {
    if (old.holds[p] === ABSENT) added++;
    else if (fresh.holds[p] === ABSENT) removed++;
    else if (old.holds[p] === USERS || fresh.holds[p] === USERS) inUserThemes++;
    else compared.push(p);
  }
  const diff: RegroupDiff = {
    themes: diffLevel(old.leaf, fresh.leaf, compared, old.holds),
    papers: { compared: compared.length, added, removed, inUserThemes },
    userThemes: old.userThemes,
  };
  if (old.twoLevel || fresh.twoLevel) diff.broad = diffLevel(old.broad, fresh.broad, compared, old.holds);
  return diff;
}

/** Larger first, then by label, then by id (code-unit order, the same on every machine). */
function bySize(a: ThemeSize, b: ThemeSize): number {
  return b.papers - a.papers || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || (a.id < b.id ? -1 : 1);
}

/** The themes, one per id, with their papers numbered in `numbers` (which grows with papers not seen yet). */
function numbered(themes: readonly Theme[], numbers: Map<string, number>): Numbered[] {
  const seen = new Set<string>();
  const out: Numbered[] = [];
  for (const theme of themes) {
    if (seen.has(theme.id)) continue;
    seen.add(theme.id);
    const members = theme.paperIds.map((id) => {
      const known = numbers.get(id);
      if (known !== undefined) return known;
      numbers.set(id, numbers.size);
      return numbers.size - 1;
    });
    out.push({ theme, members });
  }
  return out;
}

/** A grouping's two levels, which papers it holds, and the user's themes; a paper counts in its first theme. */
function grouping(themes: readonly Numbered[], papers: number): Grouping {
  const slot = new Map(themes.map((t, i) => [t.theme.id, i]));
  const top = themes.map(({ theme }, i) => (theme.parent !== undefined ? slot.get(theme.parent) : undefined) ?? i);
  const isUser = themes.map(({ theme }, i) => !!theme.user || !!themes[top[i]].theme.user);
  const holds = new Uint8Array(papers);
  const leaf = new Int32Array(papers).fill(-1);
  const broad = new Int32Array(papers).fill(-1);
  let twoLevel = false;
  themes.forEach(({ members }, i) => {
    if (!isUser[i] && top[i] !== i) twoLevel = true;
    for (const p of members) {
      if (isUser[i]) holds[p] = USERS;
      else if (holds[p] === ABSENT) {
        holds[p] = COMPUTED;
        leaf[p] = i;
        broad[p] = top[i];
      }
    }
  });
  const userThemes = themes
    .filter((t) => t.theme.user)
    .map(({ theme }) => ({ id: theme.id, label: theme.label, papers: theme.paperIds.length }))
    .sort(bySize);
  return { leaf: level(themes, leaf), broad: level(themes, broad), twoLevel, holds, userThemes };
}

/** A level from each paper's theme slot: the themes that hold papers, in canonical order, and `of` renumbered. */
function level(themes: readonly Numbered[], of: Int32Array): Level {
  const counts = new Array<number>(themes.length).fill(0);
  for (const s of of) if (s >= 0) counts[s]++;
  const held = themes
    .map(({ theme }, slot) => ({ slot, size: { id: theme.id, label: theme.label, papers: counts[slot] } }))
    .filter((t) => t.size.papers > 0)
    .sort((x, y) => bySize(x.size, y.size));
  const rank = new Int32Array(themes.length).fill(-1);
  held.forEach((t, r) => (rank[t.slot] = r));
  for (let p = 0; p < of.length; p++) if (of[p] >= 0) of[p] = rank[of[p]];
  return { themes: held.map((t) => t.size), of };
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
function contingency(before: Level, after: Level, compared: readonly number[]): Table {
  const width = after.themes.length;
  const cells = new Map<number, number>();
  const a = new Array<number>(before.themes.length).fill(0);
  const b = new Array<number>(width).fill(0);
  for (const p of compared) {
    const o = before.of[p];
    const n = after.of[p];
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
function diffLevel(before: Level, after: Level, compared: readonly number[], known: Uint8Array): LevelDiff {
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
  after.of.forEach((n, p) => {
    if (n >= 0 && known[p] === ABSENT) added[n]++;
  });
  after.themes.forEach((theme, n) => {
    if (isMerged(n)) diff.merged.push({ after: theme, from: sources[n].map(share(before.themes)) });
    else if (!keptFrom.has(n) && !isSplitPart(n)) diff.new.push({ after: theme, added: added[n] });
  });
  return diff;
}
