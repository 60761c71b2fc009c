/**
 * The user's corrections to computed themes: renamed themes, papers moved (pinned) to a theme, and
 * user-defined themes that collect the papers matching their keywords.
 *
 * Applied after every (re)grouping, so corrections survive regrouping: a moved paper is always put
 * back in its chosen theme as long as that theme exists (theme ids are slugs of labels, and user
 * themes always exist). Precedence for a paper: its move > the first user theme whose keywords match
 * its abstract > the computed theme.
 */

import { Theme } from './types';
import { uniqueSlug } from './themes';

export interface UserTheme {
  id: string;
  label: string;
  /** Words or phrases; a paper whose abstract contains one (case-insensitive, whole words) joins the theme. */
  keywords: string[];
}

export interface ThemeCorrections {
  /** Theme id -> new label. */
  renames: Record<string, string>;
  /** Paper id -> theme id (a computed theme or a user theme). Moves to unknown themes are ignored. */
  moves: Record<string, string>;
  userThemes: UserTheme[];
}

/** Alias of ThemeCorrections. */
export type Corrections = ThemeCorrections;

export const NO_CORRECTIONS: ThemeCorrections = { renames: {}, moves: {}, userThemes: [] };

/** A case-insensitive whole-word matcher for a keyword or phrase (spaces match any whitespace or hyphen run); null for an empty keyword. */
export function keywordMatcher(keyword: string): RegExp | null {
  const words = keyword.trim().split(/[\s]+/).filter((w) => w !== '');
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
  papers: readonly { id: string; abstract: string }[],
  corrections: ThemeCorrections = NO_CORRECTIONS,
): Theme[] {
  const renames = corrections.renames ?? {};
  const moves = corrections.moves ?? {};
  const userThemes = corrections.userThemes ?? [];

  // User themes; a computed theme with the same id gets a fresh id.
  const userIds = new Set<string>();
  const user: Theme[] = [];
  for (const u of userThemes) {
    if (!u || typeof u.id !== 'string' || u.id === '' || userIds.has(u.id)) continue;
    userIds.add(u.id);
    user.push({ id: u.id, label: renames[u.id] ?? u.label, paperIds: [], user: true });
  }
  const used = new Set<string>(userIds);
  const computed: Theme[] = themes.map((t) => {
    const id = userIds.has(t.id) ? uniqueSlug(t.id, used) : t.id;
    used.add(id);
    return { id, label: renames[t.id] ?? t.label, paperIds: [], ...(t.user ? { user: true } : {}) };
  });
  const byId = new Map<string, Theme>([...user, ...computed].map((t) => [t.id, t]));

  const home = new Map<string, string>();
  themes.forEach((t, i) => {
    for (const pid of t.paperIds) if (!home.has(pid)) home.set(pid, computed[i].id);
  });
  const matchers = userThemes
    .filter((u) => userIds.has(u?.id))
    .map((u) => ({ id: u.id, res: (u.keywords ?? []).map(keywordMatcher).filter((r): r is RegExp => r !== null) }));
  const abstractOf = new Map(papers.map((p) => [p.id, p.abstract]));

  // Every paper: computed themes' papers in their order, then other papers by id.
  const order = [...home.keys()];
  for (const id of [...abstractOf.keys()].sort()) if (!home.has(id)) order.push(id);
  for (const pid of order) {
    let target: string | undefined;
    const moved = Object.prototype.hasOwnProperty.call(moves, pid) ? moves[pid] : undefined;
    if (moved !== undefined && byId.has(moved)) target = moved;
    if (target === undefined) {
      const text = abstractOf.get(pid);
      if (text !== undefined) target = matchers.find((m) => m.res.some((re) => re.test(text)))?.id;
    }
    target ??= home.get(pid);
    if (target !== undefined) byId.get(target)!.paperIds.push(pid);
  }

  const kept = computed.filter((t) => t.paperIds.length > 0 || t.user);
  kept.sort((a, b) => b.paperIds.length - a.paperIds.length || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || (a.id < b.id ? -1 : 1));
  return [...user, ...kept];
}
