import assert from 'node:assert/strict';
import { Theme } from '../../src/core/papers/types';
import { regroupDiff } from '../../src/core/themes/regroupDiff';

/** Each paper's theme id. */
export function themeOf(themes: Theme[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const t of themes) for (const id of t.paperIds) m.set(id, t.id);
  return m;
}

/** The themes split `ids`: every paper in exactly one theme, theme ids unique. */
export function assertPartition(themes: Theme[], ids: string[]): void {
  const seen = new Map<string, number>();
  for (const t of themes) for (const id of t.paperIds) seen.set(id, (seen.get(id) ?? 0) + 1);
  assert.equal(seen.size, ids.length, 'every paper is in a theme');
  for (const id of ids) assert.equal(seen.get(id), 1, `paper ${id} is in exactly one theme`);
  assert.equal(new Set(themes.map((t) => t.id)).size, themes.length, 'theme ids are unique');
}

/**
 * The share of `ids` whose theme in `after` is the successor of their theme in `before` (regroupDiff's rule: the
 * theme most of the old theme's papers go to), counted over `ids` alone, at the level of the themes that hold papers.
 */
export function keptInTheme(ids: readonly string[], before: Theme[], after: Theme[]): number {
  const only = new Set(ids);
  const of = (themes: Theme[]) => themes.map((t) => ({ ...t, paperIds: t.paperIds.filter((id) => only.has(id)) }));
  return regroupDiff(of(before), of(after)).themes.unchanged / ids.length;
}
