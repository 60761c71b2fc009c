/**
 * The regroup preview as a list to browse (features/themes/regroupView.ts shows it): the changes of a RegroupDiff
 * grouped by kind, each with the papers it moves, as flows from one theme to another. The diff counts papers;
 * this finds which ones, by the same rules (a paper counts in its first computed theme; a paper in one of the
 * user's themes on either side is left out, since a regroup never touches those; a paper only in the current
 * grouping is left out, one only in the fresh grouping comes from no theme: it was just added).
 */

import { Theme } from '../papers';
import { LevelDiff, RegroupDiff } from './regroupDiff';
import { BROAD_THEMES, countText, goneTo, levelSummary, newPapers, pluralText, THEMES, Words } from './regroupPreview';

/** A theme as a flow names it. */
export interface FlowTheme {
  id: string;
  label: string;
}

/**
 * Papers that go from a theme of the current grouping to one of the fresh grouping. `from` is absent for papers
 * just added (in the fresh grouping only).
 */
export interface RegroupFlow {
  from?: FlowTheme;
  to: FlowTheme;
  /** In the fresh grouping's order. */
  paperIds: string[];
}

export type RegroupChangeKind = 'renamed' | 'split' | 'merged' | 'new' | 'gone' | 'moved';

/** One change: a theme renamed, split, merged, new or gone, or a kept theme some of whose papers go elsewhere. */
export interface RegroupChange {
  kind: RegroupChangeKind;
  /** The theme it is about ("Offline RL → Offline reinforcement learning" for a rename). */
  title: string;
  /** The rest of its line: where its papers go or come from. */
  detail: string;
  /**
   * The papers this change moves, by theme: for a theme that gives papers (split, gone, moved, and a rename's
   * leavers) where they go; for one that takes papers (merged, new, and a rename's newcomers) where they come from.
   * Most papers first.
   */
  flows: { direction: 'out' | 'in'; flow: RegroupFlow }[];
}

/** The changes of one kind at one level, in the diff's order (largest theme first). */
export interface RegroupSection {
  kind: RegroupChangeKind;
  /** The broad themes of a two-level library rather than the themes that hold papers. */
  broad: boolean;
  /** "Split", "Broad themes merged", … */
  title: string;
  changes: RegroupChange[];
}

const KIND_TITLES: Record<RegroupChangeKind, string> = {
  renamed: 'Renamed',
  split: 'Split',
  merged: 'Merged',
  new: 'New',
  gone: 'Gone',
  moved: 'Papers leaving kept themes',
};

/**
 * "1,234 papers would move, 18,766 stay; 40 themes kept (3 renamed), 2 split, 1 new": the papers first (what the
 * reader will notice), then the themes, and the broad themes when there are two levels.
 */
export function regroupSummary(diff: RegroupDiff): string {
  const { moved, unchanged } = diff.themes;
  const papers =
    moved === 0
      ? `No paper would move (${pluralText(unchanged, 'paper stays', 'papers stay')})`
      : `${pluralText(moved, 'paper', 'papers')} would move, ${countText(unchanged)} stay`;
  const levels = [levelSummary(diff.themes, THEMES), ...(diff.broad ? [levelSummary(diff.broad, BROAD_THEMES)] : [])];
  return `${papers}; ${levels.join('; ')}`;
}

/** The sections of the preview: the broad themes' first (as the tree shows them), then the themes'; empty ones left out. */
export function regroupSections(
  diff: RegroupDiff,
  before: readonly Theme[],
  after: readonly Theme[],
): RegroupSection[] {
  const old = sideOf(before);
  const fresh = sideOf(after);
  const sections: RegroupSection[] = [];
  if (diff.broad) sections.push(...levelSections(diff.broad, flowsOf(old, fresh, 'broad'), true));
  sections.push(...levelSections(diff.themes, flowsOf(old, fresh, 'leaf'), false));
  return sections.filter((s) => s.changes.length > 0);
}

/** One grouping: each paper's theme at both levels (first computed theme), and the papers in the user's themes. */
interface Side {
  leaf: Map<string, string>;
  broad: Map<string, string>;
  inUserThemes: Set<string>;
  themes: Map<string, Theme>;
}

function sideOf(themes: readonly Theme[]): Side {
  const byId = new Map<string, Theme>();
  for (const t of themes) if (!byId.has(t.id)) byId.set(t.id, t);
  const top = (t: Theme) => (t.parent !== undefined ? byId.get(t.parent) : undefined) ?? t;
  const side: Side = { leaf: new Map(), broad: new Map(), inUserThemes: new Set(), themes: byId };
  for (const t of byId.values()) {
    const users = !!t.user || !!top(t).user;
    for (const id of t.paperIds) {
      if (users) side.inUserThemes.add(id);
      else if (!side.leaf.has(id)) {
        side.leaf.set(id, t.id);
        side.broad.set(id, top(t).id);
      }
    }
  }
  return side;
}

/** The flows at one level, keyed by `from` then `to` theme id ('' for papers just added). */
type Flows = Map<string, Map<string, RegroupFlow>>;

function flowsOf(old: Side, fresh: Side, level: 'leaf' | 'broad'): Flows {
  const flows: Flows = new Map();
  const named = (side: Side, id: string): FlowTheme => ({ id, label: side.themes.get(id)?.label ?? id });
  for (const [id, to] of fresh[level]) {
    if (old.inUserThemes.has(id) || fresh.inUserThemes.has(id)) continue;
    // undefined: only in the fresh grouping (just added); a paper only in the current one is in no flow
    const from = old[level].get(id);
    const row = flows.get(from ?? '') ?? new Map<string, RegroupFlow>();
    flows.set(from ?? '', row);
    const flow = row.get(to) ?? {
      ...(from !== undefined ? { from: named(old, from) } : {}),
      to: named(fresh, to),
      paperIds: [],
    };
    row.set(to, flow);
    flow.paperIds.push(id);
  }
  return flows;
}

const mostFirst = (a: RegroupFlow, b: RegroupFlow) =>
  b.paperIds.length - a.paperIds.length || (a.to.label < b.to.label ? -1 : a.to.label > b.to.label ? 1 : 0);

/** Where the papers of a current theme go (all of them, or those not going to `except`). */
function outOf(flows: Flows, from: string, except?: string): RegroupChange['flows'] {
  return [...(flows.get(from)?.values() ?? [])]
    .filter((f) => f.to.id !== except)
    .sort(mostFirst)
    .map((flow) => ({ direction: 'out' as const, flow }));
}

/** Where the papers of a fresh theme come from (all of them, or those not from `except`). */
function into(flows: Flows, to: string, except?: string): RegroupChange['flows'] {
  const found: RegroupFlow[] = [];
  for (const [from, row] of flows) {
    const flow = row.get(to);
    if (flow && (except === undefined || from !== except)) found.push(flow);
  }
  return found.sort(mostFirst).map((flow) => ({ direction: 'in' as const, flow }));
}

const movedCount = (flows: RegroupChange['flows']) => flows.reduce((n, f) => n + f.flow.paperIds.length, 0);

function levelSections(level: LevelDiff, flows: Flows, broad: boolean): RegroupSection[] {
  const words: Words = broad ? BROAD_THEMES : THEMES;
  const shares = (list: { theme: { label: string }; shared: number }[], sep: string) =>
    list.map((s) => `${s.theme.label} (${countText(s.shared)})`).join(sep);
  const section = (kind: RegroupChangeKind, changes: RegroupChange[]): RegroupSection => ({
    kind,
    broad,
    title: broad ? `${KIND_TITLES[kind]} (broad themes)` : KIND_TITLES[kind],
    changes,
  });
  const renamed = level.kept
    .filter((k) => k.renamed)
    .map((k): RegroupChange => {
      const moving = [...outOf(flows, k.before.id, k.after.id), ...into(flows, k.after.id, k.before.id)];
      return {
        kind: 'renamed',
        title: `${k.before.label} → ${k.after.label}`,
        detail: `${pluralText(k.after.papers, 'paper', 'papers')}${
          moving.length ? `, ${pluralText(movedCount(moving), 'paper moves', 'papers move')} in or out` : ''
        }`,
        flows: moving,
      };
    });
  const moved = level.kept
    .filter((k) => !k.renamed)
    .map((k): RegroupChange => {
      const leaving = outOf(flows, k.before.id, k.after.id);
      const n = movedCount(leaving);
      return {
        kind: 'moved',
        title: k.before.label,
        detail: `${pluralText(n, 'paper goes', 'papers go')} to ${pluralText(leaving.length, words.one, words.many)}`,
        flows: leaving,
      };
    })
    .filter((c) => c.flows.length > 0)
    .sort((a, b) => movedCount(b.flows) - movedCount(a.flows));
  return [
    section('renamed', renamed),
    section(
      'split',
      level.split.map((s) => ({
        kind: 'split',
        title: s.before.label,
        detail: `into ${shares(s.into, ', ')}`,
        flows: outOf(flows, s.before.id),
      })),
    ),
    section(
      'merged',
      level.merged.map((m) => ({
        kind: 'merged',
        title: m.after.label,
        detail: `from ${shares(m.from, ' + ')}`,
        flows: into(flows, m.after.id),
      })),
    ),
    section(
      'new',
      level.new.map((n) => ({
        kind: 'new',
        title: n.after.label,
        detail: newPapers(n.after, n.added),
        flows: into(flows, n.after.id),
      })),
    ),
    section(
      'gone',
      level.gone.map((g) => ({
        kind: 'gone',
        title: g.before.label,
        detail: goneTo(g.before, g.to),
        flows: outOf(flows, g.before.id),
      })),
    ),
    section('moved', moved),
  ];
}
