import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LevelDiff, regroupDiff, RegroupDiff } from '../../../../src/core/themes/regroupDiff';
import { describeRegroup, regroupAdvice, regroupAdviceBrief } from '../../../../src/core/themes/regroupPreview';
import { ids, regroupFixture, theme } from '../../../helpers/regroupFixture';

const size = (id: string, label: string, papers: number) => ({ id, label, papers });
const emptyLevel = (): LevelDiff => ({ kept: [], split: [], merged: [], new: [], gone: [], unchanged: 0, moved: 0 });

describe('describeRegroup', () => {
  test('a summary, then one line per change, labels as they are', () => {
    const { before, after } = regroupFixture('Graph "neural" networks');
    assert.deepEqual(describeRegroup(regroupDiff(before, after)), [
      '1 theme kept (1 renamed), 1 split, 1 merged, 1 new, 1 gone; 12 of 44 papers would move',
      'Not counted as moves: 5 papers added, 2 papers in your own themes',
      'Renamed: Offline RL → Offline reinforcement learning',
      'Split: Diffusion models → Image diffusion (12), Video diffusion (8)',
      'Merged: Graph "neural" networks (4) + Message passing (4) → Graph "neural" networks',
      'New: LLM agents (5 papers, all just added)',
      'Gone: Misc (its 6 papers go to Image diffusion, Offline reinforcement learning, Video diffusion)',
      'Kept as is (your themes): To read (2)',
    ]);
  });

  test('broad themes: their own summary and lines, before the themes inside them', () => {
    const before = [
      theme('f', 'Vision', []),
      theme('f1', 'Detection', ids('f', 10), { parent: 'f' }),
      theme('f2', 'Segmentation', ids('s', 10), { parent: 'f' }),
    ];
    const after = [
      theme('v', 'Computer vision', []),
      theme('f1', 'Detection', ids('f', 10), { parent: 'v' }),
      theme('f2', 'Segmentation', ids('s', 10), { parent: 'v' }),
    ];
    assert.deepEqual(describeRegroup(regroupDiff(before, after)), [
      '2 themes kept; no paper would move',
      '1 broad theme kept (1 renamed); no paper would change broad theme',
      'Renamed broad theme: Vision → Computer vision',
    ]);
  });

  test('thousands separators, singulars, more destinations than named, a theme whose papers all left', () => {
    const themes = emptyLevel();
    themes.kept = Array.from({ length: 12 }, (_, i) => ({
      before: size(`t${i}`, `Theme ${i}`, 400),
      after: size(`t${i}`, i < 3 ? `Theme ${i}, renamed` : `Theme ${i}`, 400),
      shared: 380,
      renamed: i < 3,
    }));
    themes.new = [{ after: size('n', 'Robotics', 1_250), added: 1_000 }];
    themes.gone = [
      {
        before: size('g', 'Misc', 1),
        to: [{ theme: size('t0', 'Theme 0', 400), shared: 1 }],
      },
      {
        before: size('h', 'Other', 12),
        to: ['a', 'b', 'c', 'd', 'e'].map((x) => ({ theme: size(x, `Theme ${x}`, 400), shared: 2 })),
      },
      { before: size('r', 'Removed', 3), to: [] },
    ];
    themes.moved = 340;
    const diff: RegroupDiff = {
      themes,
      papers: { compared: 5_000, added: 1_000, removed: 1, inUserThemes: 0 },
      userThemes: [],
    };
    assert.deepEqual(describeRegroup(diff), [
      '12 themes kept (3 renamed), 1 new, 3 gone; 340 of 5,000 papers would move',
      'Not counted as moves: 1,000 papers added, 1 paper removed',
      'Renamed: Theme 0 → Theme 0, renamed',
      'Renamed: Theme 1 → Theme 1, renamed',
      'Renamed: Theme 2 → Theme 2, renamed',
      'New: Robotics (1,250 papers, 1,000 of them just added)',
      'Gone: Misc (its paper goes to Theme 0)',
      'Gone: Other (its 12 papers go to Theme a, Theme b, Theme c and 2 other themes)',
      'Gone: Removed (none of its 3 papers is in the new grouping)',
    ]);
  });
});

describe('regroupAdvice', () => {
  const advice = (papersAtLastGrouping: number, papersAddedSince: number, poorFitsSince = 0) =>
    regroupAdvice({ papersAtLastGrouping, papersAddedSince, poorFitsSince });

  test('a third of the library arrived since the last full grouping', () => {
    assert.equal(
      advice(200, 100),
      'a third of the library arrived since the themes were last grouped (100 of 300 papers)',
    );
    assert.equal(advice(201, 100), undefined, 'just under a third');
    assert.equal(
      advice(3_000, 3_000),
      'half of the library arrived since the themes were last grouped (3,000 of 6,000 papers)',
    );
    assert.equal(
      advice(100, 200),
      'two thirds of the library arrived since the themes were last grouped (200 of 300 papers)',
    );
    assert.equal(advice(10, 90), 'most of the library arrived since the themes were last grouped (90 of 100 papers)');
    assert.equal(advice(0, 40), 'all of the library arrived since the themes were last grouped (40 of 40 papers)');
    assert.equal(advice(235, 105), undefined, 'the third seed dump is under a third of the seeds');
  });

  test('15% of the papers placed since, and at least ten, fit their theme poorly', () => {
    assert.equal(
      advice(10_000, 100, 15),
      '15 of the 100 papers added since the themes were last grouped fit their theme poorly',
    );
    assert.equal(advice(10_000, 100, 14), undefined, 'under 15%');
    assert.equal(advice(10_000, 40, 9), undefined, 'a fifth, but fewer than ten papers');
    assert.equal(
      advice(10_000, 40, 10),
      '10 of the 40 papers added since the themes were last grouped fit their theme poorly',
    );
    assert.equal(advice(100, 100, 100), advice(100, 100), 'the arrivals come first');
  });

  test('nothing to say: no arrivals, or counts that are not counts', () => {
    assert.equal(advice(0, 0), undefined);
    assert.equal(advice(5_000, 0, 50), undefined, 'poor fits are counted among the papers added since');
    assert.equal(advice(Number.NaN, -3, 20), undefined);
    assert.equal(
      advice(1_000, 20, 500),
      '20 of the 20 papers added since the themes were last grouped fit their theme poorly',
    );
  });
});

describe('regroupAdviceBrief', () => {
  const brief = (papersAtLastGrouping: number, papersAddedSince: number, poorFitsSince = 0) =>
    regroupAdviceBrief({ papersAtLastGrouping, papersAddedSince, poorFitsSince });

  test('the same reasons as regroupAdvice, in a few words', () => {
    assert.equal(brief(1_200, 2_200), '2,200 of 3,400 new');
    assert.equal(brief(10_000, 100, 15), '15 fit poorly');
    assert.equal(brief(100, 100, 100), '100 of 200 new', 'the arrivals come first');
    assert.equal(brief(201, 100), undefined);
    assert.equal(brief(10_000, 100, 14), undefined);
  });
});
