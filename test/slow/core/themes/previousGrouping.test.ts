import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Theme } from '../../../../src/core/papers';
import { groupByTheme, TWO_LEVEL_MIN } from '../../../../src/core/themes/themes';
import { madeUpTwoLevelLibrary } from '../../../helpers/madeUpCorpus';
import { assertPartition, keptInTheme } from '../../../helpers/themeChecks';

/** Each paper's broad theme, by label and field (ids are slugs of labels, made unique across both levels). */
function broadOf(themes: readonly Theme[]): Map<string, string> {
  const byId = new Map(themes.map((t) => [t.id, t]));
  const out = new Map<string, string>();
  for (const t of themes) {
    const top = t.parent !== undefined ? byId.get(t.parent)! : t;
    for (const id of t.paperIds) out.set(id, `${top.label} (${top.field ?? 'no field'})`);
  }
  return out;
}

describe('groupByTheme with the previous grouping (a regroup) on a library of thousands', () => {
  const all = madeUpTwoLevelLibrary(7, 4, 130).map((p, i) => ({
    id: `p${String(i).padStart(5, '0')}`,
    abstract: p.text,
  }));
  const library = all.filter((_, i) => i % 13 !== 0);
  const before = groupByTheme(library);

  test('a day more: every old paper keeps its broad theme, and nearly all their subtheme', () => {
    assert.ok(library.length >= TWO_LEVEL_MIN);
    const after = groupByTheme(all, { previous: before });
    assertPartition(
      after,
      all.map((p) => p.id),
    );
    const was = broadOf(before);
    const now = broadOf(after);
    for (const p of library) assert.equal(now.get(p.id), was.get(p.id), `${p.id} changed its broad theme`);
    const kept = keptInTheme(
      library.map((p) => p.id),
      before,
      after,
    );
    assert.ok(kept >= 0.9, `${(100 * kept).toFixed(1)}% of the old papers kept their subtheme`);
    assert.ok(after.some((t) => t.parent !== undefined));
  });

  test("whatever broad theme the previous grouping gave a paper, a regroup keeps it there, with the theme's field", () => {
    // a broad theme of the previous grouping that a fresh grouping would not make: a field's, holding a few
    // papers of a subtheme of another broad theme (as growth makes one from the first papers of a new field)
    const sub = before.find((t) => t.parent !== undefined)!;
    const taken = sub.paperIds.slice(0, 12);
    const previous: Theme[] = [
      ...before.map((t) => (t === sub ? { ...t, paperIds: t.paperIds.slice(12) } : t)),
      { id: 'quantitative-finance', label: 'Quantitative Finance', field: 'q-fin', paperIds: taken },
    ];
    const after = groupByTheme(all, { previous });
    const finance = after.filter((t) => t.field === 'q-fin');
    assert.equal(finance.length, 1);
    assert.equal(finance[0].label, 'Quantitative Finance');
    // its papers, and papers new to the library (of no known field: they join the nearest broad theme)
    const olds = new Set(library.map((p) => p.id));
    assert.deepEqual(finance[0].paperIds.filter((id) => olds.has(id)).sort(), [...taken].sort());
  });
});
