import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  GrowthRegroupNotice,
  growthRegroupMessage,
  growthRegroupNotice,
  growthRegroupWorthTelling,
  ShownGrouping,
} from '../../../../src/core/analysis';
import {
  applyThemeCorrections,
  NO_CORRECTIONS,
  recordThemeMembers,
  ThemeCorrections,
} from '../../../../src/core/themes';
import { Theme } from '../../../../src/core/papers';

const ids = (prefix: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => `${prefix}${from + i}`);
const theme = (id: string, label: string, paperIds: string[]): Theme => ({ id, label, paperIds });

/** A grouping as shown with `corrections` applied to its computed themes. */
function shown(computedThemes: Theme[], corrections: ThemeCorrections = NO_CORRECTIONS): ShownGrouping {
  const papers = computedThemes.flatMap((t) => t.paperIds).map((id) => ({ id, abstract: '' }));
  return { computedThemes, themes: applyThemeCorrections(computedThemes, papers, corrections) };
}

describe('growthRegroupNotice', () => {
  test('counts the themes whose names stay on their papers and the earlier papers that left their theme', () => {
    const before = shown([
      theme('alpha', 'Alpha', ids('a', 10)),
      theme('beta', 'Beta', ids('b', 10)),
      theme('gamma', 'Gamma', ids('c', 10)),
      theme('delta', 'Delta', ids('d', 10)),
    ]);
    const after = shown([
      // found again, 2 papers of Delta and the 5 new papers joining it
      theme('alpha', 'Alpha', [...ids('a', 10), 'd8', 'd9', ...ids('n', 5)]),
      // found again under another label
      theme('beta-prime', 'Beta prime', ids('b', 10)),
      // split in two halves, one keeping its label: half of its papers are not in its successor
      theme('gamma', 'Gamma', ids('c', 5)),
      theme('y', 'Why', ids('c', 5, 5)),
      theme('delta', 'Delta', ids('d', 8)),
    ]);
    const notice = growthRegroupNotice(before, after, NO_CORRECTIONS);
    assert.deepEqual(notice, {
      added: 5,
      papers: 45,
      themes: 4,
      namesKept: 3,
      earlier: 40,
      moved: 5 + 2,
      renames: { before: 0, kept: 0 },
      moves: { before: 0, kept: 0 },
    });
    assert.equal(
      growthRegroupMessage(notice),
      'Papers: 5 new papers made up 11% of the library, so its themes were grouped afresh: 3 of 4 themes kept ' +
        'their names, 7 of 40 earlier papers changed theme.',
    );
  });

  // A rename of Alpha, Beta's first paper moved into Alpha, Alpha's last into a theme of the user's own.
  const computed = [theme('alpha', 'Alpha', ids('a', 10)), theme('beta', 'Beta', ids('b', 10))];
  const corrections = recordThemeMembers(
    {
      renames: { alpha: 'Mine' },
      moves: { b0: 'alpha', a9: 'own' },
      userThemes: [{ id: 'own', label: 'Own', keywords: [] }],
    },
    computed,
  );

  test("the user's corrections that follow their papers into the new grouping are kept", () => {
    const before = shown(computed, corrections);
    assert.ok(before.themes.some((t) => t.label === 'Mine'));
    // Alpha found again under another label, so another id: the rename and the move follow its papers
    const after = shown(
      [theme('alpha-two', 'Alpha two', [...ids('a', 10), ...ids('n', 4)]), theme('beta', 'Beta', ids('b', 10))],
      corrections,
    );
    assert.ok(after.themes.some((t) => t.id === 'alpha-two' && t.label === 'Mine' && t.paperIds.includes('b0')));
    const notice = growthRegroupNotice(before, after, corrections);
    assert.deepEqual(notice.renames, { before: 1, kept: 1 });
    assert.deepEqual(notice.moves, { before: 2, kept: 2 });
    assert.equal(notice.added, 4);
    assert.equal(notice.namesKept, 2, 'the renamed theme is shown under the same name');
    assert.match(growthRegroupMessage(notice), / Your rename and 2 moves were kept\.$/);
  });

  test('corrections whose theme is not found again are said to wait; a move into a theme of their own stays', () => {
    const before = shown(computed, corrections);
    // Alpha's papers scattered over three themes: none shares enough of them to take the rename
    const after = shown(
      [
        theme('p', 'P', [...ids('a', 3), ...ids('n', 8)]),
        theme('q', 'Q', [...ids('a', 3, 3), ...ids('n', 8, 8)]),
        theme('r', 'R', [...ids('a', 4, 6), ...ids('n', 8, 16)]),
        theme('beta', 'Beta', ids('b', 10)),
      ],
      corrections,
    );
    const notice = growthRegroupNotice(before, after, corrections);
    assert.deepEqual(notice.renames, { before: 1, kept: 0 });
    assert.deepEqual(notice.moves, { before: 2, kept: 1 });
    assert.match(
      growthRegroupMessage(notice),
      / Your rename and 1 of your 2 moves found no theme with their papers and wait for a later grouping\.$/,
    );
  });
});

describe('growthRegroupMessage', () => {
  const notice: GrowthRegroupNotice = {
    added: 1_200,
    papers: 2_400,
    themes: 1,
    namesKept: 1,
    earlier: 1_200,
    moved: 0,
    renames: { before: 0, kept: 0 },
    moves: { before: 1, kept: 0 },
  };

  test('one theme, no paper moved, one move that waits', () => {
    assert.equal(
      growthRegroupMessage(notice),
      'Papers: 1,200 new papers made up 50% of the library, so its themes were grouped afresh: 1 of 1 theme kept ' +
        'its name, no earlier paper changed theme. Your move found no theme with its papers and waits for a later ' +
        'grouping.',
    );
  });

  test('several renames, all kept', () => {
    const text = growthRegroupMessage({ ...notice, renames: { before: 3, kept: 3 }, moves: { before: 0, kept: 0 } });
    assert.match(text, / Your 3 renames were kept\.$/);
  });

  test('is told only when something the user had changed: a theme kept whole with new themes beside it is not', () => {
    const before = shown([theme('alpha', 'Alpha', ids('a', 10)), theme('beta', 'Beta', ids('b', 10))]);
    const added = shown([
      theme('alpha', 'Alpha', ids('a', 10)),
      theme('beta', 'Beta', [...ids('b', 10), ...ids('n', 3)]),
      theme('gamma', 'Gamma', ids('m', 8)),
    ]);
    assert.equal(growthRegroupWorthTelling(growthRegroupNotice(before, added, NO_CORRECTIONS)), false);
    const moved = shown([
      theme('alpha', 'Alpha', [...ids('a', 10), 'b9']),
      theme('beta', 'Beta', ids('b', 9)),
      theme('gamma', 'Gamma', ids('m', 8)),
    ]);
    assert.equal(growthRegroupWorthTelling(growthRegroupNotice(before, moved, NO_CORRECTIONS)), true);
    const renamed = shown([theme('alpha', 'Alpha', ids('a', 10)), theme('beta-2', 'Beta two', ids('b', 10))]);
    assert.equal(growthRegroupWorthTelling(growthRegroupNotice(before, renamed, NO_CORRECTIONS)), true);
  });
});
