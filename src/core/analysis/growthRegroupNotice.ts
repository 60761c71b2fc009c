/**
 * What the user is told when a growth grouped a small library afresh (growthRegroup.ts): their tree changed shape
 * without their asking, so the notice says why and how much, with numbers read from the grouping shown before and
 * the one shown after (regroupDiff, as the Regroup Preview reads them), and whether their corrections still apply.
 */
import { Theme } from '../papers';
import { countText, pluralText, regroupDiff, remapThemeCorrections, ThemeCorrections, ThemeSize } from '../themes';

/** A grouping as shown (the user's corrections applied) and as computed. */
export interface ShownGrouping {
  themes: readonly Theme[];
  computedThemes: readonly Theme[];
}

/** How many of the user's corrections of one kind applied before the regroup, and how many of those still do. */
export interface CorrectionsKept {
  before: number;
  kept: number;
}

export interface GrowthRegroupNotice {
  /** Papers new to the library, and the library's papers after the growth. */
  added: number;
  papers: number;
  /**
   * The computed themes that held papers before, and those whose label a theme that took their papers still has (a
   * topic found again keeps its label, even when it lost a part or took in another theme).
   */
  themes: number;
  namesKept: number;
  /** Papers of the library before that are still in it, and those of them that left their theme's successor. */
  earlier: number;
  moved: number;
  renames: CorrectionsKept;
  moves: CorrectionsKept;
}

/**
 * The notice of a growth that grouped the library afresh: `before` and `after` as shown, `corrections` the user's
 * (with the papers of the themes they name, so they can follow those papers into the new grouping).
 */
export function growthRegroupNotice(
  before: ShownGrouping,
  after: ShownGrouping,
  corrections: ThemeCorrections,
): GrowthRegroupNotice {
  const { themes: diff, papers } = regroupDiff(before.themes, after.themes);
  const { compared, added, inUserThemes } = papers;
  // every theme of before is in one of the diff's lists (one split and also a source of a merge, in two), beside
  // the themes that took its papers: its name stayed when one of those has it (a topic found again keeps its label
  // even when it lost a part or took in another theme, keptLabels)
  const themes = new Set<string>();
  const named = new Set<string>();
  const took = (theme: ThemeSize, to: readonly ThemeSize[]) => {
    themes.add(theme.id);
    if (to.some((t) => t.label === theme.label)) named.add(theme.id);
  };
  for (const k of diff.kept) took(k.before, [k.after]);
  for (const s of diff.split)
    took(
      s.before,
      s.into.map((i) => i.theme),
    );
  for (const g of diff.gone)
    took(
      g.before,
      g.to.map((i) => i.theme),
    );
  for (const m of diff.merged) for (const f of m.from) took(f.theme, [m.after]);
  const was = applied(before, corrections);
  const now = applied(after, corrections);
  const keptOf = (then: Set<string>, still: Set<string>) => ({
    before: then.size,
    kept: [...then].filter((c) => still.has(c)).length,
  });
  return {
    added,
    papers: added + compared + inUserThemes,
    themes: themes.size,
    namesKept: named.size,
    earlier: compared + inUserThemes,
    moved: diff.moved,
    renames: keptOf(was.renames, now.renames),
    moves: keptOf(was.moves, now.moves),
  };
}

/**
 * The corrections that apply to a grouping: renames by the label they give (a rename follows its papers to a theme
 * of another id), moves by the paper moved; one applies when the grouping shows it (the theme it names has the
 * rename's label, the paper is in the theme it was moved to).
 */
function applied(grouping: ShownGrouping, corrections: ThemeCorrections) {
  const resolved = remapThemeCorrections(corrections, grouping.computedThemes);
  const shown = new Map(grouping.themes.map((t) => [t.id, t]));
  const renames = new Set<string>();
  for (const [id, label] of Object.entries(resolved.renames)) if (shown.get(id)?.label === label) renames.add(label);
  const members = new Map<string, Set<string>>();
  const holds = (id: string, paper: string) => {
    const theme = shown.get(id);
    if (!theme) return false;
    let set = members.get(id);
    if (!set) members.set(id, (set = new Set(theme.paperIds)));
    return set.has(paper);
  };
  const moves = new Set(Object.entries(resolved.moves).flatMap(([paper, id]) => (holds(id, paper) ? [paper] : [])));
  return { renames, moves };
}

/**
 * Whether the user is told at all: only when something they had before changed (an earlier paper in another
 * theme, a theme's name, a correction that no longer applies). A regroup that kept all of that only added themes
 * for the new papers, as any growth may; a notification then is noise, and it takes a toast's place from warnings
 * that matter (a file's problems come with the same load).
 */
export function growthRegroupWorthTelling(n: GrowthRegroupNotice): boolean {
  return n.moved > 0 || n.namesKept < n.themes || n.renames.kept < n.renames.before || n.moves.kept < n.moves.before;
}

/**
 * The notification's text: "Papers: 60 new papers made up 27% of the library, so its themes were grouped afresh:
 * 3 of 4 themes kept their names, 12 of 160 earlier papers changed theme. Your rename was kept."
 */
export function growthRegroupMessage(n: GrowthRegroupNotice): string {
  const share = Math.round((100 * n.added) / Math.max(1, n.papers));
  const names = `${countText(n.namesKept)} of ${pluralText(n.themes, 'theme', 'themes')} kept ${n.themes === 1 ? 'its name' : 'their names'}`;
  const moved =
    n.moved === 0
      ? 'no earlier paper changed theme'
      : `${countText(n.moved)} of ${pluralText(n.earlier, 'earlier paper', 'earlier papers')} changed theme`;
  const added = pluralText(n.added, 'new paper', 'new papers');
  return [
    `Papers: ${added} made up ${share}% of the library, so its themes were grouped afresh: ${names}, ${moved}.`,
    correctionsSentence(n),
  ]
    .filter((s) => s !== '')
    .join(' ');
}

/** "Your 2 renames and 5 moves were kept.", or which of them wait; nothing when the user corrected nothing. */
function correctionsSentence({ renames, moves }: GrowthRegroupNotice): string {
  const kinds = [
    { ...renames, one: 'rename', many: 'renames' },
    { ...moves, one: 'move', many: 'moves' },
  ].filter((k) => k.before > 0);
  if (kinds.length === 0) return '';
  if (kinds.every((k) => k.kept === k.before)) {
    const what = kinds.map((k) => (k.before === 1 ? k.one : pluralText(k.before, k.one, k.many))).join(' and ');
    return `Your ${what} ${kinds.length === 1 && kinds[0].before === 1 ? 'was' : 'were'} kept.`;
  }
  const lost = kinds.filter((k) => k.kept < k.before);
  const what = lost.map((k) =>
    k.before === 1 ? `your ${k.one}` : `${countText(k.before - k.kept)} of your ${pluralText(k.before, k.one, k.many)}`,
  );
  const one = lost.length === 1 && lost[0].before - lost[0].kept === 1;
  const sentence = `${what.join(' and ')} found no theme with ${one ? 'its papers and waits' : 'their papers and wait'} for a later grouping.`;
  return sentence[0].toUpperCase() + sentence.slice(1);
}
