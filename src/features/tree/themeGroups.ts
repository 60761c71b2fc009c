import type { Theme } from '../../core/papers';
import type { GroupNode, ListNode } from './types';

/** The id of a theme's group in the tree (both levels: theme ids are unique across them). */
const groupIdOf = (themeId: string) => `theme:${themeId}`;

/** The papers a group lists itself, after its subgroups (a group without subgroups: all of them). */
export function ownPapers(group: ListNode): string[] {
  if (group.kind === 'new') return group.batches ? [] : group.paperIds;
  if (group.kind === 'forYou') return group.paperIds;
  return group.own ?? group.paperIds;
}

/** The rows a group lists before its own papers: a broad theme's subthemes, the New group's batches. */
export function subgroupsOf(group: ListNode): ListNode[] {
  if (group.kind === 'forYou') return [];
  return (group.kind === 'new' ? group.batches : group.subgroups) ?? [];
}

/** Themes by the broad theme they belong to; a theme whose parent is not among them counts as a top theme. */
function byParent<T extends { id: string; parent?: string }>(
  themes: readonly T[],
): { top: T[]; subs: Map<string, T[]> } {
  const ids = new Set(themes.map((t) => t.id));
  const top: T[] = [];
  const subs = new Map<string, T[]>();
  for (const t of themes) {
    if (t.parent === undefined || !ids.has(t.parent)) top.push(t);
    else subs.set(t.parent, [...(subs.get(t.parent) ?? []), t]);
  }
  return { top, subs };
}

/**
 * The theme groups of the tree, nested broad theme → subthemes, in the themes' order, with the papers that
 * pass the filter; a group with none of them (a subtheme, or a broad theme with no such paper under it) is
 * left out. A theme without subthemes is a plain group of papers, so a one-level library's tree has no nesting.
 */
export function themeGroups(
  themes: readonly Pick<Theme, 'id' | 'label' | 'paperIds' | 'parent'>[],
  passes: (paperId: string) => boolean,
): GroupNode[] {
  const { top, subs } = byParent(themes);
  const groupOf = (t: (typeof themes)[number], parentId?: string): GroupNode => {
    const id = groupIdOf(t.id);
    const paperIds = t.paperIds.filter(passes);
    const where = parentId === undefined ? {} : { parentId };
    const children = subs.get(t.id);
    if (!children) return { kind: 'group', id, label: t.label, paperIds, ...where };
    const subgroups = children.map((c) => groupOf(c, id)).filter((g) => g.paperIds.length > 0);
    const under = [...subgroups.flatMap((g) => g.paperIds), ...paperIds];
    return { kind: 'group', id, label: t.label, paperIds: under, ...where, subgroups, own: paperIds };
  };
  return top.map((t) => groupOf(t)).filter((g) => g.paperIds.length > 0);
}

/**
 * The groups of a snapshot's outline (themes with sizes, before their papers are decoded), nested as
 * themeGroups nests them; a broad theme's `size` there already counts its subthemes' papers.
 */
export function outlineGroups(
  outline: readonly { id: string; label: string; size: number; parent?: string }[],
): GroupNode[] {
  const { top, subs } = byParent(outline);
  return top.map((t) => {
    const id = groupIdOf(t.id);
    const children = subs.get(t.id);
    if (!children) return { kind: 'group', id, label: t.label, paperIds: [], size: t.size };
    const subgroups = children.map((c): GroupNode => ({
      kind: 'group',
      id: groupIdOf(c.id),
      label: c.label,
      paperIds: [],
      size: c.size,
      parentId: id,
    }));
    return { kind: 'group', id, label: t.label, paperIds: [], size: t.size, subgroups, own: [] };
  });
}

/** Papers of an outline group that its subgroups do not hold (known before its papers are decoded). */
export function outlineOwnSize(group: GroupNode): number {
  return (group.size ?? 0) - (group.subgroups ?? []).reduce((n, g) => n + (g.size ?? 0), 0);
}

/** Every group, the nested ones included, by id. */
export function groupIndex(groups: readonly ListNode[]): Map<string, ListNode> {
  const index = new Map<string, ListNode>();
  const add = (g: ListNode) => {
    index.set(g.id, g);
    for (const s of subgroupsOf(g)) add(s);
  };
  for (const g of groups) add(g);
  return index;
}
