/**
 * The user's theme corrections as stored in `.papers/themes.json`: stable key order and formatting,
 * so a diff shows exactly what was corrected. Validated on read; a broken file is an error naming it.
 */
import { remapThemeCorrections, ThemeCorrections, UserTheme } from './corrections';
import { PapersInputError, parseJsonFile } from '../common';

export interface StoredCorrections extends ThemeCorrections {
  /**
   * The papers of each computed theme named in `renames` or `moves`, when the correction was made: if a
   * later grouping gives the theme another id (its label changed), the theme with most of these papers
   * takes the correction.
   */
  themeMembers: Record<string, string[]>;
}

export const EMPTY_CORRECTIONS: StoredCorrections = { renames: {}, moves: {}, userThemes: [], themeMembers: {} };

const sortedRecord = <T>(r: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export function serializeCorrections(c: StoredCorrections): string {
  const themeMembers = sortedRecord(
    Object.fromEntries(Object.entries(c.themeMembers).map(([k, v]) => [k, [...new Set(v)].sort()])),
  );
  return `${JSON.stringify(
    {
      renames: sortedRecord(c.renames),
      moves: sortedRecord(c.moves),
      userThemes: c.userThemes.map((u) => ({ id: u.id, label: u.label, keywords: u.keywords, ...withParent(u) })),
      themeMembers,
    },
    null,
    2,
  )}\n`;
}

/** A user theme's broad theme, kept only when it has one (files without subthemes stay as they were). */
const withParent = (u: UserTheme) => (u.parent !== undefined ? { parent: u.parent } : {});

function fail(file: string, message: string): never {
  throw new PapersInputError(file, undefined, message);
}

const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

export function parseCorrections(text: string, file: string): StoredCorrections {
  const value = parseJsonFile(text, file);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(file, 'expected a JSON object');
  const v = value as Record<string, unknown>;
  const renames = v.renames ?? {};
  const moves = v.moves ?? {};
  if (!isStringRecord(renames)) fail(file, '"renames" must map theme ids to labels');
  if (!isStringRecord(moves)) fail(file, '"moves" must map paper ids to theme ids');
  const userThemes = v.userThemes ?? [];
  if (!Array.isArray(userThemes)) fail(file, '"userThemes" must be a list');
  for (const u of userThemes as UserTheme[]) {
    if (
      typeof u !== 'object' ||
      u === null ||
      typeof u.id !== 'string' ||
      typeof u.label !== 'string' ||
      !Array.isArray(u.keywords ?? []) ||
      (u.keywords ?? []).some((k) => typeof k !== 'string') ||
      (u.parent !== undefined && typeof u.parent !== 'string')
    ) {
      fail(file, 'each user theme needs an "id", a "label" and a list of "keywords" (and a "parent" is a theme id)');
    }
  }
  const members = v.themeMembers ?? {};
  if (
    typeof members !== 'object' ||
    members === null ||
    Array.isArray(members) ||
    Object.values(members).some((m) => !Array.isArray(m) || m.some((x) => typeof x !== 'string'))
  ) {
    fail(file, '"themeMembers" must map theme ids to lists of paper ids');
  }
  return {
    renames,
    moves,
    userThemes: (userThemes as UserTheme[]).map((u) => ({
      id: u.id,
      label: u.label,
      keywords: u.keywords ?? [],
      ...withParent(u),
    })),
    themeMembers: members as Record<string, string[]>,
  };
}

/** Keeps `themeMembers` only for the computed themes the corrections still name. */
export function pruneMembers(c: StoredCorrections): StoredCorrections {
  const named = new Set([...Object.keys(c.renames), ...Object.values(c.moves)]);
  return { ...c, themeMembers: Object.fromEntries(Object.entries(c.themeMembers).filter(([id]) => named.has(id))) };
}

/**
 * The corrections in terms of the current computed themes (see remapThemeCorrections): a rename or move
 * naming a theme id that no longer exists goes to the current theme sharing most papers with it, else it
 * is ignored for this grouping (and kept in the file, in case a later grouping brings the theme back).
 */
export function resolveCorrections(
  stored: StoredCorrections,
  computed: readonly { id: string; paperIds: readonly string[] }[],
): ThemeCorrections {
  const { renames, moves, userThemes } = remapThemeCorrections(stored, computed);
  return { renames, moves, userThemes };
}
