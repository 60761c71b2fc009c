/**
 * The words of a regroup: the lines its preview shows (from a RegroupDiff), and when the tree suggests one.
 * A regroup is only ever suggested: the themes the user learned move only when the user asks (or when one batch is
 * a quarter of a small library, which growth groups afresh itself: analysis/growthRegroup.ts).
 */

import { LevelDiff, RegroupDiff, ThemeShare, ThemeSize } from './regroupDiff';

/** Suggest a regroup once this share of the library arrived after the last full grouping. */
export const REGROUP_ARRIVED_SHARE = 1 / 3;
/** ... or once this share of the papers placed since fit their theme poorly, */
export const REGROUP_POOR_FIT_SHARE = 0.15;
/** ... and they are at least this many. */
export const REGROUP_POOR_FIT_MIN = 10;

/** A gone theme's line names this many of the themes its papers go to. */
const GONE_DESTINATIONS = 3;

export const countText = (n: number) => n.toLocaleString('en-US');
export const pluralText = (n: number, one: string, many: string) => `${countText(n)} ${n === 1 ? one : many}`;

/** How a level's themes are named in its lines. */
export interface Words {
  one: string;
  many: string;
  /** Prefixes of the change lines. */
  renamed: string;
  split: string;
  merged: string;
  new: string;
  gone: string;
}

export const THEMES: Words = {
  one: 'theme',
  many: 'themes',
  renamed: 'Renamed',
  split: 'Split',
  merged: 'Merged',
  new: 'New',
  gone: 'Gone',
};
export const BROAD_THEMES: Words = {
  one: 'broad theme',
  many: 'broad themes',
  renamed: 'Renamed broad theme',
  split: 'Split broad theme',
  merged: 'Merged broad themes',
  new: 'New broad theme',
  gone: 'Gone broad theme',
};

/**
 * The lines of a regroup's preview: a summary of the themes and the papers that would move, the same for the
 * broad themes when there are two levels, what is not counted as a move, then one line per change (broad
 * themes first, as the tree shows them), and the user's themes that stay as they are.
 */
export function describeRegroup(diff: RegroupDiff): string[] {
  const { compared, added, removed, inUserThemes } = diff.papers;
  const lines = [`${levelSummary(diff.themes, THEMES)}; ${moves(diff.themes.moved, compared)}`];
  if (diff.broad) lines.push(`${levelSummary(diff.broad, BROAD_THEMES)}; ${broadMoves(diff.broad.moved)}`);
  const apart = [
    added > 0 ? pluralText(added, 'paper added', 'papers added') : '',
    removed > 0 ? pluralText(removed, 'paper removed', 'papers removed') : '',
    inUserThemes > 0 ? pluralText(inUserThemes, 'paper in your own themes', 'papers in your own themes') : '',
  ].filter((s) => s !== '');
  if (apart.length > 0) lines.push(`Not counted as moves: ${apart.join(', ')}`);
  if (diff.broad) lines.push(...changes(diff.broad, BROAD_THEMES));
  lines.push(...changes(diff.themes, THEMES));
  if (diff.userThemes.length > 0)
    lines.push(
      `Kept as is (your themes): ${diff.userThemes.map((t) => `${t.label} (${countText(t.papers)})`).join(', ')}`,
    );
  return lines;
}

/** "12 themes kept (3 renamed), 1 split, 2 merged, 2 new, 1 gone": classes without themes left out. */
export function levelSummary(level: LevelDiff, words: Words): string {
  const renamed = level.kept.filter((k) => k.renamed).length;
  const kept = `${pluralText(level.kept.length, words.one, words.many)} kept${renamed > 0 ? ` (${countText(renamed)} renamed)` : ''}`;
  const others: [number, string][] = [
    [level.split.length, 'split'],
    [level.merged.length, 'merged'],
    [level.new.length, 'new'],
    [level.gone.length, 'gone'],
  ];
  return [kept, ...others.filter(([n]) => n > 0).map(([n, what]) => `${countText(n)} ${what}`)].join(', ');
}

function broadMoves(moved: number): string {
  return moved === 0
    ? 'no paper would change broad theme'
    : `${pluralText(moved, 'paper', 'papers')} would change broad theme`;
}

function moves(moved: number, compared: number): string {
  if (moved === 0) return 'no paper would move';
  return `${countText(moved)} of ${pluralText(compared, 'paper', 'papers')} would move`;
}

/** One line per change, in the order of the summary. */
function changes(level: LevelDiff, words: Words): string[] {
  const shares = (list: ThemeShare[], sep: string) =>
    list.map((s) => `${s.theme.label} (${countText(s.shared)})`).join(sep);
  return [
    ...level.kept.filter((k) => k.renamed).map((k) => `${words.renamed}: ${k.before.label} → ${k.after.label}`),
    ...level.split.map((s) => `${words.split}: ${s.before.label} → ${shares(s.into, ', ')}`),
    ...level.merged.map((m) => `${words.merged}: ${shares(m.from, ' + ')} → ${m.after.label}`),
    ...level.new.map((n) => `${words.new}: ${n.after.label} (${newPapers(n.after, n.added)})`),
    ...level.gone.map((g) => `${words.gone}: ${g.before.label} (${goneTo(g.before, g.to)})`),
  ];
}

export function newPapers(theme: ThemeSize, added: number): string {
  const papers = pluralText(theme.papers, 'paper', 'papers');
  if (added === 0) return papers;
  return added === theme.papers ? `${papers}, all just added` : `${papers}, ${countText(added)} of them just added`;
}

export function goneTo(theme: ThemeSize, to: ThemeShare[]): string {
  const one = theme.papers === 1;
  if (to.length === 0)
    return one
      ? 'its paper is not in the new grouping'
      : `none of its ${countText(theme.papers)} papers is in the new grouping`;
  const named = to.slice(0, GONE_DESTINATIONS).map((s) => s.theme.label);
  const more = to.length - named.length;
  const rest = more > 0 ? ` and ${pluralText(more, 'other theme', 'other themes')}` : '';
  return `${one ? 'its paper goes' : `its ${countText(theme.papers)} papers go`} to ${named.join(', ')}${rest}`;
}

/** What the tree knows about the grouping in use, as plain counts. */
export interface RegroupStats {
  /** Papers in the library at the last full grouping. */
  papersAtLastGrouping: number;
  /** Papers added (and placed in the themes) since. */
  papersAddedSince: number;
  /** Of those, the papers whose fit to their theme is poor, as the caller measures fit. */
  poorFitsSince: number;
}

/**
 * Why a regroup is worth suggesting, or undefined. Two reasons, in this order:
 * - a third of the library arrived after the last full grouping: the vocabulary, the weights and the
 *   centroids were learned without those papers. Regrouping whenever the library has grown by half
 *   also keeps the total work of all regroups within a few full analyses of the final library (the
 *   sizes at each regroup form a geometric series);
 * - at least 15% (and at least ten) of the papers placed since fit their theme poorly: papers that fit no
 *   theme and resemble each other already form new themes as they arrive, so these are papers left without
 *   a good home, and one in seven is well above the few outliers any nearest-centroid placement leaves; the
 *   minimum keeps a handful of odd papers in a small batch from asking to reshuffle a map the user knows.
 */
export function regroupAdvice(stats: RegroupStats): string | undefined {
  const why = adviceReason(stats);
  if (why?.reason === 'arrived')
    return `${fraction(why.added / why.total)} of the library arrived since the themes were last grouped (${countText(why.added)} of ${countText(why.total)} papers)`;
  if (why?.reason === 'poorFit')
    return `${countText(why.poor)} of the ${countText(why.added)} papers added since the themes were last grouped fit their theme poorly`;
  return undefined;
}

/** The advice in a few words, for a row of a narrow sidebar: "220 of 340 new", "24 fit poorly". */
export function regroupAdviceBrief(stats: RegroupStats): string | undefined {
  const why = adviceReason(stats);
  if (why?.reason === 'arrived') return `${countText(why.added)} of ${countText(why.total)} new`;
  if (why?.reason === 'poorFit') return `${countText(why.poor)} fit poorly`;
  return undefined;
}

/** Which of regroupAdvice's reasons holds, with its counts. */
function adviceReason(
  stats: RegroupStats,
):
  { reason: 'arrived'; added: number; total: number } | { reason: 'poorFit'; poor: number; added: number } | undefined {
  const atLast = wholeCount(stats.papersAtLastGrouping);
  const added = wholeCount(stats.papersAddedSince);
  const poor = Math.min(wholeCount(stats.poorFitsSince), added);
  const total = atLast + added;
  if (added > 0 && added / total >= REGROUP_ARRIVED_SHARE) return { reason: 'arrived', added, total };
  if (poor >= REGROUP_POOR_FIT_MIN && poor / added >= REGROUP_POOR_FIT_SHARE) return { reason: 'poorFit', poor, added };
  return undefined;
}

/** A count as given, or 0 when it is not a finite number of at least zero. */
function wholeCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The share in words, rounded down: "a third", "half", "two thirds", "most", "all". */
function fraction(share: number): string {
  if (share >= 1) return 'all';
  if (share >= 0.9) return 'most';
  if (share >= 2 / 3) return 'two thirds';
  if (share >= 1 / 2) return 'half';
  return 'a third';
}
