import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { groupByTheme } from '../../../../src/core/themes/themes';
import {
  applyThemeCorrections,
  ThemeCorrections,
  MIN_THEME_OVERLAP,
  themeOverlap,
} from '../../../../src/core/themes/corrections';
import { Theme } from '../../../../src/core/papers/types';
import { groupSeeds, loadSeeds } from '../../../helpers/seedCorpus';
import { shuffled } from '../../../helpers/shuffled';
import { assertPartition, themeOf } from '../../../helpers/themeChecks';

describe('applyThemeCorrections on the seeds', () => {
  const seeds = loadSeeds();
  const seedThemes = groupSeeds(seeds);

  test('corrections: rename, move, unknown targets, user themes by keyword, empty themes dropped', () => {
    const [big, second] = seedThemes;
    const moved = big.paperIds[0];
    const corrections: ThemeCorrections = {
      renames: { [second.id]: 'My favourite topic' },
      moves: { [moved]: second.id, [big.paperIds[1]]: 'no-such-theme' },
      userThemes: [
        { id: 'user-gui', label: 'Screens', keywords: ['GUI', 'graphical user interface'] },
        { id: 'user-empty', label: 'Nothing yet', keywords: ['zzzz-not-a-word'] },
      ],
    };
    const out = applyThemeCorrections(seedThemes, seeds, corrections);
    assertPartition(
      out,
      seeds.map((p) => p.id),
    );
    const of = themeOf(out);
    assert.equal(of.get(moved), second.id, 'a moved paper is in its new theme');
    assert.equal(of.get(big.paperIds[1]), big.id, 'a move to an unknown theme is ignored');
    assert.equal(out.find((t) => t.id === second.id)!.label, 'My favourite topic');
    const gui = out.find((t) => t.id === 'user-gui')!;
    assert.ok(gui.user && gui.paperIds.length > 0);
    for (const id of gui.paperIds)
      assert.match(seeds.find((p) => p.id === id)!.abstract, /\bGUI\b|graphical user interface/i);
    assert.ok(!gui.paperIds.includes(moved), 'a move beats a keyword');
    assert.ok(out.find((t) => t.id === 'user-empty')!.paperIds.length === 0, 'empty user themes stay');
    assert.equal(out.find((t) => t.id === 'user-empty')!.label, 'Nothing yet');
    // A computed theme emptied by moves is dropped.
    const smallest = seedThemes[seedThemes.length - 1];
    const emptied = applyThemeCorrections(seedThemes, seeds, {
      renames: {},
      moves: Object.fromEntries(smallest.paperIds.map((id) => [id, big.id])),
      userThemes: [],
    });
    assert.ok(!emptied.some((t) => t.id === smallest.id));
    assertPartition(
      emptied,
      seeds.map((p) => p.id),
    );
    // Keywords are whole words: "RL" does not match "RLHF" or "CURL".
    const tiny: Theme[] = [{ id: 't', label: 'T', paperIds: ['a', 'b', 'c'] }];
    const texts = [
      { id: 'a', abstract: 'We use RLHF here.' },
      { id: 'b', abstract: 'Offline RL, again.' },
      { id: 'c', abstract: 'Multi-Agent  systems.' },
    ];
    const kw = applyThemeCorrections(tiny, texts, {
      renames: {},
      moves: {},
      userThemes: [{ id: 'u', label: 'U', keywords: ['rl', 'multi agent'] }],
    });
    assert.deepEqual(kw.find((t) => t.id === 'u')!.paperIds, ['b', 'c']);
  });

  test('corrections: pinned papers stay put when the corpus is regrouped', () => {
    const [a, b] = seedThemes;
    const pinned = [a.paperIds[0], a.paperIds[1]];
    const corrections: ThemeCorrections = {
      renames: {},
      moves: { [pinned[0]]: b.id, [pinned[1]]: 'user-pins' },
      userThemes: [{ id: 'user-pins', label: 'Pinned', keywords: [] }],
    };
    const first = themeOf(applyThemeCorrections(seedThemes, seeds, corrections));
    // Regroup: another order, and some papers gone.
    const fewer = shuffled(seeds, 99).filter((p, i) => i % 17 !== 3 || pinned.includes(p.id));
    const regrouped = groupByTheme(fewer);
    const after = applyThemeCorrections(regrouped, fewer, corrections);
    assertPartition(
      after,
      fewer.map((p) => p.id),
    );
    const second = themeOf(after);
    assert.equal(second.get(pinned[1]), 'user-pins');
    assert.equal(first.get(pinned[1]), 'user-pins');
    if (regrouped.some((t) => t.id === b.id)) assert.equal(second.get(pinned[0]), b.id);
    assert.equal(first.get(pinned[0]), b.id);
  });
});

describe('remapThemeCorrections on the seeds', () => {
  test('seeds: after regrouping a changed corpus, a move follows its theme whatever the new id', () => {
    const seeds = loadSeeds();
    const first = groupByTheme(seeds);
    const target = first[2];
    const moved = first[0].paperIds[0];
    // The correction as if made when the target theme had another label (so another id).
    const oldId = 'a-label-that-no-grouping-gives';
    const corrections: ThemeCorrections = {
      renames: { [oldId]: 'Pinned here' },
      moves: { [moved]: oldId },
      userThemes: [],
      themeMembers: { [oldId]: [...target.paperIds] },
    };
    // Regroup a changed corpus: every 15th paper gone, another order, one theme fewer.
    const fewer = seeds.filter((p, i) => i % 15 !== 7 || p.id === moved).reverse();
    const regrouped = groupByTheme(fewer, { targetCount: first.length - 1 });
    const best = [...regrouped].sort(
      (a, b) => themeOverlap(target.paperIds, b.paperIds) - themeOverlap(target.paperIds, a.paperIds),
    )[0];
    assert.ok(themeOverlap(target.paperIds, best.paperIds) >= MIN_THEME_OVERLAP, 'the theme is still recognisable');
    const out = applyThemeCorrections(regrouped, fewer, corrections);
    const of = themeOf(out);
    assert.equal(of.get(moved), best.id, 'the move survives the regrouping');
    assert.equal(out.find((t) => t.id === best.id)!.label, 'Pinned here', 'and so does the rename');
    assert.equal(new Set(out.flatMap((t) => t.paperIds)).size, fewer.length, 'every paper once');
  });
});
