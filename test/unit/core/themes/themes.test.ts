import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupByTheme, labelledGroups, themeCount } from '../../../../src/core/themes/themes';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';
import { repoRoot } from '../../../helpers/repoRoot';
import { loadSeeds } from '../../../helpers/seedCorpus';
import { assertPartition, themeOf } from '../../../helpers/themeChecks';

const root = repoRoot();
const seeds = loadSeeds();

describe('groupByTheme', () => {
  test('synthetic corpus of five fields: themes match the fields', () => {
    const syn = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'synthetic-themes.json'), 'utf8')) as {
      id: string;
      group: string;
      abstract: string;
    }[];
    const themes = groupByTheme(syn);
    assertPartition(
      themes,
      syn.map((p) => p.id),
    );
    const found = themeOf(themes);
    const nmi = normalizedMutualInformation(
      syn.map((p) => p.group),
      syn.map((p) => found.get(p.id)!),
    );
    console.log(
      `NMI on the synthetic corpus: ${nmi.toFixed(3)}; ${themes.map((t) => `${t.label} (${t.paperIds.length})`).join(', ')}`,
    );
    assert.ok(nmi >= 0.8, `NMI ${nmi}`);
    assert.ok(themes.length >= 4 && themes.length <= 7);
    assert.equal(new Set(themes.map((t) => t.label.toLowerCase())).size, themes.length);
  });
});

describe('themeCount', () => {
  test('theme count scales with the corpus; tiny corpora work', () => {
    assert.equal(themeCount(0), 0);
    assert.equal(themeCount(1), 1);
    assert.equal(themeCount(3), 1);
    assert.ok(themeCount(340) >= 10 && themeCount(340) <= 20);
    assert.ok(themeCount(10_000) > themeCount(340) && themeCount(100_000) <= 30);
    assert.deepEqual(groupByTheme([]), []);
    for (const n of [1, 2, 3, 7]) {
      const papers = seeds.slice(0, n);
      const themes = groupByTheme(papers);
      assertPartition(
        themes,
        papers.map((p) => p.id),
      );
      assert.ok(themes.length >= 1 && themes.length <= Math.max(1, Math.floor(n / 3)));
      for (const t of themes) assert.ok(t.label.trim().length > 0 && t.id.length > 0);
    }
    const blank = groupByTheme([
      { id: 'a', abstract: '' },
      { id: 'b', abstract: '...' },
    ]);
    assertPartition(blank, ['a', 'b']);
  });
});

describe('labelledGroups', () => {
  test('with `wanted`, only the groups it keeps are labelled; the partition is the same as without it', () => {
    const papers = seeds.slice(0, 120).map((p) => ({ id: p.id, abstract: p.abstract }));
    const all = labelledGroups(papers, 6);
    const first = papers[0].id;
    const wanted = (ids: readonly string[]) => ids.includes(first);
    const some = labelledGroups(papers, 6, undefined, wanted);
    const members = (gs: { paperIds: string[] }[]) => gs.map((g) => [...g.paperIds].sort().join(' ')).sort();
    assert.deepEqual(members(some), members(all));
    const labelled = some.filter((g) => g.label !== '');
    assert.equal(labelled.length, 1);
    assert.ok(labelled[0].paperIds.includes(first));
    assert.ok(labelled[0].label.length > 3, labelled[0].label);
  });
});
