/**
 * The user's corrections to computed themes: renamed themes, papers moved (pinned) to a theme, and
 * user-defined themes that collect the papers matching their keywords.
 *
 * Applied after every (re)grouping, so corrections survive regrouping: a moved paper is always put
 * back in its chosen theme as long as that theme exists. Computed theme ids are slugs of labels, so a
 * regrouping that changes a label changes the id; corrections that carry `themeMembers` (the papers
 * of each theme they name, recorded with recordThemeMembers when the user made them) follow such a
 * theme to the new theme sharing most of those papers (Jaccard ≥ MIN_THEME_OVERLAP). User themes
 * always exist. Precedence for a paper: its move > the first user theme whose keywords match its
 * abstract (its title when it has none) > the computed theme.
 */

import { paperText, Theme } from '../papers';
import { uniqueSlug } from './themes';

export interface UserTheme {
  id: string;
  label: string;
  /** Words or phrases; a paper whose abstract contains one (case-insensitive, whole words) joins the theme. */
  keywords: string[];
  /** A broad theme to hold this one as a subtheme; absent (or a theme that does not exist): at the top. */
  parent?: string;
}

export interface ThemeCorrections {
  /** Theme id -> new label. */
  renames: Record<string, string>;
  /** Paper id -> theme id (a computed theme or a user theme). Moves to unknown themes are ignored. */
  moves: Record<string, string>;
  userThemes: UserTheme[];
  /**
   * Optional: the papers of each computed theme named in `renames` or `moves` when the correction was
   * made (a theme's signature). Lets the correction follow the theme when a regrouping gives it
   * another id; see remapThemeCorrections.
   */
  themeMembers?: Record<string, string[]>;
}

export const NO_CORRECTIONS: ThemeCorrections = { renames: {}, moves: {}, userThemes: [] };

/** A case-insensitive whole-word matcher for a keyword or phrase (spaces match any whitespace or hyphen run); null for an empty keyword. */
export function keywordMatcher(keyword: string): RegExp | null {
  const words = keyword
    .trim()
    .split(/[\s]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\-]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Applies corrections to computed themes. Returns new themes (inputs are not changed): user themes
 * first (in their order, kept even when empty), then the computed themes that still hold papers,
 * largest first. Every paper of `themes` stays in exactly one theme; papers of `papers` missing from
 * `themes` are placed only by a move or a keyword.
 */
export function applyThemeCorrections(
  themes: readonly Theme[],
  papers: readonly { id: string; abstract: string; sourceTitle?: string }[],
  given: ThemeCorrections = NO_CORRECTIONS,
): Theme[] {
  const corrections = given.themeMembers ? remapThemeCorrections(given, themes) : given;
  const renames = corrections.renames ?? {};
  const moves = corrections.moves ?? {};
  const userThemes = corrections.userThemes ?? [];

  // User themes; a computed theme with the same id gets a fresh id.
  const userIds = new Set<string>();
  const user: Theme[] = [];
  for (const u of userThemes) {
    if (!u || typeof u.id !== 'string' || u.id === '' || userIds.has(u.id)) continue;
    userIds.add(u.id);
    user.push({ id: u.id, label: ownValue(renames, u.id) ?? u.label, paperIds: [], user: true });
  }
  const used = new Set<string>(userIds);
  const idOf = new Map<string, string>();
  const computed: Theme[] = themes.map((t) => {
    const id = userIds.has(t.id) ? uniqueSlug(t.id, used) : t.id;
    used.add(id);
    idOf.set(t.id, id);
    return {
      id,
      label: ownValue(renames, t.id) ?? t.label,
      paperIds: [],
      ...(t.user ? { user: true } : {}),
      ...(t.field !== undefined ? { field: t.field } : {}),
    };
  });
  themes.forEach((t, i) => {
    const parent = t.parent !== undefined ? idOf.get(t.parent) : undefined;
    if (parent !== undefined) computed[i].parent = parent;
  });
  // A user subtheme sits in its broad theme; when a regrouping matched that theme's papers to a subtheme (the
  // same papers can make both), in that subtheme's broad theme.
  const computedById = new Map(computed.map((t) => [t.id, t]));
  for (const u of userThemes) {
    const target = typeof u?.parent === 'string' ? computedById.get(u.parent) : undefined;
    const broad = target?.parent !== undefined ? computedById.get(target.parent) : target;
    const mine = user.find((t) => t.id === u?.id);
    if (broad && mine) mine.parent = broad.id;
  }
  const byId = new Map<string, Theme>([...user, ...computed].map((t) => [t.id, t]));

  const anyMoves = Object.keys(moves).length > 0;
  const anyKeywords = userThemes.some((u) => userIds.has(u?.id) && (u.keywords ?? []).length > 0);
  if (!anyMoves && !anyKeywords) {
    // nothing moves a paper: each keeps its first computed theme (what the loop below does, without its maps;
    // a restore of 100k papers runs this)
    const seen = new Set<string>();
    themes.forEach((t, i) => {
      for (const pid of t.paperIds) {
        if (seen.has(pid)) continue;
        seen.add(pid);
        computed[i].paperIds.push(pid);
      }
    });
    return ordered(user, computed);
  }

  const home = new Map<string, string>();
  themes.forEach((t, i) => {
    for (const pid of t.paperIds) if (!home.has(pid)) home.set(pid, computed[i].id);
  });
  const matchers = userThemes
    .filter((u) => userIds.has(u?.id))
    .map((u) => ({ id: u.id, res: (u.keywords ?? []).map(keywordMatcher).filter((r): r is RegExp => r !== null) }));
  // abstracts are looked up only to match user themes' keywords (a map of 100k papers costs a restore)
  const abstractOf = matchers.length > 0 ? new Map(papers.map((p) => [p.id, paperText(p)])) : undefined;

  // Every paper: computed themes' papers in their order, then other papers by id (only those sorted).
  const order = [...home.keys()];
  for (const id of [...new Set(papers.filter((p) => !home.has(p.id)).map((p) => p.id))].sort()) order.push(id);
  for (const pid of order) {
    let target: string | undefined;
    const moved = ownValue(moves, pid);
    if (moved !== undefined && byId.has(moved)) target = moved;
    if (target === undefined) {
      const text = abstractOf?.get(pid);
      if (text !== undefined) target = matchers.find((m) => m.res.some((re) => re.test(text)))?.id;
    }
    target ??= home.get(pid);
    if (target !== undefined) byId.get(target)!.paperIds.push(pid);
  }

  return ordered(user, computed);
}

/**
 * User themes at the top first, then the computed broad themes that hold papers (their own or their
 * subthemes'), largest first; each broad theme is followed by its subthemes that hold papers (or are the
 * user's): the user's first, then the computed ones, largest first.
 */
function ordered(user: Theme[], computed: Theme[]): Theme[] {
  const all = [...user, ...computed];
  const sizes = sizesUnder(all);
  return nestedOrder(all, (t) => sizes.get(t.id)!);
}

/** The order of ordered() for themes of known sizes; themes without papers are left out unless the user's. */
function nestedOrder<T extends { id: string; label: string; parent?: string; user?: boolean }>(
  all: readonly T[],
  size: (t: T) => number,
): T[] {
  const childrenOf = new Map<string, T[]>();
  for (const t of all) if (t.parent !== undefined) childrenOf.set(t.parent, [...(childrenOf.get(t.parent) ?? []), t]);
  const kept = (t: T) => size(t) > 0 || !!t.user || (childrenOf.get(t.id) ?? []).some((c) => c.user);
  const computedBySize = (list: T[]) =>
    list.filter((t) => !t.user && kept(t)).sort((a, b) => themeOrder(a, size(a), b, size(b)));
  const userFirst = (list: T[]) => [...list.filter((t) => t.user), ...computedBySize(list)];
  const out: T[] = [];
  for (const top of userFirst(all.filter((t) => t.parent === undefined)))
    out.push(top, ...userFirst(childrenOf.get(top.id) ?? []));
  return out;
}

/** Papers of each theme, its subthemes' included; `ownSize` counts a theme's own (its paperIds by default). */
export function sizesUnder<T extends { id: string; parent?: string }>(
  themes: readonly T[],
  ownSize: (t: T) => number = (t) => (t as T & { paperIds: readonly string[] }).paperIds.length,
): Map<string, number> {
  const sizes = new Map(themes.map((t) => [t.id, ownSize(t)]));
  for (const t of themes)
    if (t.parent !== undefined && sizes.has(t.parent)) sizes.set(t.parent, sizes.get(t.parent)! + ownSize(t));
  return sizes;
}

/** Each theme with the papers under it: its own, then its subthemes' (a broad theme's signature). */
export function papersUnder<T extends { id: string; paperIds: readonly string[]; parent?: string }>(
  themes: readonly T[],
): (T & { paperIds: readonly string[] })[] {
  const extra = new Map<string, string[]>();
  for (const t of themes) {
    if (t.parent === undefined) continue;
    const list = extra.get(t.parent) ?? [];
    for (const id of t.paperIds) list.push(id);
    extra.set(t.parent, list);
  }
  return themes.map((t) => (extra.has(t.id) ? { ...t, paperIds: [...t.paperIds, ...extra.get(t.id)!] } : t));
}

/** The order of computed themes: larger first, then by label, then by id. */
function themeOrder(
  a: { id: string; label: string },
  aSize: number,
  b: { id: string; label: string },
  bSize: number,
): number {
  return bSize - aSize || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || (a.id < b.id ? -1 : 1);
}

/** Smallest Jaccard overlap for a theme of a new grouping to take over the corrections of an old theme. */
export const MIN_THEME_OVERLAP = 0.3;

/** Jaccard overlap |a ∩ b| / |a ∪ b| of two lists of paper ids (duplicates ignored); 0 when both are empty. */
export function themeOverlap(a: readonly string[], b: readonly string[]): number {
  const as = new Set(a);
  const bs = new Set(b);
  let shared = 0;
  for (const id of bs) if (as.has(id)) shared++;
  const union = as.size + bs.size - shared;
  return union > 0 ? shared / union : 0;
}

/** The ids of the themes corrections name: renamed, moved to, or the broad theme of a user's subtheme. */
function namedThemes(corrections: ThemeCorrections): Set<string> {
  const parents = (corrections.userThemes ?? [])
    .map((u) => u?.parent)
    .filter((p): p is string => typeof p === 'string');
  return new Set([...Object.keys(corrections.renames ?? {}), ...Object.values(corrections.moves ?? {}), ...parents]);
}

/**
 * Records the signature (current papers) of every computed theme that the corrections name, for
 * remapThemeCorrections to follow later. Call it when the user renames a theme or moves a paper,
 * with the themes as grouped (before corrections). Signatures of themes not in `themes` are kept.
 */
export function recordThemeMembers(corrections: ThemeCorrections, themes: readonly Theme[]): ThemeCorrections {
  const named = namedThemes(corrections);
  const members: Record<string, string[]> = {};
  for (const [id, papers] of Object.entries(corrections.themeMembers ?? {}))
    if (named.has(id)) put(members, id, papers);
  for (const t of papersUnder(themes))
    if (!t.user && named.has(t.id)) put(members, t.id, [...new Set(t.paperIds)].sort());
  return { ...corrections, themeMembers: members };
}

/** The value of an own key of a record read from a file: never one of Object.prototype's (`constructor`...). */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** Sets `key` as an own property, `__proto__` included (an assignment would replace the object's prototype). */
function put<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The corrections in terms of the current computed themes. A rename or move naming a theme id that
 * no longer exists (and is no user theme) goes to the current theme sharing most papers with that
 * theme's recorded signature (Jaccard ≥ MIN_THEME_OVERLAP; ties: more shared papers, then id). Each
 * current theme takes over at most one old id (the closest), and never one it already has itself.
 * Stale ids that find no theme are kept, with their signatures, in case a later grouping brings the
 * theme back. Signatures of the themes followed are updated to their current papers.
 */
export function remapThemeCorrections(
  corrections: ThemeCorrections,
  grouped: readonly { id: string; paperIds: readonly string[]; user?: boolean; parent?: string }[],
): ThemeCorrections {
  const renames = corrections.renames ?? {};
  const moves = corrections.moves ?? {};
  const members = corrections.themeMembers ?? {};
  const current = new Map(
    papersUnder(grouped)
      .filter((t) => !t.user)
      .map((t) => [t.id, t]),
  );
  const live = new Set<string>([...current.keys(), ...(corrections.userThemes ?? []).map((u) => u?.id)]);
  const named = namedThemes(corrections);
  const stale = [...named].filter((id) => !live.has(id) && (ownValue(members, id)?.length ?? 0) > 0).sort();
  if (stale.length === 0) return corrections;
  const map = assignStale(
    stale.map((from) => ({ from, papers: members[from] })),
    [...current.values()].filter((t) => !named.has(t.id)),
  );
  if (map.size === 0) return corrections;
  const to = (id: string) => map.get(id) ?? id;
  const newRenames: Record<string, string> = {};
  for (const [id, label] of Object.entries(renames)) put(newRenames, to(id), label);
  const newMoves: Record<string, string> = {};
  for (const [paper, id] of Object.entries(moves)) put(newMoves, paper, to(id));
  const newMembers: Record<string, string[]> = {};
  for (const [id, papers] of Object.entries(members)) if (!map.has(id)) put(newMembers, id, papers);
  for (const id of map.values()) put(newMembers, id, [...new Set(current.get(id)!.paperIds)].sort());
  const userThemes = (corrections.userThemes ?? []).map((u) =>
    u && typeof u.parent === 'string' && map.has(u.parent) ? { ...u, parent: to(u.parent) } : u,
  );
  return { ...corrections, renames: newRenames, moves: newMoves, userThemes, themeMembers: newMembers };
}

/**
 * Old theme id -> current theme: candidate pairs with Jaccard ≥ MIN_THEME_OVERLAP, best first, assigned
 * greedily one-to-one. The papers shared are counted from each signature's papers through an index of the
 * current themes' papers, so the cost is the size of the signatures plus the themes', not their product
 * (a thousand stale ids at 100k papers would otherwise compare every signature with every theme).
 */
function assignStale(
  stale: readonly { from: string; papers: readonly string[] }[],
  candidates: readonly { id: string; paperIds: readonly string[] }[],
): Map<string, string> {
  const sizes = candidates.map((t) => new Set(t.paperIds).size);
  const themesOf = new Map<string, number[]>();
  candidates.forEach((t, i) => {
    for (const id of new Set(t.paperIds)) {
      const list = themesOf.get(id);
      if (list) list.push(i);
      else themesOf.set(id, [i]);
    }
  });
  const pairs: { from: string; to: string; score: number; shared: number }[] = [];
  for (const { from, papers } of stale) {
    const sig = new Set(papers);
    const shared = new Map<number, number>();
    for (const id of sig) for (const i of themesOf.get(id) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    for (const [i, n] of shared) {
      const score = n / (sig.size + sizes[i] - n || 1);
      if (score >= MIN_THEME_OVERLAP) pairs.push({ from, to: candidates[i].id, score, shared: n });
    }
  }
  pairs.sort(
    (a, b) =>
      b.score - a.score ||
      b.shared - a.shared ||
      (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0),
  );
  const map = new Map<string, string>();
  const taken = new Set<string>();
  for (const p of pairs) {
    if (map.has(p.from) || taken.has(p.to)) continue;
    map.set(p.from, p.to);
    taken.add(p.to);
  }
  return map;
}

/**
 * The themes of a snapshot's outline as applyThemeCorrections would give them, from their labels and sizes
 * alone (the tree shows them before the papers are decoded). Only when the corrections at most rename
 * themes that exist: moves and user themes need the papers, and so does a rename of a theme that must
 * first be found by its papers (remapThemeCorrections); undefined then.
 */
export function outlineThemes<T extends { id: string; label: string; size: number; user?: boolean; parent?: string }>(
  themes: readonly T[],
  corrections: ThemeCorrections = NO_CORRECTIONS,
): T[] | undefined {
  if (Object.keys(corrections.moves ?? {}).length > 0 || (corrections.userThemes ?? []).length > 0) return undefined;
  const ids = new Set(themes.map((t) => t.id));
  const renames = corrections.renames ?? {};
  if (ids.size !== themes.length || Object.keys(renames).some((id) => !ids.has(id))) return undefined;
  const relabelled = themes.map((t) => ({ ...t, label: ownValue(renames, t.id) ?? t.label }));
  const sizes = sizesUnder(relabelled, (t) => t.size);
  return nestedOrder(relabelled, (t) => sizes.get(t.id)!).map((t) => ({ ...t, size: sizes.get(t.id)! }));
}
