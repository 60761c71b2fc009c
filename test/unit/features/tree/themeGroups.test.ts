import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  groupIndex,
  outlineGroups,
  outlineOwnSize,
  ownPapers,
  themeGroups,
} from '../../../../src/features/tree/themeGroups';
import { Theme } from '../../../../src/core/papers/types';

/** Two broad themes (one holding a paper moved into it), one broad theme without subthemes. */
const twoLevels: Theme[] = [
  { id: 'vision', label: 'Vision', paperIds: ['v0'] },
  { id: 'detection', label: 'Detection', paperIds: ['d1', 'd2', 'd3'], parent: 'vision' },
  { id: 'segmentation', label: 'Segmentation', paperIds: ['s1', 's2'], parent: 'vision' },
  { id: 'language', label: 'Language', paperIds: [] },
  { id: 'parsing', label: 'Parsing', paperIds: ['p1', 'p2'], parent: 'language' },
  { id: 'robots', label: 'Robots', paperIds: ['r1'] },
];

const all = () => true;

describe('themeGroups', () => {
  test('one level: the plain groups the tree always had', () => {
    const flat: Theme[] = [
      { id: 'a', label: 'A', paperIds: ['1', '2'] },
      { id: 'b', label: 'B', paperIds: ['3'] },
    ];
    assert.deepEqual(themeGroups(flat, all), [
      { kind: 'group', id: 'theme:a', label: 'A', paperIds: ['1', '2'] },
      { kind: 'group', id: 'theme:b', label: 'B', paperIds: ['3'] },
    ]);
  });

  test('two levels: broad themes hold their subthemes, then their own papers; paperIds are every paper under them', () => {
    const groups = themeGroups(twoLevels, all);
    assert.deepEqual(
      groups.map((g) => [g.id, g.paperIds.length, g.subgroups?.map((s) => s.id)]),
      [
        ['theme:vision', 6, ['theme:detection', 'theme:segmentation']],
        ['theme:language', 2, ['theme:parsing']],
        ['theme:robots', 1, undefined],
      ],
    );
    const vision = groups[0];
    assert.deepEqual(vision.paperIds, ['d1', 'd2', 'd3', 's1', 's2', 'v0'], "the subthemes' papers, then its own");
    assert.deepEqual(ownPapers(vision), ['v0']);
    assert.deepEqual(ownPapers(groups[2]), ['r1'], 'a theme without subthemes lists all its papers');
    assert.ok(vision.subgroups!.every((s) => s.parentId === 'theme:vision'));
    assert.equal(groups[2].parentId, undefined);
  });

  test('the filter applies at every level: groups without a matching paper are left out', () => {
    const passes = (id: string) => ['d2', 's1', 'p1'].includes(id);
    const groups = themeGroups(twoLevels, passes);
    assert.deepEqual(
      groups.map((g) => [g.id, g.paperIds, g.subgroups?.map((s) => [s.id, s.paperIds])]),
      [
        [
          'theme:vision',
          ['d2', 's1'],
          [
            ['theme:detection', ['d2']],
            ['theme:segmentation', ['s1']],
          ],
        ],
        ['theme:language', ['p1'], [['theme:parsing', ['p1']]]],
      ],
    );
    const onlyOwn = themeGroups(twoLevels, (id) => id === 'v0');
    assert.deepEqual(
      onlyOwn.map((g) => [g.id, g.subgroups, g.own]),
      [['theme:vision', [], ['v0']]],
      'a broad theme whose only match is its own paper',
    );
  });

  test('a subtheme whose broad theme is missing is shown at the top', () => {
    const groups = themeGroups([{ id: 'orphan', label: 'Orphan', paperIds: ['o1'], parent: 'gone' }], all);
    assert.deepEqual(groups, [{ kind: 'group', id: 'theme:orphan', label: 'Orphan', paperIds: ['o1'] }]);
  });
});

describe('outlineGroups', () => {
  test('nests the outline; a broad theme keeps its total size and lists its subthemes with theirs', () => {
    const groups = outlineGroups([
      { id: 'vision', label: 'Vision', size: 6 },
      { id: 'detection', label: 'Detection', size: 3, parent: 'vision' },
      { id: 'segmentation', label: 'Segmentation', size: 2, parent: 'vision' },
      { id: 'robots', label: 'Robots', size: 1 },
    ]);
    assert.deepEqual(
      groups.map((g) => [g.id, g.size, g.subgroups?.map((s) => [s.id, s.size, s.parentId])]),
      [
        [
          'theme:vision',
          6,
          [
            ['theme:detection', 3, 'theme:vision'],
            ['theme:segmentation', 2, 'theme:vision'],
          ],
        ],
        ['theme:robots', 1, undefined],
      ],
    );
    assert.equal(outlineOwnSize(groups[0]), 1, 'one paper of its own');
    assert.equal(outlineOwnSize(groups[1]), 1);
  });
});

describe('groupIndex', () => {
  test('every group by id, subthemes included', () => {
    const index = groupIndex(themeGroups(twoLevels, all));
    assert.deepEqual(
      [...index.keys()],
      ['theme:vision', 'theme:detection', 'theme:segmentation', 'theme:language', 'theme:parsing', 'theme:robots'],
    );
  });
});
